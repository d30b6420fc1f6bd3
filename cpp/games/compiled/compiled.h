// Games written in Python as numba functions over a fixed-size array (compiled_rules.h), as a
// native game: the state is a value type holding the array inline, so the search copies it like
// any native state and calls the rules through pointers, without Python. The search families
// are compiled once for this state type, not per game.
//
// Every call is checked where it is cheap: the status (the function raised), the player to move,
// the count, order and range of actions, chance probabilities, finite returns inside the
// declared range. A failure raises InvalidArgument naming the game and the function.
#pragma once
#include <cstring>
#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "games/compiled/compiled_rules.h"

namespace ts {

class CompiledState {
 public:
  friend class CompiledGame;
  explicit CompiledState(const CompiledRules* rules);
  CompiledState(const CompiledState& other) : rules_(other.rules_), player_(other.player_) {
    std::memcpy(data_, other.data_, static_cast<size_t>(rules_->state_bytes()));
  }
  CompiledState& operator=(const CompiledState& other) {
    if (this != &other) {
      rules_ = other.rules_;
      player_ = other.player_;
      std::memcpy(data_, other.data_, static_cast<size_t>(rules_->state_bytes()));
    }
    return *this;
  }

  int num_players() const { return static_cast<int>(rules_->num_players); }
  int current_player() const { return player_; }
  bool is_terminal() const { return player_ == kTerminalPlayer; }
  int legal_actions(Action* out) const;
  int chance_outcomes(ChanceOutcome* out) const;
  void apply_action(Action action);
  void returns(double* out) const;
  std::string action_to_string(Action action) const;
  std::string to_string() const;
  std::string information_state_string(int player) const;
  uint64_t information_state_key(int player) const;
  void observation_tensor(int player, float* out) const;
  CompiledState resample_from_infostate(int player, Rng& rng, std::vector<Action>* history) const;
  Action observed_action(int observer, Action action) const;
  double min_utility() const { return rules_->min_utility; }
  double max_utility() const { return rules_->max_utility; }
  // Rule fuzzing (api/rule_fuzz.h) checks what a compiled game must keep: see compiled.cc.
  void check_step(const CompiledState& before, Action action) const;

  // The state's array, as bytes.
  const unsigned char* data() const { return data_; }
  unsigned char* data() { return data_; }
  const CompiledRules& rules() const { return *rules_; }

 private:
  // The values of `player`'s information state (the state itself without information_state).
  std::vector<int64_t> information_values(int player) const;
  // Raises naming `function` unless `status` is kOk (`args`: its arguments after the state).
  void check(int32_t status, const char* function, std::initializer_list<int64_t> args) const {
    if (status != compiled_abi::kOk) [[unlikely]]
      raised(status, function, args);
  }
  [[noreturn]] void raised(int32_t status, const char* function, std::initializer_list<int64_t> args) const;
  [[noreturn]] void broken(const char* function, const std::string& what) const;
  int checked_player(int64_t player, const char* function) const {
    if ((player < 0 || player >= rules_->num_players) && player != kTerminalPlayer &&
        (player != kChancePlayer || !rules_->has_chance)) [[unlikely]]
      bad_player(player, function);
    return static_cast<int>(player);
  }
  [[noreturn]] void bad_player(int64_t player, const char* function) const;
  // A world drawn for `player` that the player can tell apart from this state.
  [[noreturn]] void world_differs(int player) const;

  const CompiledRules* rules_;  // owned by the game, which outlives its states
  int32_t player_ = kTerminalPlayer;
  alignas(8) unsigned char data_[kCompiledStateCapacity];
};

class CompiledGame {
 public:
  using State = CompiledState;
  static constexpr const char* kName = "compiled";
  // Compiled games are registered by name in Python, not in the native list: their parameters
  // are what the factory takes, per game.
  std::vector<ParamSpec> parameter_specs() const { return rules_->parameter_specs; }
  // A compiled game is made from its rules (make_compiled_game), never from parameters alone.
  [[noreturn]] explicit CompiledGame(const Params&);
  explicit CompiledGame(std::shared_ptr<const CompiledRules> rules);

  std::string name() const { return rules_->name; }
  // The rules' counts were range-checked (CompiledRules::validate): each fits in an int.
  int num_players() const { return static_cast<int>(rules_->num_players); }
  int max_legal_actions() const { return static_cast<int>(rules_->max_legal_actions); }
  int num_distinct_actions() const { return static_cast<int>(rules_->num_distinct_actions); }
  bool has_chance() const { return rules_->has_chance; }
  bool has_hidden_information() const { return rules_->has_hidden_information; }
  std::vector<int> observation_shape() const {
    return std::vector<int>(rules_->observation_shape.begin(), rules_->observation_shape.end());
  }
  int max_game_length() const { return static_cast<int>(rules_->max_game_length); }
  // The deal and every other random event are chance nodes: the seed is unused.
  State new_initial_state(uint64_t) const { return State(rules_.get()); }
  const CompiledRules& rules() const { return *rules_; }

  // Checks, over `games` random games from `seed`, that every world resample draws (for each
  // player, at plies up to 64 and every 16th after) is what its rewritten history leads to from
  // the initial state: a world serializes as its history, so it must replay to itself.
  void check_resampled_histories(int64_t games, uint64_t seed, int64_t max_plies) const;

 private:
  std::shared_ptr<const CompiledRules> rules_;
};

}  // namespace ts
