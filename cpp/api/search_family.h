// What the search families (api/search_{uct,ismcts,smooth,oos}.h) share: building the leaf
// evaluators: native playouts, or a guide (search/guide_evaluator.h) holding a network evaluated
// natively or a bridge to an evaluator written outside the core.
#pragma once
#include <functional>
#include <memory>

#include "api/any_evaluator.h"
#include "api/model_evaluator.h"
#include "api/search_job.h"
#include "search/guide_evaluator.h"
#include "search/mixed_evaluator.h"
#include "search/network_evaluator.h"
#include "search/playout.h"

namespace ts {

// Calls run(make_evaluator), where make_evaluator() builds one leaf evaluator (per thread).
template <GameState S, class Run>
SearchResult with_evaluator(const SearchJob<S>& job, Run run) {
  if (!job.evaluator) {
    check_playout_config(job.config, HasHeuristic<S>, HasScores<S>);
    if (job.config.playout_mix > 0) {
      fail("playout_mix mixes playouts into a model's values: give a model as the evaluator");
    }
    return run(
        [&] { return PlayoutEvaluator<S>(job.max_legal_actions, job.num_distinct_actions, job.config); });
  }
  if (job.config.playout_mix == 0 && job.config.score_weight > 0) {
    fail("score_weight weighs native playouts; an evaluator replaces them unless playout_mix mixes them in");
  }
  // One factory type for both guides, so that the search is compiled once for them.
  std::function<GuideEvaluator<S>()> make_guide;
  if (const auto* model = dynamic_cast<const ModelEvaluator*>(job.evaluator)) {
    ModelEvaluator::check_fits(*model->network(), job.root.num_players(), job.num_distinct_actions,
                               job.observation_shape);
    make_guide = [&job, model] {
      NetworkEvaluator<S> network(model->network(), job.max_legal_actions, model->leaf_batch());
      if (job.config.playout_mix == 0) return GuideEvaluator<S>(std::move(network));
      return GuideEvaluator<S>(
          MixedEvaluator<S>(std::move(network),
                            PlayoutEvaluator<S>(job.max_legal_actions, job.num_distinct_actions, job.config),
                            job.config.playout_mix, job.config.seed));
    };
  } else {
    if (job.config.playout_mix > 0) {
      fail(
          "playout_mix mixes playouts into a model's values; this evaluator is not a model "
          "(tablesearch.Model)");
    }
    make_guide = [&job] {
      return GuideEvaluator<S>(BridgeEvaluator<S>(*job.evaluator, job.wrap, job.observation_shape,
                                                  job.num_distinct_actions, job.max_legal_actions));
    };
  }
  return run(make_guide);
}

}  // namespace ts
