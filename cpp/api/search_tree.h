// Trees kept between the searches of one agent (tree reuse). Before each search the kept trees
// are re-rooted at the new position if it follows from the position they were grown for by the
// actions actually played; otherwise they are dropped and the search starts afresh.
//  - UCT/PUCT trees hold exact positions: a matching history is not enough, since the same
//    actions from another seed (another board or deal), another resampled world or other
//    serialized fields lead elsewhere, and a tree grown there would hand the search actions
//    that are illegal here. The tree replays the actions played on the previous root and
//    compares the positions (reached_from_last), then finds the new root by walking them.
//  - ISMCTS trees hold information sets, keyed by actions as each tree's owner observes them:
//    the tree replays the actions played on the previous root and reads how each owner saw
//    them (observed_keys_since_last).
//  - Regret tables (oos) hold a strategy for the whole game, valid at any of its positions: they
//    are kept for every search of the same game with the same settings, a new deal included.
// Both replays go through the game-only state interface (api/any_game.h), once per search. A
// re-rooted tree's root values start from what the tree records about its new root
// (search/root_tally.h), so that they cover the same visits as its actions' statistics.
#pragma once
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "api/any_game.h"
#include "search/algorithm.h"
#include "search/config.h"
#include "search/root_tally.h"
#include "search/tree_stats.h"
#include "search/tree_storage.h"

namespace ts {

class SearchTree {
 public:
  // Held by a search for its whole run: the trees belong to one search at a time. A second
  // search, or clear(), while one runs (from another thread, or from inside an evaluator
  // callback) raises std::runtime_error (RuntimeError in Python) instead of racing on them.
  class Lease {
   public:
    explicit Lease(SearchTree* tree) : tree_(tree) {
      if (tree_ && tree_->busy_.exchange(true)) {
        tree_ = nullptr;
        throw std::runtime_error(
            "this SearchTree is already in use by a search running now (in another thread, or the one "
            "calling "
            "this evaluator); a tree, like the mcts.Agent that owns it, serves one search at a time: give "
            "each "
            "thread its own");
      }
    }
    ~Lease() {
      if (!tree_) return;
      tree_->nodes_ = tree_->trees_.nodes();
      tree_->busy_.store(false);
    }
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;

   private:
    SearchTree* tree_;
  };

  // The trees to continue from for a search at `root` with `config`, re-rooted; empty when
  // nothing can be reused.
  TreeStorage& trees_for(const AnyState& root, const SearchConfig& config) {
    const std::vector<Action>& history = root.history();
    const bool same_settings = last_root_ && config.threads == threads_ &&
                               config.max_memory_mb == memory_mb_ && config.algorithm == algorithm_ &&
                               last_root_->get_game() == root.get_game();
    const bool follows = same_settings && history.size() >= history_.size() &&
                         std::equal(history_.begin(), history_.end(), history.begin());
    const bool whole_game = same_settings && !trees_.regrets.empty();
    if (!whole_game && (!follows || !reroot(root))) trees_.clear();
    last_root_ = root.clone();
    history_ = history;
    player_ = root.current_player();
    threads_ = config.threads;
    memory_mb_ = config.max_memory_mb;
    algorithm_ = config.algorithm;
    return trees_;
  }

  void clear() {
    if (busy_.load()) {
      throw std::runtime_error(
          "cannot clear a SearchTree while a search uses it; clear it after the search returns");
    }
    trees_.clear();
    last_root_.reset();
    nodes_ = 0;
  }

  // For the search holding the lease: drops trees an interrupted search may have half-updated.
  void discard() {
    trees_.clear();
    last_root_.reset();
  }

  // Nodes kept after the last search (read while one runs, this is the count before it).
  int64_t nodes() const { return nodes_; }

 private:
  bool reroot(const AnyState& root) {
    const std::vector<Action>& history = root.history();
    const int player = root.current_player();
    if (trees_.empty()) return false;
    const int64_t share = std::max<int64_t>(1, memory_mb_ / threads_);
    const int players = root.num_players();
    if (!trees_.uct.empty()) {
      if (!reached_from_last(root)) return false;
      for (auto& tree : trees_.uct) {
        uint32_t node = 0;
        std::vector<RerootStep> path;
        for (size_t i = history_.size(); i < history.size(); ++i) {
          const int mover = tree.node(node).player;
          node = tree.find_child(node, history[i]);
          if (node == 0) return false;
          path.push_back({mover, tree.edge(node).mean});
        }
        if (node == 0) continue;  // the same position: the tree and its root values go on as they are
        const RootTally tally = descendant_tally(tree.root_tally(), players, tree.edge(node).visits, path,
                                                 player, children_mean(tree, node));
        tree = tree.extract(node, share);
        tree.root_tally() = tally;
      }
      return true;
    }
    // One tree seen by the root player (who must be the same), or one tree per player.
    const bool multiple = algorithm_ == Algorithm::kMoIsmcts;
    if (!multiple && player != player_) return false;
    const int roots = multiple ? static_cast<int>(trees_.info[0].roots()) : 1;
    std::vector<int> owners;
    for (int t = 0; t < roots; ++t) owners.push_back(multiple ? t : player_);
    const auto paths = observed_keys_since_last(root, owners);
    if (!paths) return false;
    const int seen_by = multiple ? player : 0;  // the tree whose owner moves at the new root
    for (auto& tree : trees_.info) {
      std::vector<uint32_t> new_roots;
      std::vector<RerootStep> path;
      for (int t = 0; t < roots; ++t) {
        uint32_t node = static_cast<uint32_t>(t);
        for (size_t i = 0; i < paths->keys[t].size(); ++i) {
          record_past_move(tree, node, t, multiple, history_.size() + i, paths->movers[i]);
          node = tree.find_child(node, paths->keys[t][i]);
          if (node == 0) return false;
          if (t == seen_by) path.push_back({paths->movers[i], tree[node].mean});
        }
        new_roots.push_back(node);
      }
      const uint32_t seen = new_roots[seen_by];
      RootTally tally = tree.root_tally();  // the same position: its root values go on as they are
      if (!path.empty())
        tally = descendant_tally(tree.root_tally(), players, tree[seen].visits, path, player,
                                 children_mean(tree, seen));
      tree = tree.extract(new_roots, share);
      tree.root_tally() = tally;
    }
    return true;
  }

  // Keeps the visits tree `t` (of one thread) gave the choices at `node`, where `mover` played
  // history entry `index`: the mover's own tree in MO-ISMCTS, the searching player's in ISMCTS
  // (whose own moves need no model).
  void record_past_move(const InfoTree& tree, uint32_t node, int t, bool multiple, size_t index, int mover) {
    if (mover < 0 || (multiple ? t != mover : mover == player_)) return;
    const int observer = multiple ? t : player_;
    for (uint32_t c = tree[node].first_child; c != 0; c = tree[c].next_sibling)
      trees_.past.add(index, observer, tree[c].key, tree[c].visits);
  }

  // True if `root` is the last root followed by the actions played since: the same position,
  // not only the same history (a tree must not carry over to another board or world).
  bool reached_from_last(const AnyState& root) const {
    const std::vector<Action>& history = root.history();
    std::unique_ptr<AnyState> replay = last_root_->clone();
    for (size_t i = history_.size(); i < history.size(); ++i) {
      if (!legal_in(*replay, history[i])) return false;
      replay->apply_action(history[i]);
    }
    // With fields, the concrete contents, hidden parts included; without, a state is its seed
    // and history.
    if (root.get_game()->serializes_fields()) return replay->fields() == root.fields();
    return last_root_->seed() == root.seed();
  }

  // Replays the actions played since the last root on it and returns how each owner saw them;
  // nothing if one is not legal there (in a resampled world) or if the player to move would not
  // see the replayed position as it sees `root` (the trees hold what that player knew then).
  struct ObservedPaths {
    std::vector<std::vector<Action>> keys;  // per owner, the actions as it saw them
    std::vector<int> movers;                // who took each (kChancePlayer for chance)
  };
  std::optional<ObservedPaths> observed_keys_since_last(const AnyState& root,
                                                        const std::vector<int>& owners) const {
    const std::vector<Action>& history = root.history();
    std::unique_ptr<AnyState> state = last_root_->clone();
    ObservedPaths paths{std::vector<std::vector<Action>>(owners.size()), {}};
    for (size_t i = history_.size(); i < history.size(); ++i) {
      const Action a = history[i];
      if (!legal_in(*state, a)) return std::nullopt;
      for (size_t t = 0; t < owners.size(); ++t)
        paths.keys[t].push_back(state->observed_action(owners[t], a));
      paths.movers.push_back(state->current_player());
      state->apply_action(a);
    }
    const int player = root.current_player();
    if (state->current_player() != player ||
        state->information_state_string(player) != root.information_state_string(player)) {
      return std::nullopt;
    }
    return paths;
  }

  // Native states list chance outcomes as their legal actions at chance nodes too.
  static bool legal_in(const AnyState& state, Action action) {
    if (state.is_terminal()) return false;
    const std::vector<Action> legal = state.legal_actions();
    return std::binary_search(legal.begin(), legal.end(), action);
  }

  std::unique_ptr<AnyState> last_root_;  // the position the kept trees were grown for
  std::vector<Action> history_;
  int player_ = -1;
  TreeStorage trees_;
  int threads_ = 0;
  int64_t memory_mb_ = 0;
  Algorithm algorithm_ = Algorithm::kUct;
  std::atomic<bool> busy_{false};
  std::atomic<int64_t> nodes_{0};
};

}  // namespace ts
