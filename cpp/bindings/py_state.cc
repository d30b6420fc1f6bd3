#include "bindings/py_state.h"

#include <pybind11/numpy.h>

#include "bindings/gil.h"
#include "bindings/py_callbacks.h"

namespace ts {

using namespace py_callbacks;

PyState::PyState(py::object state, std::shared_ptr<const PyGame> game)
    : state_(std::move(state)), game_(std::move(game)) {}

PyState::~PyState() {
  GilAcquire gil;  // search threads drop their copies without the GIL
  state_ = py::object();
}

py::object PyState::take_object() {
  GilAcquire gil;
  return std::move(state_);
}

std::string PyState::where(const char* method) const {
  return std::string(Py_TYPE(state_.ptr())->tp_name) + "." + method + "()";
}

py::object PyState::checked_copy(py::object copy, const char* method) const {
  const std::string type = Py_TYPE(state_.ptr())->tp_name;
  if (copy.is(state_)) {
    throw py::value_error(where(method) + " returned the state itself; it must return a new " + type);
  }
  if (Py_TYPE(copy.ptr()) != Py_TYPE(state_.ptr())) {
    throw py::type_error(
        where(method) + " returned " +
        (copy.is_none() ? std::string("None") : std::string("a ") + Py_TYPE(copy.ptr())->tp_name) +
        "; it must return a new " + type + " (a state of the same game)");
  }
  return copy;
}

int PyState::current_player() const {
  GilAcquire gil;
  return as_player(call(state_, "current_player"), game_->info().num_players, where("current_player"));
}

bool PyState::is_terminal() const {
  GilAcquire gil;
  return as_bool(call(state_, "is_terminal"), where("is_terminal"));
}

std::vector<Action> PyState::legal_actions() const {
  GilAcquire gil;
  return as_actions(call(state_, "legal_actions"), where("legal_actions"));
}

std::vector<ChanceOutcome> PyState::chance_outcomes() const {
  GilAcquire gil;
  if (!has_method(state_, "chance_outcomes")) {
    throw py::type_error(where("current_player") +
                         " returned CHANCE (-1) but the state has no chance_outcomes()");
  }
  const std::string at = where("chance_outcomes");
  py::object outcomes = call(state_, "chance_outcomes");
  std::vector<ChanceOutcome> out;
  double total = 0;
  for (auto item : outcomes) {
    py::object pair = py::reinterpret_borrow<py::object>(item);
    if (!PySequence_Check(pair.ptr()) || PySequence_Size(pair.ptr()) != 2) {
      throw py::type_error(at + " must return (action, probability) pairs");
    }
    const int64_t a = as_int(pair[py::int_(0)], at);
    const double p = as_probability(pair[py::int_(1)], at);
    if (a < 0 || a > INT32_MAX)
      throw py::value_error(at + " returned outcome " + std::to_string(a) +
                            "; actions must be in [0, 2**31)");
    out.push_back({static_cast<Action>(a), p});
    total += p;
  }
  if (out.empty() || std::abs(total - 1.0) > 1e-6) {
    throw py::value_error(at + " must return outcomes whose probabilities sum to 1, got " +
                          std::to_string(total));
  }
  return out;
}

void PyState::apply_action(Action action) {
  GilAcquire gil;
  call(state_, "apply_action", py::int_(action));
}

std::vector<double> PyState::returns() const {
  GilAcquire gil;
  return as_values(call(state_, "returns"), static_cast<size_t>(game_->info().num_players), where("returns"));
}

std::unique_ptr<AnyState> PyState::clone() const {
  GilAcquire gil;
  return std::make_unique<PyState>(checked_copy(call(state_, "clone"), "clone"), game_);
}

const std::vector<Action>& PyState::history() const {
  static const std::vector<Action> none;
  return none;
}

std::string PyState::action_to_string(Action action) const {
  GilAcquire gil;
  if (!has_method(state_, "action_to_string")) return std::to_string(action);
  return py::str(call(state_, "action_to_string", py::int_(action)));
}

std::string PyState::to_string() const {
  GilAcquire gil;
  return py::str(state_);
}

std::string PyState::information_state_string(int player) const {
  GilAcquire gil;
  if (!has_method(state_, "information_state_string")) {
    throw py::type_error(std::string(Py_TYPE(state_.ptr())->tp_name) + " has no information_state_string()");
  }
  return py::str(call(state_, "information_state_string", py::int_(player)));
}

std::vector<float> PyState::observation_tensor(int player) const {
  GilAcquire gil;
  if (!has_method(state_, "observation_tensor")) {
    throw py::type_error(std::string(Py_TYPE(state_.ptr())->tp_name) +
                         " has no observation_tensor(), which batched evaluators need");
  }
  auto array = py::array_t<float, py::array::c_style | py::array::forcecast>::ensure(
      call(state_, "observation_tensor", py::int_(player)));
  if (!array) throw py::type_error(where("observation_tensor") + " must return an array of numbers");
  size_t expected = 1;
  for (int d : game_->info().observation_shape) expected *= static_cast<size_t>(d);
  if (static_cast<size_t>(array.size()) != expected) {
    throw py::value_error(where("observation_tensor") + " returned " + std::to_string(array.size()) +
                          " values; the game's observation shape holds " + std::to_string(expected));
  }
  return std::vector<float>(array.data(), array.data() + array.size());
}

std::unique_ptr<AnyState> PyState::resample_from_infostate(int player, uint64_t seed) const {
  GilAcquire gil;
  if (!has_method(state_, "resample_from_infostate")) return clone();  // perfect information
  py::object world = state_.attr("resample_from_infostate")(player, py::int_(seed));
  return std::make_unique<PyState>(checked_copy(std::move(world), "resample_from_infostate"), game_);
}

Action PyState::observed_action(int observer, Action action) const {
  GilAcquire gil;
  if (!has_method(state_, "observed_action")) return action;  // every action public
  const std::string at = where("observed_action");
  const int64_t key = as_int(state_.attr("observed_action")(observer, action), at);
  if (key < INT32_MIN || key > INT32_MAX)
    throw py::value_error(at + " returned " + std::to_string(key) + "; it must fit in 32 bits");
  return static_cast<Action>(key);
}

}  // namespace ts
