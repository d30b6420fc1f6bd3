// The native games' rules, through the registry (api/registry.h) as the bindings see them: the
// OpenSpiel games' rules, worked examples from docs/rules/, every player count played to an end,
// and the rule invariants each game checks on itself (api/rule_fuzz.h).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <numeric>
#include <string>
#include <vector>

#include "api/registry.h"
#include "core/rng.h"
#include "games/gnomi/gnomi.h"

namespace ts::testing {
namespace {

std::unique_ptr<AnyState> play(const std::string& name, const std::vector<Action>& actions,
                               Params params = {}, uint64_t seed = 0) {
  auto state = load_native_game(name, params)->new_initial_state(seed);
  for (Action a : actions) state->apply_action(a);
  return state;
}

bool legal(const AnyState& state, Action a) {
  const auto actions = state.legal_actions();
  return std::find(actions.begin(), actions.end(), a) != actions.end();
}

// Plays uniformly random legal actions (chance by its probabilities) to the end; calls
// `each(state)` before every step.
template <class Each>
void play_random(AnyState& state, Rng& rng, Each each) {
  while (!state.is_terminal()) {
    each(state);
    if (state.current_player() == kChancePlayer) {
      const auto outcomes = state.chance_outcomes();
      state.apply_action(outcomes[rng.sample(outcomes.data(), static_cast<int>(outcomes.size()))].action);
    } else {
      const auto actions = state.legal_actions();
      state.apply_action(actions[rng.below(static_cast<uint32_t>(actions.size()))]);
    }
  }
}

// Zero-sum returns of the library's kind: all 0, or the winners share +1 and the others -1.
void check_win_loss_returns(const std::vector<double>& r) {
  if (r.size() < 2) return;
  CHECK(std::accumulate(r.begin(), r.end(), 0.0) == doctest::Approx(0.0));
  const double best = *std::max_element(r.begin(), r.end());
  if (best == 0) return;  // a draw
  const auto winners = std::count(r.begin(), r.end(), best);
  for (double v : r) {
    if (v == best) {
      CHECK(v == doctest::Approx(1.0 / static_cast<double>(winners)));
    } else {
      CHECK(v == doctest::Approx(-1.0 / static_cast<double>(static_cast<int64_t>(r.size()) - winners)));
    }
  }
}

TEST_CASE("every native game plays to an end at every player count") {
  for (const auto& entry : native_games()) {
    int64_t lo = 0, hi = 0;
    for (const auto& spec : entry.spec) {
      if (spec.name == "players") lo = spec.min_int, hi = spec.max_int;
    }
    for (int64_t players = lo; players <= hi; ++players) {
      CAPTURE(entry.name);
      CAPTURE(players);
      Params params;
      if (players > 0) params["players"] = players;
      const auto game = load_native_game(entry.name, params);
      Rng rng(players);
      for (uint64_t seed = 0; seed < 3; ++seed) {
        auto state = game->new_initial_state(seed);
        play_random(*state, rng, [&](const AnyState& s) {
          if (s.current_player() != kChancePlayer) REQUIRE(!s.legal_actions().empty());
        });
        CHECK(state->returns().size() == static_cast<size_t>(game->num_players()));
        if (entry.name != "leduc_poker") check_win_loss_returns(state->returns());  // Leduc: chips
      }
    }
  }
}

TEST_CASE("games with rule checks keep their invariants at every step") {
  for (const char* name : {"gummiland", "gnomi"}) {
    CAPTURE(name);
    const auto counts = load_native_game(name, {})->fuzz_rules(3, 1);
    CHECK(counts.at(0) == 3);
    CHECK(counts.at(2) > 0);
  }
}

TEST_CASE("tic tac toe: each of the eight lines wins") {
  const int lines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                           {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
  for (const auto& line : lines) {
    CAPTURE(line[0] * 100 + line[1] * 10 + line[2]);
    std::vector<Action> others;  // o's two cells, off the line
    for (int c = 0; c < 9 && others.size() < 2; ++c) {
      if (c != line[0] && c != line[1] && c != line[2]) others.push_back(c);
    }
    auto s = play("tic_tac_toe", {line[0], others[0], line[1], others[1]});
    CHECK_FALSE(s->is_terminal());
    s->apply_action(line[2]);
    CHECK(s->is_terminal());
    CHECK(s->returns() == std::vector<double>{1, -1});
  }
}

TEST_CASE("tic tac toe: a full board without a line is a draw") {
  const auto s = play("tic_tac_toe", {0, 1, 2, 4, 3, 5, 7, 6, 8});
  CHECK(s->is_terminal());
  CHECK(s->returns() == std::vector<double>{0, 0});
}

TEST_CASE("connect four: four in a row wins in every direction") {
  const std::vector<std::vector<Action>> wins{{0, 0, 1, 1, 2, 2, 3},               // horizontal
                                              {0, 1, 0, 1, 0, 1, 0},               // vertical
                                              {0, 1, 1, 2, 2, 3, 2, 3, 3, 6, 3},   // diagonal up to the right
                                              {6, 5, 5, 4, 4, 3, 4, 3, 3, 0, 3}};  // diagonal up to the left
  for (const auto& moves : wins) {
    CAPTURE(moves.size());
    const std::vector<Action> before(moves.begin(), moves.end() - 1);
    auto s = play("connect_four", before);
    CHECK_FALSE(s->is_terminal());
    s->apply_action(moves.back());
    CHECK(s->is_terminal());
    CHECK(s->returns() == std::vector<double>{1, -1});
  }
}

TEST_CASE("connect four: a full column takes no more pieces") {
  const auto s = play("connect_four", {0, 0, 0, 0, 0, 0});
  CHECK_FALSE(s->is_terminal());
  CHECK_FALSE(legal(*s, 0));
  CHECK(s->legal_actions() == std::vector<Action>{1, 2, 3, 4, 5, 6});
}

// Leduc: deal 2 (player 0, a queen) and 4 (player 1, a king); 0 fold, 1 call, 2 raise.
TEST_CASE("leduc: a fold loses what the folder put in") {
  const auto s = play("leduc_poker", {2, 4, 2, 0});  // raise, fold: player 1 loses its ante
  CHECK(s->is_terminal());
  CHECK(s->returns() == std::vector<double>{1, -1});
}

TEST_CASE("leduc: at most two raises in a round") {
  const auto s = play("leduc_poker", {2, 4, 2, 2});
  CHECK(s->legal_actions() == std::vector<Action>{0, 1});
}

TEST_CASE("leduc: a pair with the public card beats a higher card") {
  // Check, check; the public card is the other queen (3); check, check: 1 chip each in the pot.
  const auto pair = play("leduc_poker", {2, 4, 1, 1, 3, 1, 1});
  CHECK(pair->is_terminal());
  CHECK(pair->returns() == std::vector<double>{1, -1});
  const auto high = play("leduc_poker", {2, 4, 1, 1, 0, 1, 1});  // a jack: the king wins
  CHECK(high->returns() == std::vector<double>{-1, 1});
}

// Candy Land (docs/rules/candyland.md, "Worked moves"): the cell seat 0 reaches from START with
// each card kind (0-5 single R P Y B O G, 6-11 double, 12-17 pictures in track order).
TEST_CASE("candyland: worked moves from start, shortcuts included") {
  const int expected[18] = {1, 2, 3, 4, 59, 6, 7, 8, 10, 11, 12, 13, 9, 18, 43, 75, 96, 104};
  for (int kind = 0; kind < 18; ++kind) {
    CAPTURE(kind);
    const auto s = play("candyland", {0, kind});
    const auto obs = s->observation_tensor(0);
    const auto cell = std::max_element(obs.begin(), obs.begin() + 135) - obs.begin();
    CHECK(cell == expected[kind]);
  }
}

TEST_CASE("candyland: the shortest game is four turns") {
  // Queen Frostine (17) to 104, PP (7) to 116, PP to 128, P (1) past the last purple: wins.
  const auto s =
      play("candyland", {0, 17, 0, 1, 0, 7, 0, 1, 0, 7, 0, 1, 0, 1}, {{"draw", std::string("replacement")}});
  CHECK(s->is_terminal());
  CHECK(s->returns() == std::vector<double>{1, -1});
}

TEST_CASE("wetland: a turn has at least two actions") {
  for (int64_t players = 2; players <= 4; ++players) {
    CAPTURE(players);
    auto s = load_native_game("wetland", {{"players", players}})->new_initial_state(3);
    Rng rng(1);
    while (s->current_player() == kChancePlayer) s->apply_action(s->legal_actions().front());
    const int mover = s->current_player();
    CHECK(mover == 0);
    const auto actions = s->legal_actions();
    s->apply_action(actions[rng.below(static_cast<uint32_t>(actions.size()))]);
    if (!s->is_terminal()) CHECK(s->current_player() == mover);
  }
}

// Gnomi: a target decides whether to cancel with earmuffs only when it holds one awake.
TEST_CASE("gnomi: a reaction is offered only from the target's own awake earmuffs") {
  const auto field = [](const AnyState& s, const std::string& name) {
    for (const Field& field : s.fields()) {
      if (field.name == name) return field.values;
    }
    FAIL("no field " << name);
    return std::vector<int64_t>{};
  };
  int offered = 0;
  for (int64_t players = 2; players <= 4; ++players) {
    const auto game = load_native_game("gnomi", {{"players", players}});
    Rng rng(players);
    for (uint64_t seed = 0; seed < 40; ++seed) {
      auto state = game->new_initial_state(seed);
      play_random(*state, rng, [&](const AnyState& s) {
        if (s.current_player() == kChancePlayer) return;
        for (Action a : s.legal_actions()) {
          const std::string text = s.action_to_string(a);
          if (text.rfind("earmuffs (g", 0) != 0) continue;
          const int g = std::stoi(text.substr(11));
          CAPTURE(text);
          CHECK(field(s, "gnome_holder").at(g) == s.current_player());
          CHECK(field(s, "gnome_up").at(g) == 1);
          ++offered;
        }
      });
    }
  }
  CHECK(offered > 20);  // the rule was exercised
}

// Searches with beliefs weigh a world by replaying the game's actions from the world's own deal
// (search/world_beliefs.h): from world_start(), the history as the resampler rewrote it must
// reach the world, in every world drawn for every player, at every player count.
TEST_CASE("gnomi: a world drawn for a player replays from its own deal to itself") {
  int replayed = 0;
  for (int players = 2; players <= 4; ++players) {
    for (bool golden : {false, true}) {
      Rng rng(static_cast<uint64_t>(players * 2 + golden));
      std::vector<Action> actions(GnomiState::kMaxLegal);
      std::vector<ChanceOutcome> outcomes(GnomiState::kMaxLegal);
      for (uint64_t seed = 0; seed < 10; ++seed) {
        GnomiState state(players, golden, 100, seed);
        std::vector<Action> history;
        while (!state.is_terminal() && state.world_start()) {
          for (int p = 0; p < players && history.size() % 7 == 0; ++p) {
            std::vector<Action> rewritten = history;
            const GnomiState world = state.resample_from_infostate(p, rng, &rewritten);
            std::optional<GnomiState> replay = world.world_start();
            REQUIRE(replay);
            for (Action a : rewritten) replay->apply_action(a);
            CHECK(replay->to_string() == world.to_string());
            ++replayed;
          }
          Action a;
          if (state.current_player() == kChancePlayer) {
            const int n = state.chance_outcomes(outcomes.data());
            a = outcomes[rng.below(static_cast<uint32_t>(n))].action;
          } else {
            const int n = state.legal_actions(actions.data());
            a = actions[rng.below(static_cast<uint32_t>(n))];
          }
          state.apply_action(a);
          history.push_back(a);
        }
        if (golden && !state.is_terminal()) CHECK(!state.world_start());  // a later game of the match
      }
    }
  }
  CHECK(replayed > 200);
}

}  // namespace
}  // namespace ts::testing
