// The loop every search runs, and the one place where a search's budget (iterations, time, the
// stop flags and the interrupt checks of search/budget.h) becomes the budget its thread polls:
// playouts (search/rollout.h, playout.h) and the searches' own walks down their trees poll
// Budget::active() through a BudgetPoller, so a game whose playouts never end, or a walk that
// never leaves the tree, still stops on time and on Ctrl-C.
#pragma once
#include <cstdint>

#include "search/budget.h"
#include "search/config.h"

namespace ts {

struct LoopStats {
  int64_t iterations = 0;
  double elapsed = 0;
};

// What a step returns when the search needs no more iterations (MCTS-Solver proved the root).
inline constexpr int64_t kSearchComplete = -1;

// Runs `step(done)` while `config`'s budget allows another iteration (`done` finished so far).
// A step returns how many iterations it finished (one, or a batch's worth), or kSearchComplete.
// A step abandoned by OutOfBudget (time up, or stopped, inside it) ends the loop uncounted.
template <class Step>
LoopStats run_search_loop(const SearchConfig& config, Step step) {
  Budget budget(config);
  const Budget::Active polled(budget);
  int64_t done = 0;
  while (budget.more(done)) {
    int64_t finished = 0;
    try {
      finished = step(done);
    } catch (const OutOfBudget&) {
      break;
    }
    if (finished == kSearchComplete) break;
    done += finished;
  }
  return {done, budget.elapsed()};
}

}  // namespace ts
