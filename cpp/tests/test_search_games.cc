// Every search family on every native game, through the entry the bindings use
// (api/search_entry.h): the budget is spent, every legal root action is reported, the choice is
// legal, and the same seed gives the same statistics.
#include <doctest/doctest.h>

#include <algorithm>
#include <vector>

#include "api/registry.h"
#include "api/search_entry.h"
#include "search_helpers.h"

namespace ts::testing {
namespace {

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
