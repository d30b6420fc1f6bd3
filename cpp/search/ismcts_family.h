// The ISMCTS family on config.threads threads (root parallelism): SO-ISMCTS (one tree, seen by
// the player to move) and MO-ISMCTS (one tree per player), growing the information-set trees
// kept in `trees.info` (tree reuse).
#pragma once
#include "core/game.h"
#include "search/config.h"
#include "search/ismcts.h"
#include "search/root_parallel.h"
#include "search/trajectory.h"
#include "search/tree_storage.h"

namespace ts {

template <GameState S, class MakeEvaluator>
SearchResult run_ismcts_family(const S& root, int max_legal_actions, const SearchConfig& config,
                               TreeStorage& trees, MakeEvaluator make_evaluator,
                               const Trajectory<S>* trajectory = nullptr) {
  trees.uct.clear();
  const bool multiple = config.algorithm == Algorithm::kMoIsmcts;
  const int roots = multiple ? root.num_players() : 1;
  return run_with_trees(
      config, trees.info, [&](int64_t mb) { return InfoTree(mb, roots); },
      [&](const SearchConfig& sub, InfoTree& tree) {
        auto evaluator = make_evaluator();
        return IsmctsSearch<S, decltype(evaluator)>(sub, max_legal_actions, evaluator, multiple, tree)
            .run(root, trajectory, &trees.past);
      });
}

}  // namespace ts
