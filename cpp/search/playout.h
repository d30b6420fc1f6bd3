// The default leaf evaluator, configurable for long games: playouts that may stop early and ask
// the game for a heuristic estimate (rollout cutoff), and that may be biased by what the search
// has learned about actions so far (MAST).
//
// - Rollout cutoff (config.rollout_cutoff = k >= 0): the playout makes at most k decisions
//   (chance outcomes do not count), then, if the game is not over, the leaf's value is the game's
//   heuristic_returns() (core/game.h, HasHeuristic). k = 0 evaluates the leaf itself. In games of
//   hundreds of decisions a random playout to the end is mostly noise; a short one followed by
//   the score is less noisy and much cheaper.
// - MAST, the Move-Average Sampling Technique (Finnsson and Bjornsson, AAAI 2008): the mean
//   return of each (player, action) pair over every iteration in which that player took that
//   action, in the tree or in a playout, is kept for the whole search. Playouts then pick actions
//   by these means: epsilon-greedy (best mean with probability 1 - epsilon, else uniform; Tak,
//   Winands and Bjornsson, IEEE TCIAIG 2012, found it better than Gibbs sampling, with
//   epsilon 0.4) or Gibbs sampling (probability proportional to exp(mean / temperature)).
//   Actions never taken count as neutral (mean 0). Action ids are the game's own numbering, so
//   an id that means different things in different phases shares one mean (as in the original).
// - Score margin (config.score_weight > 0): a playout that reaches the end is worth its returns
//   blended with the score margin (search/score_margin.h).
//
// The search reports the moves of its walk down the tree through tree_move() and the iteration's
// values through end_iteration(); evaluators without these hooks (LearnsFromIterations) get none.
#pragma once
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/game.h"
#include "search/budget.h"
#include "search/config.h"
#include "search/evaluator.h"
#include "search/rollout.h"
#include "search/score_margin.h"

namespace ts {

// Checks the playout options against a game: whether it has a heuristic, and scores (their
// ranges: search/options.h).
inline void check_playout_config(const SearchConfig& config, bool has_heuristic, bool has_scores) {
  if (config.rollout_cutoff >= 0 && !has_heuristic) {
    fail("rollout_cutoff needs a game with a heuristic evaluation (heuristic_returns); this game has none");
  }
  if (config.score_weight > 0 && !has_scores) {
    fail("score_weight needs a game with scores (scores()); this game has none: use score_weight=0");
  }
}

template <GameState S>
class PlayoutEvaluator {
 public:
  PlayoutEvaluator(int max_legal_actions, int num_distinct_actions, const SearchConfig& config)
      : actions_(max_legal_actions),
        outcomes_(max_legal_actions),
        weights_(max_legal_actions),
        rollouts_(config.rollouts),
        cutoff_(config.rollout_cutoff),
        policy_(config.playout),
        epsilon_(config.mast_epsilon),
        inverse_temperature_(1.0 / config.mast_temperature),
        num_actions_(num_distinct_actions),
        score_weight_(config.score_weight),
        score_scale_(config.score_scale) {
    check_playout_config(config, HasHeuristic<S>, HasScores<S>);
    if (policy_ != PlayoutPolicy::kRandom) {
      // Action ids beyond the table (a game declaring too few distinct actions) count as neutral.
      num_actions_ = std::clamp(num_actions_, 0, 1 << 16);
      sums_.assign(static_cast<size_t>(kMaxPlayers) * num_actions_, 0.0f);
      counts_.assign(sums_.size(), 0);
    }
  }

  // A leaf the search no longer needs: a single playout plays on it, not on a copy (a copy of a
  // game written in Python is a call into Python; a native one costs its size in bytes).
  void evaluate(S&& leaf, Rng& rng, double* values) {
    if (rollouts_ == 1) {
      one_playout(leaf, rng, values);
    } else {
      evaluate(static_cast<const S&>(leaf), rng, values);
    }
  }

  void evaluate(const S& leaf, Rng& rng, double* values) {
    const int n = leaf.num_players();
    if (rollouts_ == 1) {
      S state = leaf;
      one_playout(state, rng, values);
      return;
    }
    double sample[kMaxPlayers];
    for (int p = 0; p < n; ++p) values[p] = 0;
    for (int r = 0; r < rollouts_; ++r) {
      S state = leaf;
      one_playout(state, rng, sample);
      for (int p = 0; p < n; ++p) values[p] += sample[p];
    }
    for (int p = 0; p < n; ++p) values[p] /= rollouts_;
  }

  // MAST: the search's moves on the way down, then the iteration's values.
  void tree_move(int player, Action action) {
    if (policy_ != PlayoutPolicy::kRandom) moves_.push_back({player, action});
  }

  void end_iteration(const double* values) {
    for (const Move& m : moves_) {
      if (!in_table(m.player, m.action)) continue;
      const size_t k = index(m.player, m.action);
      sums_[k] += static_cast<float>(values[m.player]);
      counts_[k] += 1;
    }
    moves_.clear();
  }

 private:
  struct Move {
    int player;
    Action action;
  };

  size_t index(int player, Action action) const {
    return static_cast<size_t>(player) * num_actions_ + action;
  }
  bool in_table(int player, Action action) const {
    return player >= 0 && player < kMaxPlayers && action >= 0 && action < num_actions_;
  }

  float mean(int player, Action action) const {
    if (!in_table(player, action)) return 0.0f;
    const size_t k = index(player, action);
    return counts_[k] ? sums_[k] / static_cast<float>(counts_[k]) : 0.0f;
  }

  // Plays `state` out (it is left at the playout's end).
  void one_playout(S& state, Rng& rng, double* values) {
    if (cutoff_ < 0 && policy_ == PlayoutPolicy::kRandom) {
      random_playout(state, rng, actions_.data(), outcomes_.data());
      finished_value(state, values);
      return;
    }
    int decisions = 0;
    BudgetPoller poller(CostlyCalls<S> ? 1 : 256);  // as random_playout does
    while (!state.is_terminal()) {
      poller.tick();
      const int player = state.current_player();
      if (player == kChancePlayer) {
        state.apply_action(sample_chance_action(state, rng, outcomes_.data()));
        continue;
      }
      if (cutoff_ >= 0 && decisions >= cutoff_) break;
      ++decisions;
      const int n = state.legal_actions(actions_.data());
      const Action action = choose(player, n, rng);
      if (policy_ != PlayoutPolicy::kRandom) moves_.push_back({player, action});
      state.apply_action(action);
    }
    if (state.is_terminal()) {
      finished_value(state, values);
    } else {
      if constexpr (HasHeuristic<S>) state.heuristic_returns(values);
    }
  }

  void finished_value(const S& end, double* values) const {
    end.returns(values);
    blend_score_margin(end, score_weight_, score_scale_, values);
  }

  Action choose(int player, int n, Rng& rng) {
    if (policy_ == PlayoutPolicy::kRandom || n == 1) return actions_[rng.below(static_cast<uint32_t>(n))];
    if (policy_ == PlayoutPolicy::kMast) {
      if (rng.uniform() < epsilon_) return actions_[rng.below(static_cast<uint32_t>(n))];
      int best = 0, ties = 1;
      float best_mean = mean(player, actions_[0]);
      for (int i = 1; i < n; ++i) {
        const float m = mean(player, actions_[i]);
        if (m > best_mean) {
          best = i;
          best_mean = m;
          ties = 1;
        } else if (m == best_mean && rng.below(static_cast<uint32_t>(++ties)) == 0) {
          best = i;  // reservoir sampling among equal means
        }
      }
      return actions_[best];
    }
    // Gibbs sampling.
    double total = 0;
    for (int i = 0; i < n; ++i)
      total += weights_[i] = std::exp(inverse_temperature_ * mean(player, actions_[i]));
    double r = rng.uniform() * total;
    for (int i = 0; i < n - 1; ++i) {
      r -= weights_[i];
      if (r < 0) return actions_[i];
    }
    return actions_[n - 1];
  }

  std::vector<Action> actions_;
  std::vector<ChanceOutcome> outcomes_;
  std::vector<double> weights_;
  std::vector<float> sums_;
  std::vector<uint32_t> counts_;
  std::vector<Move> moves_;
  int rollouts_;
  int cutoff_;
  PlayoutPolicy policy_;
  double epsilon_;
  double inverse_temperature_;
  int num_actions_;
  double score_weight_;
  double score_scale_;
};

}  // namespace ts
