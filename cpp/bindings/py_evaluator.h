// A leaf evaluator written in Python: evaluate(state) -> values per player, optionally
// prior(state) -> {action: probability}, or evaluate_batch(observations) -> (values, priors).
#pragma once
#include <pybind11/pybind11.h>

#include <memory>
#include <vector>

#include "api/any_evaluator.h"

namespace ts {

namespace py = pybind11;

class PyEvaluator final : public AnyEvaluator {
 public:
  // `batch_size` >= 1 selects evaluate_batch (0: evaluate and prior).
  PyEvaluator(py::object evaluator, int batch_size);
  ~PyEvaluator() override;

  void evaluate(std::unique_ptr<AnyState> leaf, double* values) override;
  bool has_prior() const override { return has_prior_; }
  void prior(std::unique_ptr<AnyState> leaf, const std::vector<Action>& actions, float* out) override;
  int batch_size() const override { return batch_size_; }
  void evaluate_batch(const std::vector<float>& observations, int count, const std::vector<int>& shape,
                      int players, int num_actions, std::vector<double>& values,
                      std::vector<float>& priors) override;
  bool needs_python() const override { return true; }

 private:
  std::string where(const char* method) const;
  py::object evaluator_;
  bool has_prior_;
  int batch_size_;
};

}  // namespace ts
