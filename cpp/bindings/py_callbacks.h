// Calling methods of Python objects from the search with the GIL held, and checking what they
// return: a wrong type or value raises TypeError or ValueError naming the method.
#pragma once
#include <pybind11/pybind11.h>

#include <string>
#include <vector>

#include "core/types.h"

namespace ts::py_callbacks {

namespace py = pybind11;

// obj.name() and obj.name(arg), via interned names (no attribute string built per call).
py::object call(py::handle obj, const char* name);
py::object call(py::handle obj, const char* name, py::handle arg);
bool has_method(py::handle obj, const char* name);

// Values (returns, evaluations) are finite and at most this large in magnitude: the search keeps
// means in 32-bit floats, where larger values would overflow to infinity.
inline constexpr double kMaxValueMagnitude = 1e30;

int64_t as_int(py::handle value, const std::string& where);
// A finite number; TypeError for a non-number, ValueError for NaN or an infinity.
double as_float(py::handle value, const std::string& where);
// A finite number of magnitude at most kMaxValueMagnitude.
double as_value(py::handle value, const std::string& where);
// A probability: a finite number in [0, 1].
double as_probability(py::handle value, const std::string& where);
// A prior weight: a finite number >= 0 (priors are renormalised over the legal actions).
double as_weight(py::handle value, const std::string& where);
bool as_bool(py::handle value, const std::string& where);
// Sorted, unique actions in [0, 2**31) from any iterable of ints except a str, bytes or mapping.
std::vector<Action> as_actions(py::handle value, const std::string& where);
// `expected` values (as_value) from a sequence (list, tuple, array), not from a mapping or set.
std::vector<double> as_values(py::handle value, size_t expected, const std::string& where);
// A player index as current_player() returns it: 0..players-1, CHANCE (-1) or TERMINAL (-4).
int as_player(py::handle value, int players, const std::string& where);

}  // namespace ts::py_callbacks
