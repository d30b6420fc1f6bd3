// The rules of a game written in Python and compiled with numba (python/tablesearch/games/
// compiled): C functions over a fixed-size state array, reached through pointers, plus the sizes
// the game declares. One immutable table per game, shared by all its states.
//
// Every function returns a status (int32): 0 when the game's function returned normally, kRaised when it
// raised (numba functions cannot raise into C: the wrappers catch and report). What the
// functions write is checked by the state (games/compiled/compiled.h), which names the function
// in every error.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/params.h"
#include "core/types.h"

namespace ts {

namespace compiled_abi {

inline constexpr int32_t kOk = 0;
inline constexpr int32_t kRaised = 1;
// apply_action's wrapper: the game's current_player raised after the action was applied.
inline constexpr int32_t kRaisedInCurrentPlayer = 2;

// Single results (a player, a count) are written as int64, so that the checks see any value the
// game's function returned. apply_action also writes the player to move after the action (one
// call per step).
using ApplyAction = int32_t (*)(void* state, int32_t action, int64_t* player);
using CurrentPlayer = int32_t (*)(const void* state, int64_t* player);
// Writes up to max_legal_actions actions and their count.
using LegalActions = int32_t (*)(const void* state, int32_t* actions, int64_t* count);
using ChanceOutcomes = int32_t (*)(const void* state, int32_t* actions, double* probabilities,
                                   int64_t* count);
using Returns = int32_t (*)(const void* state, double* values);  // num_players values
// Writes information_state_size values: everything `player` knows here.
using InformationState = int32_t (*)(const void* state, int32_t player, int32_t* values);
using Observation = int32_t (*)(const void* state, int32_t player, float* values);
// `world` starts as a copy of `state`; the function redraws what `player` cannot know from the
// resample_draws values in `draws` (uniform in [0, 2**63)), and rewrites the hidden entries of
// `history` (the actions from the initial state; history_length 0 when not known).
using Resample = int32_t (*)(const void* state, int32_t player, const int64_t* draws, void* world,
                             int32_t* history, int32_t history_length);
using ObservedAction = int32_t (*)(const void* state, int32_t observer, int32_t action, int64_t* observed);

}  // namespace compiled_abi

// Bounds on what a compiled game may declare. The state lives inline in every search state.
inline constexpr int kCompiledStateCapacity = 4096;  // bytes
inline constexpr int kCompiledMaxActions = 1 << 16;
inline constexpr int kCompiledMaxVector = 1 << 20;  // information states, observations, draws

struct CompiledRules {
  // The counts and sizes are held as declared, in 64 bits: validate() checks their ranges, after
  // which each fits in an int.
  std::string name;
  int64_t num_players = 0;
  std::vector<unsigned char> initial;  // the initial state's bytes
  int element_size = 0;                // bytes per state element
  char element_kind = 'i';             // 'i' signed integer, 'u' unsigned, 'f' floating point
  int64_t max_legal_actions = 0;       // bound on legal actions and chance outcomes
  int64_t num_distinct_actions = 0;    // player actions lie in [0, this)
  bool has_chance = false;
  bool has_hidden_information = false;
  double min_utility = -1, max_utility = 1;  // min_utility() and max_utility()
  std::vector<ParamSpec> parameter_specs;    // the factory's parameters, for help and forms
  int64_t max_game_length = 0;               // 0: no bound declared
  int64_t information_state_size = 0;        // 0: the state itself is what every player knows
  int64_t resample_draws = 0;
  std::vector<int64_t> observation_shape;  // empty: no observation tensors

  compiled_abi::ApplyAction apply_action = nullptr;
  compiled_abi::CurrentPlayer current_player = nullptr;
  compiled_abi::LegalActions legal_actions = nullptr;
  compiled_abi::ChanceOutcomes chance_outcomes = nullptr;  // the optional ones may be null
  compiled_abi::Returns returns = nullptr;
  compiled_abi::InformationState information_state = nullptr;
  compiled_abi::Observation observation = nullptr;
  compiled_abi::Resample resample = nullptr;
  compiled_abi::ObservedAction observed_action = nullptr;

  // Text for people, from functions the game may give in Python (empty: a generic text).
  std::function<std::string(const void* state)> state_to_string;
  std::function<std::string(const void* state, Action action)> action_to_string;
  // What `function` raised when called on `state` with `args` (the game's own function run
  // again in Python, which keeps the exception); empty when unknown.
  std::function<std::string(const char* function, const void* state, const std::vector<int64_t>& args)>
      explain;
  // Keeps the compiled functions alive as long as the table.
  std::shared_ptr<const void> owner;

  int state_bytes() const { return static_cast<int>(initial.size()); }
  int state_size() const { return state_bytes() / element_size; }
  // The product of observation_shape (0 without one), or INT64_MAX where it overflows.
  int64_t observation_size() const;
  // Checks the sizes and that the required functions are there; InvalidArgument names the first
  // problem.
  void validate() const;
};

}  // namespace ts
