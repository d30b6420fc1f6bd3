// PUCT, AlphaZero's rule (Silver et al. 2018, with a constant c): mean + c sqrt(N) p / (1 + n),
// p the child's prior (the evaluator's, or uniform). Every child is scored from the start: its
// prior ranks the ones never visited.
#pragma once
#include <cmath>
#include <cstdint>

namespace ts {

struct Puct {
  static constexpr const char* kName = "puct";
  static constexpr bool kUsesPriors = true;
  static constexpr bool kUnvisitedFirst = false;

  static float explore(double c, uint32_t parent_visits) {
    return static_cast<float>(c * std::sqrt(static_cast<double>(parent_visits)));
  }
  static float weight(uint32_t visits, float prior) { return prior / (1.0f + static_cast<float>(visits)); }

  static double explore_exact(double c, uint32_t parent_visits) {
    return c * std::sqrt(static_cast<double>(parent_visits));
  }
  static double bonus_exact(double explore, uint32_t visits, double prior) {
    return explore * prior / (1.0 + static_cast<double>(visits));
  }
};

}  // namespace ts
