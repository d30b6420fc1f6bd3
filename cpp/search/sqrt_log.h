// sqrt(log(n)), the UCT exploration factor of a parent with n visits. Most nodes have few
// visits, so a small table replaces the libm calls on the hot path.
#pragma once
#include <array>
#include <cmath>
#include <cstdint>

namespace ts {

inline float sqrt_log(uint32_t n) {
  static constexpr int kSize = 4096;
  static const std::array<float, kSize> table = [] {
    std::array<float, kSize> t{};
    for (int i = 1; i < kSize; ++i) t[i] = static_cast<float>(std::sqrt(std::log(static_cast<double>(i))));
    return t;
  }();
  if (n < kSize) return table[n];
  return std::sqrt(std::log(static_cast<float>(n)));
}

}  // namespace ts
