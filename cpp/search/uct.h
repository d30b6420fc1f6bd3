// UCT and PUCT for games with chance and any number of players. Each iteration walks down the
// tree (select), grows it by one node's children (expand), evaluates the new leaf (evaluate),
// and adds the leaf's values to every edge on the path (backup). An edge stores the value of the
// player who chose its action, so every decision node maximises its mover's value.
// UCT evaluates a leaf on its first visit and expands it on the second; PUCT expands a leaf at
// once with the evaluator's priors (uniform if it has none) and evaluates it.
//
// With config.solve (MCTS-Solver; two players, no chance, returns in [-1, 1]) terminal values
// are backed up as proofs: a node is proven when one child is a proven win for its mover or all
// children are proven; proven losses are avoided and the search stops once the root is proven.
#pragma once
#include <atomic>
#include <cmath>
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
        ops_(arena, rng_, config, max_legal_actions) {
    check_budget(config);
    if (config.solve && ops_.puct()) fail("solve=True works with algorithm 'uct', not 'puct'");
  }

  SearchResult run(const S& root_state) {
    check_searchable(root_state);
    const int num_players = root_state.num_players();
    if (config_.solve && num_players != 2) fail("solve=True needs a two-player game");
    RootTally& root = arena_.root_tally();  // a kept tree's visits count on
    root.fit(num_players);
    double values[kMaxPlayers];
    ops_.add_root_noise();  // a kept tree's root is already expanded

    const LoopStats loop = run_search_loop(config_, [&](int64_t) {
      if (root_proven()) return kSearchComplete;
      S state = root_state;
      path_.clear();
      descend(state, values);
      if constexpr (LearnsFromIterations<Evaluator>) evaluator_.end_iteration(values);
      backup(values);
      for (int p = 0; p < num_players; ++p) root.sums[p] += values[p];
      return int64_t{1};
    });

    if (arena_.node(0).first_child == 0 && !expand(0, root_state)) {
      fail("max_memory_mb is too small to hold the root's children");
    }
    root.visits += loop.iterations;
    SearchResult result =
        tree_result(algorithm_name(config_.algorithm), loop.iterations, loop.elapsed, arena_, root);
    result.stats = child_stats(arena_, 0);
    result.best_action = config_.solve ? solver_choice() : most_visited(result.stats);
    result.principal_variation = principal_variation(arena_, result.best_action);
    // The root edge holds the value of the other player (the one who moved into the root).
    if (root_proven()) result.proven_value = 0.0 - arena_.edge(0).mean;
    return result;
  }

 private:
  // One step of a walk: the node reached, and the player who chose the action into it.
  struct Step {
    uint32_t node;
    int mover;
  };

  bool root_proven() const { return arena_.node(0).flags & Node::kProven; }

  // Walks from the root to a leaf, applying actions to `state`, and leaves the leaf's values.
  void descend(S& state, double* values) {
    uint32_t node = 0;
    BudgetPoller poller(CostlyCalls<S> ? 1 : 256);
    while (true) {
      poller.tick();
      Node& current = arena_.node(node);
      if (current.first_child == 0) {
        // Only a leaf of the tree can end the game (an expanded node never does), so the state
        // is asked here only: a Python game's player is a call into Python (api/dyn_state.h).
        if (state.is_terminal()) {
          state.returns(values);
          if (config_.solve && !path_.empty()) prove_terminal(path_.back(), values);
          blend_score_margin(state, config_.score_weight, config_.score_scale, values);
          return;
        }
        // UCT evaluates a leaf on its first visit and expands it on the next; PUCT expands at once.
        const bool first_visit = arena_.edge(node).visits == 0 && node != 0;
        if ((first_visit && !ops_.puct()) || !expand(node, state)) {
          evaluator_.evaluate(std::move(state), rng_, values);  // not used after
          return;
        }
        if (node == 0) ops_.add_root_noise();
        if (ops_.puct() && current.player != kChancePlayer) {
          evaluator_.evaluate(std::move(state), rng_, values);  // not used after
          return;
        }
      }
      const int mover = current.player;
      node = mover == kChancePlayer ? ops_.sample_child(current)
             : config_.solve        ? current.first_child + solver_select(node, current)
                                    : ops_.select_child(node, current);
      if constexpr (LearnsFromIterations<Evaluator>) {
        if (mover != kChancePlayer) evaluator_.tree_move(mover, arena_.edge(node).action);
      }
      state.apply_action(arena_.edge(node).action);
      path_.push_back({node, mover});
    }
  }

  // Expands `node`, with the evaluator's priors under PUCT (uniform when it has none).
  bool expand(uint32_t node, const S& state) {
    const int player = state.current_player();
    if (player == kChancePlayer && config_.solve) fail("solve=True needs a game without chance");
    const int n = ops_.list_children(state);
    if (ops_.puct() && player != kChancePlayer) {
      bool given = false;
      if constexpr (PriorEvaluator<Evaluator, S>) {
        given = evaluator_.priors(state, ops_.actions().data(), n, ops_.priors().data());
      }
      if (!given) std::fill(ops_.priors().begin(), ops_.priors().begin() + n, 1.0f / static_cast<float>(n));
    }
    return ops_.expand(node, player, n);
  }

  // Solver selection: a proven win is taken at once; other proven children (losses and draws)
  // are known exactly, so visits go to the unproven ones (the parent is proven once all are).
  int solver_select(uint32_t node, Node& parent) {
    if (!(parent.flags & Node::kAllChildrenVisited)) {
      const uint32_t child = ops_.select_child(node, parent);  // unvisited children first
      if (arena_.edge(child).visits == 0) return static_cast<int>(child - parent.first_child);
    }
    const float explore = static_cast<float>(config_.uct_c) * sqrt_log(arena_.edge(node).visits);
    int best = -1;
    float best_score = 0;
    for (int i = 0; i < parent.num_children; ++i) {
      const uint32_t c = parent.first_child + i;
      const Edge& e = arena_.edge(c);
      if (arena_.node(c).flags & Node::kProven) {
        if (e.mean >= 1.0f) return i;
        continue;
      }
      const float s = e.mean + explore * e.weight;
      if (best < 0 || s > best_score) {
        best = i;
        best_score = s;
      }
    }
    return best < 0 ? 0 : best;
  }

  // Marks a terminal node proven with the value of the player who moved into it.
  void prove_terminal(const Step& step, const double* values) {
    const double v = values[step.mover];
    if (v < -1.0 || v > 1.0) fail("solve=True needs returns in [-1, 1], got " + std::to_string(v));
    arena_.node(step.node).flags |= Node::kProven;
    arena_.edge(step.node).mean = static_cast<float>(v);
  }

  // After a backup: a parent whose child is a proven win for its mover, or whose children are
  // all proven, is proven too. Values are zero-sum, so the parent's edge holds the negation.
  void propagate_proofs() {
    for (size_t k = path_.size(); k-- > 0;) {
      const uint32_t parent = k > 0 ? path_[k - 1].node : 0;
      Node& p = arena_.node(parent);
      if (p.flags & Node::kProven) continue;
      float best = -2.0f;
      bool all_proven = true;
      for (int i = 0; i < p.num_children; ++i) {
        const uint32_t c = p.first_child + i;
        if (arena_.node(c).flags & Node::kProven) {
          best = std::max(best, arena_.edge(c).mean);
        } else {
          all_proven = false;
        }
      }
      if (best >= 1.0f || (all_proven && p.num_children > 0)) {
        p.flags |= Node::kProven;
        arena_.edge(parent).mean = -best;
      } else {
        return;  // nothing above can change
      }
    }
  }

  // The proven best move if the root is proven. Otherwise the most visited move that is not
  // proven, unless a proven move is worth more than that move's estimate (a safe draw).
  Action solver_choice() const {
    const Node& root = arena_.node(0);
    const std::vector<ActionStat> stats = child_stats(arena_, 0);
    const ActionStat* best_proven = nullptr;
    const ActionStat* most_visited_open = nullptr;
    for (int i = 0; i < root.num_children; ++i) {
      const ActionStat& s = stats[i];
      if (arena_.node(root.first_child + i).flags & Node::kProven) {
        if (!best_proven || s.value > best_proven->value) best_proven = &s;
      } else if (!most_visited_open || s.visits > most_visited_open->visits ||
                 (s.visits == most_visited_open->visits && s.value > most_visited_open->value)) {
        most_visited_open = &s;
      }
    }
    if (!most_visited_open || (best_proven && best_proven->value >= most_visited_open->value)) {
      return best_proven->action;
    }
    return most_visited_open->action;
  }

  void backup(const double* values) {
    for (const Step& step : path_) {
      arena_.add_visit(step.node, step.mover >= 0 ? values[step.mover] : 0.0, ops_.puct());
    }
    arena_.edge(0).visits += 1;
    if (config_.solve) propagate_proofs();
  }

  const SearchConfig& config_;
  Evaluator& evaluator_;
  NodeArena& arena_;
  Rng rng_;
  TreeOps<S> ops_;
  std::vector<Step> path_;
};

}  // namespace ts
