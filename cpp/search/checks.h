// Argument checks every search family makes (kept apart from the algorithms' headers so that
// editing one algorithm does not rebuild the others).
#pragma once
#include <cmath>
#include <string>

#include "core/game.h"

namespace ts {

inline void check_uct_c(double uct_c) {
  if (!std::isfinite(uct_c) || uct_c < 0)
    fail("uct_c must be a finite number >= 0, got " + std::to_string(uct_c));
}

template <GameState S>
inline void check_searchable(const S& state) {
  if (state.is_terminal()) fail("cannot search a terminal state: the game is over");
  if (state.current_player() == kChancePlayer) {
    fail("cannot search at a chance node: apply a chance outcome first (see chance_outcomes())");
  }
}

}  // namespace ts
