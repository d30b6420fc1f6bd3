// How search over information sets names a node: the acting player's information-state key,
// mixed with the player (two players' information sets never share an entry).
#pragma once
#include <functional>
#include <string>

#include "core/game.h"
#include "core/hash.h"

namespace ts {

inline uint64_t mix_player(uint64_t key, int player) {
  return KeyHasher::mix(key + 0x9E3779B97F4A7C15ULL * static_cast<uint64_t>(player + 1));
}

inline uint64_t infoset_key_from_string(const std::string& info, int player) {
  return mix_player(std::hash<std::string>{}(info), player);
}

// The key of `player`'s information set in `state`: the game's cheap key if it has one, else
// a hash of its information-state string (correct but slower: a string per decision).
template <GameState S>
inline uint64_t infoset_key(const S& state, int player) {
  if constexpr (HasInfoKey<S>) {
    return mix_player(state.information_state_key(player), player);
  } else {
    return infoset_key_from_string(state.information_state_string(player), player);
  }
}

}  // namespace ts
