// UCT and PUCT (and MCTS-Solver) over a node arena, for games with chance and any number of
// players: each iteration selects down the tree, expands a leaf, evaluates it and backs its
// values up (search/search_loop.h). An edge stores the value of the player who chose its action,
// so every decision node maximises its mover's value.
//
// A rule without priors (UCB1: uct) evaluates a leaf on its first visit and expands it on the
// next, walking on into one of its new children; a rule with priors (PUCT) expands a leaf at
// once, with the evaluator's priors (uniform if it has none), and evaluates it. Chance nodes
// need no evaluation: the walk goes on through them.
#pragma once
#include <algorithm>
#include <utility>
#include <vector>

#include "core/game.h"
#include "search/budget.h"
#include "search/checks.h"
#include "search/config.h"
#include "search/evaluator.h"
#include "search/node_arena.h"
#include "search/playout.h"
#include "search/score_margin.h"
#include "search/search_loop.h"
#include "search/selection.h"
#include "search/solver.h"
#include "search/tree_ops.h"
#include "search/tree_stats.h"

namespace ts {

template <GameState S, class Evaluator>
class UctSearch {
 public:
  // Searches into `arena`, whose root (index 0) must correspond to the root state given to run();
  // an arena kept from an earlier search continues to grow (tree reuse).
  UctSearch(const SearchConfig& config, int max_legal_actions, Evaluator& evaluator, NodeArena& arena)
      : config_(config),
        evaluator_(evaluator),
        arena_(arena),
        rng_(config.seed),
        selector_(selector_for(config.algorithm, config.uct_c)),
        ops_(arena, rng_, config, selector_, max_legal_actions),
        solver_(arena, selector_, ops_) {
    check_budget(config);
    if (config.solve && selector_.uses_priors()) fail("solve=True works with algorithm 'uct', not 'puct'");
  }

  SearchResult run(const S& root) {
    check_searchable(root);
    selector_.scale_values(ReturnScale::of(root));
    root_ = &root;
    const int num_players = root.num_players();
    if (config_.solve && num_players != 2) fail("solve=True needs a two-player game");
    RootTally& tally = arena_.root_tally();  // a kept tree's visits count on
    tally.fit(num_players);
    ops_.add_root_noise();  // a kept tree's root is already expanded

    const LoopStats loop = run_iterations(config_, *this, evaluator_);

    if (arena_.node(0).first_child == 0 && !expand(0, root)) {
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

  void simulate(double* values) {
    S state = *root_;
    path_.clear();
    uint32_t leaf = select(state, 0);
    while (true) {
      // Only a leaf of the tree can end the game (an expanded node never does), so the state is
      // asked here only: a Python game's player is a call into Python (api/dyn_state.h).
      if (state.is_terminal()) return terminal_value(state, values);
      if (!expand(leaf, state) || evaluated_when_expanded(leaf)) {
        evaluator_.evaluate(std::move(state), rng_, values);  // not used after
        return;
      }
      leaf = select(state, leaf);  // on into the new children
    }
  }

  void backup(const double* values) {
    for (const TreeStep& step : path_) {
      arena_.add_visit(step.node, step.mover >= 0 ? values[step.mover] : 0.0, selector_);
    }
    arena_.edge(0).visits += 1;
    if (config_.solve) solver_.propagate(path_);
    RootTally& tally = arena_.root_tally();
    for (size_t p = 0; p < tally.sums.size(); ++p) tally.sums[p] += values[p];
  }

 private:
  // Walks down from `node` while it has children, applying their actions to `state`, and returns
  // the leaf reached. A decision takes the child the selection rule picks (MCTS-Solver's pick
  // with config.solve), chance its outcome's probability.
  uint32_t select(S& state, uint32_t node) {
    BudgetPoller poller(CostlyCalls<S> ? 1 : 256);
    while (arena_.node(node).first_child != 0) {
      poller.tick();
      Node& current = arena_.node(node);
      const int mover = current.player;
      node = mover == kChancePlayer ? ops_.sample_child(current)
             : config_.solve        ? solver_.select_child(node, current)
                                    : ops_.select_child(node, current);
      if constexpr (LearnsFromIterations<Evaluator>) {
        if (mover != kChancePlayer) evaluator_.tree_move(mover, arena_.edge(node).action);
      }
      state.apply_action(arena_.edge(node).action);
      path_.push_back({node, mover});
    }
    return node;
  }

  // Gives the leaf `node` its children, when its rule expands it now: a rule without priors
  // waits for the node's second visit (the root excepted); a rule with priors takes them from
  // the evaluator (uniform when it has none). False if not grown (or the arena is full).
  bool expand(uint32_t node, const S& state) {
    if (!selector_.uses_priors() && node != 0 && arena_.edge(node).visits == 0) return false;
    const int player = state.current_player();
    if (player == kChancePlayer && config_.solve) fail("solve=True needs a game without chance");
    const int n = ops_.list_children(state);
    if (selector_.uses_priors() && player != kChancePlayer) {
      bool given = false;
      if constexpr (PriorEvaluator<Evaluator, S>) {
        given = evaluator_.priors(state, ops_.actions().data(), n, ops_.priors().data());
      }
      if (!given) std::fill(ops_.priors().begin(), ops_.priors().begin() + n, 1.0f / static_cast<float>(n));
    }
    if (!ops_.expand(node, player, n)) return false;
    if (node == 0) ops_.add_root_noise();
    return true;
  }

  // A rule with priors evaluates the decision node it has just expanded (chance walks on).
  bool evaluated_when_expanded(uint32_t node) const {
    return selector_.uses_priors() && arena_.node(node).player != kChancePlayer;
  }

  // The end of the game: its returns (blended with the score margin), a proof for the solver.
  void terminal_value(const S& state, double* values) {
    state.returns(values);
    if (config_.solve && !path_.empty()) solver_.prove_terminal(path_.back(), values);
    blend_score_margin(state, config_.score_weight, config_.score_scale, values);
  }

  const SearchConfig& config_;
  Evaluator& evaluator_;
  NodeArena& arena_;
  Rng rng_;
  Selector selector_;
  TreeOps<S> ops_;
  Solver<S> solver_;
  const S* root_ = nullptr;
  std::vector<TreeStep> path_;
};

}  // namespace ts
