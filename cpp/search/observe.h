// The two ways hidden-information search looks at a game: through a determinization of one
// player's information set, and through what each player observes of an action. Defaults for
// states that do not implement the optional concepts (core/game.h): a state without
// resample_from_infostate hides nothing, and an action without observed_action is public.
#pragma once
#include "core/game.h"

namespace ts {

// A world consistent with everything `player` knows in `state`, drawn from `rng`. Searches read
// a root state only through this, so what the player cannot know cannot reach them.
template <GameState S>
inline S determinize(const S& state, int player, Rng& rng) {
  if constexpr (Resamplable<S>) {
    return state.resample_from_infostate(player, rng, nullptr);
  } else {
    return state;
  }
}

// How `action` (or chance outcome), taken in `state`, looks to `observer`.
template <GameState S>
inline Action observed_action(const S& state, int observer, Action action) {
  if constexpr (ObservesActions<S>) {
    return state.observed_action(observer, action);
  } else {
    return action;
  }
}

}  // namespace ts
