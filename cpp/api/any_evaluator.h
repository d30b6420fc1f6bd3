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
  // Batched evaluators (batch_size() >= 1; 0: not batched) see observation tensors instead of
  // states: `observations` holds `count` tensors of `shape`; fills values [count x players] and
  // priors [count x num_actions] (checked: finite values, finite priors >= 0).
  virtual int batch_size() const = 0;
  virtual void evaluate_batch(const std::vector<float>& observations, int count,
                              const std::vector<int>& shape, int players, int num_actions,
                              std::vector<double>& values, std::vector<float>& priors) = 0;
  // True if calls must hold the GIL (a Python evaluator).
  virtual bool needs_python() const = 0;
};

// Satisfies the search's evaluator concepts for leaves of type S.
template <GameState S>
class BridgeEvaluator {
 public:
  using Wrap = std::function<std::unique_ptr<AnyState>(const S&)>;

  // The one observation shape and prior width that both the leaves' tensors and the evaluator's
  // arrays are sized by (read once, from the game the search runs on).
  BridgeEvaluator(AnyEvaluator& evaluator, Wrap wrap, std::vector<int> observation_shape, int num_actions,
                  int max_legal_actions)
      : evaluator_(evaluator),
        wrap_(std::move(wrap)),
        shape_(std::move(observation_shape)),
        num_actions_(num_actions),
        legal_(max_legal_actions) {
    observation_size_ = 1;
    for (int d : shape_) observation_size_ *= d;
    if (evaluator_.batch_size() > 0) {
      if (shape_.empty() || observation_size_ < 1) {
        fail("a batched evaluator needs observation tensors, and this game declares no observation shape");
      }
      if (num_actions_ < 1) {
        fail(
            "a batched evaluator needs the game's num_distinct_actions() (the width of its priors), and this "
            "game declares none");
      }
    }
  }

  void evaluate(const S& leaf, Rng&, double* values) { evaluator_.evaluate(wrap_(leaf), values); }

  bool priors(const S& leaf, const Action* actions, int n, float* out) {
    if (!evaluator_.has_prior()) return false;
    evaluator_.prior(wrap_(leaf), std::vector<Action>(actions, actions + n), out);
    return true;
  }

  int batch_size() const { return evaluator_.batch_size(); }

  // Observation tensors are taken from the view of the player to move at each leaf.
  void evaluate_batch(const std::vector<const S*>& leaves, std::vector<double>& values,
                      std::vector<float>& priors) {
    if (leaves.empty()) return;
    const int count = static_cast<int>(leaves.size());
    const int players = leaves[0]->num_players();
    observations_.assign(static_cast<size_t>(count) * observation_size_, 0.0f);
    for (int i = 0; i < count; ++i) {
      leaves[i]->observation_tensor(leaves[i]->current_player(),
                                    observations_.data() + static_cast<size_t>(i) * observation_size_);
    }
    std::vector<float> dense;
    evaluator_.evaluate_batch(observations_, count, shape_, players, num_actions_, values, dense);
    // Keep each leaf's legal actions only, renormalised in double precision (uniform if the
    // network gives them nothing).
    priors.clear();
    for (int i = 0; i < count; ++i) {
      const int n = leaves[i]->legal_actions(legal_.data());
      const float* row = dense.data() + static_cast<size_t>(i) * num_actions_;
      double total = 0;
      for (int k = 0; k < n; ++k) {
        if (legal_[k] < 0 || legal_[k] >= num_actions_) {
          fail("legal action " + std::to_string(legal_[k]) +
               " is outside the game's num_distinct_actions() (" + std::to_string(num_actions_) +
               "): a batched evaluator's priors have one column per action id");
        }
        total += row[legal_[k]];
      }
      for (int k = 0; k < n; ++k) {
        priors.push_back(total > 0 ? static_cast<float>(row[legal_[k]] / total)
                                   : 1.0f / static_cast<float>(n));
      }
    }
  }

 private:
  AnyEvaluator& evaluator_;
  Wrap wrap_;
  std::vector<int> shape_;
  int num_actions_;
  int observation_size_;
  std::vector<Action> legal_;  // max_legal_actions entries: a leaf's legal actions
  std::vector<float> observations_;
};

}  // namespace ts
