// Random playouts: the default leaf evaluator, and the reference the benchmarks time against.
#pragma once
#include <vector>

#include "core/game.h"
#include "search/budget.h"

namespace ts {

template <GameState S>
inline Action sample_chance_action(const S& state, Rng& rng, ChanceOutcome* buffer) {
  if constexpr (SamplesChance<S>) {
    return state.sample_chance(rng);
  } else {
    const int n = state.chance_outcomes(buffer);
    return buffer[rng.sample(buffer, n)].action;
  }
}

// Plays uniformly random legal actions (chance by its probabilities) until the end. Polls the
// budget of the search running on this thread, which ends a long playout (OutOfBudget) when the
// time is up and lets Ctrl-C stop a game that never ends.
template <GameState S>
inline void random_playout(S& state, Rng& rng, Action* actions, ChanceOutcome* outcomes) {
  BudgetPoller poller(CostlyCalls<S> ? 1 : 256);
  while (!state.is_terminal()) {
    poller.tick();
    if (state.current_player() == kChancePlayer) {
      state.apply_action(sample_chance_action(state, rng, outcomes));
    } else {
      const int n = state.legal_actions(actions);
      state.apply_action(actions[rng.below(static_cast<uint32_t>(n))]);
    }
  }
}

// Mean returns of `rollouts` random playouts from a state.
template <GameState S>
class RandomRollout {
 public:
  RandomRollout(int max_legal_actions, int rollouts)
      : actions_(max_legal_actions), outcomes_(max_legal_actions), rollouts_(rollouts) {
    if (rollouts < 1) fail("rollouts must be >= 1, got " + std::to_string(rollouts));
  }

  void evaluate(const S& leaf, Rng& rng, double* values) {
    const int n = leaf.num_players();
    for (int p = 0; p < n; ++p) values[p] = 0;
    double sample[kMaxPlayers];
    for (int r = 0; r < rollouts_; ++r) {
      S state = leaf;
      random_playout(state, rng, actions_.data(), outcomes_.data());
      state.returns(sample);
      for (int p = 0; p < n; ++p) values[p] += sample[p];
    }
    if (rollouts_ > 1) {
      for (int p = 0; p < n; ++p) values[p] /= rollouts_;
    }
  }

 private:
  std::vector<Action> actions_;
  std::vector<ChanceOutcome> outcomes_;
  int rollouts_;
};

}  // namespace ts
