// Reading results out of a search tree: per-action statistics and the final move.
#pragma once
#include <vector>

#include "search/config.h"
#include "search/node_arena.h"

namespace ts {

// Statistics of the children of `node`, in action order.
inline std::vector<ActionStats> child_stats(const NodeArena& arena, uint32_t node) {
  std::vector<ActionStats> stats;
  const Node& parent = arena.node(node);
  for (int i = 0; i < parent.num_children; ++i) {
    const Edge& e = arena.edge(parent.first_child + i);
    stats.push_back({e.action, e.visits, e.mean});
  }
  return stats;
}

// Most visits; ties broken by mean value, then by the smaller action.
inline Action most_visited(const std::vector<ActionStats>& stats) {
  const ActionStats* best = nullptr;
  for (const auto& s : stats) {
    if (!best || s.visits > best->visits || (s.visits == best->visits && s.value > best->value)) {
      best = &s;
    }
  }
  return best ? best->action : -1;
}

}  // namespace ts
