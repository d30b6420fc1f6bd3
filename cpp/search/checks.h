// The check every search makes of its root (kept apart from the algorithms' headers so that
// editing one algorithm does not rebuild the others). The options' ranges: search/options.h.
#pragma once
#include <string>

#include "core/game.h"

namespace ts {

template <GameState S>
inline void check_searchable(const S& state) {
  if (state.is_terminal()) fail("cannot search a terminal state: the game is over");
  if (state.current_player() == kChancePlayer) {
    fail("cannot search at a chance node: apply a chance outcome first (see chance_outcomes())");
  }
}

}  // namespace ts
