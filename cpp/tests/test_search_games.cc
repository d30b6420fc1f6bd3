// Every search family on every native game, through the entry the bindings use
// (api/search_entry.h): the budget is spent, every legal root action is reported, the choice is
// legal, and the same seed gives the same statistics.
#include <doctest/doctest.h>

#include <algorithm>
#include <vector>

#include "api/registry.h"
#include "api/search_entry.h"
#include "games/gnomi/gnomi.h"
#include "search/world_beliefs.h"
#include "search_helpers.h"

namespace ts::testing {
namespace {

// Whether `seat` holds an awake earmuffs gnome in `state` (read through its fields).
bool holds_awake_earmuffs(const GnomiState& state, int seat) {
  std::vector<int64_t> face, holder, up;
  for (const Field& field : write_fields(state)) {
    if (field.name == "gnome_face") face = field.values;
    if (field.name == "gnome_holder") holder = field.values;
    if (field.name == "gnome_up") up = field.values;
  }
  for (size_t g = 0; g < face.size(); ++g) {
    if (holder[g] == seat && up[g] && gnomi::kGnomes[face[g]].ability == gnomi::Ability::kEarmuffs)
      return true;
  }
  return false;
}

// A target that lets an action pass when it could have cancelled it with earmuffs: in the worlds
// of the players who saw it, weighted by its moves (a uniform choice among its legal moves, no
// kept tree), it holds awake earmuffs less often than in uniformly drawn ones (a world with one
// has half the weight at the decline; its earlier turns, with one move fewer to choose from,
// give it back a little). Over the first declines of 30 random 3-player games, 400 worlds each.
TEST_CASE("gnomi beliefs: a declined reaction makes awake earmuffs less likely") {
  Rng rng(11);
  std::vector<Action> actions(GnomiState::kMaxLegal);
  std::vector<ChanceOutcome> outcomes(GnomiState::kMaxLegal);
  int uniform = 0, weighted = 0, cases = 0;
  for (uint64_t seed = 0; cases < 30 && seed < 300; ++seed) {
    GnomiState state(3, false, 100, seed);
    std::vector<Action> history;
    int target = -1;
    while (!state.is_terminal()) {
      const int mover = state.current_player();
      Action a;
      if (mover == kChancePlayer) {
        a = outcomes[rng.below(static_cast<uint32_t>(state.chance_outcomes(outcomes.data())))].action;
      } else {
        const int n = state.legal_actions(actions.data());
        a = actions[rng.below(static_cast<uint32_t>(n))];
        if (target < 0 &&
            std::find(actions.begin(), actions.begin() + n, GnomiState::kNoReaction) != actions.begin() + n) {
          a = GnomiState::kNoReaction;
          target = mover;
        }
      }
      state.apply_action(a);
      history.push_back(a);
      if (target >= 0 && !state.is_terminal() && state.current_player() >= 0 &&
          state.current_player() != target)
        break;
    }
    if (target < 0 || state.is_terminal()) continue;
    const int player = state.current_player();
    const Trajectory<GnomiState> trajectory{GnomiState(3, false, 100, 0), history};
    WorldBeliefs<GnomiState> beliefs(state, player, trajectory, nullptr, GnomiState::kMaxLegal, rng);
    REQUIRE(beliefs.ready());
    for (int i = 0; i < 400; ++i) {
      uniform += holds_awake_earmuffs(state.resample_from_infostate(player, rng, nullptr), target);
      weighted += holds_awake_earmuffs(beliefs.draw(rng), target);
    }
    ++cases;
  }
  REQUIRE(cases == 30);
  CAPTURE(uniform);
  CAPTURE(weighted);
  CHECK(uniform > 1000);
  CHECK(weighted < 0.8 * uniform);
}

TEST_CASE("every algorithm searches every native game") {
  for (const auto& entry : native_games()) {
    const auto game = load_native_game(entry.name, {});
    auto root = game->new_initial_state(1);
    while (root->current_player() == kChancePlayer) root->apply_action(root->legal_actions().front());
    const std::vector<Action> legal = root->legal_actions();
    for (auto algorithm : all_algorithms()) {
      CAPTURE(entry.name);
      CAPTURE(algorithm);
      const SearchConfig config = config_for(algorithm, 200, 3);
      const SearchResult r = run_search(*root, config, nullptr, nullptr);
      CHECK(r.iterations == 200);
      std::vector<Action> reported;
      int64_t visits = 0;
      for (const auto& s : r.stats) reported.push_back(s.action), visits += s.visits;
      CHECK(reported == legal);
      CHECK(visits > 0);
      CHECK(std::find(legal.begin(), legal.end(), r.best_action) != legal.end());
      CHECK(visits_of(run_search(*root, config, nullptr, nullptr)) == visits_of(r));
    }
  }
}

}  // namespace
}  // namespace ts::testing
