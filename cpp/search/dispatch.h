// The entry point from the type-erased layer: picks the algorithm named in the config.
#pragma once
#include <vector>

#include "core/game.h"
#include "search/batched_puct.h"
#include "search/config.h"
#include "search/evaluator.h"
#include "search/ismcts.h"
#include "search/kept_trees.h"
#include "search/pimc.h"
#include "search/playout.h"
#include "search/rollout.h"
#include "search/root_parallel.h"
#include "search/smooth_uct_family.h"
#include "search/uct.h"

namespace ts {

// `trees` holds the trees of an earlier search to continue from (tree reuse), already re-rooted
// at `root`; it is left holding this search's trees. `make_evaluator()` builds one leaf
// evaluator per thread. Every algorithm runs on config.threads threads (root parallelism).
// `trajectory` (optional) is the path from the game's start to `root`; smooth-uct uses it for
// beliefs about hidden cards (search/smooth_uct.h).
template <GameState S, class MakeEvaluator>
SearchResult run_search(const S& root, int max_legal_actions, const SearchConfig& config, KeptTrees& trees,
                        MakeEvaluator make_evaluator, const Trajectory<S>* trajectory = nullptr) {
  check_searchable(root);
  check_budget(config);
  const std::string& algorithm = config.algorithm;
  if (algorithm == "uct" || algorithm == "puct") {
    trees.info.clear();
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
  trees.uct.clear();
  if (algorithm == "ismcts" || algorithm == "mo-ismcts") {
    const bool multiple = algorithm == "mo-ismcts";
    const int roots = multiple ? root.num_players() : 1;
    return run_with_trees(
        config, trees.info, [&](int64_t mb) { return InfoTree(mb, roots); },
        [&](const SearchConfig& sub, InfoTree& tree) {
          auto evaluator = make_evaluator();
          return IsmctsSearch<S, decltype(evaluator)>(sub, max_legal_actions, evaluator, multiple, tree)
              .run(root);
        });
  }
  trees.info.clear();  // PIMC keeps no tree between searches
  if (algorithm == "pimc") {
    return run_threads(config, [&](const SearchConfig& sub, int) {
      auto evaluator = make_evaluator();
      return PimcSearch<S, decltype(evaluator)>(sub, max_legal_actions, evaluator).run(root);
    });
  }
  if (algorithm == "smooth-uct" || algorithm == "infoset-uct") {
    return run_smooth_uct_family(root, max_legal_actions, config, algorithm == "smooth-uct", make_evaluator,
                                 trajectory);
  }
  fail("unknown search algorithm '" + algorithm +
       "'; valid: uct, puct, ismcts, mo-ismcts, pimc, smooth-uct, infoset-uct");
}

// The same from the start of the game along `trajectory` (search/smooth_uct.h).
template <GameState S>
SearchResult run_search_along(const S& root, int max_legal_actions, int num_distinct_actions,
                              const SearchConfig& config, KeptTrees& trees, const Trajectory<S>* trajectory) {
  check_playout_config(config, HasHeuristic<S>);
  return run_search(
      root, max_legal_actions, config, trees,
      [&] { return PlayoutEvaluator<S>(max_legal_actions, num_distinct_actions, config); }, trajectory);
}

// The same with the default evaluator: playouts (random or MAST, to the end or to the cutoff).
template <GameState S>
SearchResult run_search(const S& root, int max_legal_actions, int num_distinct_actions,
                        const SearchConfig& config, KeptTrees& trees) {
  return run_search_along(root, max_legal_actions, num_distinct_actions, config, trees,
                          static_cast<const Trajectory<S>*>(nullptr));
}

}  // namespace ts
