#include "api/model_evaluator.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace ts {

namespace {

std::string shape_text(const std::vector<int>& shape) {
  std::string text = "[";
  for (size_t i = 0; i < shape.size(); ++i) text += (i ? ", " : "") + std::to_string(shape[i]);
  return text + "]";
}

}  // namespace

void ModelEvaluator::check_fits(const nn::Network& network, int num_players, int num_distinct_actions,
                                const std::vector<int>& observation_shape) {
  const nn::NetworkSpec& spec = network.spec();
  if (spec.observation_shape != observation_shape || spec.num_players != num_players ||
      spec.num_actions != num_distinct_actions) {
    fail("the model reads observations of shape " + shape_text(spec.observation_shape) + " for " +
         std::to_string(spec.num_players) + " players and " + std::to_string(spec.num_actions) +
         " actions; the game searched has observations of shape " + shape_text(observation_shape) + ", " +
         std::to_string(num_players) + " players and " + std::to_string(num_distinct_actions) + " actions");
  }
}

std::vector<float> ModelEvaluator::logits(const AnyState& leaf, double* values) {
  const int mover = leaf.current_player();
  if (mover < 0) fail("a model evaluates states where a player is to move");
  const std::shared_ptr<const AnyGame> game = leaf.get_game();
  check_fits(*network_, game->num_players(), game->num_distinct_actions(), game->observation_shape());
  const std::vector<float> observation = leaf.observation_tensor(mover);
  std::vector<float> out(network_->spec().num_actions);
  network_->forward(observation.data(), mover, scratch_, out.data(), values);
  return out;
}

void ModelEvaluator::evaluate(std::unique_ptr<AnyState> leaf, double* values) { logits(*leaf, values); }

void ModelEvaluator::prior(std::unique_ptr<AnyState> leaf, const std::vector<Action>& actions, float* out) {
  double values[kMaxPlayers];
  const std::vector<float> all = logits(*leaf, values);
  double top = -INFINITY, total = 0;
  for (Action a : actions) top = std::max(top, static_cast<double>(all.at(static_cast<size_t>(a))));
  for (Action a : actions) total += std::exp(all[static_cast<size_t>(a)] - top);
  for (size_t i = 0; i < actions.size(); ++i) {
    out[i] = static_cast<float>(std::exp(all[static_cast<size_t>(actions[i])] - top) / total);
  }
}

void ModelEvaluator::evaluate_batch(const std::vector<float>&, int, const std::vector<int>&, int, int,
                                    std::vector<double>&, std::vector<float>&) {
  fail_internal("a model evaluator is not batched (batch_size() is 0)");
}

}  // namespace ts
