// The search options from Python: keyword values read into a SearchConfig through the option
// table (search/options.h), and the table itself for the Python side.
#include "bindings/options.h"

#include <pybind11/stl.h>

#include <cmath>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "bindings/module.h"
#include "search/options.h"

namespace ts {
namespace {

namespace py = pybind11;

template <class T>
constexpr bool kIsInt = std::is_same_v<T, int> || std::is_same_v<T, int64_t> || std::is_same_v<T, uint64_t>;

std::string shown(py::handle value) {
  std::string repr = py::repr(value).cast<std::string>();
  if (repr.size() > 60) repr = repr.substr(0, 57) + "...";
  return repr;
}

[[noreturn]] void wrong_type(const SearchOption& option, py::handle value, const std::string& label) {
  throw py::type_error(label + " must be " + option_valid(option) + ", got " +
                       std::string(Py_TYPE(value.ptr())->tp_name) + " " + shown(value));
}

[[noreturn]] void out_of_range(const SearchOption& option, py::handle value, const std::string& label) {
  fail(label + " must be " + option_valid(option) + ", got " + shown(value));
}

// A Python int (anything with __index__ but bool) in the option's range, however large it is.
uint64_t int_value(const SearchOption& option, py::handle value, const std::string& label) {
  if (PyBool_Check(value.ptr()) || !PyIndex_Check(value.ptr())) wrong_type(option, value, label);
  const py::int_ index = py::reinterpret_steal<py::int_>(PyNumber_Index(value.ptr()));
  if (!index) throw py::error_already_set();
  if (PyObject_RichCompareBool(index.ptr(), py::int_(0).ptr(), Py_LT) == 1)
    out_of_range(option, value, label);
  const unsigned long long v = PyLong_AsUnsignedLongLong(index.ptr());
  if (PyErr_Occurred()) {  // beyond 64 bits
    PyErr_Clear();
    out_of_range(option, value, label);
  }
  check_option_int(option, v, label);
  return v;
}

double number_value(const SearchOption& option, py::handle value, const std::string& label) {
  if (PyBool_Check(value.ptr()) || !(PyFloat_Check(value.ptr()) || PyIndex_Check(value.ptr()))) {
    wrong_type(option, value, label);
  }
  const double v = PyFloat_AsDouble(value.ptr());
  if (PyErr_Occurred()) {  // an int too large for a float
    PyErr_Clear();
    out_of_range(option, value, label);
  }
  check_option_number(option, v, label);
  return v;
}

template <class Enum>
Enum choice_value(const SearchOption& option, py::handle value, const std::string& label) {
  if (!PyUnicode_Check(value.ptr())) wrong_type(option, value, label);
  const std::string name = value.cast<std::string>();
  if constexpr (std::is_same_v<Enum, Algorithm>) {
    for (const auto& info : kAlgorithms) {
      if (name == info.name) return info.algorithm;
    }
  } else {
    for (const auto& info : kPlayouts) {
      if (name == info.name) return info.playout;
    }
  }
  out_of_range(option, value, label);
}

// Sets `option` in `config` from `value`; None leaves an option that takes None at its default.
void set_option(SearchConfig& config, const SearchOption& option, py::handle value,
                const std::string& label) {
  if (value.is_none()) {
    if (option.none) return;
    wrong_type(option, value, label);
  }
  std::visit(
      [&](auto member) {
        using T = std::remove_cvref_t<decltype(config.*member)>;
        if constexpr (kIsInt<T>) {
          config.*member = static_cast<T>(int_value(option, value, label));
        } else if constexpr (std::is_same_v<T, double>) {
          config.*member = number_value(option, value, label);
        } else if constexpr (std::is_same_v<T, bool>) {
          if (!PyBool_Check(value.ptr())) wrong_type(option, value, label);
          config.*member = value.ptr() == Py_True;
        } else {
          config.*member = choice_value<T>(option, value, label);
        }
      },
      option.field);
}

// The option's value in `config` as Python sees it (enums by name).
py::object option_to_python(const SearchOption& option, const SearchConfig& config) {
  return std::visit(
      [&](auto member) -> py::object {
        using T = std::remove_cvref_t<decltype(config.*member)>;
        const T value = config.*member;
        if constexpr (std::is_same_v<T, Algorithm>) {
          return py::str(algorithm_name(value));
        } else if constexpr (std::is_same_v<T, PlayoutPolicy>) {
          for (const auto& info : kPlayouts) {
            if (info.playout == value) return py::str(info.name);
          }
          fail_internal("playout value " + std::to_string(static_cast<int>(value)) + " has no name");
        } else {
          return py::cast(value);
        }
      },
      option.field);
}

const char* type_name(const SearchOption& option) {
  return std::visit(
      [](auto member) {
        using T = std::remove_cvref_t<decltype(SearchConfig{}.*member)>;
        if constexpr (kIsInt<T>) return "int";
        if constexpr (std::is_same_v<T, double>) return "float";
        if constexpr (std::is_same_v<T, bool>) return "bool";
        return "str";
      },
      option.field);
}

py::dict option_dict(const SearchOption& option) {
  static const SearchConfig defaults;
  const std::string type = type_name(option);
  py::object min = py::none(), max = py::none();
  if (type == "int") {
    min = py::int_(option.int_min);
    max = py::int_(option.int_max);
  } else if (type == "float") {
    min = py::float_(option.min);
    if (std::isfinite(option.max)) max = py::float_(option.max);
  }
  const std::vector<std::string> choices = option_choices(option);
  return py::dict(
      py::arg("name") = option.name, py::arg("type") = type,
      py::arg("default") = option.none ? py::object(py::none()) : option_to_python(option, defaults),
      py::arg("min") = min, py::arg("max") = max, py::arg("min_excluded") = option.min_excluded,
      py::arg("choices") = choices.empty() ? py::object(py::none()) : py::cast(choices),
      py::arg("none") = option.none ? py::object(py::str(option.none)) : py::object(py::none()),
      py::arg("valid") = option_valid(option), py::arg("help") = option.help,
      py::arg("costly") = option.costly, py::arg("per_game") = option.per_game);
}

const char* family_name(Family family) {
  switch (family) {
    case Family::kUct:
      return "uct";
    case Family::kIsmcts:
      return "ismcts";
    case Family::kSmooth:
      return "smooth";
    case Family::kOos:
      return "oos";
  }
  fail_internal("a family has no name");
}

py::object auto_case_name(AutoCase auto_case) {
  for (const auto& c : kAutoCases) {
    if (c.auto_case == auto_case) return py::str(c.name);
  }
  return py::none();
}

// The rules an algorithm chooses by, in words: one name, the root's and the one below it, or the
// strategy it samples from.
std::string selection_words(const AlgorithmInfo& info) {
  if (info.selection == kNoRule) return info.strategy;
  if (root_rule(info) == info.selection) return selection_name(info.selection);
  return std::string(selection_name(root_rule(info))) + " at the root, " + selection_name(info.selection) +
         " below";
}

py::dict algorithm_dict(const AlgorithmInfo& info) {
  return py::dict(py::arg("name") = info.name, py::arg("family") = family_name(info.family),
                  py::arg("selection") = selection_words(info), py::arg("keeps_tree") = info.keeps_tree,
                  py::arg("batched_evaluator") = takes_batches(info),
                  py::arg("hidden_information") = info.hidden_information,
                  py::arg("needs_trajectory") = info.needs_trajectory,
                  py::arg("default_uct_c") = info.default_uct_c,
                  py::arg("auto") = auto_case_name(info.auto_for), py::arg("help") = info.help);
}

}  // namespace

SearchConfig config_from_python(const py::kwargs& options) {
  SearchConfig config;
  bool uct_c_given = false;
  for (const auto& [key, value] : options) {
    const std::string name = py::str(key);
    const SearchOption* option = find_search_option(name);
    if (!option)
      throw py::type_error("unknown search option '" + name + "'; valid: " + search_option_names());
    set_option(config, *option, value, name);
    uct_c_given = uct_c_given || (name == "uct_c" && !value.is_none());
  }
  complete_search_config(config, uct_c_given);
  return config;
}

void bind_search_options(py::module_& m) {
  py::list table;
  for (const auto& option : kSearchOptions) table.append(option_dict(option));
  m.attr("SEARCH_OPTIONS") = py::tuple(table);
  m.attr("DEFAULT_ITERATIONS") = kDefaultIterations;
  py::list hidden;
  for (const auto& info : kAlgorithms) {
    if (info.hidden_information) hidden.append(info.name);
  }
  m.attr("HIDDEN_INFORMATION_ALGORITHMS") = py::tuple(hidden);
  py::list algorithms, cases;
  for (const auto& info : kAlgorithms) algorithms.append(algorithm_dict(info));
  for (const auto& c : kAutoCases) cases.append(py::make_tuple(c.name, c.when));
  m.attr("ALGORITHM_TABLE") = py::tuple(algorithms);
  m.attr("AUTO_CASES") = py::tuple(cases);
  m.def(
      "auto_algorithm",
      [](bool hidden_information, bool two_players, bool information_state_keys, bool priors) {
        return std::string(auto_algorithm({hidden_information, two_players, information_state_keys, priors}));
      },
      py::kw_only(), py::arg("hidden_information"), py::arg("two_players"), py::arg("information_state_keys"),
      py::arg("priors"),
      "The algorithm algorithm=\"auto\" picks for these facts of a game and an evaluator (the first case of "
      "AUTO_CASES that holds), when the game names none of its own.");
  m.def(
      "check_search_option",
      [](const std::string& name, py::handle value, std::optional<std::string> label) -> py::object {
        const SearchOption* option = find_search_option(name);
        if (!option) fail("unknown search option '" + name + "'; valid: " + search_option_names());
        if (value.is_none() && option->none) return py::none();
        SearchConfig config;
        set_option(config, *option, value, label ? *label : name);
        return option_to_python(*option, config);
      },
      py::arg("name"), py::arg("value"), py::arg("label") = py::none(),
      "`value` as the search option `name` takes it (an int, float, bool, str or None), or TypeError /\n"
      "ValueError naming `label` (default: the option) and its valid values.");
}

}  // namespace ts
