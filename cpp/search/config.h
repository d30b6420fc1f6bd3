// What a search is asked to do, and what it reports back.
#pragma once
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/types.h"
#include "search/algorithm.h"

namespace ts {

// How playouts pick their moves (search/playout.h), by the names users write.
enum class PlayoutPolicy { kRandom, kMast, kMastGibbs };

struct PlayoutInfo {
  PlayoutPolicy playout;
  const char* name;
};

inline constexpr PlayoutInfo kPlayouts[] = {
    {PlayoutPolicy::kRandom, "random"},
    {PlayoutPolicy::kMast, "mast"},
    {PlayoutPolicy::kMastGibbs, "mast-gibbs"},
};

// What each option means, its range and its help text: search/options.h. The initialisers here
// are the options' defaults (the one place they are written).
struct SearchConfig {
  Algorithm algorithm = Algorithm::kUct;
  int64_t iterations = 0;  // 0: no iteration budget
  double time_limit = 0;   // 0: no time budget
  double uct_c = kSqrt2;
  uint64_t seed = 0;
  int64_t max_memory_mb = 1024;
  int rollouts = 1;
  int rollout_cutoff = -1;  // -1: play to the end
  PlayoutPolicy playout = PlayoutPolicy::kRandom;
  double mast_epsilon = 0.4;
  double mast_temperature = 0.2;
  double score_weight = 0;
  double score_scale = 1;
  int determinizations = 8;
  int threads = 1;
  bool solve = false;
  double dirichlet_alpha = 0;
  double dirichlet_epsilon = 0.25;
  int gumbel_actions = 16;
  double gumbel_scale = 0.0;
  double oos_targeting = 0.5;  // measured: docs/hidden-information.md
  double oos_epsilon = 0.6;
  double oos_tremble = 0.01;     // measured: docs/hidden-information.md
  bool oos_public = false;       // measured: docs/hidden-information.md
  bool oos_regret_plus = false;  // measured: docs/hidden-information.md
  bool oos_baseline = false;     // measured: docs/hidden-information.md
  bool beliefs = false;
  double playout_mix = 0;
  // Called from the searching thread every few milliseconds; throws to abort (Ctrl-C). Only
  // the caller's thread gets it when a search runs on several threads.
  std::function<void()> interrupt_check;
  // Called when the process-wide interrupt count (search/interrupt.h) moves past
  // interrupt_epoch (-1: its value when the budget starts); throws to abort, or returns to go
  // on. Null: the search ignores the count (the other threads of a multi-thread search, which
  // the caller's thread stops through `stop`).
  std::function<void()> on_interrupt;
  int64_t interrupt_epoch = -1;
  // Set by any thread of a multi-thread search to stop the others (null: single thread).
  std::atomic<bool>* stop = nullptr;
  // Set from outside the search (a StopFlag from Python, another thread) to end it early: it
  // returns what it found so far, as when its time is up. Null: nobody can.
  const std::atomic<bool>* cancel = nullptr;
  // When the search was asked for, if before its loop starts: time_limit counts from here, so that
  // setting up (copying the root, reserving the tree) is inside the limit. Unset: the loop's start.
  std::optional<std::chrono::steady_clock::time_point> started;
};

// Whether a search with `config` reads the path played from the start of the game (the adapters
// pass it as a Trajectory): beliefs about how the root was reached.
inline bool wants_trajectory(const SearchConfig& config, bool hidden_information) {
  const AlgorithmInfo& info = algorithm_info(config.algorithm);
  // OOS solves the subgame below the state of a game without hidden information, which does not
  // depend on the path there (search/outcome_sampling.h).
  if (config.algorithm == Algorithm::kOos && !hidden_information) return false;
  return info.needs_trajectory || (config.beliefs && info.family == Family::kIsmcts);
}

struct ActionStat {
  Action action;
  int64_t visits;
  double value;  // mean return for the player to move at the root
};

struct SearchResult {
  Action best_action = -1;
  std::string algorithm;
  int64_t iterations = 0;
  double elapsed = 0;
  int64_t nodes = 0;
  int64_t node_bytes = 0;         // bytes of node storage in use
  bool memory_capped = false;     // the tree hit max_memory_mb and stopped growing
  std::vector<ActionStat> stats;  // one per legal root action, in action order
  // Mean return per player over the root's visits: this search's iterations, and the visits a
  // kept tree brought (tree reuse), as `stats` count them.
  std::vector<double> root_values;
  int64_t root_visits = 0;  // the visits root_values average over
  // Solver: the root's game-theoretic value for the player to move there, once it is known.
  std::optional<double> proven_value;
  // The most visited line from the root, starting with best_action (read once, after the search;
  // information-set trees give actions as the root player observes them; at least best_action).
  std::vector<Action> principal_variation;
  // The visit shares of `stats` are a mixed strategy to sample a move from (an average policy
  // approaching an equilibrium), not a ranking whose most visited action is the move.
  bool mixed = false;
  // Gumbel: the improved policy over `stats` (softmax of prior logits and completed q values), the
  // target a policy network learns from; empty for the other algorithms.
  std::vector<double> improved_policy;
  // oos: the mixed strategy to play, over `stats` (the average strategy at the root's information
  // set, which converges to an equilibrium; the visits count the sampled actions, exploration
  // included); empty for the others.
  std::vector<double> strategy;
};

// Raised by interrupt_check implementations; the bindings turn it back into the Python error.
struct SearchInterrupted : std::exception {
  const char* what() const noexcept override { return "search interrupted"; }
};

}  // namespace ts
