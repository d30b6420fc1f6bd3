// UCT and PUCT (and MCTS-Solver) over a node arena, for games with chance and any number of
// players: each iteration walks the arena (search/arena_walk.h), choosing a child by the
// algorithm's rule (UCB1 or PUCT: search/selection.h) at the root and below it, or with
// config.solve by MCTS-Solver's rule. An edge stores the value of the player who chose its
// action, so every decision node maximises its mover's value.
#pragma once
#include <vector>

#include "core/game.h"
#include "search/arena_walk.h"
#include "search/budget.h"
#include "search/checks.h"
#include "search/config.h"
#include "search/evaluator.h"
#include "search/node_arena.h"
#include "search/search_loop.h"
#include "search/solver.h"
#include "search/tree_stats.h"

namespace ts {

template <GameState S, class Evaluator>
class UctSearch {
 public:
  // Searches into `arena`, whose root (index 0) must correspond to the root state given to run();
  // an arena kept from an earlier search continues to grow (tree reuse).
  UctSearch(const SearchConfig& config, int max_legal_actions, Evaluator& evaluator, NodeArena& arena)
      : config_(config),
        arena_(arena),
        walk_(config, max_legal_actions, evaluator, arena),
        solver_(arena, walk_.selector(), walk_.ops()),
        evaluator_(evaluator) {
    check_budget(config);
    if (config.solve && walk_.selector().uses_priors())
      fail("solve=True works with algorithm 'uct', not 'puct'");
  }

  SearchResult run(const S& root) {
    check_searchable(root);
    walk_.selector().scale_values(ReturnScale::of(root));
    root_ = &root;
    const int num_players = root.num_players();
    if (config_.solve && num_players != 2) fail("solve=True needs a two-player game");
    RootTally& tally = arena_.root_tally();  // a kept tree's visits count on
    tally.fit(num_players);
    walk_.ops().add_root_noise();  // a kept tree's root is already expanded

    const LoopStats loop = run_iterations(config_, *this, evaluator_);

    if (arena_.node(0).first_child == 0 && !walk_.grow(0, root)) {
      fail("max_memory_mb is too small to hold the root's children");
    }
    tally.visits += loop.iterations;
    SearchResult result =
        tree_result(algorithm_name(config_.algorithm), loop.iterations, loop.elapsed, arena_, tally);
    result.stats = child_stats(arena_, 0);
    result.best_action = config_.solve ? solver_.choice() : most_visited(result.stats);
    result.principal_variation = principal_variation(arena_, result.best_action);
    if (solver_.root_proven()) result.proven_value = solver_.root_value();
    return result;
  }

  // The steps of one iteration (search/search_loop.h).

  bool complete() const { return solver_.root_proven(); }
  void simulate(double* values) { walk_.simulate(*root_, *this, values); }
  void backup(const double* values) {
    walk_.backup(values, arena_.root_tally());
    if (config_.solve) solver_.propagate(walk_.path());
  }

  // The rules of the walk (search/arena_walk.h): the selection rule's choice (MCTS-Solver's with
  // config.solve), the same at the root and below; a proof for the solver at the end of the game.

  uint32_t root_child(uint32_t node, Node& parent) { return interior_child(node, parent); }
  uint32_t interior_child(uint32_t node, Node& parent) {
    return config_.solve ? solver_.select_child(node, parent) : walk_.ops().select_child(node, parent);
  }
  void reached_end(const double* values) {
    if (config_.solve && !walk_.path().empty()) solver_.prove_terminal(walk_.path().back(), values);
  }
  void evaluated(uint32_t /*leaf*/, const double* /*values*/) {}

 private:
  const SearchConfig& config_;
  NodeArena& arena_;
  ArenaWalk<S, Evaluator> walk_;
  Solver<S> solver_;
  Evaluator& evaluator_;
  const S* root_ = nullptr;
};

}  // namespace ts
