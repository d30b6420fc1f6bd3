#include "bindings/py_evaluator.h"

#include <pybind11/numpy.h>

#include <cmath>

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

PyEvaluator::PyEvaluator(py::object evaluator, int batch_size, std::vector<int> observation_shape)
    : evaluator_(std::move(evaluator)), has_prior_(has_method(evaluator_, "prior")), batch_size_(batch_size),
      observation_shape_(std::move(observation_shape)) {}

PyEvaluator::~PyEvaluator() {
  py::gil_scoped_acquire gil;
  evaluator_ = py::object();
}

std::string PyEvaluator::where(const char* method) const {
  return std::string(Py_TYPE(evaluator_.ptr())->tp_name) + "." + method + "()";
}

void PyEvaluator::evaluate(std::unique_ptr<AnyState> leaf, double* values) {
  py::gil_scoped_acquire gil;
  const size_t players = static_cast<size_t>(leaf->num_players());
  const std::vector<double> v = as_floats(call(evaluator_, "evaluate", to_python(std::move(leaf))), players,
                                          where("evaluate"));
  std::copy(v.begin(), v.end(), values);
}

void PyEvaluator::prior(std::unique_ptr<AnyState> leaf, const std::vector<Action>& actions, float* out) {
  py::gil_scoped_acquire gil;
  const std::string at = where("prior");
  py::object given = call(evaluator_, "prior", to_python(std::move(leaf)));
  if (!PyMapping_Check(given.ptr()) || PySequence_Check(given.ptr())) {
    throw py::type_error(at + " must return a dict {action: probability}, got " + std::string(Py_TYPE(given.ptr())->tp_name));
  }
  py::dict probabilities = py::dict(given);
  double total = 0;
  for (size_t i = 0; i < actions.size(); ++i) {
    py::int_ key(actions[i]);
    const double p = probabilities.contains(key) ? as_float(probabilities[key], at) : 0.0;
    if (p < 0) throw py::value_error(at + " returned a negative probability for action " + std::to_string(actions[i]));
    out[i] = static_cast<float>(p);
    total += p;
  }
  for (auto item : probabilities) {
    const int64_t a = as_int(item.first, at);
    if (!std::binary_search(actions.begin(), actions.end(), static_cast<Action>(a))) {
      throw py::value_error(at + " gave a probability to action " + std::to_string(a) + ", which is not legal here");
    }
  }
  for (size_t i = 0; i < actions.size(); ++i) {
    out[i] = total > 0 ? static_cast<float>(out[i] / total) : 1.0f / static_cast<float>(actions.size());
  }
}

void PyEvaluator::evaluate_batch(const std::vector<float>& observations, int count, int size, int players,
                                 int num_actions, std::vector<double>& values, std::vector<float>& priors) {
  py::gil_scoped_acquire gil;
  const std::string at = where("evaluate_batch");
  std::vector<py::ssize_t> shape{count};
  for (int d : observation_shape_) shape.push_back(d);
  py::array_t<float> batch(shape);
  std::copy(observations.begin(), observations.begin() + static_cast<long>(count) * size, batch.mutable_data());
  py::object result = call(evaluator_, "evaluate_batch", batch);
  if (!PyTuple_Check(result.ptr()) || PyTuple_Size(result.ptr()) != 2) {
    throw py::type_error(at + " must return a tuple (values, priors)");
  }
  using Doubles = py::array_t<double, py::array::c_style | py::array::forcecast>;
  using Floats = py::array_t<float, py::array::c_style | py::array::forcecast>;
  auto v = Doubles::ensure(result[py::int_(0)]);
  auto p = Floats::ensure(result[py::int_(1)]);
  if (!v || !p) throw py::type_error(at + " must return arrays of numbers");
  if (v.ndim() != 2 || v.shape(0) != count || v.shape(1) != players) {
    throw py::value_error(at + " values must have shape (" + std::to_string(count) + ", " + std::to_string(players) + ")");
  }
  if (p.ndim() != 2 || p.shape(0) != count || p.shape(1) != num_actions) {
    throw py::value_error(at + " priors must have shape (" + std::to_string(count) + ", " + std::to_string(num_actions) + ")");
  }
  values.assign(v.data(), v.data() + v.size());
  priors.assign(p.data(), p.data() + p.size());
  for (double x : values) {
    if (!std::isfinite(x)) throw py::value_error(at + " returned a value that is not finite");
  }
  for (float x : priors) {
    if (!std::isfinite(x) || x < 0) throw py::value_error(at + " returned a negative or non-finite prior");
  }
}

}  // namespace ts
