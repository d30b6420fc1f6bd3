// Running smooth-uct and infoset-uct (search/smooth_uct.h) on config.threads threads: each
// thread searches its own information-set table; root statistics are merged.
#pragma once
#include "core/game.h"
#include "search/config.h"
#include "search/infoset_table.h"
#include "search/root_parallel.h"
#include "search/smooth_uct.h"

namespace ts {

template <GameState S, class MakeEvaluator>
SearchResult run_smooth_uct_family(const S& root, int max_legal_actions, const SearchConfig& config,
                                   bool smooth, MakeEvaluator make_evaluator,
                                   const Trajectory<S>* trajectory) {
  return run_threads(config, [&](const SearchConfig& sub, int) {
    auto evaluator = make_evaluator();
    InfosetTable table(sub.max_memory_mb);
    return SmoothUctSearch<S, decltype(evaluator)>(sub, max_legal_actions, evaluator, smooth, table)
        .run(root, trajectory);
  });
}

}  // namespace ts
