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

// A method of objects of one type, found once: obj.name(...) without the attribute lookup per
// call where the type's attribute is a plain function (Python, pybind11 or C) that no instance
// attribute or custom __getattribute__ can hide on the object it was found on; looked up by
// name on every call otherwise. Valid for objects of that type only.
class Method {
 public:
  Method(py::handle obj, const char* name);
  py::object operator()(py::handle self) const;
  py::object operator()(py::handle self, py::handle arg) const;
  py::object operator()(py::handle self, py::handle arg1, py::handle arg2) const;

 private:
  PyObject* name_;       // interned, immortal
  py::object function_;  // called with self first; null: look up `name_` on every call
};

// Where a checked value came from, for the error message: a text, or "Type.method()" of an
// object, which is only spelled out when a check fails (the checks run at every search step).
class Origin {
 public:
  Origin(const std::string& text) : text_(&text) {}  // NOLINT: implicit, as the checks took strings
  Origin(const char* text) : literal_(text) {}       // NOLINT
  Origin(py::handle object, const char* method) : object_(object.ptr()), literal_(method) {}
  std::string str() const;

 private:
  const std::string* text_ = nullptr;
  PyObject* object_ = nullptr;
  const char* literal_ = nullptr;
};

// Values (returns, evaluations) are finite and at most this large in magnitude: the search keeps
// means in 32-bit floats, where larger values would overflow to infinity.
inline constexpr double kMaxValueMagnitude = 1e30;

int64_t as_int(py::handle value, const Origin& where);
// A finite number; TypeError for a non-number, ValueError for NaN or an infinity.
double as_float(py::handle value, const Origin& where);
// A finite number of magnitude at most kMaxValueMagnitude.
double as_value(py::handle value, const Origin& where);
// A probability: a finite number in [0, 1].
double as_probability(py::handle value, const Origin& where);
// A prior weight: a finite number >= 0 (priors are renormalised over the legal actions).
double as_weight(py::handle value, const Origin& where);
bool as_bool(py::handle value, const Origin& where);
// Sorted, unique actions in [0, 2**31) from any iterable of ints except a str, bytes or mapping,
// written to `out` (room for `capacity`: more is a ValueError naming the game's bound,
// max_legal_actions()); returns how many.
int as_actions(py::handle value, Action* out, int capacity, const Origin& where);
std::vector<Action> as_actions(py::handle value, const Origin& where, int capacity = INT32_MAX);
// Actions in [0, 2**31) as given (a history: in order, repeats allowed).
std::vector<Action> as_action_sequence(py::handle value, const Origin& where);
// (action, probability) pairs from an iterable, actions as as_actions reads them, probabilities
// summing to 1; written as as_actions writes.
int as_outcomes(py::handle value, ChanceOutcome* out, int capacity, const Origin& where);
std::vector<ChanceOutcome> as_outcomes(py::handle value, const Origin& where, int capacity = INT32_MAX);
// `expected` values (as_value) from a sequence (list, tuple, array), not from a mapping or set.
std::vector<double> as_values(py::handle value, size_t expected, const Origin& where);
// A player index as current_player() returns it: 0..players-1, CHANCE (-1) or TERMINAL (-4).
int as_player(py::handle value, int players, const Origin& where);

}  // namespace ts::py_callbacks
