// Gumbel root search (Danihelka, Guez, Schrittwieser and Silver, "Policy improvement by planning
// with Gumbel", ICLR 2022; mctx's gumbel_muzero_policy): the walk over a node arena
// (search/arena_walk.h) with Gumbel's rules, sequential halving at the root and the improved
// policy below it (search/selection/gumbel.h). It finds strong moves from small budgets by
// planning which root actions to try instead of exploring them.
//
// Leaves are expanded and evaluated at once, as in PUCT (priors from the evaluator, uniform if it
// has none). Each node's own value for its mover, which completes the q of its unvisited
// children, is kept beside the arena (one float per node), so the tree is not kept between
// searches. The iteration budget plans the halving; a time limit may end it early.
#pragma once
#include <algorithm>
#include <cmath>
#include <vector>

#include "core/game.h"
#include "search/algorithm.h"
#include "search/arena_walk.h"
#include "search/checks.h"
#include "search/config.h"
#include "search/evaluator.h"
#include "search/node_arena.h"
#include "search/return_scale.h"
#include "search/search_loop.h"
#include "search/selection/gumbel.h"
#include "search/tree_stats.h"

namespace ts {

template <GameState S, class Evaluator>
class GumbelSearch {
 public:
  GumbelSearch(const SearchConfig& config, int max_legal_actions, Evaluator& evaluator, NodeArena& arena)
      : config_(config),
        evaluator_(evaluator),
        arena_(arena),
        walk_(config, max_legal_actions, evaluator, arena),
        schedule_(0, 0) {
    if (config.iterations <= 0) {
      fail(
          "algorithm 'gumbel' plans its iterations between the root actions: give iterations (time_limit "
          "may be given too, to end it early)");
    }
    if (config.solve) fail("solve=True works with algorithm 'uct', not 'gumbel'");
  }

  SearchResult run(const S& root) {
    check_searchable(root);
    scale_ = ReturnScale::of(root);
    walk_.selector().scale_values(scale_);
    root_ = &root;
    tally_.fit(root.num_players());
    // The root's children and priors now; its own value (a playout, which may not end) in the
    // first iteration, where the budget is polled.
    if (arena_.node(0).first_child == 0 && !walk_.grow(0, root)) {
      fail("max_memory_mb is too small to hold the root's children");
    }
    const Node& root_node = arena_.node(0);
    gumbel_.assign(root_node.num_children, 0.0f);  // no noise if the time runs out before it is drawn
    schedule_ =
        HalvingSchedule(std::min<int>(config_.gumbel_actions, root_node.num_children), config_.iterations);

    const LoopStats loop = run_iterations(config_, *this, evaluator_);

    tally_.visits = loop.iterations;
    SearchResult result =
        tree_result(algorithm_name(config_.algorithm), loop.iterations, loop.elapsed, arena_, tally_);
    result.stats = child_stats(arena_, 0);
    result.best_action = arena_.edge(final_child()).action;
    result.principal_variation = principal_variation(arena_, result.best_action);
    sigma(0);
    std::vector<double> policy;
    gumbel_improved_policy(root_node.num_children, child_of(0), sigma_.data(), policy);
    result.improved_policy = policy;
    return result;
  }

  // The steps of one iteration (search/search_loop.h).

  bool complete() const { return false; }
  void simulate(double* values) {
    if (!started_) {
      started_ = true;
      evaluator_.evaluate(*root_, walk_.rng(), values);
      evaluated(0, values);
      for (float& g : gumbel_) {
        g = static_cast<float>(-std::log(-std::log(std::max(walk_.rng().uniform(), 1e-300))) *
                               config_.gumbel_scale);
      }
    }
    walk_.simulate(*root_, *this, values);
  }
  void backup(const double* values) { walk_.backup(values, tally_); }

  // The rules of the walk (search/arena_walk.h).

  // Sequential halving: the considered action whose visits the schedule wants next.
  uint32_t root_child(uint32_t node, Node& parent) {
    sigma(node);
    return parent.first_child + SequentialHalving::choose(parent.num_children, child_of(node), gumbel_.data(),
                                                          sigma_.data(), schedule_.next());
  }
  uint32_t interior_child(uint32_t node, Node& parent) {
    sigma(node);
    return parent.first_child +
           GumbelInterior::choose(parent.num_children, child_of(node), sigma_.data(), improved_);
  }
  void reached_end(const double* /*values*/) {}
  // Keeps the value of a decision node just expanded for its mover.
  void evaluated(uint32_t leaf, const double* values) {
    const Node& node = arena_.node(leaf);
    if (node.first_child == 0 || node.player == kChancePlayer) return;
    if (own_value_.size() <= leaf) own_value_.resize(std::max<size_t>(leaf + 1, own_value_.size() * 2), 0.0f);
    own_value_[leaf] = static_cast<float>(values[node.player]);
  }

 private:
  // The children of `node` as the rules read them.
  auto child_of(uint32_t node) const {
    const uint32_t first = arena_.node(node).first_child;
    return [this, first](int i) {
      const Edge& e = arena_.edge(first + i);
      return GumbelChild{e.visits, e.mean, arena_.node(first + i).prior};
    };
  }

  // sigma(completed q) of the children of `node`, into sigma_ (min-max at the root).
  void sigma(uint32_t node) {
    const double own = node < own_value_.size() ? own_value_[node] : 0.0;
    gumbel_sigma(arena_.node(node).num_children, child_of(node), own, scale_, node == 0, sigma_);
  }

  // The move: the best-scoring root action among the most visited.
  uint32_t final_child() {
    const Node& root = arena_.node(0);
    uint32_t most = 0;
    for (int i = 0; i < root.num_children; ++i)
      most = std::max(most, arena_.edge(root.first_child + i).visits);
    sigma(0);
    return root.first_child +
           SequentialHalving::choose(root.num_children, child_of(0), gumbel_.data(), sigma_.data(), most);
  }

  const SearchConfig& config_;
  Evaluator& evaluator_;
  NodeArena& arena_;
  ArenaWalk<S, Evaluator> walk_;
  const S* root_ = nullptr;
  HalvingSchedule schedule_;
  RootTally tally_;
  bool started_ = false;
  std::vector<float> gumbel_, sigma_, improved_, own_value_;
  ReturnScale scale_;  // the game's utility range, onto which q is mapped to [0, 1]
};

}  // namespace ts
