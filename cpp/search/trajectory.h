// The path from the start of the game to a search's root, for searches that reason about how
// the root was reached (smooth-uct's beliefs, search/smooth_uct.h).
#pragma once
#include <vector>

#include "core/game.h"

namespace ts {

// The initial state and the actions played (chance outcomes included). A search passes the
// history only to the resampler, which rewrites everything the root player cannot know.
template <GameState S>
struct Trajectory {
  S initial;
  std::vector<Action> history;
};

}  // namespace ts
