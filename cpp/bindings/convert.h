// Checked conversions of Python arguments: wrong types raise TypeError, bad values ValueError.
#pragma once
#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>

#include "core/params.h"
#include "core/types.h"

namespace ts::py_convert {

namespace py = pybind11;

// A value for a message: its type and its repr, cut to 60 characters.
std::string describe(py::handle value);
// A Python int (or anything with __index__, such as numpy integers; not bool) as int64.
int64_t to_int(py::handle value, const char* what);
Action to_action(py::handle value);
int to_player(py::handle value);
// None draws a fresh random seed; otherwise a non-negative int below 2**64.
uint64_t to_seed(py::handle value);
Params to_params(const py::dict& kwargs);
py::object param_to_python(const ParamValue& value);

}  // namespace ts::py_convert
