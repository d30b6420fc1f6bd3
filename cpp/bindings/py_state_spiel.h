// A pyspiel state (an OpenSpiel game through its Python binding) searched natively: a PyState
// whose calls go straight to pyspiel's bound methods, with no Python wrapper per step. Made by
// tablesearch.interop.openspiel (OpenSpielState.native_search_state), whose states read the
// rules below from here too (bound as _core.SpielState: world, observed_action):
//  - worlds a player cannot tell from this state (its information-state string and the player
//    to move are the same): the game's own ResampleFromInfostate where it has one and its world
//    passes that check, else a replay of the history that redraws every chance outcome (by
//    probability, in a random order) and every other player's action (shuffled), backtracking
//    whenever the player's view after a step differs from the one it had (always consistent,
//    not the exact posterior; slow on long games with many hidden moves);
//  - observed actions: the action itself for the mover and in perfect-information games, else
//    a key of the observer's information-state string after the action (its CRC-32, 31 bits);
//  - information-state strings: pyspiel's, or the history where the game has none;
//  - the history, the initial state and the game's utility range reach the search, so that
//    smooth-uct's beliefs replay the path played (api/search_entry.cc).
#pragma once
#include <atomic>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "bindings/py_state.h"
#include "core/rng.h"

namespace ts {

struct SpielMethods;

// What a SpielState needs of its pyspiel game beyond PyGame's sizes (bound as _core.SpielGame).
struct SpielGame {
  SpielGame(py::object game, bool hidden, bool infostate_strings, py::object wrap);
  ~SpielGame();

  py::object game;         // the pyspiel.Game
  bool hidden;             // information is not perfect
  bool infostate_strings;  // pyspiel gives information-state strings (else: the history string)
  py::object wrap;         // pyspiel state -> the object an evaluator sees (an OpenSpielState)
  std::unique_ptr<const SpielMethods> methods;  // of the game's states (one type per game)
  // Whether the game's own ResampleFromInfostate is used: unknown until first tried, off for
  // good once it raises (pyspiel prints each error it raises: it is tried quietly first).
  enum OwnResampling : int { kUnknown, kYes, kNo };
  mutable std::atomic<int> own_resampling{kUnknown};
};

class SpielState final : public PyState {
 public:
  SpielState(py::object state, std::shared_ptr<const PyGame> game, std::shared_ptr<const SpielGame> spiel);
  ~SpielState() override;

  // A world `player` cannot tell from this state (the rules above), as a pyspiel state.
  py::object world(int player, uint64_t seed) const;

  py::object take_object() override;
  int current_player() const override;
  void apply_action(Action action) override;
  std::unique_ptr<AnyState> clone() const override;
  const std::vector<Action>& history() const override;
  std::unique_ptr<AnyState> initial_state() const override;
  std::string information_state_string(int player) const override;
  std::unique_ptr<AnyState> resample_from_infostate(int player, uint64_t seed) const override;
  Action observed_action(int observer, Action action) const override;

 protected:
  std::unique_ptr<AnyState> copy_holding(py::object state) const override;

 private:
  // What a player knows of a state: its information-state string and who is to move.
  struct View {
    std::string info;
    int mover;
    bool operator==(const View&) const = default;
  };

  SpielState(py::object state, const SpielState& original);
  const SpielMethods& spiel_methods() const { return *spiel_->methods; }
  View view_of(py::handle state, int player) const;
  // The world of the game's own resampling, or null where it gives none or a wrong one.
  py::object own_world(int player, Rng& rng) const;
  py::object replayed_world(int player, Rng& rng) const;
  // Actions to try at `state` on the replay, the next to try last.
  std::vector<Action> candidates(py::handle state, Action played, int player, Rng& rng) const;

  std::shared_ptr<const SpielGame> spiel_;
  // Caches of this position, dropped by apply_action.
  static constexpr int kUnknownPlayer = -100;
  mutable int player_ = kUnknownPlayer;
  mutable bool history_known_ = false;
  mutable std::vector<Action> history_;
  mutable int view_player_ = kUnknownPlayer;  // whose view here view_ holds
  mutable View view_;
  mutable int views_player_ = kUnknownPlayer;  // whose views views_ holds
  mutable std::vector<View> views_;            // that player's view after each step of history()
};

void bind_spiel_state(py::module_& m);

}  // namespace ts
