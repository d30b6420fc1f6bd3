// Games compiled from Python (games/compiled) as type-erased games: the native adapter over
// CompiledGame, so their states are searched natively like any native game's.
#pragma once
#include <cstdint>
#include <memory>

#include "api/any_game.h"
#include "api/rule_fuzz.h"
#include "games/compiled/compiled_rules.h"

namespace ts {

// The game of `rules` (validated: InvalidArgument names the first problem), named rules->name,
// reporting `params` as its parameters (checked against rules->param_specs as a native game's are,
// defaults filled in).
std::shared_ptr<AnyGame> make_compiled_game(std::shared_ptr<const CompiledRules> rules, const Params& params);

// The conformance pass a compiled game gets before it is used: `games` random games from `seed`
// trying every legal action at every step, with the checks of CompiledState::check_step, and
// the end of each game within `max_plies`; then, with hidden information, the histories resample
// rewrites (CompiledGame::check_resampled_histories). InvalidArgument names the function that
// broke a rule.
FuzzCounts check_compiled_game(const AnyGame& game, int64_t games, uint64_t seed, int64_t max_plies);

}  // namespace ts
