// Regret matching (Hart and Mas-Colell 2000), the rule of counterfactual regret minimization and
// of outcome sampling (search/outcome_sampling.h): each action is played with probability
// proportional to its positive cumulative regret, uniformly when none is positive. It samples an
// action rather than scoring children, so it has no exploration term: explore() and weight() are
// zero, and outcome sampling never builds a Selector for it (its exploration is oos_epsilon).
#pragma once
#include <algorithm>
#include <cstdint>

namespace ts {

struct RegretMatching {
  static constexpr const char* kName = "regret-matching";
  static constexpr bool kUsesPriors = false;
  static constexpr bool kUnvisitedFirst = false;

  // The strategy over n actions whose slots hold `regret`, into `out`.
  template <class Slot>
  static void strategy(const Slot* slots, uint32_t n, double* out) {
    double positive = 0;
    for (uint32_t i = 0; i < n; ++i) positive += std::max(slots[i].regret, 0.0);
    for (uint32_t i = 0; i < n; ++i) {
      out[i] = positive > 0 ? std::max(slots[i].regret, 0.0) / positive : 1.0 / static_cast<double>(n);
    }
  }

  static float explore(double /*c*/, uint32_t /*parent_visits*/) { return 0.0f; }
  static float weight(uint32_t /*visits*/, float /*prior*/) { return 0.0f; }
  static double explore_exact(double /*c*/, uint32_t /*parent_visits*/) { return 0.0; }
  static double bonus_exact(double /*explore*/, uint32_t /*visits*/, double /*prior*/) { return 0.0; }
};

}  // namespace ts
