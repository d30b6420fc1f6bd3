// The tree operations that UCT, PUCT and batched PUCT share: expanding a node, sampling a chance
// child, and choosing a child by score (mean + explore * weight).
#pragma once
#include <vector>

#include "core/game.h"
#include "search/config.h"
#include "search/dirichlet.h"
#include "search/node_arena.h"
#include "search/sqrt_log.h"

namespace ts {

template <GameState S>
class TreeOps {
 public:
  TreeOps(NodeArena& arena, Rng& rng, const SearchConfig& config, int max_legal_actions)
      : arena_(arena),
        rng_(rng),
        config_(config),
        puct_(config.algorithm == Algorithm::kPuct),
        actions_(max_legal_actions),
        outcomes_(max_legal_actions),
        priors_(max_legal_actions) {}

  bool puct() const { return puct_; }
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
  // PUCT priors; ignored by UCT). False if the arena is full.
  bool expand(uint32_t node, int player, int n) {
    const uint32_t first = arena_.allocate(n);
    if (first == 0) return false;
    for (int i = 0; i < n; ++i) {
      arena_.edge(first + i).action = actions_[i];
      if (player == kChancePlayer || puct_) arena_.node(first + i).prior = priors_[i];
      if (puct_) arena_.edge(first + i).weight = priors_[i];
    }
    Node& parent = arena_.node(node);
    parent.first_child = first;
    parent.num_children = static_cast<uint16_t>(n);
    parent.player = static_cast<int8_t>(player);
    return true;
  }

  // Mixes Dirichlet noise into the root's priors (PUCT with config.dirichlet_alpha > 0).
  void add_root_noise() {
    const Node& root = arena_.node(0);
    if (!puct_ || config_.dirichlet_alpha <= 0 || root.num_children == 0 || root.player == kChancePlayer)
      return;
    std::vector<float> p(root.num_children);
    for (int i = 0; i < root.num_children; ++i) p[i] = arena_.node(root.first_child + i).prior;
    add_dirichlet_noise(rng_, p.data(), root.num_children, config_.dirichlet_alpha,
                        config_.dirichlet_epsilon);
    for (int i = 0; i < root.num_children; ++i) {
      const uint32_t c = root.first_child + i;
      arena_.node(c).prior = p[i];
      arena_.edge(c).weight = p[i] / (1.0f + static_cast<float>(arena_.edge(c).visits));
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

  // UCT: unvisited children first, in random order (so small budgets are not biased to low
  // actions); then mean + c sqrt(ln N) / sqrt(n). PUCT: mean + c sqrt(N) prior / (1 + n).
  uint32_t select_child(uint32_t node, Node& parent) {
    const uint32_t first = parent.first_child;
    const int n = parent.num_children;
    const Edge* children = &arena_.edge(first);
    const uint32_t visits = arena_.edge(node).visits;
    if (puct_) {
      const float explore = static_cast<float>(config_.uct_c * std::sqrt(static_cast<double>(visits)));
      return first + best_score_index(children, n, explore);
    }
    if (!(parent.flags & Node::kAllChildrenVisited)) {
      int unvisited = 0;
      for (int i = 0; i < n; ++i) unvisited += children[i].visits == 0;
      if (unvisited > 0) {
        int pick = static_cast<int>(rng_.below(static_cast<uint32_t>(unvisited)));
        for (int i = 0; i < n; ++i) {
          if (children[i].visits == 0 && pick-- == 0) return first + i;
        }
      }
      parent.flags |= Node::kAllChildrenVisited;
    }
    return first + best_score_index(children, n, static_cast<float>(config_.uct_c) * sqrt_log(visits));
  }

  // argmax of mean + explore * weight; the first of equal scores wins. Written with selects
  // rather than branches: which child wins is unpredictable, and mispredictions dominated.
  static int best_score_index(const Edge* children, int n, float explore) {
    int best = 0;
    float best_score = children[0].mean + explore * children[0].weight;
    for (int i = 1; i < n; ++i) {
      const float score = children[i].mean + explore * children[i].weight;
      const bool better = score > best_score;
      best = better ? i : best;
      best_score = better ? score : best_score;
    }
    return best;
  }

 private:
  NodeArena& arena_;
  Rng& rng_;
  const SearchConfig& config_;
  bool puct_;
  std::vector<Action> actions_;
  std::vector<ChanceOutcome> outcomes_;
  std::vector<float> priors_;
};

}  // namespace ts
