// Reading results out of a search tree: per-action statistics and the final move.
#pragma once
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "search/config.h"
#include "search/node_arena.h"
#include "search/root_tally.h"

namespace ts {

// The parts of a result every tree search fills the same way (Tree: NodeArena, InfoTree or
// InfosetTable); the root values average `root` (a kept tree's earlier visits included).
template <class Tree>
SearchResult tree_result(const std::string& algorithm, int64_t iterations, double elapsed, const Tree& tree,
                         const RootTally& root) {
  SearchResult result;
  result.algorithm = algorithm;
  result.iterations = iterations;
  result.elapsed = elapsed;
  result.nodes = tree.size();
  result.node_bytes = tree.bytes_used();
  result.memory_capped = tree.capped();
  for (double s : root.sums)
    result.root_values.push_back(root.visits ? s / static_cast<double>(root.visits) : 0.0);
  result.root_visits = root.visits;
  return result;
}

// Statistics of the children of `node`, in action order.
inline std::vector<ActionStat> child_stats(const NodeArena& arena, uint32_t node) {
  std::vector<ActionStat> stats;
  const Node& parent = arena.node(node);
  for (int i = 0; i < parent.num_children; ++i) {
    const Edge& e = arena.edge(parent.first_child + i);
    stats.push_back({e.action, e.visits, e.mean});
  }
  return stats;
}

// The visit-weighted mean value of the children of `node` (the value of the player to move
// there over the visits that went on to a child), if any was visited.
inline std::optional<double> children_mean(const NodeArena& arena, uint32_t node) {
  const Node& n = arena.node(node);
  double sum = 0;
  int64_t visits = 0;
  for (int i = 0; i < n.num_children; ++i) {
    const Edge& e = arena.edge(n.first_child + i);
    sum += static_cast<double>(e.visits) * e.mean;
    visits += e.visits;
  }
  if (visits == 0) return std::nullopt;
  return sum / static_cast<double>(visits);
}

// The same for an information-set tree.
template <class InfoTreeT>
std::optional<double> children_mean(const InfoTreeT& tree, uint32_t node) {
  double sum = 0;
  int64_t visits = 0;
  for (uint32_t c = tree[node].first_child; c != 0; c = tree[c].next_sibling) {
    sum += static_cast<double>(tree[c].visits) * tree[c].mean;
    visits += tree[c].visits;
  }
  if (visits == 0) return std::nullopt;
  return sum / static_cast<double>(visits);
}

// Adds `part` into `into` by action id: visits add up, values are visit-weighted means. Actions
// in only one of them are kept, so searches whose root actions differ (threads or worlds that
// saw other actions) merge without reading out of bounds. The result is in action order.
inline void merge_stats(std::vector<ActionStat>& into, std::vector<ActionStat> part) {
  auto by_action = [](const ActionStat& a, const ActionStat& b) { return a.action < b.action; };
  std::sort(into.begin(), into.end(), by_action);
  std::sort(part.begin(), part.end(), by_action);
  std::vector<ActionStat> merged;
  merged.reserve(into.size() + part.size());
  size_t i = 0, j = 0;
  while (i < into.size() || j < part.size()) {
    if (j == part.size() || (i < into.size() && into[i].action < part[j].action)) {
      merged.push_back(into[i++]);
    } else if (i == into.size() || part[j].action < into[i].action) {
      merged.push_back(part[j++]);
    } else {
      ActionStat m = into[i++];
      const ActionStat& s = part[j++];
      const int64_t visits = m.visits + s.visits;
      m.value = visits > 0
                    ? (m.value * static_cast<double>(m.visits) + s.value * static_cast<double>(s.visits)) /
                          static_cast<double>(visits)
                    : 0.0;
      m.visits = visits;
      merged.push_back(m);
    }
  }
  into = std::move(merged);
}

// Most visits; ties broken by mean value, then by the smaller action.
inline Action most_visited(const std::vector<ActionStat>& stats) {
  const ActionStat* best = nullptr;
  for (const auto& s : stats) {
    if (!best || s.visits > best->visits || (s.visits == best->visits && s.value > best->value)) {
      best = &s;
    }
  }
  return best ? best->action : -1;
}

// The most visited line: `first` (a child of `root`), then the most visited child at each level,
// while nodes have visited children; at most `max_len` actions. Read once after a search.
inline std::vector<Action> principal_variation(const NodeArena& arena, Action first, int max_len = 16) {
  std::vector<Action> line;
  uint32_t node = 0;
  Action wanted = first;
  while (static_cast<int>(line.size()) < max_len) {
    const Node& n = arena.node(node);
    if (n.first_child == 0) break;
    uint32_t best = 0;
    for (int i = 0; i < n.num_children; ++i) {
      const uint32_t c = n.first_child + i;
      const Edge& e = arena.edge(c);
      if (wanted >= 0 ? e.action == wanted : (best == 0 || e.visits > arena.edge(best).visits)) best = c;
    }
    if (best == 0 || arena.edge(best).visits == 0) break;
    line.push_back(arena.edge(best).action);
    node = best;
    wanted = -1;
  }
  return line;
}

// The same for an information-set tree (keys are actions as the tree's owner observes them).
template <class InfoTreeT>
std::vector<Action> principal_variation(const InfoTreeT& tree, uint32_t root, Action first_key,
                                        int max_len = 16) {
  std::vector<Action> line;
  uint32_t node = root;
  Action wanted = first_key;
  while (static_cast<int>(line.size()) < max_len) {
    uint32_t best = 0;
    for (uint32_t c = tree[node].first_child; c != 0; c = tree[c].next_sibling) {
      if (wanted >= 0 ? tree[c].key == wanted : (best == 0 || tree[c].visits > tree[best].visits)) best = c;
    }
    if (best == 0 || tree[best].visits == 0) break;
    line.push_back(tree[best].key);
    node = best;
    wanted = -1;
  }
  return line;
}

}  // namespace ts
