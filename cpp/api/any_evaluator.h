// Leaf evaluators written outside the native core (in Python), and the bridge that lets the
// templated search call them: a leaf of native state type S is wrapped as an AnyState first.
#pragma once
#include <functional>
#include <memory>
#include <vector>

#include "api/any_game.h"
#include "core/game.h"

namespace ts {

class AnyEvaluator {
 public:
  virtual ~AnyEvaluator() = default;
  // Values per player (num_players of them) of a non-terminal leaf (a copy the evaluator owns).
  virtual void evaluate(std::unique_ptr<AnyState> leaf, double* values) = 0;
  virtual bool has_prior() const = 0;
  // Prior probabilities of `actions` at a leaf, written to `out`.
  virtual void prior(std::unique_ptr<AnyState> leaf, const std::vector<Action>& actions, float* out) = 0;
  // Batched evaluators (batch_size() > 1) see observation tensors instead of states:
  // `observations` holds `count` tensors of `size` floats; fills values [count x players] and
  // priors [count x num_distinct_actions].
  virtual int batch_size() const = 0;
  virtual void evaluate_batch(const std::vector<float>& observations, int count, int size, int players,
                              int num_actions, std::vector<double>& values, std::vector<float>& priors) = 0;
  // True if calls must hold the GIL (a Python evaluator).
  virtual bool needs_python() const = 0;
};

// Satisfies the search's evaluator concepts for leaves of type S.
template <GameState S>
class BridgeEvaluator {
 public:
  using Wrap = std::function<std::unique_ptr<AnyState>(const S&)>;

  BridgeEvaluator(AnyEvaluator& evaluator, Wrap wrap, std::vector<int> observation_shape, int num_actions)
      : evaluator_(evaluator), wrap_(std::move(wrap)), num_actions_(num_actions) {
    observation_size_ = 1;
    for (int d : observation_shape) observation_size_ *= d;
  }

  void evaluate(const S& leaf, Rng&, double* values) { evaluator_.evaluate(wrap_(leaf), values); }

  bool priors(const S& leaf, const Action* actions, int n, float* out) {
    if (!evaluator_.has_prior()) return false;
    evaluator_.prior(wrap_(leaf), std::vector<Action>(actions, actions + n), out);
    return true;
  }

  int batch_size() const { return evaluator_.batch_size(); }

  // Observation tensors are taken from the view of the player to move at each leaf.
  void evaluate_batch(const std::vector<const S*>& leaves, std::vector<double>& values, std::vector<float>& priors) {
    if (leaves.empty()) return;
    const int count = static_cast<int>(leaves.size());
    const int players = leaves[0]->num_players();
    observations_.assign(static_cast<size_t>(count) * observation_size_, 0.0f);
    for (int i = 0; i < count; ++i) {
      leaves[i]->observation_tensor(leaves[i]->current_player(), observations_.data() + static_cast<size_t>(i) * observation_size_);
    }
    std::vector<float> dense;
    evaluator_.evaluate_batch(observations_, count, observation_size_, players, num_actions_, values, dense);
    // Keep each leaf's legal actions only, renormalised (uniform if the network gives them nothing).
    priors.clear();
    std::vector<Action> actions(num_actions_ > 0 ? num_actions_ : 1);
    for (int i = 0; i < count; ++i) {
      const int n = leaves[i]->legal_actions(actions.data());
      float total = 0;
      for (int k = 0; k < n; ++k) total += dense[static_cast<size_t>(i) * num_actions_ + actions[k]];
      for (int k = 0; k < n; ++k) {
        const float p = dense[static_cast<size_t>(i) * num_actions_ + actions[k]];
        priors.push_back(total > 0 ? p / total : 1.0f / static_cast<float>(n));
      }
    }
  }

 private:
  AnyEvaluator& evaluator_;
  Wrap wrap_;
  int num_actions_;
  int observation_size_;
  std::vector<float> observations_;
};

}  // namespace ts
