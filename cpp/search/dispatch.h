// The entry point from the type-erased layer: picks the algorithm named in the config.
#pragma once
#include "core/game.h"
#include "search/config.h"
#include "search/rollout.h"
#include "search/uct.h"

namespace ts {

template <GameState S>
SearchResult run_search(const S& root, int max_legal_actions, const SearchConfig& config) {
  if (config.algorithm == "uct") {
    RandomRollout<S> evaluator(max_legal_actions, config.rollouts);
    UctSearch<S, RandomRollout<S>> search(config, max_legal_actions, evaluator);
    return search.run(root);
  }
  fail("unknown search algorithm '" + config.algorithm + "'; valid: uct");
}

}  // namespace ts
