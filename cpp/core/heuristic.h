// Turning a game's own notion of "who is ahead" into estimated returns, for games that offer a
// heuristic (the HasHeuristic concept in core/game.h). Games with the usual win/lose returns (a
// sole winner +1, the others sharing -1) give each player a strength; a softmax over the players
// still in the game turns strengths into win chances P, and the expected return is
// P - (1 - P) / (n - 1): zero-sum, in [-1, 1], and exact at the two extremes.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>

#include "core/types.h"

namespace ts {

// `strength[p]`: larger is better, in units where a difference of 1 means odds of e to 1 between
// two players; `alive` bit p: player p can still win (others get a win chance of 0).
inline void win_chance_returns(const double* strength, uint32_t alive, int n, double* out) {
  double top = -1e300;
  for (int p = 0; p < n; ++p) {
    if ((alive >> p) & 1) top = std::max(top, strength[p]);
  }
  double chance[kMaxPlayers];
  double total = 0;
  for (int p = 0; p < n; ++p) {
    chance[p] = ((alive >> p) & 1) ? std::exp(strength[p] - top) : 0.0;
    total += chance[p];
  }
  for (int p = 0; p < n; ++p) {
    const double win = total > 0 ? chance[p] / total : 1.0 / n;
    out[p] = n > 1 ? win - (1.0 - win) / (n - 1) : 0.0;
  }
}

}  // namespace ts
