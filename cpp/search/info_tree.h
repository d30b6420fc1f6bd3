// Tree storage for information-set search. A node is reached from its parent by a key: an action
// as the tree's owner observes it. Unlike UCT's trees, a node's children are not fixed (different
// worlds allow different actions), so children form a linked list that grows one node at a time.
// Nodes live in one array addressed by index, reserved up front like NodeArena; several trees
// (one per player) can share it, their roots being the first nodes.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <new>
#include <string>
#include <vector>

#include "core/types.h"
#include "search/root_tally.h"
#include "search/selection.h"

namespace ts {

struct InfoNode {
  uint32_t first_child = 0;   // 0: none (roots come first and are never children)
  uint32_t next_sibling = 0;  // 0: the last child
  Action key = -1;            // the observed action leading here from the parent
  uint32_t visits = 0;
  uint32_t available = 0;  // how often this node's action was available at its parent
  float mean = 0;          // mean return for the player who chose the action
  float weight = 0;        // the selection rule's weight of this node, kept current by backup
  float prior = 0;         // a rule with priors: the evaluator's, in the world where the node was added
};

static_assert(sizeof(InfoNode) <= 32, "keep information-set nodes at 32 bytes or less");

class InfoTree {
 public:
  InfoTree(int64_t max_memory_mb, int num_roots) {
    if (max_memory_mb <= 0) fail("max_memory_mb must be > 0, got " + std::to_string(max_memory_mb));
    // Indices are 32-bit: beyond ~128 GB the cap is the index range (and the product cannot overflow).
    const int64_t cap = std::min<int64_t>(max_memory_mb, int64_t{1} << 20) * 1024 * 1024 /
                        static_cast<int64_t>(sizeof(InfoNode));
    capacity_ = static_cast<uint32_t>(std::min<int64_t>(cap, 0xFFFFFFF0LL));
    if (capacity_ < static_cast<uint32_t>(num_roots))
      fail("max_memory_mb is too small to hold the tree roots");
    try {
      nodes_.reserve(capacity_);
    } catch (const std::bad_alloc&) {
      fail("cannot reserve max_memory_mb=" + std::to_string(max_memory_mb) +
           " MB of address space for the search tree on this machine; choose a smaller max_memory_mb");
    }
    nodes_.resize(num_roots);
    roots_ = static_cast<uint32_t>(num_roots);
  }

  uint32_t roots() const { return roots_; }

  InfoNode& operator[](uint32_t i) { return nodes_[i]; }
  const InfoNode& operator[](uint32_t i) const { return nodes_[i]; }
  uint32_t size() const { return static_cast<uint32_t>(nodes_.size()); }
  int64_t bytes_used() const { return static_cast<int64_t>(nodes_.size()) * sizeof(InfoNode); }
  bool capped() const { return capped_; }
  RootTally& root_tally() { return root_tally_; }
  const RootTally& root_tally() const { return root_tally_; }

  uint32_t find_child(uint32_t parent, Action key) const {
    for (uint32_t c = nodes_[parent].first_child; c != 0; c = nodes_[c].next_sibling) {
      if (nodes_[c].key == key) return c;
    }
    return 0;
  }

  // A new child of `parent` reached by `key`, or 0 if the memory cap is reached.
  uint32_t add_child(uint32_t parent, Action key) {
    if (nodes_.size() >= capacity_) {
      capped_ = true;
      return 0;
    }
    const auto child = static_cast<uint32_t>(nodes_.size());
    nodes_.emplace_back();
    nodes_[child].key = key;
    nodes_[child].next_sibling = nodes_[parent].first_child;
    nodes_[parent].first_child = child;
    return child;
  }

  uint32_t child(uint32_t parent, Action key) {
    const uint32_t c = find_child(parent, key);
    return c != 0 ? c : add_child(parent, key);
  }

  // A new tree whose roots are copies of `roots` (in order) with their subtrees, for tree reuse.
  InfoTree extract(const std::vector<uint32_t>& roots, int64_t max_memory_mb) const {
    InfoTree out(max_memory_mb, static_cast<int>(roots.size()));
    std::vector<std::pair<uint32_t, uint32_t>> queue;  // (old index, new index)
    for (uint32_t r = 0; r < roots.size(); ++r) {
      out.nodes_[r] = nodes_[roots[r]];
      out.nodes_[r].first_child = 0;
      out.nodes_[r].next_sibling = 0;
      queue.emplace_back(roots[r], r);
    }
    for (size_t head = 0; head < queue.size(); ++head) {
      const auto [from, to] = queue[head];
      for (uint32_t c = nodes_[from].first_child; c != 0; c = nodes_[c].next_sibling) {
        const uint32_t copy = out.add_child(to, nodes_[c].key);
        if (copy == 0) break;  // the cap is smaller than the subtree: keep what fits
        const uint32_t first = out.nodes_[copy].first_child, next = out.nodes_[copy].next_sibling;
        out.nodes_[copy] = nodes_[c];
        out.nodes_[copy].first_child = first;
        out.nodes_[copy].next_sibling = next;
        queue.emplace_back(c, copy);
      }
    }
    out.capped_ = false;
    return out;
  }

  // Adds one visit with `value` for the player who chose the key into node i.
  void add_visit(uint32_t i, double value, const Selector& selector) {
    InfoNode& n = nodes_[i];
    n.visits += 1;
    n.mean += static_cast<float>((value - n.mean) / n.visits);
    n.weight = selector.weight(n.visits, n.prior);
  }

 private:
  std::vector<InfoNode> nodes_;
  uint32_t capacity_ = 0;
  uint32_t roots_ = 0;
  bool capped_ = false;
  RootTally root_tally_;
};

}  // namespace ts
