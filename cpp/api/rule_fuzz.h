// Rule fuzzing: random games in which every legal action is tried at every step (each on a copy,
// checked by the game's check_step), one of them chosen at random to go on. Native speed, so the
// test suite can afford thousands of games per configuration.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/game.h"
#include "search/rollout.h"

namespace ts {

struct FuzzCounts {
  int64_t games = 0;
  int64_t plies = 0;        // steps taken along the games
  int64_t checks = 0;       // steps checked (every legal action at every step)
  int64_t round_trips = 0;  // end positions serialized and read back
};

template <NativeGame G>
FuzzCounts fuzz_rules(const G& game, int64_t games, uint64_t seed, int64_t max_plies = 1'000'000) {
  using S = typename G::State;
  FuzzCounts counts;
  if constexpr (ChecksRules<S>) {
    Rng rng(seed);
    std::vector<Action> actions(game.max_legal_actions());
    std::vector<ChanceOutcome> outcomes(game.max_legal_actions());
    for (int64_t g = 0; g < games; ++g) {
      const uint64_t game_seed = rng.next();
      S state = game.new_initial_state(game_seed);
      if constexpr (KeepsRecord<S>) {
        if (g % 2 == 0) state.start_record();  // both kinds of state round-trip below
      }
      auto play = [](S& s, Action a) {
        if constexpr (KeepsRecord<S>) s.record(a);
        s.apply_action(a);
      };
      int64_t ply = 0;
      auto where = [&] {
        return " (game seed " + std::to_string(game_seed) + ", ply " + std::to_string(ply) + ")";
      };
      while (!state.is_terminal()) {
        if (++ply > max_plies)
          fail("a game did not end within " + std::to_string(max_plies) + " plies" + where());
        const bool chance = state.current_player() == kChancePlayer;
        if (chance) actions[0] = sample_chance_action(state, rng, outcomes.data());
        const int n = chance ? 1 : state.legal_actions(actions.data());
        if (n <= 0) fail("a state that is not over has no legal action" + where());
        for (int i = 0; i < n; ++i) {
          S next = state;
          play(next, actions[i]);
          try {
            next.check_step(state, actions[i]);
          } catch (const InvalidArgument& e) {
            fail(std::string(e.what()) + " after action " + std::to_string(actions[i]) + where());
          }
          ++counts.checks;
        }
        play(state, chance ? actions[0] : actions[rng.below(static_cast<uint32_t>(n))]);
        ++counts.plies;
      }
      if constexpr (HasFields<S>) {
        // The end position round-trips through its serialized fields (validated on reading).
        const Fields written = write_fields(state);
        S restored = game.new_initial_state(0);
        try {
          const FieldReader reader(written);
          read_fields(restored, reader);
          reader.check_all_read();
        } catch (const InvalidArgument& e) {
          fail(std::string("the end position does not deserialize: ") + e.what() + where());
        }
        if (write_fields(restored) != written)
          fail("the end position changes through serialization" + where());
        ++counts.round_trips;
      }
      std::vector<double> returns(state.num_players());
      state.returns(returns.data());
      double sum = 0;
      for (double r : returns) sum += r;
      if (sum > 1e-9 || sum < -1e-9) fail("returns are not zero-sum" + where());
      ++counts.games;
    }
  } else {
    (void)game, (void)games, (void)seed, (void)max_plies;
    fail(std::string(G::kName) + " has no rule checks (check_step)");
  }
  return counts;
}

}  // namespace ts
