// A model file's network as an AnyEvaluator: what mcts.search(state, evaluator=model) passes to
// the search entry. Searches evaluate it natively on their own threads (search/network_evaluator.h,
// through network()); the AnyState methods serve callers outside a search.
#pragma once
#include <memory>
#include <vector>

#include "api/any_evaluator.h"
#include "nn/network.h"

namespace ts {

class ModelEvaluator final : public AnyEvaluator {
 public:
  explicit ModelEvaluator(std::shared_ptr<const nn::Network> network) : network_(std::move(network)) {}

  void evaluate(std::unique_ptr<AnyState> leaf, double* values) override;
  bool has_prior() const override { return true; }
  void prior(std::unique_ptr<AnyState> leaf, const std::vector<Action>& actions, float* out) override;
  int batch_size() const override { return 0; }
  void evaluate_batch(const std::vector<float>&, int, const std::vector<int>&, int, int, std::vector<double>&,
                      std::vector<float>&) override;
  bool needs_python() const override { return false; }
  std::shared_ptr<const nn::Network> network() const override { return network_; }

  // Fails, naming both, unless the network reads this game's observations and actions.
  static void check_fits(const nn::Network& network, int num_players, int num_distinct_actions,
                         const std::vector<int>& observation_shape);

 private:
  std::vector<float> logits(const AnyState& leaf, double* values);
  std::shared_ptr<const nn::Network> network_;
  nn::Scratch scratch_;
};

}  // namespace ts
