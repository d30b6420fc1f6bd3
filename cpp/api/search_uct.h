// The uct search family (UCT, PUCT and PIMC) on any state type: defined here, compiled once per
// native game (and once for DynState) in files CMake generates from cmake/search_family.cc.in.
#pragma once
#include "api/search_family.h"
#include "search/uct_family.h"

namespace ts {
template <GameState S>
SearchResult search_uct_family(const SearchJob<S>& job) {
  return with_evaluator(job, [&](auto make_evaluator) {
    return run_uct_family(job.root, job.max_legal_actions, job.config, job.trees, make_evaluator);
  });
}
}  // namespace ts
