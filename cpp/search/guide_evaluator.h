// One type for every leaf evaluator that guides the search with values and priors from outside
// the native playouts: a network evaluated natively (search/network_evaluator.h) or an evaluator
// written in Python (api/any_evaluator.h). The search families are then compiled for two
// evaluator types per game instead of three, which cuts the build's compile time; the virtual
// call per leaf is nothing beside a forward pass or a call into Python.
#pragma once
#include <memory>
#include <utility>
#include <vector>

#include "core/game.h"
#include "search/evaluator.h"

namespace ts {

template <GameState S>
class GuideEvaluator {
 public:
  template <class E>
    requires LeafEvaluator<E, S> && PriorEvaluator<E, S> && BatchEvaluator<E, S>
  explicit GuideEvaluator(E evaluator) : impl_(std::make_unique<Held<E>>(std::move(evaluator))) {}

  void evaluate(const S& leaf, Rng& rng, double* values) { impl_->evaluate(leaf, rng, values); }
  bool priors(const S& leaf, const Action* actions, int n, float* out) {
    return impl_->priors(leaf, actions, n, out);
  }
  int batch_size() const { return impl_->batch_size(); }
  // Passed on to an evaluator with playouts that learn from the iterations (MAST).
  void tree_move(int player, Action action) { impl_->tree_move(player, action); }
  void end_iteration(const double* values) { impl_->end_iteration(values); }
  void evaluate_batch(const std::vector<const S*>& leaves, std::vector<double>& values,
                      std::vector<float>& priors) {
    impl_->evaluate_batch(leaves, values, priors);
  }

 private:
  struct Interface {
    virtual ~Interface() = default;
    virtual void evaluate(const S& leaf, Rng& rng, double* values) = 0;
    virtual bool priors(const S& leaf, const Action* actions, int n, float* out) = 0;
    virtual int batch_size() const = 0;
    virtual void tree_move(int player, Action action) = 0;
    virtual void end_iteration(const double* values) = 0;
    virtual void evaluate_batch(const std::vector<const S*>& leaves, std::vector<double>& values,
                                std::vector<float>& priors) = 0;
  };

  template <class E>
  struct Held final : Interface {
    explicit Held(E e) : evaluator(std::move(e)) {}
    void evaluate(const S& leaf, Rng& rng, double* values) override { evaluator.evaluate(leaf, rng, values); }
    bool priors(const S& leaf, const Action* actions, int n, float* out) override {
      return evaluator.priors(leaf, actions, n, out);
    }
    int batch_size() const override { return evaluator.batch_size(); }
    void tree_move(int player, Action action) override {
      if constexpr (LearnsFromIterations<E>) evaluator.tree_move(player, action);
    }
    void end_iteration(const double* values) override {
      if constexpr (LearnsFromIterations<E>) evaluator.end_iteration(values);
    }
    void evaluate_batch(const std::vector<const S*>& leaves, std::vector<double>& values,
                        std::vector<float>& priors) override {
      evaluator.evaluate_batch(leaves, values, priors);
    }
    E evaluator;
  };

  std::unique_ptr<Interface> impl_;
};

}  // namespace ts
