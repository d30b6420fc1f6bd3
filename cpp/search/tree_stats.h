// Reading results out of a search tree: per-action statistics and the final move.
#pragma once
#include <string>
#include <vector>

#include "search/config.h"
#include "search/node_arena.h"

namespace ts {

// The parts of a result every tree search fills the same way (Tree: NodeArena or InfoTree).
template <class Tree>
SearchResult tree_result(const std::string& algorithm, int64_t iterations, double elapsed, const Tree& tree,
                         const std::vector<double>& root_sums) {
  SearchResult result;
  result.algorithm = algorithm;
  result.iterations = iterations;
  result.elapsed = elapsed;
  result.nodes = tree.size();
  result.node_bytes = tree.bytes_used();
  result.memory_capped = tree.capped();
  for (double s : root_sums) result.root_values.push_back(iterations ? s / static_cast<double>(iterations) : 0.0);
  return result;
}

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
