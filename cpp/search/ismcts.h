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
// With a rule that reads priors (ismcts-puct), a decision met in a world adds every choice not yet
// in the tree at once, with the evaluator's priors in that world (uniform without them; a choice
// of several concrete moves gets their sum), and a node met with none of its choices in the tree
// is a leaf: the evaluator values that world there, as PUCT values the position it expands.
//
// The root state is read only through determinize(root, root_player, ...): search from two
// states the root player cannot tell apart is identical for the same seed.
#pragma once
#include <cmath>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

#include "core/game.h"
#include "search/action_classes.h"
#include "search/budget.h"
#include "search/checks.h"
#include "search/config.h"
#include "search/dirichlet.h"
#include "search/evaluator.h"
#include "search/info_tree.h"
#include "search/observe.h"
#include "search/pick.h"
#include "search/playout.h"
#include "search/rollout.h"
#include "search/score_margin.h"
#include "search/search_loop.h"
#include "search/selection.h"
#include "search/tree_stats.h"
#include "search/world_beliefs.h"

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
        tree_(tree),
        rng_(config.seed),
        selector_(selector_for(config.algorithm, config.uct_c)),
        actions_(max_legal_actions),
        keys_(max_legal_actions),
        outcomes_(max_legal_actions),
        priors_(max_legal_actions),
        class_priors_(max_legal_actions),
        classes_(max_legal_actions) {}

  // With config.beliefs and the path played (`trajectory`), worlds are weighted by the opponents'
  // moves along it, modelled by what kept trees knew of them (`past`; search/world_beliefs.h).
  SearchResult run(const S& root, const Trajectory<S>* trajectory = nullptr,
                   const PastMoves* past = nullptr) {
    check_searchable(root);
    selector_.scale_values(ReturnScale::of(root));
    root_ = &root;
    root_player_ = root.current_player();
    const int num_players = root.num_players();
    num_trees_ = multiple_observer_ ? num_players : 1;
    if (tree_.size() < static_cast<uint32_t>(num_trees_))
      fail_internal("an information-set tree holds " + std::to_string(tree_.size()) +
                    " nodes, fewer than its " + std::to_string(num_trees_) + " roots");

    // The root's legal actions, from one world: the player to move has them in every world.
    const S view = determinize(root, root_player_, rng_);
    const int num_root_actions = check_children(view.legal_actions(actions_.data()));
    const std::vector<Action> root_actions(actions_.begin(), actions_.begin() + num_root_actions);
    if (config_.beliefs && trajectory) {
      beliefs_.emplace(root, root_player_, *trajectory, past, static_cast<int>(actions_.size()), rng_);
      if (!beliefs_->ready()) beliefs_.reset();
    }

    RootTally& tally = tree_.root_tally();  // a kept tree's visits count on
    tally.fit(num_players);
    const LoopStats loop = run_iterations(config_, *this, evaluator_);

    tally.visits += loop.iterations;
    SearchResult result =
        tree_result(algorithm_name(config_.algorithm), loop.iterations, loop.elapsed, tree_, tally);
    const uint32_t root_node = tree_of(root_player_);
    for (Action a : root_actions) {
      const uint32_t c = tree_.find_child(root_node, observed_action(view, root_player_, a));
      result.stats.push_back({a, c ? static_cast<int64_t>(tree_[c].visits) : 0, c ? tree_[c].mean : 0.0});
    }
    result.best_action = most_visited(result.stats);
    if (result.best_action >= 0) {
      result.principal_variation =
          principal_variation(tree_, root_node, observed_action(view, root_player_, result.best_action));
      if (!result.principal_variation.empty()) result.principal_variation[0] = result.best_action;
    }
    return result;
  }

  // The steps of one iteration (search/search_loop.h), in a world drawn from the root player's
  // information set.

  bool complete() const { return false; }

  void simulate(double* values) {
    S world = beliefs_ ? beliefs_->draw(rng_) : determinize(*root_, root_player_, rng_);
    path_.clear();
    const Stop stop = select(world);
    if (stop == Stop::kUntried) expand(world);  // a leaf (kLeaf) is valued where it stands
    if (stop == Stop::kEnd) {
      world.returns(values);
      blend_score_margin(world, config_.score_weight, config_.score_scale, values);
    } else {
      evaluator_.evaluate(std::move(world), rng_, values);  // not used after
    }
  }

  void backup(const double* values) {
    for (const TreeStep& step : path_)
      tree_.add_visit(step.node, step.mover >= 0 ? values[step.mover] : 0.0, selector_);
    RootTally& tally = tree_.root_tally();
    for (size_t p = 0; p < tally.sums.size(); ++p) tally.sums[p] += values[p];
  }

 private:
  // Where a walk down the trees stopped: at the end of the game; at a decision with a choice not
  // tried yet (classes_ holds the node's choices, those seen in the tree marked); at a decision
  // whose choices a rule with priors has just added (a leaf); or where the memory cap stopped the
  // trees growing.
  enum class Stop { kEnd, kUntried, kLeaf, kFull };

  uint32_t tree_of(int player) const { return multiple_observer_ ? static_cast<uint32_t>(player) : 0; }
  int owner_of(int tree) const { return multiple_observer_ ? tree : root_player_; }

  // Walks `world` down the trees from their roots, each decision taken in the mover's tree by
  // the selection rule, chance by its probabilities, every other tree following the move as its
  // owner sees it.
  Stop select(S& world) {
    for (int t = 0; t < num_trees_; ++t) current_[t] = static_cast<uint32_t>(t);
    BudgetPoller poller(CostlyCalls<S> ? 1 : 256);
    while (true) {
      poller.tick();
      if (world.is_terminal()) return Stop::kEnd;
      const int mover = world.current_player();
      if (mover == kChancePlayer) {
        const Action outcome = sample_chance_action(world, rng_, outcomes_.data());
        const bool grown = follow(world, outcome, kChancePlayer, -1);
        world.apply_action(outcome);
        if (!grown) return Stop::kFull;
        continue;
      }
      const int t = static_cast<int>(tree_of(mover));
      const int n = check_children(world.legal_actions(actions_.data()));
      const int owner = owner_of(t);
      for (int i = 0; i < n; ++i) keys_[i] = observed_action(world, owner, actions_[i]);
      Best best = best_child(current_[t], n);
      if (best.matched < classes_.size()) {
        if (!selector_.uses_priors()) {
          stopped_in_ = {t, mover, best.matched};
          return Stop::kUntried;
        }
        if (!add_with_priors(world, current_[t], n, best)) return Stop::kFull;
        if (best.matched == 0) return Stop::kLeaf;
      }
      if (!take(world, mover, t, best.child, classes_.pick_member(best.cls, rng_))) return Stop::kFull;
    }
  }

  // Adds one of the choices not tried at the decision select() stopped at, drawn uniformly, and
  // takes one of its actions.
  void expand(S& world) {
    const auto [t, mover, matched] = stopped_in_;
    const int cls = nth_qualifying(
        classes_.size(), static_cast<int>(rng_.below(static_cast<uint32_t>(classes_.size() - matched))),
        [&](int c) { return !classes_.seen(c); });
    const uint32_t child = tree_.add_child(current_[t], classes_.key(cls));
    if (child != 0) tree_[child].available = 1;
    take(world, mover, t, child, classes_.pick_member(cls, rng_));
  }

  // The best of the children of `node` available in this world (keys_[0..n)) by the selection
  // rule, with availability counts: a child's exploration term counts how often it was
  // available, not how often its parent was visited. Counts each of them available once more.
  struct Best {
    uint32_t child;
    int cls;
    int matched;  // the node's choices that have a child
    float score;
  };
  Best best_child(uint32_t node, int n) {
    classes_.build(keys_.data(), n);
    Best best{0, 0, 0, -std::numeric_limits<float>::infinity()};
    for (uint32_t c = tree_[node].first_child; c != 0; c = tree_[c].next_sibling) {
      InfoNode& child = tree_[c];
      const int cls = classes_.find(child.key);
      if (cls < 0) continue;  // not available in this world
      classes_.mark_seen(cls);
      ++best.matched;
      child.available += 1;
      consider(best, c, cls);
    }
    return best;
  }

  // Makes child c (of class cls) the best if it scores higher. A rule with priors scores every
  // child (an unvisited one has mean 0, as PUCT's); one without tries unvisited children first.
  void consider(Best& best, uint32_t c, int cls) {
    const InfoNode& child = tree_[c];
    const float score = child.visits == 0 && !selector_.uses_priors()
                            ? std::numeric_limits<float>::infinity()
                            : Selector::score(child.mean, selector_.explore(child.available), child.weight);
    if (score > best.score) best = {c, cls, best.matched, score};
  }

  // Adds the choices of `node` that best_child found no child for, with their priors in `world`
  // (their actions' summed; with config.dirichlet_alpha, noised at the root), and makes the best
  // of all its choices `best`. False if the memory cap stopped the tree growing.
  bool add_with_priors(const S& world, uint32_t node, int n, Best& best) {
    bool given = false;
    if constexpr (PriorEvaluator<Evaluator, S>)
      given = evaluator_.priors(world, actions_.data(), n, priors_.data());
    if (!given) std::fill(priors_.begin(), priors_.begin() + n, 1.0f / static_cast<float>(n));
    if (node < tree_.roots() && config_.dirichlet_alpha > 0)
      add_dirichlet_noise(rng_, priors_.data(), n, config_.dirichlet_alpha, config_.dirichlet_epsilon);
    std::fill(class_priors_.begin(), class_priors_.begin() + classes_.size(), 0.0f);
    for (int i = 0; i < n; ++i) class_priors_[classes_.find(keys_[i])] += priors_[i];
    for (int cls = 0; cls < classes_.size(); ++cls) {
      if (classes_.seen(cls)) continue;
      const uint32_t c = tree_.add_child(node, classes_.key(cls));
      if (c == 0) return false;
      InfoNode& child = tree_[c];
      child.available = 1;
      child.prior = class_priors_[cls];
      child.weight = selector_.weight(0, child.prior);
      consider(best, c, cls);
    }
    return true;
  }

  // Takes actions_[index] as `mover`, into `child` of tree t (0: the memory cap stopped growth);
  // false if some tree could not follow.
  bool take(S& world, int mover, int t, uint32_t child, int index) {
    const Action action = actions_[index];
    if constexpr (LearnsFromIterations<Evaluator>) evaluator_.tree_move(mover, action);
    bool grown = child != 0;
    if (grown) {
      path_.push_back({child, mover});
      current_[t] = child;
      grown = follow(world, action, mover, t);
    }
    world.apply_action(action);
    return grown;
  }

  // Moves every tree but `skip` to the child for `action` as its owner observes it (taken in
  // `world`, before it is applied). False if the memory cap stopped the trees growing.
  bool follow(const S& world, Action action, int mover, int skip) {
    for (int t = 0; t < num_trees_; ++t) {
      if (t == skip) continue;
      const uint32_t c = tree_.child(current_[t], observed_action(world, owner_of(t), action));
      if (c == 0) return false;
      path_.push_back({c, mover});
      current_[t] = c;
    }
    return true;
  }

  struct Stopped {
    int tree;
    int mover;
    int matched;
  };

  const SearchConfig& config_;
  Evaluator& evaluator_;
  const bool multiple_observer_;
  InfoTree& tree_;
  Rng rng_;
  Selector selector_;
  const S* root_ = nullptr;
  std::optional<WorldBeliefs<S>> beliefs_;  // with config.beliefs, where the history replays
  int root_player_ = 0;
  int num_trees_ = 1;
  uint32_t current_[kMaxPlayers] = {};  // the node each tree's walk has reached
  Stopped stopped_in_{};                // where select() stopped with kUntried
  std::vector<Action> actions_;
  std::vector<Action> keys_;
  std::vector<ChanceOutcome> outcomes_;
  std::vector<float> priors_;        // a rule with priors: the evaluator's, per legal action
  std::vector<float> class_priors_;  // and summed per choice
  ActionClasses classes_;
  std::vector<TreeStep> path_;
};

}  // namespace ts
