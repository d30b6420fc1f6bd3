// A pyspiel state (an OpenSpiel game through its Python binding) searched natively: a PyState
// whose calls go straight to pyspiel's bound methods, with no Python wrapper per step, and
// which follows the rules of tablesearch.interop.openspiel.OpenSpielState (which makes these,
// bound as _core.SpielState, for the search; one definition of each rule there, mirrored here):
//  - worlds: the game's own ResampleFromInfostate wherever it gives a world the player cannot
//    tell from this one (same information-state string, same player to move); the Python rules
//    (OpenSpielState.resample_from_infostate) decide the first time and wherever it does not;
//  - observed actions: the action itself for the mover and in perfect-information games, else
//    a key of the observer's information-state string after the action (its CRC-32, 31 bits);
//  - information-state strings: pyspiel's, or the history where the game has none;
//  - the history, the initial state and the game's utility range, so that smooth-uct's beliefs
//    replay the path played (api/search_entry.cc).
#pragma once
#include <atomic>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "bindings/py_state.h"

namespace ts {

struct SpielMethods;

// What a SpielState needs of its pyspiel game beyond PyGame's sizes (bound as _core.SpielGame).
struct SpielGame {
  SpielGame(py::object game, bool hidden, bool infostate_strings, double min_utility, double max_utility,
            py::object resample, py::object wrap);
  ~SpielGame();

  py::object game;         // the pyspiel.Game
  bool hidden;             // information is not perfect
  bool infostate_strings;  // pyspiel gives information-state strings (else: the history string)
  double min_utility, max_utility;
  // (pyspiel state, player, seed) -> (world, own): a world by the Python rules, and whether the
  // game's own resampling gave it.
  py::object resample;
  py::object wrap;  // pyspiel state -> the object an evaluator sees (an OpenSpielState)
  std::unique_ptr<const SpielMethods> methods;  // of the game's states (one type per game)
  // Whether the game's own resampling is used directly: unknown until the Python rules first
  // decide, off for good once it fails.
  enum OwnResampling : int { kUnknown, kYes, kNo };
  mutable std::atomic<int> own_resampling{kUnknown};
};

class SpielState final : public PyState {
 public:
  SpielState(py::object state, std::shared_ptr<const PyGame> game, std::shared_ptr<const SpielGame> spiel);
  ~SpielState() override;

  py::object take_object() override;
  int current_player() const override;
  void apply_action(Action action) override;
  std::unique_ptr<AnyState> clone() const override;
  const std::vector<Action>& history() const override;
  std::unique_ptr<AnyState> initial_state() const override;
  std::pair<double, double> return_range() const override {
    return {spiel_->min_utility, spiel_->max_utility};
  }
  std::string information_state_string(int player) const override;
  std::unique_ptr<AnyState> resample_from_infostate(int player, uint64_t seed) const override;
  Action observed_action(int observer, Action action) const override;

 protected:
  std::unique_ptr<AnyState> copy_holding(py::object state) const override;

 private:
  SpielState(py::object state, const SpielState& original);
  // The world from the game's own resampling, or null where it failed (then it is not tried again).
  std::unique_ptr<SpielState> own_world(int player, uint64_t seed) const;
  const SpielMethods& spiel_methods() const { return *spiel_->methods; }
  std::shared_ptr<const SpielGame> spiel_;
  // Caches of this position, dropped by apply_action.
  static constexpr int kUnknownPlayer = -100;
  mutable int player_ = kUnknownPlayer;
  mutable bool history_known_ = false;
  mutable std::vector<Action> history_;
  mutable int view_player_ = kUnknownPlayer;  // whose information-state string view_ holds
  mutable std::string view_;
};

void bind_spiel_state(py::module_& m);

}  // namespace ts
