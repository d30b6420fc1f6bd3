// The one random generator used everywhere: xoshiro256++ seeded through splitmix64.
// Every draw in games and search comes from an Rng the caller seeded, so results reproduce.
#pragma once
#include <cstdint>

#include "core/types.h"

namespace ts {

inline uint64_t splitmix64(uint64_t& x) {
  uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

class Rng {
 public:
  explicit Rng(uint64_t seed = 0) { reseed(seed); }

  void reseed(uint64_t seed) {
    for (auto& word : s_) word = splitmix64(seed);
  }

  uint64_t next() {
    const uint64_t result = rotl(s_[0] + s_[3], 23) + s_[0];
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Uniform integer in [0, n), n > 0 (Lemire's multiply-shift; bias below 2^-32 for small n).
  uint32_t below(uint32_t n) {
    return static_cast<uint32_t>((static_cast<uint64_t>(static_cast<uint32_t>(next() >> 32)) * n) >> 32);
  }

  // Uniform double in [0, 1).
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

  // Index of an outcome drawn by probability.
  int sample(const ChanceOutcome* outcomes, int n) {
    if (n <= 1) return 0;
    double r = uniform();
    for (int i = 0; i < n - 1; ++i) {
      r -= outcomes[i].probability;
      if (r < 0) return i;
    }
    return n - 1;
  }

  // A fresh seed for a child stream (for example one per determinization).
  uint64_t derive() { return next() ^ 0xD1B54A32D192ED03ULL; }

  template <class T>
  void shuffle(T* first, int n) {
    for (int i = n - 1; i > 0; --i) {
      int j = static_cast<int>(below(static_cast<uint32_t>(i + 1)));
      T tmp = first[i];
      first[i] = first[j];
      first[j] = tmp;
    }
  }

 private:
  static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  uint64_t s_[4];
};

}  // namespace ts
