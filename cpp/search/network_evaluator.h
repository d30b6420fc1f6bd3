// A policy-value network (nn/network.h) as the search's leaf evaluator: the value of a leaf and the
// priors of its legal actions come from one forward pass over the observation tensor of the player
// to move there. Runs natively on the search's thread (no GIL); each thread has its own evaluator
// (scratch space) over one shared network. With a leaf batch above 1, PUCT hands it many leaves
// at once (search/batched_puct.h), and one matrix product per layer serves them all.
//
// Information-set searches reach leaves in worlds they resampled from the searcher's information,
// so the network never reads a hidden part of the real game.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "nn/network.h"
#include "search/rollout.h"

namespace ts {

template <GameState S>
class NetworkEvaluator {
 public:
  NetworkEvaluator(std::shared_ptr<const nn::Network> network, int max_legal_actions, int leaf_batch = 1)
      : network_(std::move(network)),
        leaf_batch_(leaf_batch),
        observation_(nn::observation_size(network_->spec())),
        cached_observation_(observation_.size()),
        logits_(network_->spec().num_actions),
        outcomes_(max_legal_actions),
        actions_(max_legal_actions) {}

  // Values per player of a leaf: its returns if the game is over there. A chance node (UCT
  // evaluates leaves before expanding them) is first played on by its chance probabilities to the
  // next decision or the end.
  void evaluate(const S& leaf, Rng& rng, double* values) {
    if (leaf.is_terminal()) return leaf.returns(values);
    if (leaf.current_player() != kChancePlayer) return run(leaf, values);
    S state = leaf;
    while (state.current_player() == kChancePlayer) {
      state.apply_action(sample_chance_action(state, rng, outcomes_.data()));
    }
    if (state.is_terminal()) return state.returns(values);
    run(state, values);
  }

  // The network's policy over `actions` (a softmax of their logits).
  bool priors(const S& leaf, const Action* actions, int n, float* out) {
    double values[kMaxPlayers];
    run(leaf, values);
    softmax(logits_.data(), actions, n, out);
    return true;
  }

  // Batched PUCT (0: not batched).
  int batch_size() const { return leaf_batch_ > 1 ? leaf_batch_ : 0; }

  // Values [leaf][player], and each leaf's priors over its legal actions one leaf after another.
  void evaluate_batch(const std::vector<const S*>& leaves, std::vector<double>& values,
                      std::vector<float>& priors) {
    const auto& spec = network_->spec();
    const size_t count = leaves.size();
    const size_t size = observation_.size();
    batch_observations_.assign(count * size, 0.0f);
    batch_movers_.resize(count);
    for (size_t i = 0; i < count; ++i) {
      batch_movers_[i] = leaves[i]->current_player();
      leaves[i]->observation_tensor(batch_movers_[i], batch_observations_.data() + i * size);
    }
    batch_logits_.resize(count * spec.num_actions);
    values.resize(count * spec.num_players);
    network_->forward_batch(batch_observations_.data(), batch_movers_.data(), static_cast<int>(count),
                            scratch_, batch_logits_.data(), values.data());
    priors.clear();
    for (size_t i = 0; i < count; ++i) {
      const int n = leaves[i]->legal_actions(actions_.data());
      priors.resize(priors.size() + n);
      softmax(batch_logits_.data() + i * spec.num_actions, actions_.data(), n,
              priors.data() + priors.size() - n);
    }
  }

 private:
  // The network's policy restricted to `actions`: a softmax of their logits, in double precision.
  void softmax(const float* logits, const Action* actions, int n, float* out) const {
    const int num_actions = network_->spec().num_actions;
    double top = -INFINITY;
    for (int i = 0; i < n; ++i) {
      if (actions[i] < 0 || actions[i] >= num_actions) {
        fail("legal action " + std::to_string(actions[i]) + " is outside the model's " +
             std::to_string(num_actions) + " actions (the game's num_distinct_actions())");
      }
      top = std::max(top, static_cast<double>(logits[actions[i]]));
    }
    double total = 0;
    for (int i = 0; i < n; ++i) total += std::exp(logits[actions[i]] - top);
    for (int i = 0; i < n; ++i) out[i] = static_cast<float>(std::exp(logits[actions[i]] - top) / total);
  }

  // One forward pass for the player to move at `state`, unless the last one read the same
  // observation (PUCT asks for a leaf's priors, then its value).
  void run(const S& state, double* values) {
    const int mover = state.current_player();
    std::fill(observation_.begin(), observation_.end(), 0.0f);
    state.observation_tensor(mover, observation_.data());
    const int players = network_->spec().num_players;
    if (mover != cached_mover_ || std::memcmp(observation_.data(), cached_observation_.data(),
                                              sizeof(float) * observation_.size()) != 0) {
      network_->forward(observation_.data(), mover, scratch_, logits_.data(), cached_values_);
      cached_mover_ = mover;
      std::swap(observation_, cached_observation_);
    }
    std::copy(cached_values_, cached_values_ + players, values);
  }

  std::shared_ptr<const nn::Network> network_;
  int leaf_batch_;
  nn::Scratch scratch_;
  std::vector<float> batch_observations_, batch_logits_;
  std::vector<int> batch_movers_;
  std::vector<float> observation_, cached_observation_;
  int cached_mover_ = -1;
  double cached_values_[kMaxPlayers] = {};
  std::vector<float> logits_;
  std::vector<ChanceOutcome> outcomes_;
  std::vector<Action> actions_;
};

}  // namespace ts
