// The ismcts search family (SO- and MO-ISMCTS) on any state type: defined here, compiled once per
// native game (and once for DynState) in files CMake generates from cmake/search_family.cc.in.
#pragma once
#include "api/search_family.h"
#include "search/ismcts_family.h"

namespace ts {
template <GameState S>
SearchResult search_ismcts_family(const SearchJob<S>& job) {
  return with_evaluator(job, [&](auto make_evaluator) {
    return run_ismcts_family(job.root, job.max_legal_actions, job.config, job.trees, make_evaluator,
                             job.trajectory);
  });
}
}  // namespace ts
