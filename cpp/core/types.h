// Basic vocabulary shared by games and search: actions, special players, chance outcomes.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>

namespace ts {

using Action = int32_t;

// Special values of current_player(), numbered as in OpenSpiel.
inline constexpr int kChancePlayer = -1;
inline constexpr int kTerminalPlayer = -4;

// The most players any game may have (search keeps per-player values in fixed arrays).
inline constexpr int kMaxPlayers = 8;

struct ChanceOutcome {
  Action action;
  double probability;
};

// Bad input from a caller: bound to Python's ValueError.
struct InvalidArgument : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

[[noreturn]] inline void fail(const std::string& message) { throw InvalidArgument(message); }

// A broken internal invariant (a bug in tablesearch, not in what the caller passed): bound to
// tablesearch.InternalError in Python. `what_is_known` says which invariant and the values seen.
struct InternalError : std::logic_error {
  using std::logic_error::logic_error;
};

[[noreturn]] inline void fail_internal(const std::string& what_is_known) {
  throw InternalError("internal error in tablesearch, please report it (with the call that raised it): " +
                      what_is_known);
}

}  // namespace ts
