// Trees kept between the searches of one agent (tree reuse). Before each search the kept trees
// are re-rooted at the new position if it follows from the position they were grown for by the
// actions actually played; otherwise they are dropped and the search starts afresh.
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "search/config.h"
#include "search/node_arena.h"

namespace ts {

class SearchSession {
 public:
  // The trees to continue from for a search of `game` at `history` with `config`, re-rooted;
  // empty when nothing can be reused.
  std::vector<NodeArena>& trees_for(const void* game, const std::vector<Action>& history, const SearchConfig& config) {
    const bool same_settings = game == game_ && config.threads == threads_ && config.max_memory_mb == memory_mb_ &&
                               config.algorithm == algorithm_;
    const bool follows = history.size() >= history_.size() &&
                         std::equal(history_.begin(), history_.end(), history.begin());
    if (!same_settings || !follows || !reroot(history)) trees_.clear();
    game_ = game;
    history_ = history;
    threads_ = config.threads;
    memory_mb_ = config.max_memory_mb;
    algorithm_ = config.algorithm;
    return trees_;
  }

  void clear() {
    trees_.clear();
    game_ = nullptr;
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

  const void* game_ = nullptr;
  std::vector<Action> history_;
  std::vector<NodeArena> trees_;
  int threads_ = 0;
  int64_t memory_mb_ = 0;
  std::string algorithm_;
};

}  // namespace ts
