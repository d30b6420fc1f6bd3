// Tree nodes stored as two parallel arrays addressed by index. Edge holds what selection and
// backup touch for every child (16 bytes, four to a cache line); Node holds what is read once
// per visited node. Both arrays reserve their whole capacity up front as untouched virtual
// memory: they never move, and the process grows only by the nodes actually used.
#pragma once
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <new>
#include <string>
#include <vector>

#include "core/types.h"
#include "search/root_tally.h"
#include "search/selection.h"

namespace ts {

// The edge into a node from its parent. Selection scores a child as mean + explore * weight.
struct alignas(16) Edge {
  float mean = 0;    // mean return for the player who chose this action
  float weight = 0;  // the selection rule's weight of this child, kept current by backup
  uint32_t visits = 0;
  Action action = -1;  // the action (or chance outcome) leading here
};

struct Node {
  uint32_t first_child = 0;  // 0: not expanded (index 0 is always the root)
  float prior = 0;           // chance probability at chance nodes; policy prior under PUCT
  uint16_t num_children = 0;
  int8_t player = kTerminalPlayer;  // player to move here, set on expansion
  uint8_t flags = 0;

  static constexpr uint8_t kAllChildrenVisited = 1;
  static constexpr uint8_t kProven = 2;   // solver: the edge's mean is the exact game value
  static constexpr uint8_t kPending = 4;  // batched search: waiting for its evaluation
};

inline constexpr int kBytesPerNode = sizeof(Node) + sizeof(Edge);
// A node's children are counted in 16 bits (a wider count would cost 4 bytes per node); every
// search refuses a state with more legal actions or chance outcomes, clearly, up front.
inline constexpr int kMaxChildren = 0xFFFF;

inline int check_children(int n) {
  if (n > kMaxChildren) {
    fail("a state has " + std::to_string(n) +
         " legal actions (or chance outcomes); the search handles at most " + std::to_string(kMaxChildren) +
         " per state");
  }
  return n;
}
static_assert(kBytesPerNode <= 32, "keep nodes at 32 bytes or less");

// The storage of the last small tree the process freed, kept for the next tree: returning the
// pages a search touched to the system, and reserving and touching fresh ones in the next search,
// cost a 15 ms search about 0.15 ms, more than its loop overran its time limit. Only trees of up
// to kKeptBytes are kept. One slot, exchanged atomically (no lock to hold across a fork).
class SpareStorage {
 public:
  static constexpr int64_t kKeptBytes = int64_t{32} << 20;

  // Fills `nodes` and `edges` (empty) with kept storage of at least `capacity`, if there is some.
  static void take(std::vector<Node>& nodes, std::vector<Edge>& edges, size_t capacity) {
    Kept* kept = slot().exchange(nullptr);
    if (!kept) return;
    if (kept->nodes.capacity() >= capacity && kept->edges.capacity() >= capacity) {
      nodes.swap(kept->nodes);
      edges.swap(kept->edges);
    }
    delete kept;
  }

  // Keeps the storage of a tree being freed, if small enough, emptied.
  static void give(std::vector<Node>& nodes, std::vector<Edge>& edges) {
    if (static_cast<int64_t>(nodes.size()) * kBytesPerNode > kKeptBytes || nodes.capacity() == 0) return;
    auto* kept = new Kept;
    nodes.clear();
    edges.clear();
    kept->nodes.swap(nodes);
    kept->edges.swap(edges);
    delete slot().exchange(kept);
  }

 private:
  struct Kept {
    std::vector<Node> nodes;
    std::vector<Edge> edges;
  };
  struct Slot : std::atomic<Kept*> {
    ~Slot() { delete load(); }
  };
  static std::atomic<Kept*>& slot() {
    static Slot kept{};
    return kept;
  }
};

class NodeArena {
 public:
  explicit NodeArena(int64_t max_memory_mb) {
    if (max_memory_mb <= 0) fail("max_memory_mb must be > 0, got " + std::to_string(max_memory_mb));
    // Indices are 32-bit: beyond ~128 GB the cap is the index range (and the product cannot overflow).
    const int64_t cap = std::min<int64_t>(max_memory_mb, int64_t{1} << 20) * 1024 * 1024 / kBytesPerNode;
    capacity_ = static_cast<uint32_t>(std::min<int64_t>(cap, 0xFFFFFFF0LL));
    SpareStorage::take(nodes_, edges_, capacity_);
    try {
      nodes_.reserve(capacity_);
      edges_.reserve(capacity_);
    } catch (const std::bad_alloc&) {
      fail("cannot reserve max_memory_mb=" + std::to_string(max_memory_mb) +
           " MB of address space for the search tree on this machine; choose a smaller max_memory_mb");
    }
    nodes_.emplace_back();  // the root
    edges_.emplace_back();
  }
  ~NodeArena() { SpareStorage::give(nodes_, edges_); }
  NodeArena(NodeArena&&) = default;
  NodeArena& operator=(NodeArena&&) = default;
  NodeArena(const NodeArena&) = default;  // a copy holds its nodes only: it grows by reallocating
  NodeArena& operator=(const NodeArena&) = default;

  Node& node(uint32_t i) { return nodes_[i]; }
  const Node& node(uint32_t i) const { return nodes_[i]; }
  Edge& edge(uint32_t i) { return edges_[i]; }
  const Edge& edge(uint32_t i) const { return edges_[i]; }
  uint32_t size() const { return static_cast<uint32_t>(nodes_.size()); }
  int64_t bytes_used() const { return static_cast<int64_t>(nodes_.size()) * kBytesPerNode; }
  bool capped() const { return capped_; }
  RootTally& root_tally() { return root_tally_; }
  const RootTally& root_tally() const { return root_tally_; }

  // Appends `count` fresh nodes and returns the first index, or 0 if they would exceed the cap.
  uint32_t allocate(int count) {
    if (nodes_.size() + count > capacity_) {
      capped_ = true;
      return 0;
    }
    const auto first = static_cast<uint32_t>(nodes_.size());
    nodes_.resize(nodes_.size() + count);
    edges_.resize(edges_.size() + count);
    return first;
  }

  // Adds one visit with `value` for the player who chose the action into node i, and keeps the
  // child's weight as the selection rule has it.
  void add_visit(uint32_t i, double value, const Selector& selector) {
    Edge& e = edges_[i];
    e.visits += 1;
    const float n = static_cast<float>(e.visits);
    if (!(nodes_[i].flags & Node::kProven)) e.mean += (static_cast<float>(value) - e.mean) / n;
    e.weight = selector.weight(e.visits, nodes_[i].prior);
  }

  // Virtual loss: a pending evaluation counts as a visit with the worst value, steering other
  // walks of the same batch elsewhere; it is taken back before the real value is added.
  void add_virtual_loss(uint32_t i) {
    Edge& e = edges_[i];
    e.visits += 1;
    e.mean += (-1.0f - e.mean) / static_cast<float>(e.visits);
  }
  void remove_virtual_loss(uint32_t i) {
    Edge& e = edges_[i];
    e.mean = e.visits > 1 ? (e.mean * static_cast<float>(e.visits) + 1.0f) / static_cast<float>(e.visits - 1)
                          : 0.0f;
    e.visits -= 1;
  }

  // Asks the memory for the Node records of `parent`'s children (the first 16: 192 bytes), which
  // a walk down the tree reads once it has chosen among their edges: the two reads then wait on
  // memory together instead of one after the other. (A prefetch past the array is harmless.)
  void prefetch_children(const Node& parent) const {
    const char* first = reinterpret_cast<const char*>(nodes_.data() + parent.first_child);
    __builtin_prefetch(first);
    __builtin_prefetch(first + 64);
    __builtin_prefetch(first + 128);
  }

  // The child of `node` reached by `action`, or 0 if the node is not expanded or lacks it.
  uint32_t find_child(uint32_t node, Action action) const {
    const Node& n = nodes_[node];
    for (int i = 0; i < n.num_children; ++i) {
      if (edges_[n.first_child + i].action == action) return n.first_child + i;
    }
    return 0;
  }

  // A new arena holding the subtree under `root` (which becomes index 0), for tree reuse.
  // Copies breadth-first so that every node's children stay contiguous.
  NodeArena extract(uint32_t root, int64_t max_memory_mb) const {
    NodeArena out(max_memory_mb);
    out.nodes_[0] = nodes_[root];
    out.edges_[0] = edges_[root];
    out.edges_[0].action = -1;
    std::vector<std::pair<uint32_t, uint32_t>> queue{{root, 0}};  // (old index, new index)
    for (size_t head = 0; head < queue.size(); ++head) {
      const auto [from, to] = queue[head];
      const Node& n = nodes_[from];
      if (n.first_child == 0) continue;
      const uint32_t first = out.allocate(n.num_children);
      if (first == 0) {  // the cap is smaller than the subtree: keep this node as a leaf
        out.nodes_[to].first_child = 0;
        out.nodes_[to].num_children = 0;
        out.nodes_[to].flags &= static_cast<uint8_t>(~Node::kAllChildrenVisited);
        continue;
      }
      out.nodes_[to].first_child = first;
      for (int i = 0; i < n.num_children; ++i) {
        out.nodes_[first + i] = nodes_[n.first_child + i];
        out.edges_[first + i] = edges_[n.first_child + i];
        queue.emplace_back(n.first_child + i, first + i);
      }
    }
    out.capped_ = false;
    return out;
  }

 private:
  std::vector<Node> nodes_;
  std::vector<Edge> edges_;
  uint32_t capacity_ = 0;
  bool capped_ = false;
  RootTally root_tally_;
};

}  // namespace ts
