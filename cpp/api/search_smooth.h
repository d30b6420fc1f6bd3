// The smooth search family (smooth-uct and infoset-uct) on any state type: defined here, compiled once per
// native game (and once for DynState) in files CMake generates from cmake/search_family.cc.in.
#pragma once
#include "api/search_family.h"
#include "search/smooth_uct_family.h"

namespace ts {
template <GameState S>
SearchResult search_smooth_family(const SearchJob<S>& job) {
  return with_evaluator(job, [&](auto make_evaluator) {
    return run_smooth_uct_family(job.root, job.max_legal_actions, job.config,
                                 job.config.algorithm == Algorithm::kSmoothUct, make_evaluator,
                                 job.trajectory);
  });
}
}  // namespace ts
