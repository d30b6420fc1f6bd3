// Node storage (search/node_arena.h, info_tree.h) and budgets (search/budget.h).
#include <doctest/doctest.h>

#include <chrono>
#include <cmath>

#include "search/budget.h"
#include "search/info_tree.h"
#include "search/node_arena.h"
#include "search/options.h"
#include "search/sqrt_log.h"
#include "search_helpers.h"
#include "tiny_games.h"

namespace ts::testing {
namespace {

TEST_CASE("arena allocates children contiguously and stops at its cap") {
  NodeArena arena(1);  // 1 MB
  CHECK(arena.size() == 1);
  const uint32_t first = arena.allocate(7);
  CHECK(first == 1);
  CHECK(arena.allocate(3) == 8);
  CHECK(arena.size() == 11);
  CHECK(arena.bytes_used() == 11 * kBytesPerNode);
  CHECK_FALSE(arena.capped());
  CHECK(arena.allocate(1 << 20) == 0);  // beyond 1 MB
  CHECK(arena.capped());
  CHECK(arena.size() == 11);
  CHECK_THROWS_AS(NodeArena(0), InvalidArgument);
}

TEST_CASE("arena visits keep the running mean and the selection rule's weight") {
  NodeArena arena(1);
  const uint32_t c = arena.allocate(1);
  const Selector ucb1(kRule<Ucb1>, 1.0), puct(kRule<Puct>, 1.0);
  for (double v : {1.0, 0.0, -1.0, 1.0}) arena.add_visit(c, v, ucb1);
  CHECK(arena.edge(c).visits == 4);
  CHECK(arena.edge(c).mean == doctest::Approx(0.25));
  CHECK(arena.edge(c).weight == doctest::Approx(0.5));  // UCB1: 1/sqrt(visits)
  arena.node(c).prior = 0.6f;
  arena.add_visit(c, 0.25, puct);
  CHECK(arena.edge(c).weight == doctest::Approx(0.1));  // PUCT: prior/(1 + visits)
}

TEST_CASE("each selection rule scores a child as mean + explore x weight, as its formula says") {
  const double c = 1.5;
  const Selector ucb1(kRule<Ucb1>, c), puct(kRule<Puct>, c);
  CHECK(ucb1.unvisited_first());
  CHECK_FALSE(ucb1.uses_priors());
  CHECK(puct.uses_priors());
  CHECK_FALSE(puct.unvisited_first());
  for (uint32_t parent : {1u, 7u, 100u, 5000u}) {
    for (uint32_t visits : {1u, 3u, 40u}) {
      CAPTURE(parent);
      CAPTURE(visits);
      const double ucb = c * std::sqrt(std::log(parent)) / std::sqrt(visits);
      CHECK(ucb1.explore(parent) * ucb1.weight(visits, 0.3f) == doctest::Approx(ucb).epsilon(1e-5));
      CHECK(ucb1.bonus_exact(ucb1.explore_exact(parent), visits, 0.3) == doctest::Approx(ucb).epsilon(1e-12));
      const double pu = c * std::sqrt(parent) * 0.3 / (1 + visits);
      CHECK(puct.explore(parent) * puct.weight(visits, 0.3f) == doctest::Approx(pu).epsilon(1e-5));
      CHECK(puct.bonus_exact(puct.explore_exact(parent), visits, 0.3) == doctest::Approx(pu).epsilon(1e-12));
    }
  }
  // The argmax of mean + explore x weight; the first of equal scores (all three at 0.5).
  const Edge children[3] = {{0.5f, 0.5f, 4, 0}, {0.75f, 0.0f, 9, 1}, {0.25f, 1.0f, 1, 2}};
  CHECK(Selector::best_index(children, 3, 0.5f) == 0);
  CHECK(Selector::best_index(children, 3, 0.0f) == 1);
  CHECK(Selector::best_index(children, 3, 1.0f) == 2);
}

TEST_CASE("arena extract copies a subtree breadth first with its statistics") {
  NodeArena arena(1);
  const uint32_t kids = arena.allocate(2);
  arena.node(0).first_child = kids;
  arena.node(0).num_children = 2;
  arena.edge(kids).action = 4;
  arena.edge(kids + 1).action = 5;
  const uint32_t grandkids = arena.allocate(3);
  arena.node(kids + 1).first_child = grandkids;
  arena.node(kids + 1).num_children = 3;
  for (int i = 0; i < 3; ++i) {
    arena.edge(grandkids + i).action = 10 + i;
    arena.edge(grandkids + i).visits = 1 + i;
  }
  arena.edge(kids + 1).visits = 7;
  CHECK(arena.find_child(0, 5) == kids + 1);
  CHECK(arena.find_child(0, 6) == 0);
  const NodeArena sub = arena.extract(kids + 1, 1);
  CHECK(sub.size() == 4);
  CHECK(sub.edge(0).visits == 7);
  CHECK(sub.edge(0).action == -1);
  CHECK(sub.node(0).first_child == 1);
  for (int i = 0; i < 3; ++i) {
    CHECK(sub.edge(1 + i).action == 10 + i);
    CHECK(sub.edge(1 + i).visits == static_cast<uint32_t>(1 + i));
  }
}

TEST_CASE("information set trees grow children by key and extract their roots") {
  InfoTree tree(1, 2);
  CHECK(tree.roots() == 2);
  const uint32_t a = tree.child(0, 7);
  CHECK(tree.child(0, 7) == a);  // found, not added again
  const uint32_t b = tree.child(a, 9);
  tree.add_visit(b, 1.0, Selector(kRule<Ucb1>, 1.0));
  tree.add_visit(b, 0.0, Selector(kRule<Ucb1>, 1.0));
  CHECK(tree[b].visits == 2);
  CHECK(tree[b].mean == doctest::Approx(0.5));
  const InfoTree sub = tree.extract({a, 1}, 1);
  CHECK(sub.roots() == 2);
  CHECK(sub.size() == 3);
  CHECK(sub[sub.find_child(0, 9)].visits == 2);
}

TEST_CASE("budget counts iterations exactly for every algorithm") {
  for (auto algorithm : all_algorithms()) {
    CAPTURE(algorithm);
    const SearchResult r = search(BanditState({0.0, 0.5}), config_for(algorithm, 123));
    CHECK(r.iterations == 123);
  }
}

TEST_CASE("budget stops at the time limit") {
  SearchConfig config = config_for("uct", 0);
  config.time_limit = 0.05;
  const SearchResult r = search(BanditState({0.0, 0.5}), config);
  CHECK(r.iterations > 0);
  CHECK(r.elapsed >= 0.05);
}

TEST_CASE("a time limit counts from when the search was asked for") {
  SearchConfig config = config_for("uct", 0);
  config.time_limit = 1.05;
  config.started = std::chrono::steady_clock::now() - std::chrono::seconds(1);
  const SearchResult r = search(BanditState({0.0, 0.5}), config);
  CHECK(r.iterations > 0);
  CHECK(r.elapsed < 0.5);  // the loop had 50 ms left, not 1.05 s
  config.time_limit = 0.5;
  CHECK(search(BanditState({0.0, 0.5}), config).iterations == 0);  // over before it started
}

TEST_CASE("an arena made after another is freed takes its storage, with fresh nodes") {
  const Node* kept = nullptr;
  {
    NodeArena arena(8);
    const uint32_t c = arena.allocate(5);
    arena.node(c).first_child = 9;
    arena.node(c).flags = Node::kProven;
    arena.edge(c).visits = 3;
    arena.edge(c).action = 4;
    kept = &arena.node(0);
  }
  NodeArena again(8);
  CHECK(&again.node(0) == kept);  // the same storage, no pages returned and faulted in again
  CHECK(again.size() == 1);
  const uint32_t c = again.allocate(5);
  CHECK(c == 1);
  CHECK(again.node(c).first_child == 0);
  CHECK(again.node(c).flags == 0);
  CHECK(again.node(c).player == kTerminalPlayer);
  CHECK(again.edge(c).visits == 0);
  CHECK(again.edge(c).action == -1);
}

TEST_CASE("sqrt_log gives exactly what it computes, tabled or not") {
  for (uint32_t n : {1u, 2u, 4095u}) {
    CHECK(sqrt_log(n) == static_cast<float>(std::sqrt(std::log(static_cast<double>(n)))));
  }
  CHECK(sqrt_log(0) == 0.0f);
  for (uint32_t n : {4096u, 4097u, 65535u, 65536u, 100003u, 262143u, 262144u, 5000000u, 0xFFFFFFFFu}) {
    CAPTURE(n);
    CHECK(sqrt_log(n) == std::sqrt(std::log(static_cast<float>(n))));
  }
}

TEST_CASE("budget refuses a search without one, the option table bad values") {
  CHECK_THROWS_AS(check_budget(config_for("uct", 0)), InvalidArgument);
  CHECK_THROWS_AS(check_search_config(config_for("uct", -1)), InvalidArgument);
  SearchConfig config = config_for("uct", 10);
  config.time_limit = std::nan("");
  CHECK_THROWS_AS(check_search_config(config), InvalidArgument);
  CHECK_NOTHROW(check_search_config(config_for("uct", 10)));
}

TEST_CASE("the same seed gives the same search") {
  for (auto algorithm : all_algorithms()) {
    CAPTURE(algorithm);
    const KingmakerState root;
    const auto a = visits_of(search(root, config_for(algorithm, 200, 1)));
    CHECK(a == visits_of(search(root, config_for(algorithm, 200, 1))));
  }
}

}  // namespace
}  // namespace ts::testing
