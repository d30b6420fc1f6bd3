// The loop every search runs, and the one place where a search's budget (iterations, time, the
// stop flags and the interrupt checks of search/budget.h) becomes the budget its thread polls:
// playouts (search/rollout.h, playout.h) and the searches' own walks down their trees poll
// Budget::active() through a BudgetPoller, so a game whose playouts never end, or a walk that
// never leaves the tree, still stops on time and on Ctrl-C.
//
// An iteration of a tree search is four named steps (as mctx's simulate, expand and backward):
//   select    walk down from the root (in a world drawn for the player to move, where cards are
//             hidden), choosing each child by the selection rule (search/selection.h), to a leaf;
//   expand    grow the tree there (its children, one untried child, or one information set);
//   evaluate  the values of the leaf for every player: the game's returns if it is over, else the
//             leaf evaluator's (playouts, search/playout.h, or an evaluator from outside);
//   backup    add the values to every node on the path (and the rule's weights), and to the root.
// Each tree kind (search/uct.h, ismcts.h, smooth_uct.h) writes the steps for its tree;
// run_iterations below runs them.
#pragma once
#include <cstdint>

#include "core/types.h"
#include "search/budget.h"
#include "search/config.h"
#include "search/evaluator.h"

namespace ts {

// One step of a walk down a tree: the node reached, and the player who chose the action into it
// (kChancePlayer for chance).
struct TreeStep {
  uint32_t node;
  int mover;
};

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

// The iterations of a tree search: `search` gives complete() (true once no iteration can change
// the answer), simulate(values) (select, expand and evaluate, leaving the leaf's values) and
// backup(values). The evaluator learns from each iteration if it can (MAST: search/playout.h).
template <class Search, class Evaluator>
LoopStats run_iterations(const SearchConfig& config, Search& search, Evaluator& evaluator) {
  double values[kMaxPlayers];
  return run_search_loop(config, [&](int64_t) {
    if (search.complete()) return kSearchComplete;
    search.simulate(values);
    if constexpr (LearnsFromIterations<Evaluator>) evaluator.end_iteration(values);
    search.backup(values);
    return int64_t{1};
  });
}

}  // namespace ts
