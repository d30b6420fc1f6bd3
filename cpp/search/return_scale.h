// A game's return range, by which searches compare values with their exploration term as if
// returns lay in [-1, 1] (search/selection.h), so that uct_c means the same in every game.
#pragma once
#include "core/game.h"

namespace ts {

// Maps returns in [lo, hi] (the game's bounds; [-1, 1] without them) to [-1, 1] and back.
struct ReturnScale {
  double mid = 0, half = 1;

  template <GameState S>
  static ReturnScale of(const S& state) {
    ReturnScale s;
    if constexpr (HasUtilityRange<S>) {
      const double lo = state.min_utility(), hi = state.max_utility();
      if (!(hi > lo)) fail("a game's max_utility() must exceed its min_utility()");
      s.mid = (lo + hi) / 2;
      s.half = (hi - lo) / 2;
    }
    return s;
  }
  double scaled(double v) const { return (v - mid) / half; }
  double unscaled(double v) const { return v * half + mid; }
};

}  // namespace ts
