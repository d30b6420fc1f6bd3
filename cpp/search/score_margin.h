// The value of a finished game blended with its score margin (SearchConfig::score_weight = w > 0,
// games with scores()): (1 - w) x the returns + w x tanh(margin / score_scale), the second term scaled
// to the half-width of the game's return range; a player's margin is their score minus the mean
// of the others'. Who wins a long game is decided hundreds of random moves after a leaf and
// hardly depends on it; by how much depends on it more (a capture's points stay in the score).
// Playouts that reach the end and the searches' own terminal nodes both use it, so that every
// value a search backs up means the same.
#pragma once
#include <cmath>

#include "core/game.h"

namespace ts {

// `values`: the returns of the finished game `end`; blended in place (unchanged when w = 0).
template <GameState S>
void blend_score_margin(const S& end, double w, double scale, double* values) {
  if constexpr (HasScores<S>) {
    if (w == 0) return;
    const int n = end.num_players();
    double scores[kMaxPlayers], total = 0;
    end.scores(scores);
    for (int p = 0; p < n; ++p) total += scores[p];
    double half = 1;
    if constexpr (HasUtilityRange<S>) half = (end.max_utility() - end.min_utility()) / 2;
    for (int p = 0; p < n; ++p) {
      const double margin = n > 1 ? scores[p] - (total - scores[p]) / (n - 1) : scores[p];
      values[p] = (1 - w) * values[p] + w * half * std::tanh(margin / scale);
    }
  }
}

}  // namespace ts
