// Regret matching (Hart and Mas-Colell 2000), the strategy of counterfactual regret minimization
// and of outcome sampling (search/outcome_sampling.h): each action is played with probability
// proportional to its positive cumulative regret, uniformly when none is positive. It is a
// strategy to sample from, not a selection rule: nothing scores children by it.
#pragma once
#include <algorithm>
#include <cstdint>

namespace ts {

// Regret matching+ (Tammelin 2014, the regrets of CFR+): a cumulative regret plus one update,
// floored at 0, so an action that turns good again is played at once instead of after paying
// back the negative regret it ran up. Outcome sampling's oos_regret_plus; measured on a poker
// game: docs/hidden-information.md (equilibrium search).
inline double regret_plus(double cumulative, double update) { return std::max(cumulative + update, 0.0); }

// The strategy over n actions whose slots hold `regret`, into `out`.
template <class Slot>
void regret_matching_strategy(const Slot* slots, uint32_t n, double* out) {
  double positive = 0;
  for (uint32_t i = 0; i < n; ++i) positive += std::max(slots[i].regret, 0.0);
  for (uint32_t i = 0; i < n; ++i) {
    out[i] = positive > 0 ? std::max(slots[i].regret, 0.0) / positive : 1.0 / static_cast<double>(n);
  }
}

}  // namespace ts
