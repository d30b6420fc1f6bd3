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

py::object checked(PyObject* result) {
  if (!result) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(result);
}

// The items of a list or tuple (other iterables are copied into a list first); TypeError naming
// `wanted` for a str, bytes, mapping or non-iterable.
py::object items_of(py::handle value, const char* wanted, const Origin& where) {
  if (PyList_CheckExact(value.ptr()) || PyTuple_CheckExact(value.ptr())) {
    return py::reinterpret_borrow<py::object>(value);
  }
  if (PyUnicode_Check(value.ptr()) || PyBytes_Check(value.ptr()) || PyDict_Check(value.ptr())) {
    throw py::type_error(where.str() + " must return " + wanted + ", got " + type_of(value));
  }
  PyObject* seq = PySequence_Fast(value.ptr(), "");
  if (!seq) {
    PyErr_Clear();
    throw py::type_error(where.str() + " must return " + wanted + ", got " + type_of(value));
  }
  return py::reinterpret_steal<py::object>(seq);
}

[[noreturn]] void too_many(Py_ssize_t n, int capacity, const Origin& where) {
  throw py::value_error(where.str() + " listed " + std::to_string(n) +
                        " actions, more than the game's bound of " + std::to_string(capacity) +
                        " (declare a larger max_legal_actions() on the game)");
}

Action as_action(PyObject* item, const Origin& where) {
  const int64_t a = as_int(item, where);
  if (a < 0 || a > INT32_MAX)
    throw py::value_error(where.str() + " returned action " + std::to_string(a) +
                          "; actions must be in [0, 2**31)");
  return static_cast<Action>(a);
}

// The common cases, read without the general conversions: an exact int in range; an exact float
// in [0, 1] (NaN fails the comparison). False: the general path decides (and names the error).
inline bool exact_action(PyObject* item, Action& out) {
  if (!PyLong_CheckExact(item)) return false;
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(item, &overflow);
  if (overflow || v < 0 || v > INT32_MAX) return false;
  out = static_cast<Action>(v);
  return true;
}

inline bool exact_probability(PyObject* item, double& out) {
  if (!PyFloat_CheckExact(item)) return false;
  const double p = PyFloat_AS_DOUBLE(item);
  if (!(p >= 0.0 && p <= 1.0)) return false;
  out = p;
  return true;
}

}  // namespace

std::string Origin::str() const {
  if (text_) return *text_;
  if (object_) return std::string(Py_TYPE(object_)->tp_name) + "." + literal_ + "()";
  return literal_;
}

py::object call(py::handle obj, const char* name) {
  return checked(PyObject_CallMethodNoArgs(obj.ptr(), interned(name)));
}

py::object call(py::handle obj, const char* name, py::handle arg) {
  return checked(PyObject_CallMethodOneArg(obj.ptr(), interned(name), arg.ptr()));
}

namespace {

// The entry `name` in the dicts of obj's type and its bases (what attribute lookup finds on the
// type), or null.
py::object type_entry(py::handle obj, PyObject* name) {
  const py::object mro = py::reinterpret_borrow<py::object>(Py_TYPE(obj.ptr())->tp_mro);
  for (py::handle base : mro) {
    const py::object dict = base.attr("__dict__");
    if (PyMapping_HasKey(dict.ptr(), name))
      return py::reinterpret_steal<py::object>(PyObject_GetItem(dict.ptr(), name));
  }
  return {};
}

bool instance_has(py::handle obj, PyObject* name) {
  PyObject* dict = PyObject_GenericGetDict(obj.ptr(), nullptr);
  if (!dict) {
    PyErr_Clear();  // no __dict__: nothing can hide the method
    return false;
  }
  const bool has = PyDict_Contains(dict, name) == 1;
  Py_DECREF(dict);
  return has;
}

}  // namespace

Method::Method(py::handle obj, const char* name) : name_(interned(name)) {
  if (Py_TYPE(obj.ptr())->tp_getattro != PyObject_GenericGetAttr || instance_has(obj, name_)) return;
  const py::object entry = type_entry(obj, name_);
  if (!entry) return;
  if (PyFunction_Check(entry.ptr()) || Py_IS_TYPE(entry.ptr(), &PyMethodDescr_Type)) {
    function_ = entry;
  } else if (PyInstanceMethod_Check(entry.ptr())) {  // pybind11's methods
    function_ = py::reinterpret_borrow<py::object>(PyInstanceMethod_GET_FUNCTION(entry.ptr()));
  }
}

py::object Method::operator()(py::handle self) const {
  PyObject* args[] = {self.ptr()};
  if (!function_)
    return checked(PyObject_VectorcallMethod(name_, args, 1 | PY_VECTORCALL_ARGUMENTS_OFFSET, nullptr));
  return checked(PyObject_Vectorcall(function_.ptr(), args, 1, nullptr));
}

py::object Method::operator()(py::handle self, py::handle arg) const {
  PyObject* args[] = {self.ptr(), arg.ptr()};
  if (!function_)
    return checked(PyObject_VectorcallMethod(name_, args, 2 | PY_VECTORCALL_ARGUMENTS_OFFSET, nullptr));
  return checked(PyObject_Vectorcall(function_.ptr(), args, 2, nullptr));
}

py::object Method::operator()(py::handle self, py::handle arg1, py::handle arg2) const {
  PyObject* args[] = {self.ptr(), arg1.ptr(), arg2.ptr()};
  if (!function_)
    return checked(PyObject_VectorcallMethod(name_, args, 3 | PY_VECTORCALL_ARGUMENTS_OFFSET, nullptr));
  return checked(PyObject_Vectorcall(function_.ptr(), args, 3, nullptr));
}

bool has_method(py::handle obj, const char* name) { return PyObject_HasAttrString(obj.ptr(), name) == 1; }

int64_t as_int(py::handle value, const Origin& where) {
  int overflow = 0;
  if (PyLong_CheckExact(value.ptr())) {  // the common case, without the conversion below
    const long long v = PyLong_AsLongLongAndOverflow(value.ptr(), &overflow);
    if (overflow) throw py::value_error(where.str() + " returned an int out of range");
    return v;
  }
  if (PyBool_Check(value.ptr()) || !PyIndex_Check(value.ptr())) {
    throw py::type_error(where.str() + " must return an int, got " + type_of(value));
  }
  py::object index = py::reinterpret_steal<py::object>(PyNumber_Index(value.ptr()));
  if (!index) throw py::error_already_set();
  const long long v = PyLong_AsLongLongAndOverflow(index.ptr(), &overflow);
  if (overflow) throw py::value_error(where.str() + " returned an int out of range");
  return v;
}

double as_float(py::handle value, const Origin& where) {
  double v;
  if (PyFloat_CheckExact(value.ptr())) {
    v = PyFloat_AS_DOUBLE(value.ptr());
  } else {
    if (PyUnicode_Check(value.ptr()) || PyBytes_Check(value.ptr())) {
      throw py::type_error(where.str() + " must return numbers, got " + type_of(value));
    }
    v = PyFloat_AsDouble(value.ptr());
    if (v == -1.0 && PyErr_Occurred()) {
      PyErr_Clear();
      throw py::type_error(where.str() + " must return numbers, got " + type_of(value));
    }
  }
  if (!std::isfinite(v))
    throw py::value_error(where.str() + " returned a value that is not finite: " + brief_repr(value));
  return v;
}

double as_value(py::handle value, const Origin& where) {
  const double v = as_float(value, where);
  if (std::abs(v) > kMaxValueMagnitude) {
    throw py::value_error(where.str() + " returned " + brief_repr(value) +
                          "; values must be finite numbers of magnitude at most 1e30");
  }
  return v;
}

double as_probability(py::handle value, const Origin& where) {
  const double p = as_float(value, where);
  if (p < 0 || p > 1)
    throw py::value_error(where.str() + " returned probability " + brief_repr(value) +
                          "; probabilities lie in [0, 1]");
  return p;
}

double as_weight(py::handle value, const Origin& where) {
  const double w = as_float(value, where);
  if (w < 0)
    throw py::value_error(where.str() + " returned " + brief_repr(value) + "; prior weights must be >= 0");
  return w;
}

bool as_bool(py::handle value, const Origin&) {
  const int truth = PyObject_IsTrue(value.ptr());
  if (truth < 0) throw py::error_already_set();
  return truth == 1;
}

int as_actions(py::handle value, Action* out, int capacity, const Origin& where) {
  const py::object seq = items_of(value, "a list of ints", where);
  const Py_ssize_t size = PySequence_Fast_GET_SIZE(seq.ptr());
  if (size > capacity) too_many(size, capacity, where);
  const int n = static_cast<int>(size);
  PyObject** items = PySequence_Fast_ITEMS(seq.ptr());
  for (int i = 0; i < n; ++i) {
    if (!exact_action(items[i], out[i])) out[i] = as_action(items[i], where);
  }
  if (!std::is_sorted(out, out + n)) std::sort(out, out + n);
  if (std::adjacent_find(out, out + n) != out + n)
    throw py::value_error(where.str() + " returned a repeated action");
  return n;
}

std::vector<Action> as_actions(py::handle value, const Origin& where, int capacity) {
  const py::object seq = items_of(value, "a list of ints", where);
  std::vector<Action> out(
      static_cast<size_t>(std::min<Py_ssize_t>(PySequence_Fast_GET_SIZE(seq.ptr()), capacity)));
  as_actions(seq, out.data(), capacity, where);
  return out;
}

std::vector<Action> as_action_sequence(py::handle value, const Origin& where) {
  const py::object seq = items_of(value, "a list of ints", where);
  const Py_ssize_t n = PySequence_Fast_GET_SIZE(seq.ptr());
  PyObject** items = PySequence_Fast_ITEMS(seq.ptr());
  std::vector<Action> out(static_cast<size_t>(n));
  for (Py_ssize_t i = 0; i < n; ++i) out[static_cast<size_t>(i)] = as_action(items[i], where);
  return out;
}

int as_outcomes(py::handle value, ChanceOutcome* out, int capacity, const Origin& where) {
  const py::object seq = items_of(value, "a list of (action, probability) pairs", where);
  const Py_ssize_t size = PySequence_Fast_GET_SIZE(seq.ptr());
  if (size > capacity) too_many(size, capacity, where);
  const int n = static_cast<int>(size);
  PyObject** items = PySequence_Fast_ITEMS(seq.ptr());
  double total = 0;
  for (int i = 0; i < n; ++i) {
    PyObject* pair = items[i];
    ChanceOutcome& outcome = out[i];
    if (PyTuple_CheckExact(pair) && PyTuple_GET_SIZE(pair) == 2) {
      PyObject* action = PyTuple_GET_ITEM(pair, 0);
      PyObject* probability = PyTuple_GET_ITEM(pair, 1);
      if (!exact_action(action, outcome.action)) outcome.action = as_action(action, where);
      if (!exact_probability(probability, outcome.probability))
        outcome.probability = as_probability(probability, where);
    } else {
      if (!PySequence_Check(pair) || PyUnicode_Check(pair) || PySequence_Size(pair) != 2) {
        PyErr_Clear();
        throw py::type_error(where.str() + " must return (action, probability) pairs");
      }
      const py::object a = checked(PySequence_GetItem(pair, 0));
      const py::object p = checked(PySequence_GetItem(pair, 1));
      outcome = {as_action(a.ptr(), where), as_probability(p, where)};
    }
    total += outcome.probability;
  }
  if (n == 0 || std::abs(total - 1.0) > 1e-6) {
    throw py::value_error(where.str() + " must return outcomes whose probabilities sum to 1, got " +
                          std::to_string(total));
  }
  return n;
}

std::vector<ChanceOutcome> as_outcomes(py::handle value, const Origin& where, int capacity) {
  const py::object seq = items_of(value, "a list of (action, probability) pairs", where);
  std::vector<ChanceOutcome> out(
      static_cast<size_t>(std::min<Py_ssize_t>(PySequence_Fast_GET_SIZE(seq.ptr()), capacity)));
  as_outcomes(seq, out.data(), capacity, where);
  return out;
}

std::vector<double> as_values(py::handle value, size_t expected, const Origin& where) {
  const auto wanted = [&] {
    return "a sequence of " + std::to_string(expected) + " numbers (one per player)";
  };
  if (!PyList_CheckExact(value.ptr()) && !PyTuple_CheckExact(value.ptr()) &&
      (!PySequence_Check(value.ptr()) || PyUnicode_Check(value.ptr()) || PyBytes_Check(value.ptr()))) {
    throw py::type_error(where.str() + " must return " + wanted() + ", got " + type_of(value));
  }
  const py::object seq = items_of(value, "a sequence of numbers (one per player)", where);
  const size_t n = static_cast<size_t>(PySequence_Fast_GET_SIZE(seq.ptr()));
  if (n != expected)
    throw py::value_error(where.str() + " must return " + wanted() + ", got " + std::to_string(n));
  PyObject** items = PySequence_Fast_ITEMS(seq.ptr());
  std::vector<double> out(n);
  for (size_t i = 0; i < n; ++i) out[i] = as_value(items[i], where);
  return out;
}

int as_player(py::handle value, int players, const Origin& where) {
  const int64_t p = as_int(value, where);
  if ((p < 0 || p >= players) && p != kChancePlayer && p != kTerminalPlayer) {
    throw py::value_error(where.str() + " returned " + std::to_string(p) + "; valid: 0.." +
                          std::to_string(players - 1) + " (a player), CHANCE (-1) or TERMINAL (-4)");
  }
  return static_cast<int>(p);
}

}  // namespace ts::py_callbacks
