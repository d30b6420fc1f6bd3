// UCT for games with chance and any number of players. Each iteration walks down the tree
// (select), grows it by one node's children (expand), evaluates the new leaf (evaluate), and
// adds the leaf's values to every edge on the path (backup). An edge stores the value of the
// player who chose its action, so every decision node maximises its mover's value.
#pragma once
#include <cmath>
#include <vector>

#include "core/game.h"
#include "search/budget.h"
#include "search/config.h"
#include "search/node_arena.h"
#include "search/sqrt_log.h"
#include "search/tree_stats.h"

namespace ts {

inline void check_uct_c(double uct_c) {
  if (!std::isfinite(uct_c) || uct_c < 0) fail("uct_c must be a finite number >= 0, got " + std::to_string(uct_c));
}

template <GameState S>
inline void check_searchable(const S& state) {
  if (state.is_terminal()) fail("cannot search a terminal state: the game is over");
  if (state.current_player() == kChancePlayer) {
    fail("cannot search at a chance node: apply a chance outcome first (see chance_outcomes())");
  }
}

template <GameState S, class Evaluator>
class UctSearch {
 public:
  UctSearch(const SearchConfig& config, int max_legal_actions, Evaluator& evaluator)
      : config_(config), evaluator_(evaluator), arena_(config.max_memory_mb), rng_(config.seed),
        actions_(max_legal_actions), outcomes_(max_legal_actions) {
    check_uct_c(config.uct_c);
  }

  SearchResult run(const S& root_state) {
    check_searchable(root_state);
    const int num_players = root_state.num_players();
    std::vector<double> root_sums(num_players, 0.0);
    double values[kMaxPlayers];

    Budget budget(config_);
    int64_t done = 0;
    while (budget.more(done)) {
      S state = root_state;
      path_.clear();
      descend(state, values);
      backup(values);
      for (int p = 0; p < num_players; ++p) root_sums[p] += values[p];
      ++done;
    }

    SearchResult result;
    result.algorithm = "uct";
    result.iterations = done;
    result.elapsed = budget.elapsed();
    result.nodes = arena_.size();
    result.node_bytes = arena_.bytes_used();
    result.memory_capped = arena_.capped();
    if (arena_.node(0).first_child == 0 && !expand(0, root_state)) {
      fail("max_memory_mb is too small to hold the root's children");
    }
    result.stats = child_stats(arena_, 0);
    result.best_action = most_visited(result.stats);
    for (double s : root_sums) result.root_values.push_back(done ? s / done : 0.0);
    return result;
  }

 private:
  // One step of a walk: the node reached, and the player who chose the action into it.
  struct Step {
    uint32_t node;
    int mover;
  };

  // Walks from the root to a leaf, applying actions to `state`, and leaves the leaf's values.
  void descend(S& state, double* values) {
    uint32_t node = 0;
    while (true) {
      if (state.is_terminal()) {
        state.returns(values);
        return;
      }
      Node& current = arena_.node(node);
      if (current.first_child == 0) {
        // A leaf: evaluate it on its first visit; expand it when it is visited again.
        if ((arena_.edge(node).visits == 0 && node != 0) || !expand(node, state)) {
          evaluator_.evaluate(state, rng_, values);
          return;
        }
      }
      const int mover = current.player;
      node = mover == kChancePlayer ? sample_child(current) : select_child(node, current);
      state.apply_action(arena_.edge(node).action);
      path_.push_back({node, mover});
    }
  }

  bool expand(uint32_t node, const S& state) {
    const int player = state.current_player();
    const int n = player == kChancePlayer ? state.chance_outcomes(outcomes_.data())
                                          : state.legal_actions(actions_.data());
    const uint32_t first = arena_.allocate(n);
    if (first == 0) return false;
    for (int i = 0; i < n; ++i) {
      if (player == kChancePlayer) {
        arena_.edge(first + i).action = outcomes_[i].action;
        arena_.node(first + i).prior = static_cast<float>(outcomes_[i].probability);
      } else {
        arena_.edge(first + i).action = actions_[i];
      }
    }
    Node& parent = arena_.node(node);
    parent.first_child = first;
    parent.num_children = static_cast<uint16_t>(n);
    parent.player = static_cast<int8_t>(player);
    return true;
  }

  uint32_t sample_child(const Node& parent) {
    double r = rng_.uniform();
    for (int i = 0; i < parent.num_children - 1; ++i) {
      r -= arena_.node(parent.first_child + i).prior;
      if (r < 0) return parent.first_child + i;
    }
    return parent.first_child + parent.num_children - 1;
  }

  uint32_t select_child(uint32_t node, Node& parent) {
    const uint32_t first = parent.first_child;
    const int n = parent.num_children;
    const Edge* children = &arena_.edge(first);
    if (!(parent.flags & Node::kAllChildrenVisited)) {
      // Unvisited children first, in random order, so small budgets are not biased to low actions.
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
    const float explore = static_cast<float>(config_.uct_c) * sqrt_log(arena_.edge(node).visits);
    return first + best_score_index(children, n, explore);
  }

  // argmax of mean + explore * weight; the first of equal scores wins. Two interleaved scans
  // halve the dependency chain of the loop, which dominates selection on small branchings.
  static int best_score_index(const Edge* children, int n, float explore) {
    int best[2] = {0, n > 1 ? 1 : 0};
    float score[2] = {children[0].mean + explore * children[0].weight,
                      children[best[1]].mean + explore * children[best[1]].weight};
    for (int i = 2; i < n; ++i) {
      const int lane = i & 1;
      const float s = children[i].mean + explore * children[i].weight;
      if (s > score[lane]) {
        score[lane] = s;
        best[lane] = i;
      }
    }
    if (score[1] > score[0] || (score[1] == score[0] && best[1] < best[0])) return best[1];
    return best[0];
  }

  void backup(const double* values) {
    for (const Step& step : path_) arena_.add_visit(step.node, step.mover >= 0 ? values[step.mover] : 0.0);
    arena_.edge(0).visits += 1;
  }

  const SearchConfig& config_;
  Evaluator& evaluator_;
  NodeArena arena_;
  Rng rng_;
  std::vector<Action> actions_;
  std::vector<ChanceOutcome> outcomes_;
  std::vector<Step> path_;
};

}  // namespace ts
