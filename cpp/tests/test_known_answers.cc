// Known answers: tiny games (tiny_games.h) where the right result of a search is known exactly,
// one test per piece of an algorithm, named after the behaviour it decides. The Python suite has
// the same tests on the same games written in Python (tests/search/test_known_answers.py).
#include <doctest/doctest.h>

#include <cmath>
#include <functional>
#include <numeric>
#include <string>
#include <tuple>

#include "search/regret_matching.h"
#include "search_helpers.h"
#include "tiny_games.h"

namespace ts::testing {
namespace {

using Kingmaker = KingmakerState;

TEST_CASE("three players: each edge is valued by its mover's own return") {
  // Player 2 chooses X (0.5 for itself), Y (-0.5) or Z (0); player 0's returns are 0, 1, -1.
  for (auto algorithm : all_algorithms()) {
    CAPTURE(algorithm);
    const SearchResult r = search(Kingmaker(Kingmaker::kChoiceP2), config_for(algorithm, 300));
    CHECK(r.stats.at(0).value == doctest::Approx(0.5));
    CHECK(r.stats.at(1).value == doctest::Approx(-0.5));
    CHECK(r.stats.at(2).value == doctest::Approx(0.0));
    CHECK(r.best_action == 0);
  }
}

TEST_CASE("three players: a player takes its own win over another player's") {
  for (auto algorithm : all_algorithms()) {
    CAPTURE(algorithm);
    const SearchResult r = search(Kingmaker(Kingmaker::kChoiceP1), config_for(algorithm, 300));
    CHECK(r.stats.at(0).value == doctest::Approx(1.0));
    CHECK(r.stats.at(1).value == doctest::Approx(-0.5));
    CHECK(r.best_action == 0);
  }
}

TEST_CASE("three players: the root expects the next mover to pick by its own return") {
  // Handing the choice to player 2 is worth 0 to player 0 if player 2 takes its own best (X),
  // 1 if the search has it maximise player 0's return, -1 if minimise; the sure move is 0.5.
  for (auto algorithm : all_algorithms()) {
    CAPTURE(algorithm);
    const SearchResult r = search(Kingmaker(), config_for(algorithm, 2000));
    CHECK(r.best_action == 1);
    CHECK(std::abs(r.stats.at(0).value) < 0.3);
    CHECK(r.stats.at(1).value == doctest::Approx(0.5));
  }
}

// The visit split of a UCB rule on a deterministic bandit: untried arms first, then the arm
// maximising mean + explore(parent visits, arm visits), the first of equal scores.
std::vector<int64_t> ucb_split(const std::vector<double>& means, int pulls,
                               const std::function<double(int64_t, int64_t)>& explore) {
  std::vector<int64_t> n(means.size(), 0);
  for (int t = 0; t < pulls; ++t) {
    auto untried = std::find(n.begin(), n.end(), 0);
    if (untried != n.end()) {
      ++*untried;
      continue;
    }
    size_t best = 0;
    double best_score = -1e300;
    for (size_t i = 0; i < means.size(); ++i) {
      const double score = means[i] + explore(t, n[i]);
      if (score > best_score) best_score = score, best = i;
    }
    ++n[best];
  }
  return n;
}

// Equal up to one visit per arm (the searches score in 32-bit floats).
void check_split(const SearchResult& r, const std::vector<int64_t>& expected) {
  const auto got = visits_of(r);
  REQUIRE(got.size() == expected.size());
  for (size_t i = 0; i < got.size(); ++i) {
    CAPTURE(i);
    CHECK(std::abs(got[i] - expected[i]) <= 1);
  }
}

const std::vector<double> kBandit{0.1, 0.35, 0.5, 0.55, -0.2};

TEST_CASE("regret matching+ floors a cumulative regret at 0, so a regained action plays at once") {
  CHECK(regret_plus(2.0, 1.5) == doctest::Approx(3.5));
  CHECK(regret_plus(2.0, -1.5) == doctest::Approx(0.5));
  CHECK(regret_plus(2.0, -5.0) == 0.0);
  // Without the floor the action would still be at -2 after one more +1: never played.
  CHECK(regret_plus(regret_plus(2.0, -5.0), 1.0) == doctest::Approx(1.0));
}

TEST_CASE("uct explores by the parent's visit count") {
  // UCB1, c = sqrt(2): mean + c sqrt(ln N / n); ISMCTS's availability counts equal N here.
  // Exploring by the arm's own visits (sqrt(ln n / n)) leaves the other arms one visit each.
  const auto expected = ucb_split(kBandit, 2000, [](int64_t big_n, int64_t n) {
    return kSqrt2 * std::sqrt(std::log(static_cast<double>(big_n)) / static_cast<double>(n));
  });
  for (auto algorithm : {"uct", "ismcts", "mo-ismcts"}) {
    CAPTURE(algorithm);
    check_split(search(BanditState(kBandit), config_for(algorithm, 2000)), expected);
  }
}

TEST_CASE("infoset uct explores by the information set's visit count") {
  const auto expected = ucb_split(kBandit, 2000, [](int64_t big_n, int64_t n) {
    return std::sqrt(std::log(static_cast<double>(big_n)) / static_cast<double>(n));  // c = 1
  });
  check_split(search(BanditState(kBandit), config_for("infoset-uct", 2000)), expected);
}

TEST_CASE("puct explores by the parent's visit count and the prior") {
  // Uniform priors: mean + c sqrt(N) p / (1 + n). The first iteration expands and evaluates the
  // root, so the arms share one visit fewer than the iterations.
  std::vector<int64_t> n(kBandit.size(), 0);
  for (int big_n = 1; big_n < 2000; ++big_n) {
    size_t best = 0;
    double best_score = -1e300;
    for (size_t i = 0; i < kBandit.size(); ++i) {
      const double score = kBandit[i] + kSqrt2 * std::sqrt(big_n) * 0.2 / (1.0 + static_cast<double>(n[i]));
      if (score > best_score) best_score = score, best = i;
    }
    ++n[best];
  }
  check_split(search(BanditState(kBandit), config_for("puct", 2000)), n);
}

TEST_CASE("ismcts draws a new world for every iteration") {
  // One world for the root's legal actions, then one per iteration, drawn by the resampler:
  // each card a quarter of the time (400 draws, sigma 8.7, tolerance 4 sigma).
  for (auto algorithm : {"ismcts", "mo-ismcts", "smooth-uct", "infoset-uct"}) {
    CAPTURE(algorithm);
    std::array<int, 4> worlds{};
    const SearchResult r = search(HiddenCardState(2, &worlds), config_for(algorithm, 400));
    CHECK(r.iterations == 400);
    CHECK(std::accumulate(worlds.begin(), worlds.end(), 0) == 401);
    for (int count : worlds) CHECK(std::abs(count - 100) <= 35);
  }
}

TEST_CASE("pimc draws one world per determinization") {
  std::array<int, 4> worlds{};
  SearchConfig config = config_for("pimc", 400);
  config.determinizations = 8;
  search(HiddenCardState(2, &worlds), config);
  CHECK(std::accumulate(worlds.begin(), worlds.end(), 0) == 1 + 8);
}

TEST_CASE("a guess at a hidden card is worth its chance over the worlds") {
  // Right in a quarter of the worlds whatever the guess: the root value is -0.5, not the +1 of
  // a search that keeps one world. 800 iterations of +-1 values: sigma 0.031, tolerance 4 sigma.
  for (auto algorithm : {"ismcts", "mo-ismcts", "smooth-uct", "infoset-uct"}) {
    CAPTURE(algorithm);
    std::array<int, 4> worlds{};
    const SearchResult r = search(HiddenCardState(2, &worlds), config_for(algorithm, 800));
    CHECK(r.root_values.at(0) == doctest::Approx(-0.5).epsilon(0.25));
  }
}

TEST_CASE("beliefs weigh each world by how likely the opponent's move was with its card") {
  // After x, which player 1 plays with card 1 always and with card 0 half the time (a uniform
  // choice among its legal moves), worlds hold card 0 a third of the time, and half the time
  // without beliefs. The chain's draws are correlated (variance x5/3): 6,000 iterations give
  // sigma 0.008 on the share; tolerance 0.035.
  for (auto algorithm : {"ismcts", "mo-ismcts"}) {
    for (bool beliefs : {true, false}) {
      CAPTURE(algorithm);
      CAPTURE(beliefs);
      std::array<int, 2> ends{};
      RevealState root(1, &ends);
      root.apply_action(0);
      SearchConfig config = config_for(algorithm, 6000);
      config.beliefs = beliefs;
      const SearchResult r = search(root, {0}, config);
      const double card0 = static_cast<double>(ends[0]) / (ends[0] + ends[1]);
      CHECK(ends[0] + ends[1] == 6000);
      CHECK(std::abs(card0 - (beliefs ? 1.0 / 3 : 0.5)) < 0.035);
      if (beliefs) CHECK(r.best_action == 1);  // guessing card 1 is right in two worlds of three
    }
  }
}

TEST_CASE("beliefs model the opponent by the visits a kept tree gave its moves") {
  // A kept tree that gave x 99 visits and y 1 (x + 1 : y + 1 = 100 : 2) makes x nearly as likely
  // with card 0 as with card 1: card 0 in 100/202 of the worlds. One that gave y 98 visits and x
  // none makes x a sign of card 1: card 0 in (1/100) / (1/100 + 1) of them. 6,000 iterations,
  // sigma below 0.011; tolerance 0.04.
  for (auto [x, y, expected] : {std::tuple{99u, 1u, 100.0 / 202}, std::tuple{0u, 98u, 0.01 / 1.01}}) {
    CAPTURE(x);
    std::array<int, 2> ends{};
    RevealState root(1, &ends);
    root.apply_action(0);
    TreeStorage trees;
    trees.past.add(0, 0, 0, x);
    trees.past.add(0, 0, 1, y);
    SearchConfig config = config_for("ismcts", 6000);
    config.beliefs = true;
    search(root, {0}, config, &trees);
    CHECK(std::abs(static_cast<double>(ends[0]) / 6000 - expected) < 0.04);
  }
}

TEST_CASE("beliefs replay nothing where the game cannot replay its history") {
  // The history does not lead to the root (an illegal move for player 1 in every world): the
  // worlds stay uniform.
  std::array<int, 2> ends{};
  RevealState root(1, &ends);
  root.apply_action(0);
  SearchConfig config = config_for("ismcts", 2000);
  config.beliefs = true;
  search(root, {5}, config);
  CHECK(std::abs(static_cast<double>(ends[0]) / 2000 - 0.5) < 0.05);
}

TEST_CASE("mo-ismcts gives the other player one node for a face-down pick") {
  // Player 0's tree: its root, its two picks, player 1's two answers under each (7 nodes).
  // Player 1's tree: its root, one node for the face-down pick, its two answers (4). Keyed by
  // the root player's view, player 1's tree has a node per pick (14 in all) and player 1
  // answers the pick it cannot see: player 0's root value falls to -0.99.
  const SearchResult r = search(PenniesState(), config_for("mo-ismcts", 2000));
  CHECK(r.nodes == 7 + 4);
}

// Player 0's root average policy at hidden matching pennies: its share of heads.
double pennies_heads(std::string_view algorithm, int64_t iterations, uint64_t seed) {
  const SearchResult r = search(PenniesState(), config_for(algorithm, iterations, seed));
  return static_cast<double>(r.stats.at(0).visits) /
         static_cast<double>(r.stats.at(0).visits + r.stats.at(1).visits);
}

TEST_CASE("smooth uct mixing lowers exploitability below infoset uct") {
  // 3,000 iterations, 10 seeds. Measured (Python suite, same game): smooth-uct 0.017 on average,
  // infoset-uct 0.055; with the mixing off smooth-uct is infoset-uct. Required: below half.
  double smooth = 0, plain = 0;
  for (uint64_t seed = 0; seed < 10; ++seed) {
    smooth += PenniesState::exploitability(pennies_heads("smooth-uct", 3000, seed)) / 10;
    plain += PenniesState::exploitability(pennies_heads("infoset-uct", 3000, seed)) / 10;
  }
  CAPTURE(smooth);
  CAPTURE(plain);
  CHECK(smooth < 0.5 * plain);
}

TEST_CASE("smooth uct average policy approaches the equilibrium") {
  // 10,000 iterations: heads near the equilibrium's 3/7 on each of 10 seeds.
  for (uint64_t seed = 0; seed < 10; ++seed) {
    CAPTURE(seed);
    CHECK(PenniesState::exploitability(pennies_heads("smooth-uct", 10000, seed)) < 0.03);
  }
}

}  // namespace
}  // namespace ts::testing
