// Trees kept between the searches of one agent (tree reuse). Before each search the kept trees
// are re-rooted at the new position if it follows from the position they were grown for by the
// actions actually played; otherwise they are dropped and the search starts afresh. A matching
// history is not enough: the same actions from another seed (another board or deal), from
// another resampled world or from other serialized fields lead elsewhere, and a tree grown there
// would hand the search actions that are illegal here.
#pragma once
#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "search/config.h"
#include "search/node_arena.h"

namespace ts {

class AnyState;

class SearchSession {
 public:
  // The trees to continue from for a search at `root` (whose history is `history`) with
  // `config`, re-rooted; empty when nothing can be reused. `reached_from(last)` tells whether
  // `root` is the last search's root `last` followed by the actions played since.
  std::vector<NodeArena>& trees_for(std::shared_ptr<const AnyState> root, const std::vector<Action>& history,
                                    const SearchConfig& config,
                                    const std::function<bool(const AnyState&)>& reached_from) {
    const bool same_settings = last_root_ && config.threads == threads_ && config.max_memory_mb == memory_mb_ &&
                               config.algorithm == algorithm_;
    const bool follows = same_settings && history.size() >= history_.size() &&
                         std::equal(history_.begin(), history_.end(), history.begin()) && reached_from(*last_root_);
    if (!follows || !reroot(history)) trees_.clear();
    last_root_ = std::move(root);
    history_ = history;
    threads_ = config.threads;
    memory_mb_ = config.max_memory_mb;
    algorithm_ = config.algorithm;
    return trees_;
  }

  void clear() {
    trees_.clear();
    last_root_.reset();
  }

  int64_t nodes() const {
    int64_t n = 0;
    for (const auto& t : trees_) n += t.size();
    return n;
  }

 private:
  // Walks every kept tree down the actions played since; false if any tree lacks them.
  bool reroot(const std::vector<Action>& history) {
    if (trees_.empty()) return false;
    if (history.size() == history_.size()) return true;
    const int64_t share = std::max<int64_t>(1, memory_mb_ / threads_);
    for (auto& tree : trees_) {
      uint32_t node = 0;
      for (size_t i = history_.size(); i < history.size(); ++i) {
        node = tree.find_child(node, history[i]);
        if (node == 0) return false;
      }
      tree = tree.extract(node, share);
    }
    return true;
  }

  std::shared_ptr<const AnyState> last_root_;  // the position the kept trees were grown for
  std::vector<Action> history_;
  std::vector<NodeArena> trees_;
  int threads_ = 0;
  int64_t memory_mb_ = 0;
  std::string algorithm_;
};

}  // namespace ts
