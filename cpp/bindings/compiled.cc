// Games written in Python and compiled with numba (tablesearch.games.compiled): the table of
// their rules built from the addresses of the compiled functions. Private to that module, which
// compiles the functions and checks every value first; the addresses are trusted here.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <memory>
#include <string>
#include <tuple>
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
F address(const py::dict& functions, const char* name) {
  if (!functions.contains(name) || functions[name].is_none()) return nullptr;
  return reinterpret_cast<F>(static_cast<uintptr_t>(functions[name].cast<uint64_t>()));
}

// The state as a new numpy array of the game's element type (a copy: the hook may keep it).
py::array state_array(const py::dtype& dtype, int size, const void* data) {
  return py::array(dtype, {static_cast<py::ssize_t>(size)}, {}, data);
}

// Never called: stands for each function the game has when its facts are checked before its
// functions are compiled.
int32_t placeholder() { return compiled_abi::kRaised; }

template <class F>
F present(const std::vector<std::string>& names, const char* name) {
  return std::find(names.begin(), names.end(), name) == names.end() ? nullptr
                                                                    : reinterpret_cast<F>(&placeholder);
}

// The factory's parameters (dicts checked in tablesearch.games.compiled: name, default, help, and
// min/max or choices where given).
std::vector<ParamSpec> param_specs_from(const py::list& specs) {
  std::vector<ParamSpec> out;
  for (auto item : specs) {
    const auto spec = item.cast<py::dict>();
    ParamSpec p;
    p.name = spec["name"].cast<std::string>();
    py::dict value;
    value[py::str(p.name)] = spec["default"];
    p.default_value = py_convert::to_params(value).at(p.name);
    p.help = spec["help"].cast<std::string>();
    // An int without bounds takes any 64-bit value.
    p.min_int = spec.contains("min") ? spec["min"].cast<int64_t>() : INT64_MIN;
    p.max_int = spec.contains("max") ? spec["max"].cast<int64_t>() : INT64_MAX;
    if (spec.contains("choices")) p.choices = spec["choices"].cast<std::vector<std::string>>();
    out.push_back(std::move(p));
  }
  return out;
}

// The table of a game's facts (as tablesearch.games.compiled reads them: every key present and
// of its type), with the functions `pointer(name)` gives.
template <class Pointer>
std::shared_ptr<CompiledRules> rules_from(const std::string& name, const py::dict& facts, Pointer pointer) {
  auto rules = std::make_shared<CompiledRules>();
  rules->name = name;
  const auto initial = facts["initial_state"].cast<py::array>();
  if (initial.ndim() != 1 || !(initial.flags() & py::array::c_style)) {
    fail("the initial state must be a one-dimensional contiguous array");
  }
  const auto* bytes = static_cast<const unsigned char*>(initial.data());
  rules->initial.assign(bytes, bytes + initial.nbytes());
  rules->element_size = static_cast<int>(initial.itemsize());
  rules->element_kind = initial.dtype().kind();
  rules->num_players = facts["num_players"].cast<int64_t>();
  rules->max_legal_actions = facts["max_legal_actions"].cast<int64_t>();
  rules->num_distinct_actions = facts["num_distinct_actions"].cast<int64_t>();
  rules->has_chance = facts["has_chance"].cast<bool>();
  rules->has_hidden_information = facts["has_hidden_information"].cast<bool>();
  rules->min_utility = facts["min_utility"].cast<double>();
  rules->max_utility = facts["max_utility"].cast<double>();
  rules->max_game_length = facts["max_game_length"].cast<int64_t>();
  rules->information_state_size = facts["information_state_size"].cast<int64_t>();
  rules->resample_draws = facts["resample_draws"].cast<int64_t>();
  rules->observation_shape = facts["observation_shape"].cast<std::vector<int64_t>>();
  rules->parameter_specs = param_specs_from(facts["parameter_specs"].cast<py::list>());

  using namespace compiled_abi;
  rules->apply_action = pointer.template operator()<ApplyAction>("apply_action");
  rules->current_player = pointer.template operator()<CurrentPlayer>("current_player");
  rules->legal_actions = pointer.template operator()<LegalActions>("legal_actions");
  rules->chance_outcomes = pointer.template operator()<ChanceOutcomes>("chance_outcomes");
  rules->returns = pointer.template operator()<Returns>("returns");
  rules->information_state = pointer.template operator()<InformationState>("information_state");
  rules->observation = pointer.template operator()<Observation>("observation");
  rules->resample = pointer.template operator()<Resample>("resample");
  rules->observed_action = pointer.template operator()<ObservedAction>("observed_action");
  return rules;
}

void check_facts(const std::string& name, const py::dict& facts, const std::vector<std::string>& functions,
                 const py::dict& params) {
  const auto rules =
      rules_from(name, facts, [&]<class F>(const char* function) { return present<F>(functions, function); });
  rules->validate();
  resolve_params(name, rules->parameter_specs, py_convert::to_params(params));
}

std::shared_ptr<AnyGame> compiled_game(const std::string& name, const py::dict& params, const py::dict& facts,
                                       const py::dict& functions, py::object owner,
                                       py::object state_to_string, py::object action_to_string,
                                       py::object explain) {
  auto rules =
      rules_from(name, facts, [&]<class F>(const char* function) { return address<F>(functions, function); });
  const py::dtype element = facts["initial_state"].cast<py::array>().dtype();
  const int size = rules->state_size();
  auto dtype = std::make_shared<PyHandle>(element);
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
  m.def("_compiled_check_facts", &check_facts, py::kw_only(), py::arg("name"), py::arg("facts"),
        py::arg("functions"), py::arg("params"),
        "Private to tablesearch.games.compiled: checks what a game declares, which functions it has\n"
        "(by name) and its parameters against its parameter specs, before its functions are compiled\n"
        "(ValueError naming the first problem).");
  m.def("_compiled_game", &compiled_game, py::kw_only(), py::arg("name"), py::arg("params"), py::arg("facts"),
        py::arg("functions"), py::arg("owner"), py::arg("state_to_string"), py::arg("action_to_string"),
        py::arg("explain"),
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
