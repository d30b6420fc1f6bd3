// A network's priors with a leaf value mixed from the network and a native playout, as AlphaGo
// valued its leaves (Silver et al., Nature 2016: V = (1 - lambda) v + lambda z, lambda 0.5):
// config.playout_mix is lambda. Where the network's value is the weaker guide (a game of many
// players, or one it learned little about), the playout keeps the search's value honest while
// the policy still focuses it.
#pragma once
#include <utility>
#include <vector>

#include "core/game.h"
#include "search/network_evaluator.h"
#include "search/playout.h"

namespace ts {

template <GameState S>
class MixedEvaluator {
 public:
  MixedEvaluator(NetworkEvaluator<S> network, PlayoutEvaluator<S> playout, double playout_share,
                 uint64_t seed)
      : network_(std::move(network)), playout_(std::move(playout)), share_(playout_share), batch_rng_(seed) {}

  void evaluate(const S& leaf, Rng& rng, double* values) {
    double played[kMaxPlayers];
    network_.evaluate(leaf, rng, values);
    playout_.evaluate(leaf, rng, played);
    mix(leaf.num_players(), played, values);
  }

  bool priors(const S& leaf, const Action* actions, int n, float* out) {
    return network_.priors(leaf, actions, n, out);
  }

  int batch_size() const { return network_.batch_size(); }
  void tree_move(int player, Action action) { playout_.tree_move(player, action); }
  void end_iteration(const double* values) { playout_.end_iteration(values); }

  // The search hands a batch no generator, so its playouts draw from this evaluator's own.
  void evaluate_batch(const std::vector<const S*>& leaves, std::vector<double>& values,
                      std::vector<float>& priors) {
    network_.evaluate_batch(leaves, values, priors);
    double played[kMaxPlayers];
    for (size_t i = 0; i < leaves.size(); ++i) {
      const int players = leaves[i]->num_players();
      playout_.evaluate(*leaves[i], batch_rng_, played);
      mix(players, played, values.data() + i * players);
    }
  }

 private:
  void mix(int players, const double* played, double* values) const {
    for (int p = 0; p < players; ++p) values[p] = (1 - share_) * values[p] + share_ * played[p];
  }

  NetworkEvaluator<S> network_;
  PlayoutEvaluator<S> playout_;
  double share_;
  Rng batch_rng_;
};

}  // namespace ts
