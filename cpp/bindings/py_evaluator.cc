#include "bindings/py_evaluator.h"

#include <pybind11/numpy.h>

#include <algorithm>
#include <cmath>

#include "bindings/gil.h"
#include "bindings/py_callbacks.h"
#include "bindings/py_state.h"

namespace ts {

using namespace py_callbacks;

namespace {

// The Python object for a leaf: a Python game's own state, or a native State.
py::object to_python(std::unique_ptr<AnyState> leaf) {
  if (auto* py_leaf = dynamic_cast<PyState*>(leaf.get())) return py_leaf->take_object();
  return py::cast(std::move(leaf));
}

}  // namespace

PyEvaluator::PyEvaluator(py::object evaluator, int batch_size)
    : evaluator_(std::move(evaluator)),
      has_prior_(batch_size == 0 && has_method(evaluator_, "prior")),
      batch_size_(batch_size) {
  const char* needed = batch_size_ > 0 ? "evaluate_batch" : "evaluate";
  if (!has_method(evaluator_, needed)) {
    throw py::type_error(std::string(Py_TYPE(evaluator_.ptr())->tp_name) + " has no " + needed + "() method");
  }
}

PyEvaluator::~PyEvaluator() {
  GilAcquire gil;
  evaluator_ = py::object();
}

std::string PyEvaluator::where(const char* method) const {
  return std::string(Py_TYPE(evaluator_.ptr())->tp_name) + "." + method + "()";
}

void PyEvaluator::evaluate(std::unique_ptr<AnyState> leaf, double* values) {
  GilAcquire gil;
  const size_t players = static_cast<size_t>(leaf->num_players());
  const std::vector<double> v =
      as_values(call(evaluator_, "evaluate", to_python(std::move(leaf))), players, where("evaluate"));
  std::copy(v.begin(), v.end(), values);
}

// Weights for `actions` (missing ones: 0), renormalised in double precision over the legal
// actions (so 1e300 or 1e-300 are fine); uniform if they get nothing. A negative or non-finite
// weight, or one for an illegal action, is refused.
void PyEvaluator::prior(std::unique_ptr<AnyState> leaf, const std::vector<Action>& actions, float* out) {
  GilAcquire gil;
  const std::string at = where("prior");
  py::object given = call(evaluator_, "prior", to_python(std::move(leaf)));
  if (!PyMapping_Check(given.ptr()) || PySequence_Check(given.ptr())) {
    throw py::type_error(at + " must return a dict {action: probability}, got " +
                         std::string(Py_TYPE(given.ptr())->tp_name));
  }
  const py::dict probabilities(given);
  std::vector<double> p(actions.size(), 0.0);
  double total = 0;
  for (auto item : probabilities) {
    const int64_t a = as_int(item.first, at);
    const auto it = std::lower_bound(actions.begin(), actions.end(), a);
    if (a < 0 || a > INT32_MAX || it == actions.end() || *it != a) {
      throw py::value_error(at + " gave a probability to action " + std::to_string(a) +
                            ", which is not legal here");
    }
    const double q = as_weight(item.second, at);
    p[static_cast<size_t>(it - actions.begin())] = q;
    total += q;
  }
  for (size_t i = 0; i < actions.size(); ++i) {
    out[i] = total > 0 ? static_cast<float>(p[i] / total) : 1.0f / static_cast<float>(actions.size());
  }
}

void PyEvaluator::evaluate_batch(const std::vector<float>& observations, int count,
                                 const std::vector<int>& shape, int players, int num_actions,
                                 std::vector<double>& values, std::vector<float>& priors) {
  GilAcquire gil;
  const std::string at = where("evaluate_batch");
  std::vector<py::ssize_t> dims{count};
  size_t size = 1;
  for (int d : shape) {
    dims.push_back(d);
    size *= static_cast<size_t>(d);
  }
  if (observations.size() < static_cast<size_t>(count) * size)
    fail_internal("a batch of " + std::to_string(count) + " leaves holds only " +
                  std::to_string(observations.size()) + " observation values, not " +
                  std::to_string(count * size));
  py::array_t<float> batch(dims);
  std::copy(observations.begin(), observations.begin() + static_cast<long>(count * size),
            batch.mutable_data());
  py::object result = call(evaluator_, "evaluate_batch", batch);
  if (!PyTuple_Check(result.ptr()) || PyTuple_Size(result.ptr()) != 2) {
    throw py::type_error(at + " must return a tuple (values, priors)");
  }
  using Doubles = py::array_t<double, py::array::c_style | py::array::forcecast>;
  using Floats = py::array_t<float, py::array::c_style | py::array::forcecast>;
  for (int k = 0; k < 2; ++k) {
    py::handle part = PyTuple_GET_ITEM(result.ptr(), k);
    if (PyDict_Check(part.ptr()) || PyUnicode_Check(part.ptr()) || PyBytes_Check(part.ptr())) {
      throw py::type_error(at + " must return arrays of numbers, got a " +
                           std::string(Py_TYPE(part.ptr())->tp_name));
    }
  }
  auto v = Doubles::ensure(result[py::int_(0)]);
  auto p = Floats::ensure(result[py::int_(1)]);
  if (!v || !p) {
    PyErr_Clear();
    throw py::type_error(at + " must return arrays of numbers");
  }
  if (v.ndim() != 2 || v.shape(0) != count || v.shape(1) != players) {
    throw py::value_error(at + " values must have shape (" + std::to_string(count) + ", " +
                          std::to_string(players) + ")");
  }
  if (p.ndim() != 2 || p.shape(0) != count || p.shape(1) != num_actions) {
    throw py::value_error(at + " priors must have shape (" + std::to_string(count) + ", " +
                          std::to_string(num_actions) + ")");
  }
  // Checked on the arrays as given: a double beyond float range must not pass as an infinity.
  const double* raw = v.data();
  for (py::ssize_t i = 0; i < v.size(); ++i) {
    if (!std::isfinite(raw[i]) || std::abs(raw[i]) > kMaxValueMagnitude) {
      throw py::value_error(at + " returned value " + std::to_string(raw[i]) +
                            "; values must be finite numbers of magnitude at most 1e30");
    }
  }
  const float* prior = p.data();
  for (py::ssize_t i = 0; i < p.size(); ++i) {
    if (!(prior[i] >= 0.0f) || !std::isfinite(prior[i])) {  // NaN fails too
      throw py::value_error(at + " returned prior " + std::to_string(prior[i]) +
                            "; priors must be finite weights >= 0 (as float32)");
    }
  }
  values.assign(v.data(), v.data() + v.size());
  priors.assign(p.data(), p.data() + p.size());
}

}  // namespace ts
