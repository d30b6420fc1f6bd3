// DynState: any AnyState (for example a game written in Python) as a value type that satisfies
// the native GameState concept, so the same templated search runs on it. Copies clone the
// wrapped state. Calls are few, since each may cross into Python: the player to move is asked
// only when the search needs it (once after each action at most; not at all on the way down a
// search tree, whose nodes know it), the end of the game is read from current_player() ==
// TERMINAL (the state protocol), and is_terminal() only consulted to explain a state that
// breaks it.
#pragma once
#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "api/any_game.h"
#include "core/game.h"

namespace ts {

class DynState {
 public:
  DynState(std::unique_ptr<AnyState> state, int max_legal_actions)
      : state_(std::move(state)), max_legal_actions_(max_legal_actions), players_(state_->num_players()) {
    if (players_ < 1 || players_ > kMaxPlayers) {
      fail("num_players() must be between 1 and " + std::to_string(kMaxPlayers) + ", got " +
           std::to_string(players_));
    }
    refresh();
  }
  DynState(const DynState& other)
      : state_(other.state_->clone()),
        max_legal_actions_(other.max_legal_actions_),
        players_(other.players_),
        player_(other.player_) {}
  DynState& operator=(const DynState& other) {
    if (this != &other) {
      state_ = other.state_->clone();
      max_legal_actions_ = other.max_legal_actions_;
      players_ = other.players_;
      player_ = other.player_;
    }
    return *this;
  }
  DynState(DynState&&) = default;
  DynState& operator=(DynState&&) = default;

  int num_players() const { return players_; }
  int current_player() const {
    if (player_ == kUnknown) refresh();
    return player_;
  }
  bool is_terminal() const { return current_player() == kTerminalPlayer; }

  int legal_actions(Action* out) const {
    const int n = state_->legal_actions_into(out, max_legal_actions_);
    if (n == 0) {
      if (state_->is_terminal()) {
        fail("a state whose game is over (is_terminal() is True) returned " +
             std::to_string(current_player()) +
             " from current_player(); at the end of the game it must return TERMINAL (-4)");
      }
      fail("a non-terminal state listed no legal actions (is_terminal() should be true)");
    }
    return n;
  }
  int chance_outcomes(ChanceOutcome* out) const {
    const int n = state_->chance_outcomes_into(out, max_legal_actions_);
    if (n == 0) fail("a chance node listed no chance outcomes");
    return n;
  }
  void apply_action(Action action) {
    state_->apply_action(action);
    player_ = kUnknown;  // asked when needed
  }
  void returns(double* out) const {
    const std::vector<double> r = state_->returns();
    std::copy(r.begin(), r.end(), out);
  }
  std::string action_to_string(Action action) const { return state_->action_to_string(action); }
  std::string to_string() const { return state_->to_string(); }
  std::string information_state_string(int player) const { return state_->information_state_string(player); }
  void observation_tensor(int player, float* out) const {
    const std::vector<float> t = state_->observation_tensor(player);
    std::copy(t.begin(), t.end(), out);
  }
  Action observed_action(int observer, Action action) const {
    return state_->observed_action(observer, action);
  }
  // The player to move is known to everyone, so every world drawn for a player has the same one.
  // `history` (searches with a trajectory: initial_state() is known) becomes the world's own.
  DynState resample_from_infostate(int player, Rng& rng, std::vector<Action>* history) const {
    DynState world(state_->resample_from_infostate(player, rng.next()), max_legal_actions_);
    if (history) *history = world.state_->history();
    if (world.current_player() != current_player() || world.players_ != players_) {
      fail("resample_from_infostate(" + std::to_string(player) +
           ", ...) returned a world whose current_player() is " + std::to_string(world.current_player()) +
           " (of " + std::to_string(world.players_) + " players), where the state it was drawn from has " +
           std::to_string(current_player()) + " (of " + std::to_string(players_) +
           "): a world must keep what every player knows");
    }
    return world;
  }
  // The game's return range, which searches that scale values read ([-1, 1] unless declared).
  double min_utility() const { return state_->get_game()->facts().min_utility; }
  double max_utility() const { return state_->get_game()->facts().max_utility; }
  // Costly: each call crosses into Python, so playouts check the search budget at every ply.
  static constexpr bool kCostlyCalls = true;

  const AnyState& any() const { return *state_; }

 private:
  void refresh() const {
    const int player = state_->current_player();
    if (player != kTerminalPlayer && player != kChancePlayer && (player < 0 || player >= players_)) {
      fail("current_player() returned " + std::to_string(player) + "; valid: 0.." +
           std::to_string(players_ - 1) + ", -1 (chance) or -4 (terminal)");
    }
    player_ = player;
  }

  static constexpr int kUnknown = -100;  // the player to move, not asked since the last action
  std::unique_ptr<AnyState> state_;
  int max_legal_actions_;
  int players_;
  mutable int player_ = kUnknown;
};

}  // namespace ts
