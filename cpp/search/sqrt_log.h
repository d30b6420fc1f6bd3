// sqrt(log(n)), the UCT exploration factor of a parent with n visits, read at every step of
// every walk down a tree. Tabled, so that the hot path makes no libm call: the first 4096
// values from the start, then blocks of 4096 made the first time some count reaches them (the
// top nodes of a long search reach millions of visits, and the call was a sixth of its time).
// Blocks go up to 2^18 (1 MB at most); beyond, the value is computed. A block holds exactly what
// the computation gives, so a search's choices do not depend on which values were tabled.
#pragma once
#include <atomic>
#include <cmath>
#include <cstdint>

namespace ts {

namespace sqrt_log_table {

inline constexpr uint32_t kBlock = 4096;
inline constexpr uint32_t kBlocks = 64;  // up to 2^18: 1 MB

inline float computed(uint32_t n) { return std::sqrt(std::log(static_cast<float>(n))); }

// The first block, in double precision (as it always was).
inline float first_values(uint32_t n) {
  return n == 0 ? 0.0f : static_cast<float>(std::sqrt(std::log(static_cast<double>(n))));
}

// Block b holds the values for [b * kBlock, (b + 1) * kBlock); null until first needed. Made
// without a lock: threads racing for a block each make it, and all but the first drop theirs.
// Never freed.
inline std::atomic<const float*> blocks[kBlocks];

inline const float* make_block(uint32_t b) {
  float* block = new float[kBlock];
  for (uint32_t i = 0; i < kBlock; ++i) block[i] = b == 0 ? first_values(i) : computed(b * kBlock + i);
  const float* expected = nullptr;
  if (blocks[b].compare_exchange_strong(expected, block, std::memory_order_acq_rel)) return block;
  delete[] block;
  return expected;
}

}  // namespace sqrt_log_table

// One path for every tabled count (no branch on the count's size that the processor could
// mispredict at every step down the tree).
inline float sqrt_log(uint32_t n) {
  using namespace sqrt_log_table;
  const uint32_t b = n / kBlock;
  if (b >= kBlocks) [[unlikely]]
    return computed(n);
  const float* block = blocks[b].load(std::memory_order_acquire);
  if (!block) [[unlikely]]
    block = make_block(b);
  return block[n % kBlock];
}

}  // namespace ts
