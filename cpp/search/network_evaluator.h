// A policy-value network (nn/network.h) as the search's leaf evaluator: the value of a leaf and the
// priors of its legal actions come from one forward pass over the observation tensor of the player
// to move there. Runs natively on the search's thread (no GIL); each thread has its own evaluator
// (scratch space) over one shared network.
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
  NetworkEvaluator(std::shared_ptr<const nn::Network> network, int max_legal_actions)
      : network_(std::move(network)),
        observation_(nn::observation_size(network_->spec())),
        cached_observation_(observation_.size()),
        logits_(network_->spec().num_actions),
        outcomes_(max_legal_actions) {}

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
    const int num_actions = network_->spec().num_actions;
    double top = -INFINITY;
    for (int i = 0; i < n; ++i) top = std::max(top, static_cast<double>(logit(actions[i], num_actions)));
    double total = 0;
    for (int i = 0; i < n; ++i) total += std::exp(logit(actions[i], num_actions) - top);
    for (int i = 0; i < n; ++i)
      out[i] = static_cast<float>(std::exp(logit(actions[i], num_actions) - top) / total);
    return true;
  }

 private:
  float logit(Action action, int num_actions) const {
    if (action < 0 || action >= num_actions) {
      fail("legal action " + std::to_string(action) + " is outside the model's " +
           std::to_string(num_actions) + " actions (the game's num_distinct_actions())");
    }
    return logits_[action];
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
  nn::Scratch scratch_;
  std::vector<float> observation_, cached_observation_;
  int cached_mover_ = -1;
  double cached_values_[kMaxPlayers] = {};
  std::vector<float> logits_;
  std::vector<ChanceOutcome> outcomes_;
};

}  // namespace ts
