// The one walk of every search over a node arena (UCT, PUCT, MCTS-Solver, Gumbel and batched
// PUCT), as mctx's search loop: the steps of search/search_loop.h, with the choice of a child
// left to the search's rules, one for the root and one below it (mctx's root and interior action
// selection). A search passes an object with
//     uint32_t root_child(uint32_t node, Node& parent)       the root's choice
//     uint32_t interior_child(uint32_t node, Node& parent)   the choice below it
//     void reached_end(const double* values)                 the game ended at the leaf (returns)
//     void evaluated(uint32_t leaf, const double* values)    the evaluator valued the leaf
// and the walk does the rest: chance by its probabilities, expansion, evaluation and backup.
//
// Expansion follows the interior rule: a rule without priors (UCB1) evaluates a leaf on its first
// visit and expands it on the next, walking on into one of its new children; a rule with priors
// expands a leaf at once, with the evaluator's priors (uniform if it has none), and evaluates
// it. Chance nodes need no evaluation: the walk goes on through them. Batched evaluation
// (search/batched_puct.h) takes the same walk and defers the evaluation.
#pragma once
#include <algorithm>
#include <utility>
#include <vector>

#include "core/game.h"
#include "search/algorithm.h"
#include "search/budget.h"
#include "search/config.h"
#include "search/evaluator.h"
#include "search/node_arena.h"
#include "search/root_tally.h"
#include "search/score_margin.h"
#include "search/search_loop.h"
#include "search/selection.h"
#include "search/tree_ops.h"

namespace ts {

template <GameState S, class Evaluator>
class ArenaWalk {
 public:
  ArenaWalk(const SearchConfig& config, int max_legal_actions, Evaluator& evaluator, NodeArena& arena)
      : config_(config),
        evaluator_(evaluator),
        arena_(arena),
        rng_(config.seed),
        selector_(selector_for(config.algorithm, config.uct_c)),
        ops_(arena, rng_, config, selector_, max_legal_actions) {}

  Rng& rng() { return rng_; }
  Selector& selector() { return selector_; }
  TreeOps<S>& ops() { return ops_; }
  const std::vector<TreeStep>& path() const { return path_; }
  void clear_path() { path_.clear(); }

  // Select, expand and evaluate from `root`: the values of the leaf reached, into `values`.
  template <class Rules>
  void simulate(const S& root, Rules& rules, double* values) {
    S state = root;
    path_.clear();
    uint32_t leaf = descend(state, 0, rules);
    while (true) {
      // Only a leaf of the tree can end the game (an expanded node never does), so the state is
      // asked here only: a Python game's player is a call into Python (api/dyn_state.h).
      if (state.is_terminal()) {
        state.returns(values);
        rules.reached_end(values);
        blend_score_margin(state, config_.score_weight, config_.score_scale, values);
        return;
      }
      if (!grow(leaf, state) || evaluated_when_grown(leaf)) {
        evaluator_.evaluate(std::move(state), rng_, values);  // not used after
        rules.evaluated(leaf, values);
        return;
      }
      leaf = descend(state, leaf, rules);  // on into the new children
    }
  }

  // Walks down from `node` while it has children, applying their actions to `state` (and with
  // kVirtualLoss, a virtual loss on each edge taken), and returns the leaf reached. A decision
  // takes the child `rules` picks, chance its outcome's probability.
  template <bool kVirtualLoss = false, class Rules>
  uint32_t descend(S& state, uint32_t node, Rules& rules) {
    BudgetPoller poller(CostlyCalls<S> ? 1 : 256);
    while (arena_.node(node).first_child != 0) {
      poller.tick();
      Node& current = arena_.node(node);
      const uint32_t child = current.player == kChancePlayer ? ops_.sample_child(current)
                             : node == 0                     ? rules.root_child(node, current)
                                                             : rules.interior_child(node, current);
      node = take(state, node, child);
      if constexpr (kVirtualLoss) arena_.add_virtual_loss(node);
    }
    return node;
  }

  // Gives the leaf `node` its children, when the rule expands it now: a rule without priors
  // waits for the node's second visit (the root excepted); a rule with priors takes them from
  // the evaluator (uniform when it has none). False if not grown (or the arena is full).
  bool grow(uint32_t node, const S& state) {
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

  // Adds `values` to every node on `path` and to the root (its visits and `tally`).
  void backup(const std::vector<TreeStep>& path, const double* values, RootTally& tally) {
    for (const TreeStep& step : path) {
      arena_.add_visit(step.node, step.mover >= 0 ? values[step.mover] : 0.0, selector_);
    }
    arena_.edge(0).visits += 1;
    for (size_t p = 0; p < tally.sums.size(); ++p) tally.sums[p] += values[p];
  }
  void backup(const double* values, RootTally& tally) { backup(path_, values, tally); }

 private:
  // Applies the action into `child` of `parent` to `state` and records the step (inlined: a step
  // of every walk).
  [[gnu::always_inline]] uint32_t take(S& state, uint32_t parent, uint32_t child) {
    const int mover = arena_.node(parent).player;
    if constexpr (LearnsFromIterations<Evaluator>) {
      if (mover != kChancePlayer) evaluator_.tree_move(mover, arena_.edge(child).action);
    }
    state.apply_action(arena_.edge(child).action);
    path_.push_back({child, mover});
    return child;
  }

  // A rule with priors evaluates the decision node it has just expanded (chance walks on).
  bool evaluated_when_grown(uint32_t node) const {
    return selector_.uses_priors() && arena_.node(node).player != kChancePlayer;
  }

  const SearchConfig& config_;
  Evaluator& evaluator_;
  NodeArena& arena_;
  Rng rng_;
  Selector selector_;
  TreeOps<S> ops_;
  std::vector<TreeStep> path_;
};

}  // namespace ts
