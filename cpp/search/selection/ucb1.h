// UCB1, the rule of UCT (Kocsis and Szepesvari 2006): children never visited first, in random
// order; then mean + c sqrt(ln N) / sqrt(n), N the parent's visits (in information-set trees, the
// times the child was available) and n the child's.
#pragma once
#include <cmath>
#include <cstdint>

#include "search/sqrt_log.h"

namespace ts {

struct Ucb1 {
  static constexpr const char* kName = "ucb1";
  static constexpr bool kUsesPriors = false;
  static constexpr bool kUnvisitedFirst = true;

  static float explore(double c, uint32_t parent_visits) {
    return static_cast<float>(c) * sqrt_log(parent_visits);
  }
  static float weight(uint32_t visits, float /*prior*/) {
    return 1.0f / std::sqrt(static_cast<float>(visits));
  }

  static double explore_exact(double c, uint32_t parent_visits) {
    return c * std::sqrt(std::log(static_cast<double>(parent_visits)));
  }
  static double bonus_exact(double explore, uint32_t visits, double /*prior*/) {
    return explore / std::sqrt(static_cast<double>(visits));
  }
};

}  // namespace ts
