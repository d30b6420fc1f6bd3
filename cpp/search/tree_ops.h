// What the walk over a node arena (search/arena_walk.h) does at one node: listing and expanding
// its children, sampling a chance child, choosing a child by a scoring rule
// (search/selection.h), and root noise on priors.
#pragma once
#include <cstdint>
#include <vector>

#include "core/game.h"
#include "search/config.h"
#include "search/dirichlet.h"
#include "search/node_arena.h"
#include "search/pick.h"
#include "search/selection.h"

namespace ts {

template <GameState S>
class TreeOps {
 public:
  TreeOps(NodeArena& arena, Rng& rng, const SearchConfig& config, const Selector& selector,
          int max_legal_actions)
      : arena_(arena),
        rng_(rng),
        config_(config),
        selector_(selector),
        actions_(max_legal_actions),
        outcomes_(max_legal_actions),
        priors_(max_legal_actions) {}

  std::vector<Action>& actions() { return actions_; }
  std::vector<float>& priors() { return priors_; }

  // Legal actions (or chance outcomes) of `state` into actions() (and outcome probabilities into
  // priors()); returns how many.
  int list_children(const S& state) {
    if (state.current_player() != kChancePlayer) return check_children(state.legal_actions(actions_.data()));
    const int n = check_children(state.chance_outcomes(outcomes_.data()));
    for (int i = 0; i < n; ++i) {
      actions_[i] = outcomes_[i].action;
      priors_[i] = static_cast<float>(outcomes_[i].probability);
    }
    return n;
  }

  // Gives `node` the n children listed in actions()/priors() (priors: chance probabilities, or
  // the priors of a rule that reads them; ignored otherwise). False if the arena is full.
  bool expand(uint32_t node, int player, int n) {
    const uint32_t first = arena_.allocate(n);
    if (first == 0) return false;
    const bool priors = selector_.uses_priors();
    for (int i = 0; i < n; ++i) {
      arena_.edge(first + i).action = actions_[i];
      if (player == kChancePlayer || priors) arena_.node(first + i).prior = priors_[i];
      if (priors) arena_.edge(first + i).weight = selector_.weight(0, priors_[i]);
    }
    Node& parent = arena_.node(node);
    parent.first_child = first;
    parent.num_children = static_cast<uint16_t>(n);
    parent.player = static_cast<int8_t>(player);
    return true;
  }

  // Mixes Dirichlet noise into the root's priors (PUCT: a rule that scores by priors,
  // config.dirichlet_alpha > 0; Gumbel's root has noise of its own).
  void add_root_noise() {
    const Node& root = arena_.node(0);
    if (!selector_.uses_priors() || !scores_children(selector_.rule()) || config_.dirichlet_alpha <= 0 ||
        root.num_children == 0 || root.player == kChancePlayer)
      return;
    std::vector<float> p(root.num_children);
    for (int i = 0; i < root.num_children; ++i) p[i] = arena_.node(root.first_child + i).prior;
    add_dirichlet_noise(rng_, p.data(), root.num_children, config_.dirichlet_alpha,
                        config_.dirichlet_epsilon);
    for (int i = 0; i < root.num_children; ++i) {
      const uint32_t c = root.first_child + i;
      arena_.node(c).prior = p[i];
      arena_.edge(c).weight = selector_.weight(arena_.edge(c).visits, p[i]);
    }
  }

  uint32_t sample_child(const Node& parent) {
    double r = rng_.uniform();
    for (int i = 0; i < parent.num_children - 1; ++i) {
      r -= arena_.node(parent.first_child + i).prior;
      if (r < 0) return parent.first_child + i;
    }
    return parent.first_child + parent.num_children - 1;
  }

  // A child of `node` that was never visited, drawn uniformly (so that small budgets are not
  // biased to low actions), for rules that try those first; 0 once there is none.
  uint32_t unvisited_child(Node& parent) {
    if (!selector_.unvisited_first() || (parent.flags & Node::kAllChildrenVisited)) return 0;
    const Edge* children = &arena_.edge(parent.first_child);
    const int pick =
        draw_qualifying(rng_, parent.num_children, [&](int i) { return children[i].visits == 0; });
    if (pick >= 0) return parent.first_child + pick;
    parent.flags |= Node::kAllChildrenVisited;
    return 0;
  }

  // The child of `node` the selection rule picks.
  uint32_t select_child(uint32_t node, Node& parent) {
    arena_.prefetch_children(parent);
    if (const uint32_t untried = unvisited_child(parent)) return untried;
    const float explore = selector_.explore(arena_.edge(node).visits);
    return parent.first_child +
           Selector::best_index(&arena_.edge(parent.first_child), parent.num_children, explore);
  }

 private:
  NodeArena& arena_;
  Rng& rng_;
  const SearchConfig& config_;
  const Selector& selector_;
  std::vector<Action> actions_;
  std::vector<ChanceOutcome> outcomes_;
  std::vector<float> priors_;
};

}  // namespace ts
