// Trees kept between the searches of one agent (tree reuse). Before each search the kept trees
// are re-rooted at the new position if it follows from the position they were grown for by the
// actions actually played; otherwise they are dropped and the search starts afresh.
//  - UCT/PUCT trees are keyed by actions: the new root is found by walking the actions played.
//  - ISMCTS trees are keyed by actions as each tree's owner observes them: the adapter replays
//    the actions played on the previous root and says how each owner saw them (KeyPaths).
#pragma once
#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "api/any_game.h"
#include "search/config.h"
#include "search/kept_trees.h"

namespace ts {

class SearchSession {
 public:
  // For the ISMCTS trees: given the previous root and the new actions, the keys each tree
  // (owner: `owners[t]`) must follow, or nothing if the actions cannot be replayed there.
  using KeyPaths = std::function<std::optional<std::vector<std::vector<Action>>>(
      const AnyState& previous_root, const std::vector<int>& owners)>;

  // The trees to continue from for a search of `game` at `history` (the player to move being
  // `player`) with `config`, re-rooted; empty when nothing can be reused. `root` is kept as
  // the previous root of the next call.
  KeptTrees& trees_for(const void* game, const std::vector<Action>& history, int player, const SearchConfig& config,
                       std::unique_ptr<AnyState> root, const KeyPaths& key_paths) {
    const bool same_settings = game == game_ && config.threads == threads_ && config.max_memory_mb == memory_mb_ &&
                               config.algorithm == algorithm_;
    const bool follows = history.size() >= history_.size() &&
                         std::equal(history_.begin(), history_.end(), history.begin());
    if (!same_settings || !follows || !reroot(history, player, key_paths)) trees_.clear();
    game_ = game;
    history_ = history;
    player_ = player;
    threads_ = config.threads;
    memory_mb_ = config.max_memory_mb;
    algorithm_ = config.algorithm;
    previous_root_ = std::move(root);
    return trees_;
  }

  void clear() {
    trees_.clear();
    game_ = nullptr;
    previous_root_.reset();
  }

  int64_t nodes() const { return trees_.nodes(); }

 private:
  bool reroot(const std::vector<Action>& history, int player, const KeyPaths& key_paths) {
    if (trees_.empty()) return false;
    if (history.size() == history_.size()) return player == player_;
    const int64_t share = std::max<int64_t>(1, memory_mb_ / threads_);
    for (auto& tree : trees_.uct) {
      uint32_t node = 0;
      for (size_t i = history_.size(); i < history.size(); ++i) {
        node = tree.find_child(node, history[i]);
        if (node == 0) return false;
      }
      tree = tree.extract(node, share);
    }
    if (trees_.info.empty()) return true;
    // One tree seen by the root player (who must be the same), or one tree per player.
    const bool multiple = algorithm_ == "mo-ismcts";
    if (!multiple && player != player_) return false;
    std::vector<int> owners;
    const int roots = multiple ? static_cast<int>(trees_.info[0].roots()) : 1;
    for (int t = 0; t < roots; ++t) owners.push_back(multiple ? t : player_);
    const auto paths = previous_root_ ? key_paths(*previous_root_, owners) : std::nullopt;
    if (!paths) return false;
    for (auto& tree : trees_.info) {
      std::vector<uint32_t> new_roots;
      for (int t = 0; t < roots; ++t) {
        uint32_t node = static_cast<uint32_t>(t);
        for (Action key : (*paths)[t]) {
          node = tree.find_child(node, key);
          if (node == 0) return false;
        }
        new_roots.push_back(node);
      }
      tree = tree.extract(new_roots, share);
    }
    return true;
  }

  const void* game_ = nullptr;
  std::vector<Action> history_;
  int player_ = -1;
  KeptTrees trees_;
  std::unique_ptr<AnyState> previous_root_;
  int threads_ = 0;
  int64_t memory_mb_ = 0;
  std::string algorithm_;
};

}  // namespace ts
