// Mixing 64-bit values into a hash (for information-state keys): order-sensitive, cheap, and
// well spread, so keys built from small fields do not collide by structure.
#pragma once
#include <cstdint>

namespace ts {

class KeyHasher {
 public:
  explicit KeyHasher(uint64_t seed = 0x243F6A8885A308D3ULL) : h_(seed) {}

  KeyHasher& add(uint64_t value) {
    h_ = mix(h_ ^ (value + 0x9E3779B97F4A7C15ULL + (h_ << 6) + (h_ >> 2)));
    return *this;
  }

  uint64_t value() const { return h_; }

  // The finalizer of splitmix64: a bijection on 64 bits with full avalanche.
  static uint64_t mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }

 private:
  uint64_t h_;
};

}  // namespace ts
