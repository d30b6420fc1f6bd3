// The entry point from the type-erased layer: picks the algorithm named in the config.
#pragma once
#include "core/game.h"
#include "search/config.h"
#include "search/ismcts.h"
#include "search/pimc.h"
#include "search/rollout.h"
#include "search/uct.h"

namespace ts {

template <GameState S>
SearchResult run_search(const S& root, int max_legal_actions, const SearchConfig& config) {
  RandomRollout<S> evaluator(max_legal_actions, config.rollouts);
  if (config.algorithm == "uct") {
    UctSearch<S, RandomRollout<S>> search(config, max_legal_actions, evaluator);
    return search.run(root);
  }
  if (config.algorithm == "ismcts" || config.algorithm == "mo-ismcts") {
    IsmctsSearch<S, RandomRollout<S>> search(config, max_legal_actions, evaluator,
                                             /*multiple_observer=*/config.algorithm == "mo-ismcts");
    return search.run(root);
  }
  if (config.algorithm == "pimc") {
    PimcSearch<S, RandomRollout<S>> search(config, max_legal_actions, evaluator);
    return search.run(root);
  }
  fail("unknown search algorithm '" + config.algorithm + "'; valid: uct, ismcts, mo-ismcts, pimc");
}

}  // namespace ts
