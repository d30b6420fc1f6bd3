// Games written in Python and compiled with numba (tablesearch.games.compiled): the table of
// their rules built from the addresses of the compiled functions. Private to that module, which
// compiles the functions and checks every value first; the addresses are trusted here.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <vector>

#include "api/compiled_game.h"
#include "bindings/convert.h"
#include "bindings/gil.h"
#include "bindings/module.h"

namespace ts {
namespace {

namespace py = pybind11;

// A Python object released with the GIL held, wherever its last owner lets go of it (search
// threads drop games without the GIL).
struct PyHandle {
  explicit PyHandle(py::object o) : object(std::move(o)) {}
  ~PyHandle() {
    GilAcquire gil;
    object = py::object();
  }
  PyHandle(const PyHandle&) = delete;
  PyHandle& operator=(const PyHandle&) = delete;
  py::object object;
};

template <class F>
F function(const py::dict& functions, const char* name) {
  if (!functions.contains(name) || functions[name].is_none()) return nullptr;
  return reinterpret_cast<F>(static_cast<uintptr_t>(functions[name].cast<uint64_t>()));
}

// The state as a new numpy array of the game's element type (a copy: the hook may keep it).
py::array state_array(const py::dtype& dtype, int size, const void* data) {
  return py::array(dtype, {static_cast<py::ssize_t>(size)}, {}, data);
}

std::shared_ptr<AnyGame> compiled_game(const std::string& name, const py::dict& params, int num_players,
                                       const py::array& initial_state, int max_legal_actions,
                                       int num_distinct_actions, bool has_chance, bool has_hidden_information,
                                       std::pair<double, double> return_range, int information_state_size,
                                       int resample_draws, const std::vector<int>& observation_shape,
                                       const py::dict& functions, py::object owner,
                                       py::object state_to_string, py::object action_to_string,
                                       py::object explain) {
  auto rules = std::make_shared<CompiledRules>();
  rules->name = name;
  rules->num_players = num_players;
  if (initial_state.ndim() != 1 || !(initial_state.flags() & py::array::c_style)) {
    fail("the initial state must be a one-dimensional contiguous array");
  }
  const auto* bytes = static_cast<const unsigned char*>(initial_state.data());
  rules->initial.assign(bytes, bytes + initial_state.nbytes());
  rules->element_size = static_cast<int>(initial_state.itemsize());
  rules->element_kind = initial_state.dtype().kind();
  rules->max_legal_actions = max_legal_actions;
  rules->num_distinct_actions = num_distinct_actions;
  rules->has_chance = has_chance;
  rules->has_hidden_information = has_hidden_information;
  rules->min_return = return_range.first;
  rules->max_return = return_range.second;
  rules->information_state_size = information_state_size;
  rules->resample_draws = resample_draws;
  rules->observation_shape = observation_shape;

  using namespace compiled_abi;
  rules->apply_action = function<ApplyAction>(functions, "apply_action");
  rules->current_player = function<CurrentPlayer>(functions, "current_player");
  rules->legal_actions = function<LegalActions>(functions, "legal_actions");
  rules->chance_outcomes = function<ChanceOutcomes>(functions, "chance_outcomes");
  rules->returns = function<Returns>(functions, "returns");
  rules->information_state = function<InformationState>(functions, "information_state");
  rules->observation = function<Observation>(functions, "observation");
  rules->resample = function<Resample>(functions, "resample");
  rules->observed_action = function<ObservedAction>(functions, "observed_action");

  const int size = rules->state_size();
  auto dtype = std::make_shared<PyHandle>(initial_state.dtype());
  if (!state_to_string.is_none()) {
    auto hook = std::make_shared<PyHandle>(std::move(state_to_string));
    rules->state_to_string = [hook, dtype, size](const void* state) {
      GilAcquire gil;
      return py::str(hook->object(state_array(dtype->object, size, state))).cast<std::string>();
    };
  }
  if (!action_to_string.is_none()) {
    auto hook = std::make_shared<PyHandle>(std::move(action_to_string));
    rules->action_to_string = [hook, dtype, size](const void* state, Action action) {
      GilAcquire gil;
      return py::str(hook->object(state_array(dtype->object, size, state), action)).cast<std::string>();
    };
  }
  if (!explain.is_none()) {
    auto hook = std::make_shared<PyHandle>(std::move(explain));
    rules->explain = [hook, dtype, size](const char* function, const void* state,
                                         const std::vector<int64_t>& args) {
      GilAcquire gil;
      try {
        return hook->object(function, state_array(dtype->object, size, state), py::cast(args))
            .cast<std::string>();
      } catch (py::error_already_set&) {
        return std::string();  // the explanation is a courtesy: the error names the function anyway
      }
    };
  }
  rules->owner = std::make_shared<PyHandle>(std::move(owner));
  return make_compiled_game(std::move(rules), py_convert::to_params(params));
}

}  // namespace

void bind_compiled(py::module_& m) {
  m.def("_compiled_game", &compiled_game, py::kw_only(), py::arg("name"), py::arg("params"),
        py::arg("num_players"), py::arg("initial_state"), py::arg("max_legal_actions"),
        py::arg("num_distinct_actions"), py::arg("has_chance"), py::arg("has_hidden_information"),
        py::arg("return_range"), py::arg("information_state_size"), py::arg("resample_draws"),
        py::arg("observation_shape"), py::arg("functions"), py::arg("owner"), py::arg("state_to_string"),
        py::arg("action_to_string"), py::arg("explain"),
        "Private to tablesearch.games.compiled: the game whose rules are the compiled functions at the\n"
        "addresses in `functions` (trusted: a wrong address crashes the process).");
  m.def(
      "_compiled_check",
      [](const AnyGame& game, int64_t games, uint64_t seed, int64_t max_plies) {
        FuzzCounts counts;
        {
          GilRelease release;
          counts = check_compiled_game(game, games, seed, max_plies);
        }
        py::dict out;
        out["games"] = counts.games;
        out["plies"] = counts.plies;
        out["checks"] = counts.checks;
        return out;
      },
      py::arg("game"), py::arg("games"), py::arg("seed"), py::arg("max_plies"),
      "Private to tablesearch.games.compiled: the conformance pass of a compiled game (ValueError\n"
      "naming the function that broke a rule).");
}

}  // namespace ts
