// A model file's network as an AnyEvaluator: what mcts.search(state, evaluator=model) passes to
// the search entry. Searches evaluate the network natively on their own threads
// (search/network_evaluator.h; api/search_family.h finds it here); the AnyState methods serve
// callers outside a search.
#pragma once
#include <memory>
#include <vector>

#include "api/any_evaluator.h"
#include "nn/network.h"

namespace ts {

class ModelEvaluator final : public AnyEvaluator {
 public:
  // `leaf_batch` > 1: PUCT evaluates that many leaves at once (virtual loss spreads them).
  ModelEvaluator(std::shared_ptr<const nn::Network> network, int leaf_batch)
      : network_(std::move(network)), leaf_batch_(leaf_batch) {}

  void evaluate(std::unique_ptr<AnyState> leaf, double* values) override;
  bool has_prior() const override { return true; }
  void prior(std::unique_ptr<AnyState> leaf, const std::vector<Action>& actions, float* out) override;
  int batch_size() const override { return 0; }
  void evaluate_batch(const std::vector<float>&, int, const std::vector<int>&, int, int, std::vector<double>&,
                      std::vector<float>&) override;
  bool needs_python() const override { return false; }
  const std::shared_ptr<const nn::Network>& network() const { return network_; }
  int leaf_batch() const { return leaf_batch_; }

  // Fails, naming both, unless the network reads this game's observations and actions.
  static void check_fits(const nn::Network& network, int num_players, int num_distinct_actions,
                         const std::vector<int>& observation_shape);

 private:
  std::vector<float> logits(const AnyState& leaf, double* values);
  std::shared_ptr<const nn::Network> network_;
  int leaf_batch_;
  nn::Scratch scratch_;
};

}  // namespace ts
