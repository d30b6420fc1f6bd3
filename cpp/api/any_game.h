// The type-erased face of games and states: the game API only, used by the bindings and by
// games that are not native (written in Python). Native games reach it through
// NativeGameAdapter (native_adapter.h). A state's get_game() is never null. Searching a state goes
// through api/search_entry.h.
#pragma once
#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/description.h"
#include "core/fields.h"
#include "core/params.h"
#include "core/types.h"
#include "search/infoset_keys.h"

namespace ts {

class AnyState;

// What a game declares about itself beyond what search needs (core/game.h names where each fact
// comes from and its default), read by interop, analysis, the command line and the web app.
struct GameFacts {
  int min_players = 1, max_players = 1;
  double min_utility = -1, max_utility = 1;
  double utility_sum = 0;   // every native game is zero-sum
  int max_game_length = 0;  // 0: the game declares no bound
};

class AnyGame : public std::enable_shared_from_this<AnyGame> {
 public:
  virtual ~AnyGame() = default;
  virtual std::string name() const = 0;
  virtual const Params& params() const = 0;
  virtual int num_players() const = 0;
  virtual int max_legal_actions() const = 0;
  virtual int num_distinct_actions() const = 0;
  virtual bool has_chance() const = 0;
  virtual bool has_hidden_information() const = 0;
  virtual std::vector<int> observation_shape() const = 0;
  virtual GameFacts facts() const {
    GameFacts facts;
    facts.min_players = facts.max_players = num_players();
    return facts;
  }
  // What the game declares about its names, tables, actions, observation and fields.
  virtual GameDescription description() const { return {}; }
  // The parameters the game accepts, with their defaults, ranges and help text.
  virtual std::vector<ParamSpec> parameter_specs() const { return {}; }
  virtual std::unique_ptr<AnyState> new_initial_state(uint64_t seed) const = 0;
  // Rebuilds a state from its seed and history (replayed through the rules), or, for states
  // that serialize their contents, from `fields` (validated) with the history kept as given.
  virtual std::unique_ptr<AnyState> restore(uint64_t seed, const std::vector<Action>& history,
                                            const Fields* fields) const = 0;
  virtual bool serializes_fields() const = 0;
  // Random games checking the rules' invariants after every legal action at every step (see
  // api/rule_fuzz.h): {games, plies, checks, round_trips}. Fails naming the first broken invariant.
  virtual std::vector<int64_t> fuzz_rules(int64_t games, uint64_t seed) const {
    (void)games, (void)seed;
    fail(name() + " has no rule checks");
  }
  // True if the game's states give cheap information-state keys (HasInfoKey in core/game.h).
  virtual bool has_information_state_keys() const { return false; }
};

class AnyState {
 public:
  virtual ~AnyState() = default;
  virtual std::shared_ptr<const AnyGame> get_game() const = 0;  // never null
  virtual int num_players() const = 0;
  virtual int current_player() const = 0;
  virtual bool is_terminal() const = 0;
  virtual std::vector<Action> legal_actions() const = 0;
  virtual std::vector<ChanceOutcome> chance_outcomes() const = 0;
  // The same written to `out`, which has room for `capacity` (more is an error naming the
  // bound); returns how many. States that call out of the core (games written in Python) give
  // them without building a vector per call.
  virtual int legal_actions_into(Action* out, int capacity) const {
    return copy_bounded(legal_actions(), out, capacity);
  }
  virtual int chance_outcomes_into(ChanceOutcome* out, int capacity) const {
    return copy_bounded(chance_outcomes(), out, capacity);
  }
  // Checked: an illegal action raises InvalidArgument naming the legal ones.
  virtual void apply_action(Action action) = 0;
  virtual std::vector<double> returns() const = 0;
  virtual std::vector<double> scores() const = 0;
  virtual std::unique_ptr<AnyState> clone() const = 0;
  virtual const std::vector<Action>& history() const = 0;
  // The state history() starts from, for searches that replay the path played (smooth-uct's
  // beliefs). Null where that is not known (games written in Python); native games give their
  // searches the path themselves (api/native_adapter.h).
  virtual std::unique_ptr<AnyState> initial_state() const { return nullptr; }
  virtual uint64_t seed() const = 0;
  virtual std::string action_to_string(Action action) const = 0;
  virtual std::string to_string() const = 0;
  virtual std::string information_state_string(int player) const = 0;
  virtual std::vector<float> observation_tensor(int player) const = 0;
  virtual std::unique_ptr<AnyState> resample_from_infostate(int player, uint64_t seed) const = 0;
  // The 64-bit key search gives `player`'s information set here (search/infoset_keys.h): the
  // game's cheap key where it has one, else a hash of the information-state string.
  virtual uint64_t information_state_key(int player) const {
    check_player(player);
    return infoset_key_from_string(information_state_string(player), player);
  }
  // How `action`, taken here, looks to `observer` (equal values: the observer cannot tell them apart).
  virtual Action observed_action(int observer, Action action) const = 0;
  virtual Fields fields() const = 0;  // empty unless the game serializes fields
  // The game's heuristic estimate of the returns (the returns themselves at the end), for
  // rollout cutoffs; games without one raise.
  virtual bool has_heuristic() const { return false; }
  virtual std::vector<double> heuristic_returns() const {
    fail(
        "this game has no heuristic evaluation (heuristic_returns); rollout_cutoff and "
        "mcts.HeuristicEvaluator "
        "need a native game that defines one");
  }

  template <class T>
  static int copy_bounded(const std::vector<T>& items, T* out, int capacity) {
    const int n = static_cast<int>(items.size());
    if (n > capacity) {
      fail("a state listed " + std::to_string(n) + " actions, more than the game's bound of " +
           std::to_string(capacity) + " (declare a larger max_legal_actions() on the game)");
    }
    std::copy(items.begin(), items.end(), out);
    return n;
  }

  void check_player(int player) const {
    if (player < 0 || player >= num_players()) {
      fail("player must be in 0.." + std::to_string(num_players() - 1) + ", got " + std::to_string(player));
    }
  }
};

}  // namespace ts
