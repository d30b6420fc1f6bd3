// The UCT family on config.threads threads (root parallelism): UCT and PUCT (batched PUCT when
// the evaluator takes batches) growing the node arenas kept in `trees.uct` (tree reuse), Gumbel
// root search, which plans each search afresh, and PIMC, which searches its worlds with UCT and
// keeps no tree.
#pragma once
#include "core/game.h"
#include "search/batched_puct.h"
#include "search/config.h"
#include "search/evaluator.h"
#include "search/gumbel.h"
#include "search/pimc.h"
#include "search/root_parallel.h"
#include "search/tree_storage.h"
#include "search/uct.h"

namespace ts {

template <GameState S, class MakeEvaluator>
SearchResult run_uct_family(const S& root, int max_legal_actions, const SearchConfig& config,
                            TreeStorage& trees, MakeEvaluator make_evaluator) {
  trees.info.clear();
  if (config.algorithm == Algorithm::kPimc) {
    return run_threads(config, [&](const SearchConfig& sub, int) {
      auto evaluator = make_evaluator();
      return PimcSearch<S, decltype(evaluator)>(sub, max_legal_actions, evaluator).run(root);
    });
  }
  if (config.algorithm == Algorithm::kGumbel) {
    trees.uct.clear();  // each search plans its root afresh, with its own noise
    return run_threads(config, [&](const SearchConfig& sub, int) {
      auto evaluator = make_evaluator();
      NodeArena arena(sub.max_memory_mb);
      return GumbelSearch<S, decltype(evaluator)>(sub, max_legal_actions, evaluator, arena).run(root);
    });
  }
  return run_with_trees(
      config, trees.uct, [](int64_t mb) { return NodeArena(mb); },
      [&](const SearchConfig& sub, NodeArena& arena) {
        auto evaluator = make_evaluator();
        using E = decltype(evaluator);
        if constexpr (BatchEvaluator<E, S>) {
          if (evaluator.batch_size() > 0)
            return BatchedPuctSearch<S, E>(sub, max_legal_actions, evaluator, arena).run(root);
        }
        return UctSearch<S, E>(sub, max_legal_actions, evaluator, arena).run(root);
      });
}

}  // namespace ts
