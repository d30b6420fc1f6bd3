#include "bindings/py_callbacks.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace ts::py_callbacks {

namespace {

PyObject* interned(const char* name) {
  static std::unordered_map<const char*, PyObject*> names;  // keyed by the literal's address
  auto it = names.find(name);
  if (it != names.end()) return it->second;
  PyObject* s = PyUnicode_InternFromString(name);
  if (!s) throw py::error_already_set();
  names.emplace(name, s);
  return s;
}

std::string type_of(py::handle value) { return Py_TYPE(value.ptr())->tp_name; }

// brief_repr() of a returned value for a message, cut short.
std::string brief_repr(py::handle value) {
  PyObject* text = PyObject_Repr(value.ptr());
  if (!text) {
    PyErr_Clear();
    return type_of(value);
  }
  std::string out = py::reinterpret_steal<py::str>(text);
  return out.size() > 60 ? out.substr(0, 57) + "..." : out;
}

}  // namespace

py::object call(py::handle obj, const char* name) {
  PyObject* result = PyObject_CallMethodNoArgs(obj.ptr(), interned(name));
  if (!result) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(result);
}

py::object call(py::handle obj, const char* name, py::handle arg) {
  PyObject* result = PyObject_CallMethodOneArg(obj.ptr(), interned(name), arg.ptr());
  if (!result) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(result);
}

bool has_method(py::handle obj, const char* name) { return PyObject_HasAttrString(obj.ptr(), name) == 1; }

int64_t as_int(py::handle value, const std::string& where) {
  if (PyBool_Check(value.ptr()) || !PyIndex_Check(value.ptr())) {
    throw py::type_error(where + " must return an int, got " + type_of(value));
  }
  int overflow = 0;
  py::object index = py::reinterpret_steal<py::object>(PyNumber_Index(value.ptr()));
  if (!index) throw py::error_already_set();
  const long long v = PyLong_AsLongLongAndOverflow(index.ptr(), &overflow);
  if (overflow) throw py::value_error(where + " returned an int out of range");
  return v;
}

double as_float(py::handle value, const std::string& where) {
  if (PyUnicode_Check(value.ptr()) || PyBytes_Check(value.ptr())) {
    throw py::type_error(where + " must return numbers, got " + type_of(value));
  }
  const double v = PyFloat_AsDouble(value.ptr());
  if (v == -1.0 && PyErr_Occurred()) {
    PyErr_Clear();
    throw py::type_error(where + " must return numbers, got " + type_of(value));
  }
  if (!std::isfinite(v))
    throw py::value_error(where + " returned a value that is not finite: " + brief_repr(value));
  return v;
}

double as_value(py::handle value, const std::string& where) {
  const double v = as_float(value, where);
  if (std::abs(v) > kMaxValueMagnitude) {
    throw py::value_error(where + " returned " + brief_repr(value) +
                          "; values must be finite numbers of magnitude at most 1e30");
  }
  return v;
}

double as_probability(py::handle value, const std::string& where) {
  const double p = as_float(value, where);
  if (p < 0 || p > 1)
    throw py::value_error(where + " returned probability " + brief_repr(value) +
                          "; probabilities lie in [0, 1]");
  return p;
}

double as_weight(py::handle value, const std::string& where) {
  const double w = as_float(value, where);
  if (w < 0) throw py::value_error(where + " returned " + brief_repr(value) + "; prior weights must be >= 0");
  return w;
}

bool as_bool(py::handle value, const std::string& where) {
  const int truth = PyObject_IsTrue(value.ptr());
  if (truth < 0) throw py::error_already_set();
  return truth == 1;
}

std::vector<Action> as_actions(py::handle value, const std::string& where) {
  if (PyUnicode_Check(value.ptr()) || PyBytes_Check(value.ptr()) || PyDict_Check(value.ptr())) {
    throw py::type_error(where + " must return a list of ints, got " + type_of(value));
  }
  py::object seq = py::reinterpret_steal<py::object>(PySequence_Fast(value.ptr(), ""));
  if (!seq) {
    PyErr_Clear();
    throw py::type_error(where + " must return a list of ints, got " + type_of(value));
  }
  const Py_ssize_t n = PySequence_Fast_GET_SIZE(seq.ptr());
  PyObject** items = PySequence_Fast_ITEMS(seq.ptr());
  std::vector<Action> out(static_cast<size_t>(n));
  for (Py_ssize_t i = 0; i < n; ++i) {
    const int64_t a = as_int(items[i], where);
    if (a < 0 || a > INT32_MAX)
      throw py::value_error(where + " returned action " + std::to_string(a) +
                            "; actions must be in [0, 2**31)");
    out[static_cast<size_t>(i)] = static_cast<Action>(a);
  }
  if (!std::is_sorted(out.begin(), out.end())) std::sort(out.begin(), out.end());
  if (std::adjacent_find(out.begin(), out.end()) != out.end())
    throw py::value_error(where + " returned a repeated action");
  return out;
}

std::vector<double> as_values(py::handle value, size_t expected, const std::string& where) {
  const std::string wanted = "a sequence of " + std::to_string(expected) + " numbers (one per player)";
  if (!PySequence_Check(value.ptr()) || PyUnicode_Check(value.ptr()) || PyBytes_Check(value.ptr())) {
    throw py::type_error(where + " must return " + wanted + ", got " + type_of(value));
  }
  py::object seq = py::reinterpret_steal<py::object>(PySequence_Fast(value.ptr(), ""));
  if (!seq) {
    PyErr_Clear();
    throw py::type_error(where + " must return " + wanted + ", got " + type_of(value));
  }
  const size_t n = static_cast<size_t>(PySequence_Fast_GET_SIZE(seq.ptr()));
  if (n != expected) throw py::value_error(where + " must return " + wanted + ", got " + std::to_string(n));
  std::vector<double> out(n);
  for (size_t i = 0; i < n; ++i)
    out[i] = as_value(PySequence_Fast_GET_ITEM(seq.ptr(), static_cast<Py_ssize_t>(i)), where);
  return out;
}

int as_player(py::handle value, int players, const std::string& where) {
  const int64_t p = as_int(value, where);
  if ((p < 0 || p >= players) && p != kChancePlayer && p != kTerminalPlayer) {
    throw py::value_error(where + " returned " + std::to_string(p) + "; valid: 0.." +
                          std::to_string(players - 1) + " (a player), CHANCE (-1) or TERMINAL (-4)");
  }
  return static_cast<int>(p);
}

}  // namespace ts::py_callbacks
