// Gumbel root search (Danihelka, Guez, Schrittwieser and Silver, "Policy improvement by planning
// with Gumbel", ICLR 2022; mctx's gumbel_muzero_policy). It finds strong moves from small budgets
// by planning which root actions to try instead of exploring them:
//  - root: Gumbel noise g(a) is added to the prior logits; the top `gumbel_actions` actions by
//    g(a) + logit(a) are considered, and sequential halving shares the iterations between them,
//    keeping the better half by g(a) + logit(a) + sigma(q(a)) after each round. The move is the
//    best survivor by the same score.
//  - below the root: the action maximising pi'(a) - n(a) / (1 + sum n), where pi' is the
//    improved policy softmax(logit + sigma(completed q)): visits follow pi' deterministically.
// q values are completed for unvisited actions by the mix of the node's own value and its
// visited children's q (weighted by prior), mapped onto [0, 1], and
// sigma(q) = (kVisitBase + max n) * kValueScale * q (mctx's defaults 50 and 0.1).
//
// Below the root q is mapped by the game's utility range, not by mctx's min-max rescaling in each
// node, which turns any difference between the completed q into the whole range. With a noisy own
// value (one random playout, -1 say), a node whose only visited child scores above it gave that
// child sigma's maximum and every unvisited child 0, and pi' - n / (1 + sum n) then never left it
// (1 / (1 + n) stays above the others' e^-(5 + n / 10)): the opponent's winning reply below a root
// move was never tried, and the move was rated +0.99 (benchmarks/gumbel_vs_uct.py measures it).
//
// Leaves are expanded and evaluated at once, as in PUCT (priors from the evaluator, uniform if it
// has none). Each node's own value for its mover is kept beside the arena (one float per node),
// so the tree is not kept between searches. The iteration budget plans the halving; a time limit
// may end it early.
#pragma once
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "core/game.h"
#include "search/algorithm.h"
#include "search/checks.h"
#include "search/config.h"
#include "search/evaluator.h"
#include "search/node_arena.h"
#include "search/return_scale.h"
#include "search/search_loop.h"
#include "search/tree_ops.h"
#include "search/tree_stats.h"

namespace ts {

// The visit count the root action chosen at each simulation must have (mctx's
// get_sequence_of_considered_visits, one simulation at a time): `considered` actions get equal
// shares of the budget in each of ceil(log2(considered)) rounds, and half of them are dropped
// after each round (two are always kept).
class HalvingSchedule {
 public:
  HalvingSchedule(int considered, int64_t simulations)
      : simulations_(simulations),
        rounds_(considered <= 1 ? 0
                                : static_cast<int>(std::ceil(std::log2(static_cast<double>(considered))))),
        remaining_(considered) {
    start_round();
  }

  uint32_t next() {
    if (rounds_ == 0) return static_cast<uint32_t>(pass_++);  // one action: every visit is its
    const uint32_t wanted = static_cast<uint32_t>(base_ + pass_);
    if (++position_ == remaining_) {
      position_ = 0;
      if (++pass_ == passes_) {
        base_ += passes_;
        remaining_ = std::max(2, remaining_ / 2);
        start_round();
      }
    }
    return wanted;
  }

 private:
  void start_round() {
    pass_ = 0;
    if (rounds_ > 0)
      passes_ = std::max<int64_t>(1, simulations_ / (static_cast<int64_t>(rounds_) * remaining_));
  }

  int64_t simulations_;
  int rounds_;
  int remaining_;
  int position_ = 0;
  int64_t base_ = 0, pass_ = 0, passes_ = 1;
};

template <GameState S, class Evaluator>
class GumbelSearch {
 public:
  static constexpr float kVisitBase = 50.0f;
  static constexpr float kValueScale = 0.1f;

  GumbelSearch(const SearchConfig& config, int max_legal_actions, Evaluator& evaluator, NodeArena& arena)
      : config_(config),
        evaluator_(evaluator),
        arena_(arena),
        rng_(config.seed),
        selector_(selector_for(config.algorithm, config.uct_c)),
        ops_(arena, rng_, config, selector_, max_legal_actions) {
    if (config.iterations <= 0) {
      fail(
          "algorithm 'gumbel' plans its iterations between the root actions: give iterations (time_limit "
          "may be given too, to end it early)");
    }
  }

  SearchResult run(const S& root_state) {
    check_searchable(root_state);
    scale_ = ReturnScale::of(root_state);
    selector_.scale_values(scale_);
    const int players = root_state.num_players();
    RootTally tally;
    tally.fit(players);
    double values[kMaxPlayers];
    // The root's children and priors now; its own value (a playout, which may not end) in the
    // first iteration, where the budget is polled.
    if (arena_.node(0).first_child == 0 && !expand(0, root_state)) {
      fail("max_memory_mb is too small to hold the root's children");
    }
    const Node& root = arena_.node(0);
    gumbel_.assign(root.num_children, 0.0f);  // no noise if the time runs out before it is drawn
    const int considered = std::min<int>(config_.gumbel_actions, root.num_children);
    HalvingSchedule schedule(considered, config_.iterations);

    const LoopStats loop = run_search_loop(config_, [&](int64_t done) {
      if (done == 0) {
        evaluate(0, root_state, values);
        for (float& g : gumbel_) {
          g = static_cast<float>(-std::log(-std::log(std::max(rng_.uniform(), 1e-300))) *
                                 config_.gumbel_scale);
        }
      }
      S state = root_state;
      path_.clear();
      const uint32_t first = arena_.node(0).first_child + root_choice(schedule.next(), false);
      step(first, 0, state);
      descend(first, state, values);
      for (const TreeStep& s : path_)
        arena_.add_visit(s.node, s.mover >= 0 ? values[s.mover] : 0.0, selector_);
      arena_.edge(0).visits += 1;
      for (int p = 0; p < players; ++p) tally.sums[p] += values[p];
      return int64_t{1};
    });

    tally.visits = loop.iterations;
    SearchResult result =
        tree_result(algorithm_name(config_.algorithm), loop.iterations, loop.elapsed, arena_, tally);
    result.stats = child_stats(arena_, 0);
    result.best_action = arena_.edge(arena_.node(0).first_child + root_choice(0, true)).action;
    result.principal_variation = principal_variation(arena_, result.best_action);
    result.improved_policy = improved_policy(0);
    return result;
  }

 private:
  void step(uint32_t child, uint32_t parent, S& state) {
    state.apply_action(arena_.edge(child).action);
    path_.push_back({child, arena_.node(parent).player});
  }

  void descend(uint32_t node, S& state, double* values) {
    while (true) {
      const Node& current = arena_.node(node);
      if (current.first_child == 0) {
        if (state.is_terminal()) return state.returns(values);
        if (!expand_and_evaluate(node, state, values) || current.player != kChancePlayer) return;
        // A chance node needs no evaluation of its own: go on below it.
      }
      const uint32_t child =
          current.player == kChancePlayer ? ops_.sample_child(current) : interior_choice(node);
      step(child, node, state);
      node = child;
    }
  }

  // Expands `node` with the evaluator's priors; at a decision node, also evaluates it (values)
  // and keeps its value for its mover. False if the arena is full (then `values` is the leaf's).
  bool expand_and_evaluate(uint32_t node, const S& state, double* values) {
    const bool expanded = expand(node, state);
    if (state.current_player() == kChancePlayer && expanded) return true;
    evaluate(node, state, values);
    return expanded;
  }

  // Gives `node` its children, with the evaluator's priors at a decision node. False if the
  // arena is full.
  bool expand(uint32_t node, const S& state) {
    const int player = state.current_player();
    const int n = ops_.list_children(state);
    if (player != kChancePlayer) {
      bool given = false;
      if constexpr (PriorEvaluator<Evaluator, S>) {
        given = evaluator_.priors(state, ops_.actions().data(), n, ops_.priors().data());
      }
      if (!given) std::fill(ops_.priors().begin(), ops_.priors().begin() + n, 1.0f / static_cast<float>(n));
    }
    return ops_.expand(node, player, n);
  }

  // The leaf values of `node` (values), kept for its mover at a decision node.
  void evaluate(uint32_t node, const S& state, double* values) {
    const int player = state.current_player();
    evaluator_.evaluate(state, rng_, values);
    if (player != kChancePlayer) {
      if (own_value_.size() <= node)
        own_value_.resize(std::max<size_t>(node + 1, own_value_.size() * 2), 0.0f);
      own_value_[node] = static_cast<float>(values[player]);
    }
  }

  float logit(uint32_t child) const { return std::log(std::max(arena_.node(child).prior, 1e-30f)); }

  // sigma(completed q) of each child of `node`, into sigma_.
  void transformed_q(uint32_t node) {
    const Node& parent = arena_.node(node);
    const int n = parent.num_children;
    sigma_.resize(n);
    uint32_t total_visits = 0, most_visits = 0;
    double weighted_q = 0, visited_prior = 0;
    for (int i = 0; i < n; ++i) {
      const uint32_t c = parent.first_child + i;
      const Edge& e = arena_.edge(c);
      total_visits += e.visits;
      most_visits = std::max(most_visits, e.visits);
      if (e.visits > 0) {
        const double p = std::max(arena_.node(c).prior, 1e-30f);
        visited_prior += p;
        weighted_q += p * e.mean;
      }
    }
    const double own = node < own_value_.size() ? own_value_[node] : 0.0;
    const double mixed =
        visited_prior > 0 ? (own + total_visits * weighted_q / visited_prior) / (1.0 + total_visits) : own;
    for (int i = 0; i < n; ++i) {
      const Edge& e = arena_.edge(parent.first_child + i);
      const double q = scale_.scaled(e.visits > 0 ? e.mean : mixed);  // in [-1, 1]
      sigma_[i] = static_cast<float>(std::clamp((q + 1.0) / 2.0, 0.0, 1.0));
    }
    // At the root, min-max (mctx's rescaling): the schedule visits every considered action, so
    // the full range only sharpens which half survives. Below it, the utility range (see above).
    float low = 0.0f, range = 1.0f;
    if (node == 0) {
      const auto [lowest, highest] = std::minmax_element(sigma_.begin(), sigma_.end());
      low = *lowest;
      range = std::max(*highest - *lowest, 1e-8f);
    }
    const float scale = (kVisitBase + static_cast<float>(most_visits)) * kValueScale;
    for (float& s : sigma_) s = (s - low) / range * scale;
  }

  // The root action to simulate next (the considered action with `visits` visits scoring best),
  // or with `final`, the move: the best-scoring action among the most visited.
  int root_choice(uint32_t visits, bool final) {
    transformed_q(0);
    const Node& root = arena_.node(0);
    uint32_t wanted = visits;
    if (final) {
      wanted = 0;
      for (int i = 0; i < root.num_children; ++i)
        wanted = std::max(wanted, arena_.edge(root.first_child + i).visits);
    }
    int best = -1;
    float best_score = 0;
    for (int i = 0; i < root.num_children; ++i) {
      const uint32_t c = root.first_child + i;
      if (arena_.edge(c).visits != wanted) continue;
      const float score = gumbel_[i] + logit(c) + sigma_[i];
      if (best < 0 || score > best_score) {
        best = i;
        best_score = score;
      }
    }
    if (best >= 0) return best;
    // A time limit cut a round short: the least visited action of the best scores.
    for (int i = 0; i < root.num_children; ++i) {
      const uint32_t c = root.first_child + i;
      const float score = gumbel_[i] + logit(c) + sigma_[i] - static_cast<float>(arena_.edge(c).visits);
      if (best < 0 || score > best_score) {
        best = i;
        best_score = score;
      }
    }
    return best;
  }

  // Below the root: argmax of pi'(a) - n(a) / (1 + sum n).
  uint32_t interior_choice(uint32_t node) {
    transformed_q(node);
    const Node& parent = arena_.node(node);
    const int n = parent.num_children;
    improved_.resize(n);
    float top = -std::numeric_limits<float>::infinity();
    uint32_t total_visits = 0;
    for (int i = 0; i < n; ++i) {
      improved_[i] = logit(parent.first_child + i) + sigma_[i];
      top = std::max(top, improved_[i]);
      total_visits += arena_.edge(parent.first_child + i).visits;
    }
    double sum = 0;
    for (float& x : improved_) sum += (x = std::exp(x - top));
    int best = 0;
    float best_score = -std::numeric_limits<float>::infinity();
    for (int i = 0; i < n; ++i) {
      const float score =
          static_cast<float>(improved_[i] / sum) -
          static_cast<float>(arena_.edge(parent.first_child + i).visits) / (1.0f + total_visits);
      if (score > best_score) {
        best = i;
        best_score = score;
      }
    }
    return parent.first_child + best;
  }

  // The improved policy at `node` over its children, in action order: the policy target mctx
  // trains on (softmax of logit + sigma(completed q)).
  std::vector<double> improved_policy(uint32_t node) {
    transformed_q(node);
    const Node& parent = arena_.node(node);
    std::vector<double> policy(parent.num_children);
    double top = -INFINITY, sum = 0;
    for (int i = 0; i < parent.num_children; ++i) {
      policy[i] = logit(parent.first_child + i) + sigma_[i];
      top = std::max(top, policy[i]);
    }
    for (double& p : policy) sum += (p = std::exp(p - top));
    for (double& p : policy) p /= sum;
    return policy;
  }

  const SearchConfig& config_;
  Evaluator& evaluator_;
  NodeArena& arena_;
  Rng rng_;
  Selector selector_;  // the PUCT rule's arena: it keeps the priors (search/algorithm.h)
  TreeOps<S> ops_;
  std::vector<TreeStep> path_;
  std::vector<float> gumbel_, sigma_, improved_, own_value_;
  ReturnScale scale_;  // the game's utility range, onto which q is mapped to [0, 1]
};

}  // namespace ts
