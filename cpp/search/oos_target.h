// Where online outcome sampling steers its iterations (search/outcome_sampling.h), one of the
// two targets of Lisy, Lanctot and Bowling (2015):
//  - the information set of the player to move at the root ("information-set targeting"): the
//    target is held as the keys that player's information state takes, step by step, along one
//    path from the start of the game to the root; a sampled history stays in the target while
//    each of its steps leaves that player with the key the path had at the same depth;
//  - the public state of the root ("public subgame targeting"): a sampled history stays in the
//    target while each of its steps looks the same as the path's step to at least one player,
//    so every private deal (to the root player too) varies and every public event is the path's.
//    The opponent's strategy below the root is then learned against every hand the root player
//    may hold, not only the one it holds: what an equilibrium needs, and what information-set
//    targeting misses (its opponent learns to play against a hand it cannot know).
// A game whose histories in one target all have the same length (poker, liar's dice) is
// targeted exactly; in others a targeted walk may miss the target, and the sampling
// probabilities stay right either way.
//
// The path is the one the game's resampler writes for a world of the root's information set
// (resample_from_infostate with a history): nothing the player cannot know enters.
#pragma once
#include <optional>
#include <utility>
#include <vector>

#include "core/game.h"
#include "search/infoset_keys.h"
#include "search/observe.h"
#include "search/trajectory.h"

namespace ts {

template <GameState S>
class OosTarget {
 public:
  // The target (the public state of `root` if `public_state`, else the information set) of
  // `player` to move in `root`, reached from `trajectory.initial`; nothing when the
  // game cannot be replayed from its start in worlds drawn for the player (a deal that depends
  // on the seed rather than on chance actions, or a resampler that writes no history).
  static std::optional<OosTarget> of(const S& root, int player, const Trajectory<S>& trajectory, Rng& rng,
                                     int max_legal_actions, bool public_state) {
    std::vector<Action> history = trajectory.history;
    S world = root;
    if constexpr (Resamplable<S>) world = root.resample_from_infostate(player, rng, &history);
    std::vector<Action> actions(max_legal_actions);
    std::vector<ChanceOutcome> outcomes(max_legal_actions);
    OosTarget target(player, public_state ? root.num_players() : 0);
    S replay = trajectory.initial;
    for (Action a : history) {
      if (replay.is_terminal() || !legal_in(replay, a, actions.data(), outcomes.data())) return std::nullopt;
      for (int p = 0; p < target.players_; ++p) target.seen_.push_back(observed_action(replay, p, a));
      replay.apply_action(a);
      target.keys_.push_back(infoset_key(replay, player));
    }
    if (replay.current_player() != player || replay.to_string() != world.to_string() ||
        infoset_key(replay, player) != infoset_key(world, player)) {
      return std::nullopt;
    }
    return target;
  }

  // Steps from the start of the game to the target.
  int depth() const { return static_cast<int>(keys_.size()); }

  // Whether taking `action` in `state`, `steps` < depth() steps from the start along a history
  // in the target so far, keeps it there.
  bool keeps(const S& state, int steps, Action action) const {
    if (players_ > 0 && !looks_the_same(state, steps, action)) return false;
    S next = state;
    next.apply_action(action);
    return !next.is_terminal() && (players_ > 0 || infoset_key(next, player_) == keys_[steps]);
  }

 private:
  OosTarget(int player, int players) : player_(player), players_(players) {}

  // Public targeting: some player sees `action` as it saw the path's step.
  bool looks_the_same(const S& state, int steps, Action action) const {
    const Action* seen = seen_.data() + static_cast<size_t>(steps) * players_;
    for (int p = 0; p < players_; ++p) {
      if (observed_action(state, p, action) == seen[p]) return true;
    }
    return false;
  }

  static bool legal_in(const S& state, Action a, Action* actions, ChanceOutcome* outcomes) {
    if (state.current_player() == kChancePlayer) {
      const int n = state.chance_outcomes(outcomes);
      for (int i = 0; i < n; ++i) {
        if (outcomes[i].action == a) return true;
      }
      return false;
    }
    const int n = state.legal_actions(actions);
    for (int i = 0; i < n; ++i) {
      if (actions[i] == a) return true;
    }
    return false;
  }

  int player_;
  int players_;                 // public targeting: the number of players; 0: the information set
  std::vector<uint64_t> keys_;  // keys_[k]: the player's key after k + 1 steps
  std::vector<Action> seen_;    // public targeting: seen_[k * players_ + p], step k as p saw it
};

}  // namespace ts
