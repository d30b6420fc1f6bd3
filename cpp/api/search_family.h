// What the search families (api/search_{uct,ismcts,smooth}.h) share: the leaf evaluator.
#pragma once
#include <optional>

#include "api/any_evaluator.h"
#include "api/search_job.h"
#include "search/playout.h"

namespace ts {

// The leaf evaluator of a search: the native playouts (random or MAST, to the end or to the
// cutoff), or a bridge to an evaluator written outside the core, chosen at run time. One type
// for both, so that each family is compiled once per state type rather than once per evaluator
// kind (the branch costs nothing next to a playout or a call into Python).
template <GameState S>
class JobEvaluator {
 public:
  explicit JobEvaluator(const SearchJob<S>& job) {
    if (job.evaluator) {
      bridge_.emplace(*job.evaluator, job.wrap, job.observation_shape, job.num_distinct_actions,
                      job.max_legal_actions);
    } else {
      playout_.emplace(job.max_legal_actions, job.num_distinct_actions, job.config);
    }
  }

  void evaluate(const S& leaf, Rng& rng, double* values) {
    if (playout_) {
      playout_->evaluate(leaf, rng, values);
    } else {
      bridge_->evaluate(leaf, rng, values);
    }
  }
  bool priors(const S& leaf, const Action* actions, int n, float* out) {
    return bridge_ && bridge_->priors(leaf, actions, n, out);
  }
  int batch_size() const { return bridge_ ? bridge_->batch_size() : 0; }
  void evaluate_batch(const std::vector<const S*>& leaves, std::vector<double>& values,
                      std::vector<float>& priors) {
    bridge_->evaluate_batch(leaves, values, priors);
  }
  // MAST learns from the search's moves and values (search/playout.h); a bridge does not.
  void tree_move(int player, Action action) {
    if (playout_) playout_->tree_move(player, action);
  }
  void end_iteration(const double* values) {
    if (playout_) playout_->end_iteration(values);
  }

 private:
  std::optional<PlayoutEvaluator<S>> playout_;
  std::optional<BridgeEvaluator<S>> bridge_;
};

// A function that builds one leaf evaluator per search thread, after checking the playout
// options once (an evaluator given by the caller replaces the playouts).
template <GameState S>
auto evaluator_maker(const SearchJob<S>& job) {
  if (!job.evaluator) check_playout_config(job.config, HasHeuristic<S>);
  return [&job] { return JobEvaluator<S>(job); };
}

}  // namespace ts
