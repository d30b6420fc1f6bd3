// Information-set MCTS (Cowling, Powley and Whitehouse 2012) for games with hidden information,
// chance and any number of players, in two variants:
//
//  - single observer (SO-ISMCTS): one tree, seen by the root player. Its edges are actions as the
//    root player observes them, so its nodes are the root player's information sets; a move the
//    root player sees only in part is one edge, and the concrete move is drawn at random among
//    those that look alike (SO-ISMCTS+POM).
//  - multiple observer (MO-ISMCTS): one tree per player, each keyed by what its player observes.
//    The player to move selects in its own tree; every tree then follows the move as its owner
//    sees it.
//
// Each iteration draws a world (a determinization of the root player's information set), walks
// down through the actions legal in that world, expands one node, evaluates it by random playout
// and backs the values up. Chance outcomes are drawn during the walk. Selection is UCB with
// availability counts: a child's exploration term uses how often it was available, not how often
// its parent was visited, so actions legal only in some worlds are not penalised.
//
// The root state is read only through determinize(root, root_player, ...): search from two
// states the root player cannot tell apart is identical for the same seed.
#pragma once
#include <cmath>
#include <limits>
#include <utility>
#include <vector>

#include "core/game.h"
#include "search/action_classes.h"
#include "search/budget.h"
#include "search/checks.h"
#include "search/config.h"
#include "search/info_tree.h"
#include "search/observe.h"
#include "search/playout.h"
#include "search/rollout.h"
#include "search/score_margin.h"
#include "search/search_loop.h"
#include "search/sqrt_log.h"
#include "search/tree_stats.h"

namespace ts {

template <GameState S, class Evaluator>
class IsmctsSearch {
 public:
  // Searches into `tree`, whose roots (one, or one per player) must correspond to the root state
  // given to run(); a tree kept from an earlier search continues to grow (tree reuse).
  IsmctsSearch(const SearchConfig& config, int max_legal_actions, Evaluator& evaluator,
               bool multiple_observer, InfoTree& tree)
      : config_(config),
        evaluator_(evaluator),
        multiple_observer_(multiple_observer),
        tree_(&tree),
        rng_(config.seed),
        actions_(max_legal_actions),
        keys_(max_legal_actions),
        outcomes_(max_legal_actions),
        classes_(max_legal_actions) {}

  SearchResult run(const S& root) {
    check_searchable(root);
    root_player_ = root.current_player();
    const int num_players = root.num_players();
    num_trees_ = multiple_observer_ ? num_players : 1;
    InfoTree& tree = *tree_;
    if (tree.size() < static_cast<uint32_t>(num_trees_))
      fail_internal("an information-set tree holds " + std::to_string(tree.size()) +
                    " nodes, fewer than its " + std::to_string(num_trees_) + " roots");

    // The root's legal actions, from one world: the player to move has them in every world.
    const S view = determinize(root, root_player_, rng_);
    const int num_root_actions = check_children(view.legal_actions(actions_.data()));
    const std::vector<Action> root_actions(actions_.begin(), actions_.begin() + num_root_actions);

    RootTally& root_tally = tree.root_tally();  // a kept tree's visits count on
    root_tally.fit(num_players);
    double values[kMaxPlayers];
    const LoopStats loop = run_search_loop(config_, [&](int64_t) {
      S world = determinize(root, root_player_, rng_);
      path_.clear();
      descend(world, values);
      if constexpr (LearnsFromIterations<Evaluator>) evaluator_.end_iteration(values);
      for (const Step& step : path_) tree.add_visit(step.node, step.mover >= 0 ? values[step.mover] : 0.0);
      for (int p = 0; p < num_players; ++p) root_tally.sums[p] += values[p];
      return int64_t{1};
    });

    root_tally.visits += loop.iterations;
    SearchResult result = tree_result(multiple_observer_ ? "mo-ismcts" : "ismcts", loop.iterations,
                                      loop.elapsed, tree, root_tally);
    const uint32_t root_node = tree_of(root_player_);
    for (Action a : root_actions) {
      const uint32_t c = tree.find_child(root_node, observed_action(view, root_player_, a));
      result.stats.push_back({a, c ? static_cast<int64_t>(tree[c].visits) : 0, c ? tree[c].mean : 0.0});
    }
    result.best_action = most_visited(result.stats);
    if (result.best_action >= 0) {
      result.principal_variation =
          principal_variation(tree, root_node, observed_action(view, root_player_, result.best_action));
      if (!result.principal_variation.empty()) result.principal_variation[0] = result.best_action;
    }
    return result;
  }

 private:
  struct Step {
    uint32_t node;
    int mover;  // the player who chose the action into node (kChancePlayer for chance)
  };

  // What one decision node chose: the child (0 if the memory cap stopped growth), the index of
  // the concrete action in actions_, and whether the child is new (the walk ends there).
  struct Choice {
    uint32_t child;
    int index;
    bool expanded;
  };

  uint32_t tree_of(int player) const { return multiple_observer_ ? static_cast<uint32_t>(player) : 0; }
  int owner_of(int tree) const { return multiple_observer_ ? tree : root_player_; }

  // Walks one world from the roots to a new leaf (or the end) and leaves the values in `values`.
  void descend(S& world, double* values) {
    uint32_t current[kMaxPlayers];
    for (int t = 0; t < num_trees_; ++t) current[t] = static_cast<uint32_t>(t);
    BudgetPoller poller(CostlyCalls<S> ? 1 : 256);
    while (true) {
      poller.tick();
      if (world.is_terminal()) {
        world.returns(values);
        blend_score_margin(world, config_.score_weight, config_.score_scale, values);
        return;
      }
      const int mover = world.current_player();
      if (mover == kChancePlayer) {
        const Action outcome = sample_chance_action(world, rng_, outcomes_.data());
        const bool grown = follow(world, outcome, kChancePlayer, -1, current);
        world.apply_action(outcome);
        if (!grown) break;
        continue;
      }
      const int t = static_cast<int>(tree_of(mover));
      const int n = check_children(world.legal_actions(actions_.data()));
      const int owner = owner_of(t);
      for (int i = 0; i < n; ++i) keys_[i] = observed_action(world, owner, actions_[i]);
      const Choice choice = select_or_expand(current[t], n);
      const Action action = actions_[choice.index];
      if constexpr (LearnsFromIterations<Evaluator>) evaluator_.tree_move(mover, action);
      bool grown = choice.child != 0;
      if (grown) {
        path_.push_back({choice.child, mover});
        current[t] = choice.child;
        grown = follow(world, action, mover, t, current);
      }
      world.apply_action(action);
      if (!grown || choice.expanded) break;
    }
    evaluator_.evaluate(std::move(world), rng_, values);  // not used after
  }

  // Moves every tree but `skip` to the child for `action` as its owner observes it (taken in
  // `world`, before it is applied). False if the memory cap stopped the trees growing.
  bool follow(const S& world, Action action, int mover, int skip, uint32_t* current) {
    for (int t = 0; t < num_trees_; ++t) {
      if (t == skip) continue;
      const uint32_t c = tree_->child(current[t], observed_action(world, owner_of(t), action));
      if (c == 0) return false;
      path_.push_back({c, mover});
      current[t] = c;
    }
    return true;
  }

  Choice select_or_expand(uint32_t node, int n) {
    InfoTree& tree = *tree_;
    classes_.build(keys_.data(), n);
    const float c_uct = static_cast<float>(config_.uct_c);
    uint32_t best = 0;
    int best_class = 0;
    float best_score = -std::numeric_limits<float>::infinity();
    int matched = 0;
    for (uint32_t c = tree[node].first_child; c != 0; c = tree[c].next_sibling) {
      InfoNode& child = tree[c];
      const int cls = classes_.find(child.key);
      if (cls < 0) continue;  // not available in this world
      classes_.mark_seen(cls);
      ++matched;
      child.available += 1;
      const float score = child.visits == 0 ? std::numeric_limits<float>::infinity()
                                            : child.mean + c_uct * sqrt_log(child.available) * child.weight;
      if (score > best_score) {
        best_score = score;
        best = c;
        best_class = cls;
      }
    }
    if (matched < classes_.size()) {
      // Expand a uniformly drawn untried choice.
      int pick = static_cast<int>(rng_.below(static_cast<uint32_t>(classes_.size() - matched)));
      int cls = 0;
      for (; cls < classes_.size(); ++cls) {
        if (!classes_.seen(cls) && pick-- == 0) break;
      }
      const uint32_t child = tree.add_child(node, classes_.key(cls));
      if (child != 0) tree[child].available = 1;
      return {child, classes_.pick_member(cls, rng_), true};
    }
    return {best, classes_.pick_member(best_class, rng_), false};
  }

  const SearchConfig& config_;
  Evaluator& evaluator_;
  const bool multiple_observer_;
  InfoTree* tree_;
  Rng rng_;
  int root_player_ = 0;
  int num_trees_ = 1;
  std::vector<Action> actions_;
  std::vector<Action> keys_;
  std::vector<ChanceOutcome> outcomes_;
  ActionClasses classes_;
  std::vector<Step> path_;
};

}  // namespace ts
