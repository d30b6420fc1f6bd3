// MCTS-Solver (Winands, Bjornsson and Saito 2008) over a node arena, for config.solve: two
// players, no chance, returns in [-1, 1]. Terminal values are backed up as proofs: a node is
// proven when one child is a proven win for its mover or all its children are proven (a proven
// edge's mean is the exact game value); proven losses are avoided, and the search stops once the
// root is proven.
#pragma once
#include <algorithm>
#include <limits>
#include <string>
#include <vector>

#include "core/game.h"
#include "search/node_arena.h"
#include "search/pick.h"
#include "search/search_loop.h"
#include "search/selection.h"
#include "search/tree_ops.h"
#include "search/tree_stats.h"

namespace ts {

template <GameState S>
class Solver {
 public:
  Solver(NodeArena& arena, const Selector& selector, TreeOps<S>& ops)
      : arena_(arena), selector_(selector), ops_(ops) {}

  bool root_proven() const { return arena_.node(0).flags & Node::kProven; }

  // The root's exact value for the player to move there: the root edge holds the value of the
  // other player (the one who moved into the root).
  double root_value() const { return 0.0 - arena_.edge(0).mean; }

  // A child of `node`: a proven win at once; else, by the selection rule, among the children not
  // proven (proven losses and draws are known exactly: the parent is proven once all are).
  uint32_t select_child(uint32_t node, Node& parent) {
    if (const uint32_t untried = ops_.unvisited_child(parent)) return untried;
    const Edge* children = &arena_.edge(parent.first_child);
    const float explore = selector_.explore(arena_.edge(node).visits);
    constexpr float kInfinity = std::numeric_limits<float>::infinity();
    return parent.first_child + first_best(parent.num_children, [&](int i) {
             if (!(arena_.node(parent.first_child + i).flags & Node::kProven))
               return Selector::score(children[i].mean, explore, children[i].weight);
             return children[i].mean >= 1.0f ? kInfinity : -kInfinity;  // a proven win, else never
           });
  }

  // Marks the terminal node `step.node` proven with the value of the player who moved into it.
  void prove_terminal(const TreeStep& step, const double* values) {
    const double v = values[step.mover];
    if (v < -1.0 || v > 1.0) fail("solve=True needs returns in [-1, 1], got " + std::to_string(v));
    arena_.node(step.node).flags |= Node::kProven;
    arena_.edge(step.node).mean = static_cast<float>(v);
  }

  // After a backup along `path`: a parent whose child is a proven win for its mover, or whose
  // children are all proven, is proven too. Values are zero-sum, so its edge holds the negation.
  void propagate(const std::vector<TreeStep>& path) {
    for (size_t k = path.size(); k-- > 0;) {
      const uint32_t parent = k > 0 ? path[k - 1].node : 0;
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
  Action choice() const {
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

 private:
  NodeArena& arena_;
  const Selector& selector_;
  TreeOps<S>& ops_;
};

}  // namespace ts
