// The entry point from the type-erased layer: picks the algorithm named in the config.
#pragma once
#include <vector>

#include "core/game.h"
#include "search/batched_puct.h"
#include "search/config.h"
#include "search/evaluator.h"
#include "search/node_arena.h"
#include "search/rollout.h"
#include "search/root_parallel.h"
#include "search/uct.h"

namespace ts {

// `trees` holds the trees of an earlier search to continue from (tree reuse), already
// re-rooted at `root`; it is left holding this search's trees. `make_evaluator()` builds one
// leaf evaluator per thread.
template <GameState S, class MakeEvaluator>
SearchResult run_search(const S& root, int max_legal_actions, const SearchConfig& config,
                        std::vector<NodeArena>& trees, MakeEvaluator make_evaluator) {
  check_searchable(root);
  check_budget(config);
  if (config.algorithm == "uct" || config.algorithm == "puct") {
    return run_root_parallel(config, trees, [&](NodeArena& arena, uint64_t seed, int64_t iterations,
                                                std::atomic<bool>* stop, bool checks_interrupts) {
      auto evaluator = make_evaluator();
      using E = decltype(evaluator);
      if constexpr (BatchEvaluator<E, S>) {
        if (evaluator.batch_size() > 1) {
          BatchedPuctSearch<S, E> search(config, max_legal_actions, evaluator, arena, seed, iterations, stop,
                                         checks_interrupts);
          return search.run(root);
        }
      }
      UctSearch<S, E> search(config, max_legal_actions, evaluator, arena, seed, iterations, stop, checks_interrupts);
      return search.run(root);
    });
  }
  fail("unknown search algorithm '" + config.algorithm + "'; valid: uct, puct");
}

// The same with the default evaluator: random rollouts.
template <GameState S>
SearchResult run_search(const S& root, int max_legal_actions, const SearchConfig& config,
                        std::vector<NodeArena>& trees) {
  return run_search(root, max_legal_actions, config, trees,
                    [&] { return RandomRollout<S>(max_legal_actions, config.rollouts); });
}

}  // namespace ts
