#include "bindings/convert.h"

#include <random>

namespace ts::py_convert {

std::string describe(py::handle value) {
  std::string repr = py::repr(value).cast<std::string>();
  if (repr.size() > 60) repr = repr.substr(0, 57) + "...";
  return std::string(Py_TYPE(value.ptr())->tp_name) + " " + repr;
}

int64_t to_int(py::handle value, const char* what) {
  if (PyBool_Check(value.ptr()) || !PyIndex_Check(value.ptr())) {
    throw py::type_error(std::string(what) + " must be an int, got " + describe(value));
  }
  py::object index = py::reinterpret_steal<py::object>(PyNumber_Index(value.ptr()));
  if (!index) throw py::error_already_set();
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(index.ptr(), &overflow);
  if (overflow != 0) fail(std::string(what) + " " + describe(value) + " is out of range");
  return v;
}

Action to_action(py::handle value) {
  const int64_t v = to_int(value, "action");
  // Out-of-range values can never be legal; they get the same message as any illegal action.
  if (v < INT32_MIN || v > INT32_MAX) return -1;
  return static_cast<Action>(v);
}

int to_player(py::handle value) {
  const int64_t v = to_int(value, "player");
  if (v < -1000 || v > 1000) fail("player index " + std::to_string(v) + " is out of range");
  return static_cast<int>(v);
}

uint64_t to_seed(py::handle value) {
  if (value.is_none()) {
    std::random_device device;
    return (static_cast<uint64_t>(device()) << 32) ^ device();
  }
  if (PyBool_Check(value.ptr()) || !PyIndex_Check(value.ptr())) {
    throw py::type_error("seed must be an int or None, got " + describe(value));
  }
  py::int_ as_int = py::reinterpret_steal<py::int_>(PyNumber_Index(value.ptr()));
  if (as_int.ptr() == nullptr) throw py::error_already_set();
  if (PyObject_RichCompareBool(as_int.ptr(), py::int_(0).ptr(), Py_LT) == 1) {
    fail("seed must be >= 0, got " + describe(value));
  }
  const unsigned long long v = PyLong_AsUnsignedLongLong(as_int.ptr());
  if (PyErr_Occurred()) {
    PyErr_Clear();
    fail("seed must be below 2**64, got " + describe(value));
  }
  return v;
}

Params to_params(const py::dict& kwargs) {
  Params params;
  for (auto item : kwargs) {
    const std::string name = py::str(item.first);
    py::handle v = item.second;
    if (PyBool_Check(v.ptr())) {
      params[name] = v.cast<bool>();
    } else if (PyLong_Check(v.ptr())) {
      params[name] = to_int(v, name.c_str());
    } else if (PyFloat_Check(v.ptr())) {
      params[name] = v.cast<double>();
    } else if (PyUnicode_Check(v.ptr())) {
      params[name] = v.cast<std::string>();
    } else if (py::isinstance<py::list>(v) || py::isinstance<py::tuple>(v) || py::isinstance<py::set>(v) ||
               py::isinstance<py::frozenset>(v)) {
      // A collection of names (for example regions) is written comma-separated.
      std::string joined;
      for (auto member : v) {
        if (!PyUnicode_Check(member.ptr())) {
          throw py::type_error("parameter '" + name + "' must hold strings, got " + describe(member));
        }
        joined += (joined.empty() ? "" : ",") + member.cast<std::string>();
      }
      params[name] = joined;
    } else {
      throw py::type_error("parameter '" + name + "' must be a bool, int, float or str, got " + describe(v));
    }
  }
  return params;
}

py::object param_to_python(const ParamValue& value) {
  return std::visit([](const auto& v) -> py::object { return py::cast(v); }, value);
}

}  // namespace ts::py_convert
