// Tree reuse (api/search_tree.h): the tree a search continues from is exactly the part of the
// first tree at the position actually reached, through the same entry the bindings use.
#include <doctest/doctest.h>

#include <cmath>
#include <memory>
#include <utility>
#include <vector>

#include "api/registry.h"
#include "api/search_entry.h"
#include "api/search_tree.h"
#include "search_helpers.h"

namespace ts::testing {
namespace {

// The node reached from `node` by `path` in a UCT tree (0 if absent).
uint32_t walk(const NodeArena& tree, const std::vector<Action>& path) {
  uint32_t node = 0;
  for (Action a : path) {
    node = tree.find_child(node, a);
    if (node == 0) return 0;
  }
  return node;
}

// The same subtree: visits and means of the root and of every child, in order.
void check_same_subtree(const NodeArena& kept, const NodeArena& first, uint32_t node) {
  CHECK(kept.edge(0).visits == first.edge(node).visits);
  REQUIRE(kept.node(0).num_children == first.node(node).num_children);
  for (int i = 0; i < kept.node(0).num_children; ++i) {
    const Edge& a = kept.edge(kept.node(0).first_child + i);
    const Edge& b = first.edge(first.node(node).first_child + i);
    CHECK(a.action == b.action);
    CHECK(a.visits == b.visits);
    CHECK(a.mean == b.mean);
  }
}

// The visits of the root actions' statistics.
int64_t total_visits(const SearchResult& r) {
  int64_t total = 0;
  for (const auto& s : r.stats) total += s.visits;
  return total;
}

TEST_CASE("tree reuse keeps the uct subtree of the position reached") {
  const auto game = load_native_game("connect_four", {});
  const auto root = game->new_initial_state(0);
  for (auto algorithm : {"uct", "puct"}) {
    CAPTURE(algorithm);
    const SearchConfig config = config_for(algorithm, 3000);
    SearchTree tree;
    run_search(*root, config, &tree, nullptr);
    const NodeArena first = tree.trees_for(*root, config).uct.at(0);  // the same position: as grown
    // One and two plies on, along each of the most visited lines and a few others.
    const std::vector<std::vector<Action>> paths{{3}, {0}, {6}, {3, 3}, {3, 4}, {2, 5}};
    for (const auto& path : paths) {
      CAPTURE(path.size());
      CAPTURE(path.back());
      const uint32_t node = walk(first, path);
      REQUIRE(node != 0);
      SearchTree replay;  // the same seed grows the same tree
      run_search(*root, config, &replay, nullptr);
      auto next = root->clone();
      for (Action a : path) next->apply_action(a);
      const TreeStorage& kept = replay.trees_for(*next, config);
      REQUIRE(kept.uct.size() == 1);
      check_same_subtree(kept.uct[0], first, node);
    }
  }
}

TEST_CASE("tree reuse keeps the information set subtree of the position reached") {
  // Leduc after the deal: player 0 searches, calls, player 1 raises, player 0 searches again.
  const auto game = load_native_game("leduc_poker", {});
  auto root = game->new_initial_state(0);
  root->apply_action(2);
  root->apply_action(4);
  const SearchConfig config = config_for("ismcts", 3000);
  SearchTree tree;
  run_search(*root, config, &tree, nullptr);
  const InfoTree first = tree.trees_for(*root, config).info.at(0);
  auto next = root->clone();
  uint32_t node = 0;
  for (Action a : {1, 2}) {
    node = first.find_child(node, next->observed_action(0, a));
    REQUIRE(node != 0);
    next->apply_action(a);
  }
  const InfoTree& kept = tree.trees_for(*next, config).info.at(0);
  CHECK(kept[0].visits == first[node].visits);
  int64_t kept_children = 0, first_children = 0;
  for (uint32_t c = kept[0].first_child; c != 0; c = kept[c].next_sibling) kept_children += kept[c].visits;
  for (uint32_t c = first[node].first_child; c != 0; c = first[c].next_sibling)
    first_children += first[c].visits;
  CHECK(kept_children == first_children);
  CHECK(kept_children > 0);
}

TEST_CASE("tree reuse starts a single observer tree afresh for another player") {
  // One ISMCTS tree moving for both seats of Leduc: player 0's tree (keyed by what player 0
  // sees) is not continued for player 1 after player 0 calls. (Continued: 3,991 visits.)
  const auto game = load_native_game("leduc_poker", {});
  auto root = game->new_initial_state(0);
  root->apply_action(2);
  root->apply_action(4);
  const SearchConfig config = config_for("ismcts", 2000);
  SearchTree tree;
  run_search(*root, config, &tree, nullptr);
  root->apply_action(1);
  CHECK(total_visits(run_search(*root, config, &tree, nullptr)) == 2000);
}

TEST_CASE("tree reuse starts afresh in another game") {
  // Gnomi from the same seed, at most 100 rounds or 1: the positions look alike, the games differ.
  const auto first = load_native_game("gnomi", {{"max_rounds", 100}});
  const auto second = load_native_game("gnomi", {{"max_rounds", 1}});
  const SearchConfig config = config_for("uct", 2000);
  SearchTree tree;
  run_search(*first->new_initial_state(0), config, &tree, nullptr);
  CHECK(total_visits(run_search(*second->new_initial_state(0), config, &tree, nullptr)) == 2000);
}

TEST_CASE("tree reuse adds the new iterations to the kept visits") {
  // A node's first visit evaluates it: its children hold one visit fewer than it.
  const auto game = load_native_game("connect_four", {});
  const auto root = game->new_initial_state(0);
  const SearchConfig config = config_for("uct", 3000);
  SearchTree tree;
  const SearchResult first = run_search(*root, config, &tree, nullptr);
  auto next = root->clone();
  next->apply_action(first.best_action);
  int64_t kept = 0;
  for (const auto& s : first.stats) kept += s.action == first.best_action ? s.visits : 0;
  const SearchResult second = run_search(*next, config_for("uct", 500, 1), &tree, nullptr);
  CHECK(total_visits(second) == 500 + kept - 1);
}

// The visit-weighted mean of a result's action values (the value of the player to move).
double stats_mean(const SearchResult& result) {
  double sum = 0;
  int64_t visits = 0;
  for (const auto& s : result.stats) {
    sum += s.value * static_cast<double>(s.visits);
    visits += s.visits;
  }
  return sum / static_cast<double>(visits);
}

TEST_CASE("tree reuse keeps the root values of the visits it keeps") {
  const auto game = load_native_game("connect_four", {});
  const auto root = game->new_initial_state(0);
  for (auto algorithm : {"uct", "puct"}) {
    CAPTURE(algorithm);
    SearchTree tree;
    const SearchResult first = run_search(*root, config_for(algorithm, 3000), &tree, nullptr);
    CHECK(first.root_visits == 3000);
    // The same position again, for one iteration: the values of 3001 visits.
    const SearchResult again = run_search(*root, config_for(algorithm, 1, 1), &tree, nullptr);
    CHECK(again.root_visits == 3001);
    for (int p = 0; p < 2; ++p) CHECK(std::abs(again.root_values[p] - first.root_values[p]) <= 2.0 / 3001);
    // Two plies on: the kept node's visits, valued as the tree records them (zero-sum here).
    auto next = root->clone();
    next->apply_action(first.best_action);
    next->apply_action(first.best_action);
    const SearchResult later = run_search(*next, config_for(algorithm, 1, 2), &tree, nullptr);
    REQUIRE(later.root_visits > 20);
    CHECK(later.root_visits == tree.trees_for(*next, config_for(algorithm, 1)).uct[0].edge(0).visits);
    // Player 0 moves there: its value is its actions' (the visits that went on to one of them,
    // all but the node's first), player 1's that of the move into it; the game is zero-sum.
    const double tolerance = 4.0 / static_cast<double>(later.root_visits);
    CHECK(std::abs(later.root_values[0] - stats_mean(later)) < tolerance);
    CHECK(std::abs(later.root_values[0] + later.root_values[1]) < tolerance);
  }
}

TEST_CASE("tree reuse starts afresh at a position that does not follow") {
  const auto game = load_native_game("connect_four", {});
  auto a = game->new_initial_state(0);
  a->apply_action(0);
  auto b = game->new_initial_state(0);
  b->apply_action(6);
  const SearchConfig config = config_for("uct", 500);
  SearchTree tree;
  run_search(*a, config, &tree, nullptr);
  CHECK(total_visits(run_search(*b, config, &tree, nullptr)) == 500);
}

// A kept ISMCTS tree, re-rooted after the opponents moved, keeps the visits it had given their
// choices where they moved (api/search_tree.h): the model a search with beliefs weighs worlds by.
TEST_CASE("a kept ismcts tree keeps what it knew of the opponents' moves played since") {
  // Two players and a large budget, so that the line back to player 0 stays inside the tree.
  const auto game = load_native_game("gnomi", {{"players", 2}});
  const auto root = game->new_initial_state(4);
  REQUIRE(root->current_player() == 0);
  SearchConfig config = config_for("ismcts", 20000);
  config.beliefs = true;
  SearchTree tree;
  run_search(*root, config, &tree, nullptr);
  const InfoTree first = tree.trees_for(*root, config).info.at(0);
  // Along the tree's most visited line until an opponent has moved and player 0 decides again.
  auto state = root->clone();
  uint32_t node = 0, opponent_node = 0;
  size_t opponent_index = 0;
  while (!state->is_terminal() && (state->current_player() != 0 || opponent_node == 0)) {
    uint32_t best = 0;
    Action pick = -1;
    for (Action a : state->legal_actions()) {
      const uint32_t c = first.find_child(node, a);
      if (c != 0 && (best == 0 || first[c].visits > first[best].visits)) best = c, pick = a;
    }
    REQUIRE(best != 0);
    if (state->current_player() > 0 && opponent_node == 0) {
      opponent_node = node;
      opponent_index = state->history().size();
    }
    state->apply_action(pick);
    node = best;
  }
  REQUIRE(opponent_node != 0);
  const TreeStorage& kept = tree.trees_for(*state, config);
  REQUIRE(!kept.info.empty());  // re-rooted, not dropped
  const PastMove* record = kept.past.at(opponent_index);
  REQUIRE(record != nullptr);
  uint32_t visits = 0, recorded = 0;
  for (uint32_t c = first[opponent_node].first_child; c != 0; c = first[c].next_sibling)
    visits += first[c].visits;
  for (const auto& [key, v] : record->visits) recorded += v;
  CHECK(record->observer == 0);
  CHECK(recorded == visits);
  CHECK(visits > 0);
  CHECK(kept.past.at(0) == nullptr);  // player 0's own move is not modelled
}

}  // namespace
}  // namespace ts::testing
