// Online Outcome Sampling (search/outcome_sampling.h) on config.threads threads (root
// parallelism, as the other families): each thread samples into its own regret table, kept in
// `trees.regrets` between an agent's searches (the whole-game mode); the threads' average
// strategies at the root are merged as their visits are, weighted by each thread's root visits.
// Threads do not share one table: lock-free updates of shared regrets would make a seeded
// search's result depend on timing, which no other search does.
#pragma once
#include "core/game.h"
#include "search/config.h"
#include "search/outcome_sampling.h"
#include "search/regret_table.h"
#include "search/root_parallel.h"
#include "search/trajectory.h"
#include "search/tree_storage.h"

namespace ts {

template <GameState S, class MakeEvaluator>
SearchResult run_outcome_sampling_family(const S& root, int max_legal_actions, const SearchConfig& config,
                                         TreeStorage& trees, MakeEvaluator make_evaluator,
                                         const Trajectory<S>* trajectory) {
  trees.uct.clear();
  trees.info.clear();
  return run_with_trees(
      config, trees.regrets, [](int64_t mb) { return RegretTable(mb); },
      [&](const SearchConfig& sub, RegretTable& table) {
        auto evaluator = make_evaluator();
        return OutcomeSamplingSearch<S, decltype(evaluator)>(sub, max_legal_actions, evaluator, table)
            .run(root, trajectory);
      });
}

}  // namespace ts
