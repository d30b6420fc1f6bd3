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

int64_t as_int(py::handle value, const std::string& where);
double as_float(py::handle value, const std::string& where);
bool as_bool(py::handle value, const std::string& where);
std::vector<Action> as_actions(py::handle value, const std::string& where);
std::vector<double> as_floats(py::handle value, size_t expected, const std::string& where);

}  // namespace ts::py_callbacks
