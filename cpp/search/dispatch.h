// The entry point from the type-erased layer: picks the algorithm named in the config.
#pragma once
#include <vector>

#include "core/game.h"
#include "search/config.h"
#include "search/node_arena.h"
#include "search/rollout.h"
#include "search/root_parallel.h"
#include "search/uct.h"

namespace ts {

// `trees` holds the trees of an earlier search to continue from (tree reuse), already
// re-rooted at `root`; it is left holding this search's trees.
template <GameState S>
SearchResult run_search(const S& root, int max_legal_actions, const SearchConfig& config,
                        std::vector<NodeArena>& trees) {
  check_searchable(root);
  check_budget(config);
  if (config.algorithm == "uct" || config.algorithm == "puct") {
    return run_root_parallel(config, trees, [&](NodeArena& arena, uint64_t seed, int64_t iterations,
                                                std::atomic<bool>* stop, bool checks_interrupts) {
      RandomRollout<S> evaluator(max_legal_actions, config.rollouts);
      UctSearch<S, RandomRollout<S>> search(config, max_legal_actions, evaluator, arena, seed, iterations,
                                            stop, checks_interrupts);
      return search.run(root);
    });
  }
  fail("unknown search algorithm '" + config.algorithm + "'; valid: uct, puct");
}

}  // namespace ts
