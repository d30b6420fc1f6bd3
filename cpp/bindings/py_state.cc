#include "bindings/py_state.h"

#include <pybind11/numpy.h>

#include "bindings/gil.h"
#include "bindings/py_callbacks.h"

namespace ts {

using namespace py_callbacks;

PyStateMethods::PyStateMethods(py::handle state)
    : current_player(state, "current_player"),
      legal_actions(state, "legal_actions"),
      chance_outcomes(state, "chance_outcomes"),
      apply_action(state, "apply_action"),
      returns(state, "returns"),
      clone(state, "clone"),
      information_state_string(state, "information_state_string"),
      resample_from_infostate(state, "resample_from_infostate"),
      observed_action(state, "observed_action"),
      has_chance_outcomes(has_method(state, "chance_outcomes")),
      has_action_to_string(has_method(state, "action_to_string")),
      has_information_state_string(has_method(state, "information_state_string")),
      has_observation_tensor(has_method(state, "observation_tensor")),
      has_resample_from_infostate(has_method(state, "resample_from_infostate")),
      has_observed_action(has_method(state, "observed_action")) {}

PyState::PyState(py::object state, std::shared_ptr<const PyGame> game)
    : state_(std::move(state)), game_(std::move(game)), methods_(std::make_shared<PyStateMethods>(state_)) {}

PyState::PyState(py::object state, const PyState& original)
    : state_(std::move(state)), game_(original.game_), methods_(original.methods_) {}

std::unique_ptr<AnyState> PyState::copy_holding(py::object state) const {
  return std::unique_ptr<PyState>(new PyState(std::move(state), *this));
}

PyState::~PyState() {
  GilAcquire gil;  // search threads drop their copies without the GIL
  state_ = py::object();
  methods_.reset();
}

py::object PyState::take_object() {
  GilAcquire gil;
  return std::move(state_);
}

Origin PyState::where(const char* method) const { return Origin(state_, method); }

py::object PyState::checked_copy(py::object copy, const char* method) const {
  if (copy.is(state_)) {
    throw py::value_error(where(method).str() + " returned the state itself; it must return a new " +
                          Py_TYPE(state_.ptr())->tp_name);
  }
  if (Py_TYPE(copy.ptr()) != Py_TYPE(state_.ptr())) {
    throw py::type_error(
        where(method).str() + " returned " +
        (copy.is_none() ? std::string("None") : std::string("a ") + Py_TYPE(copy.ptr())->tp_name) +
        "; it must return a new " + Py_TYPE(state_.ptr())->tp_name + " (a state of the same game)");
  }
  return copy;
}

int PyState::current_player() const {
  GilAcquire gil;
  return as_player(methods_->current_player(state_), game_->info().num_players, where("current_player"));
}

bool PyState::is_terminal() const {
  GilAcquire gil;
  return as_bool(call(state_, "is_terminal"), where("is_terminal"));
}

std::vector<Action> PyState::legal_actions() const {
  GilAcquire gil;
  return as_actions(methods_->legal_actions(state_), where("legal_actions"), game_->info().max_legal_actions);
}

int PyState::legal_actions_into(Action* out, int capacity) const {
  GilAcquire gil;
  return as_actions(methods_->legal_actions(state_), out, capacity, where("legal_actions"));
}

std::vector<ChanceOutcome> PyState::chance_outcomes() const {
  GilAcquire gil;
  check_chance_outcomes();
  return as_outcomes(methods_->chance_outcomes(state_), where("chance_outcomes"),
                     game_->info().max_legal_actions);
}

int PyState::chance_outcomes_into(ChanceOutcome* out, int capacity) const {
  GilAcquire gil;
  check_chance_outcomes();
  return as_outcomes(methods_->chance_outcomes(state_), out, capacity, where("chance_outcomes"));
}

void PyState::check_chance_outcomes() const {
  if (!methods_->has_chance_outcomes) {
    throw py::type_error(where("current_player").str() +
                         " returned CHANCE (-1) but the state has no chance_outcomes()");
  }
}

void PyState::apply_action(Action action) {
  GilAcquire gil;
  methods_->apply_action(state_, py::int_(action));
}

std::vector<double> PyState::returns() const {
  GilAcquire gil;
  return as_values(methods_->returns(state_), static_cast<size_t>(game_->info().num_players),
                   where("returns"));
}

std::unique_ptr<AnyState> PyState::clone() const {
  GilAcquire gil;
  return copy_holding(checked_copy(methods_->clone(state_), "clone"));
}

const std::vector<Action>& PyState::history() const {
  static const std::vector<Action> none;
  return none;
}

std::string PyState::action_to_string(Action action) const {
  GilAcquire gil;
  if (!methods_->has_action_to_string) return std::to_string(action);
  return py::str(call(state_, "action_to_string", py::int_(action)));
}

std::string PyState::to_string() const {
  GilAcquire gil;
  return py::str(state_);
}

std::string PyState::information_state_string(int player) const {
  GilAcquire gil;
  if (!methods_->has_information_state_string) {
    throw py::type_error(std::string(Py_TYPE(state_.ptr())->tp_name) + " has no information_state_string()");
  }
  return py::str(methods_->information_state_string(state_, py::int_(player)));
}

std::vector<float> PyState::observation_tensor(int player) const {
  GilAcquire gil;
  if (!methods_->has_observation_tensor) {
    throw py::type_error(std::string(Py_TYPE(state_.ptr())->tp_name) +
                         " has no observation_tensor(), which batched evaluators need");
  }
  auto array = py::array_t<float, py::array::c_style | py::array::forcecast>::ensure(
      call(state_, "observation_tensor", py::int_(player)));
  if (!array) throw py::type_error(where("observation_tensor").str() + " must return an array of numbers");
  size_t expected = 1;
  for (int d : game_->info().observation_shape) expected *= static_cast<size_t>(d);
  if (static_cast<size_t>(array.size()) != expected) {
    throw py::value_error(where("observation_tensor").str() + " returned " + std::to_string(array.size()) +
                          " values; the game's observation shape holds " + std::to_string(expected));
  }
  return std::vector<float>(array.data(), array.data() + array.size());
}

std::unique_ptr<AnyState> PyState::resample_from_infostate(int player, uint64_t seed) const {
  GilAcquire gil;
  if (!methods_->has_resample_from_infostate) return clone();  // perfect information
  py::object world = methods_->resample_from_infostate(state_, py::int_(player), py::int_(seed));
  return copy_holding(checked_copy(std::move(world), "resample_from_infostate"));
}

Action PyState::observed_action(int observer, Action action) const {
  GilAcquire gil;
  if (!methods_->has_observed_action) return action;  // every action public
  const Origin at = where("observed_action");
  const int64_t key = as_int(methods_->observed_action(state_, py::int_(observer), py::int_(action)), at);
  if (key < INT32_MIN || key > INT32_MAX)
    throw py::value_error(at.str() + " returned " + std::to_string(key) + "; it must fit in 32 bits");
  return static_cast<Action>(key);
}

}  // namespace ts
