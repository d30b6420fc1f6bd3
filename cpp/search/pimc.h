// Perfect-information Monte Carlo (PIMC): draws several worlds from the root player's
// information set, searches each with UCT as if everything were visible, and adds up the root
// statistics: visits per action, and values weighted by visits. The budget (iterations and
// time) is split evenly between the worlds. A baseline for ISMCTS: it suffers from strategy
// fusion (it assumes it will learn the hidden cards before its next move).
#pragma once
#include <algorithm>
#include <chrono>
#include <vector>

#include "core/game.h"
#include "search/budget.h"
#include "search/config.h"
#include "search/node_arena.h"
#include "search/observe.h"
#include "search/tree_stats.h"
#include "search/uct.h"

namespace ts {

template <GameState S, class Evaluator>
class PimcSearch {
 public:
  PimcSearch(const SearchConfig& config, int max_legal_actions, Evaluator& evaluator)
      : config_(config), max_legal_actions_(max_legal_actions), evaluator_(evaluator) {}

  SearchResult run(const S& root) {
    check_searchable(root);
    const auto start = std::chrono::steady_clock::now();
    const int player = root.current_player();
    const int num_players = root.num_players();
    Rng rng(config_.seed);
    int64_t worlds = config_.determinizations;
    if (config_.iterations > 0) worlds = std::min(worlds, config_.iterations);

    // The root's legal actions, from one world (the player to move should have them in every
    // world); reported with no visits if no world gets searched.
    const S view = determinize(root, player, rng);
    std::vector<Action> actions(max_legal_actions_);
    actions.resize(view.legal_actions(actions.data()));

    SearchResult result;
    result.algorithm = "pimc";
    for (Action a : actions) result.stats.push_back({a, 0, 0.0});
    result.root_values.assign(num_players, 0.0);
    // Worlds are checked between them too (interrupts, time, the other threads): a world's own
    // search reads the clock only as often as its iterations allow.
    Budget between(config_);
    for (int64_t w = 0; w < worlds; ++w) {
      try {
        between.poll();
      } catch (const OutOfBudget&) {
        break;
      }
      SearchConfig sub = config_;
      sub.started.reset();  // its share of the time counts from its own start
      sub.seed = rng.derive();
      sub.iterations = config_.iterations / worlds + (w < config_.iterations % worlds ? 1 : 0);
      if (config_.time_limit > 0) {
        // An equal share of the time still left, so that drawing worlds and setting up their
        // trees count against the budget too.
        const double left = between.time_left();
        if (left <= 0) break;
        sub.time_limit = left / static_cast<double>(worlds - w);
      }
      const S world = determinize(root, player, rng);
      NodeArena arena(sub.max_memory_mb);
      UctSearch<S, Evaluator> uct(sub, max_legal_actions_, evaluator_, arena);
      const SearchResult part = uct.run(world);
      // By action id: a game whose worlds give the root player other actions must not corrupt
      // the sums (each action's statistics come from the worlds where it was legal).
      merge_stats(result.stats, part.stats);
      for (int p = 0; p < num_players; ++p) result.root_values[p] += part.root_values[p] * part.iterations;
      result.iterations += part.iterations;
      result.nodes += part.nodes;  // every world's tree, though only one is held at a time
      result.node_bytes += part.node_bytes;
      result.memory_capped = result.memory_capped || part.memory_capped;
    }
    for (double& v : result.root_values) v = result.iterations ? v / result.iterations : 0.0;
    result.root_visits = result.iterations;
    result.best_action = most_visited(result.stats);
    result.elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
  }

 private:
  const SearchConfig& config_;
  int max_legal_actions_;
  Evaluator& evaluator_;
};

}  // namespace ts
