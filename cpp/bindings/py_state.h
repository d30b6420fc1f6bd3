// A state of a game written in Python, seen through the type-erased game interface so that the
// native search runs on it (through DynState). Every call takes the GIL and checks the result.
// Bound to Python as _core.PyState, which is not a _core.State: it only carries a Python state
// into a search, and has none of the native states' methods.
#pragma once
#include <pybind11/pybind11.h>

#include <memory>
#include <string>
#include <vector>

#include "api/any_game.h"
#include "bindings/py_callbacks.h"
#include "core/params.h"

namespace ts {

namespace py = pybind11;

// Bounds on what a Python game may declare: buffers of max_legal_actions entries are allocated
// per search thread, observation tensors per leaf.
inline constexpr int kMaxLegalActionsBound = 1 << 20;
inline constexpr int kMaxObservationSize = 1 << 24;

struct PyGameInfo {
  int num_players = 0;
  int max_legal_actions = 0;     // bound on legal actions and chance outcomes at any state
  int num_distinct_actions = 0;  // batched evaluators' prior width
  std::vector<int> observation_shape;
  double min_utility = -1, max_utility = 1;  // the game's return range (smooth-uct scales by it)
};

// The game of a PyState (get_game() is never null): what the Python game declares about itself,
// validated once (bound as _core.PyGameInfo). Its states are made in Python, not here.
class PyGame final : public AnyGame {
 public:
  PyGame(std::string label, PyGameInfo info) : label_(std::move(label)), info_(std::move(info)) {}

  const PyGameInfo& info() const { return info_; }
  std::string name() const override { return label_; }
  const Params& params() const override { return params_; }
  int num_players() const override { return info_.num_players; }
  int max_legal_actions() const override { return info_.max_legal_actions; }
  int num_distinct_actions() const override { return info_.num_distinct_actions; }
  // Not declared to the core: the search asks the states (chance nodes, resampling).
  bool has_chance() const override { return true; }
  bool has_hidden_information() const override { return true; }
  std::vector<int> observation_shape() const override { return info_.observation_shape; }
  GameFacts facts() const override {
    GameFacts facts = AnyGame::facts();
    facts.min_utility = info_.min_utility;
    facts.max_utility = info_.max_utility;
    return facts;
  }
  std::unique_ptr<AnyState> new_initial_state(uint64_t) const override { made_in_python(); }
  std::unique_ptr<AnyState> restore(uint64_t, const std::vector<Action>&, const Fields*) const override {
    made_in_python();
  }
  bool serializes_fields() const override { return false; }

 private:
  [[noreturn]] void made_in_python() const {
    fail(label_ + ": the states of a game written in Python are made by the Python game");
  }
  std::string label_;
  PyGameInfo info_;
  Params params_;
};

// The methods of a Python state's type: looked up once on the state a search starts from, and
// shared by its clones and worlds (of the same type: checked_copy). Optional ones are flags.
struct PyStateMethods {
  explicit PyStateMethods(py::handle state);
  py_callbacks::Method current_player, legal_actions, chance_outcomes, apply_action, returns, clone,
      information_state_string, resample_from_infostate, observed_action;
  bool has_chance_outcomes, has_action_to_string, has_information_state_string, has_observation_tensor,
      has_resample_from_infostate, has_observed_action;
};

class PyState : public AnyState {
 public:
  PyState(py::object state, std::shared_ptr<const PyGame> game);
  ~PyState() override;

  const py::object& object() const { return state_; }
  // The Python object an evaluator is given for this state (the state object itself).
  virtual py::object take_object();

  std::shared_ptr<const AnyGame> get_game() const override { return game_; }
  int num_players() const override { return game_->info().num_players; }
  int current_player() const override;
  bool is_terminal() const override;
  std::vector<Action> legal_actions() const override;
  std::vector<ChanceOutcome> chance_outcomes() const override;
  int legal_actions_into(Action* out, int capacity) const override;
  int chance_outcomes_into(ChanceOutcome* out, int capacity) const override;
  void apply_action(Action action) override;
  std::vector<double> returns() const override;
  std::vector<double> scores() const override { return returns(); }
  std::unique_ptr<AnyState> clone() const override;
  const std::vector<Action>& history() const override;
  uint64_t seed() const override { return 0; }
  std::string action_to_string(Action action) const override;
  std::string to_string() const override;
  std::string information_state_string(int player) const override;
  std::vector<float> observation_tensor(int player) const override;
  std::unique_ptr<AnyState> resample_from_infostate(int player, uint64_t seed) const override;
  Action observed_action(int observer, Action action) const override;
  Fields fields() const override { return {}; }

 protected:
  // A copy (clone() or resample_from_infostate()) of `original`, holding `state`.
  PyState(py::object state, const PyState& original);
  // `state` (checked_copy) as a state of this class.
  virtual std::unique_ptr<AnyState> copy_holding(py::object state) const;
  py_callbacks::Origin where(const char* method) const;
  // `copy` (what clone() or resample_from_infostate() returned) if it is a new state of this
  // state's type; TypeError or ValueError otherwise.
  py::object checked_copy(py::object copy, const char* method) const;
  const PyStateMethods& methods() const { return *methods_; }
  void check_chance_outcomes() const;  // TypeError where the state has no chance_outcomes()

 private:
  py::object state_;
  std::shared_ptr<const PyGame> game_;
  std::shared_ptr<const PyStateMethods> methods_;
};

}  // namespace ts
