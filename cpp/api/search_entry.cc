#include "api/search_entry.h"

#include <chrono>
#include <memory>
#include <optional>
#include <vector>

#include "api/dyn_state.h"
#include "api/search_job.h"
#include "api/search_tree.h"
#include "search/options.h"
#include "search/rollout.h"

namespace ts {

bool is_native(const AnyState& state) { return dynamic_cast<const NativeSearchable*>(&state) != nullptr; }

namespace {

// A state that is not native, through DynState. Such states carry no history to match a kept
// tree against, so every search starts a fresh tree, but for the regret tables of oos, which
// hold a strategy for the whole game (`trees`: kept or fresh); the path from the start reaches
// the searches that need it where the state knows where it started (initial_state()).
SearchResult search_dynamic(const AnyState& root, const SearchConfig& config, TreeStorage& trees,
                            AnyEvaluator* evaluator) {
  const auto game = root.get_game();
  const int max_legal_actions = game->max_legal_actions();
  const DynState start(root.clone(), max_legal_actions);
  std::optional<Trajectory<DynState>> trajectory;
  if (wants_trajectory(config, game->has_hidden_information())) {
    if (std::unique_ptr<AnyState> initial = root.initial_state()) {
      trajectory.emplace(
          Trajectory<DynState>{DynState(std::move(initial), max_legal_actions), root.history()});
    }
  }
  SearchJob<DynState> job{.root = start,
                          .max_legal_actions = max_legal_actions,
                          .num_distinct_actions = game->num_distinct_actions(),
                          .config = config,
                          .trees = trees,
                          .trajectory = trajectory ? &*trajectory : nullptr};
  if (evaluator) {
    job.evaluator = evaluator;
    job.wrap = [](const DynState& s) { return s.any().clone(); };
    job.observation_shape = game->observation_shape();
  }
  return run_search_job(job);
}

}  // namespace

namespace {

SearchResult search_any(const AnyState& root, const SearchConfig& config, SearchTree* tree,
                        AnyEvaluator* evaluator) {
  if (root.is_terminal()) fail("cannot search a terminal state: the game is over");
  if (root.current_player() == kChancePlayer) {
    fail("cannot search at a chance node: apply a chance outcome first (see chance_outcomes())");
  }
  check_search_config(config);
  const auto* native = dynamic_cast<const NativeSearchable*>(&root);
  const bool keeps = tree && (native || algorithm_info(config.algorithm).family == Family::kOos);
  TreeStorage local;
  TreeStorage& trees = keeps ? tree->trees_for(root, config) : local;
  try {
    return native ? native->search_native(config, trees, evaluator)
                  : search_dynamic(root, config, trees, evaluator);
  } catch (...) {
    if (keeps) tree->discard();  // an interrupted search may leave a tree half-updated
    throw;
  }
}

}  // namespace

SearchResult run_search(const AnyState& root, const SearchConfig& config, SearchTree* tree,
                        AnyEvaluator* evaluator) {
  SearchResult result = search_any(root, config, tree, evaluator);
  if (result.principal_variation.empty()) result.principal_variation.assign(1, result.best_action);
  return result;
}

double time_random_playouts(const AnyState& root, int64_t count, uint64_t seed) {
  if (const auto* native = dynamic_cast<const NativeSearchable*>(&root)) {
    return native->time_random_playouts_native(count, seed);
  }
  const int max_legal_actions = root.get_game()->max_legal_actions();
  Rng rng(seed);
  std::vector<Action> actions(max_legal_actions);
  std::vector<ChanceOutcome> outcomes(max_legal_actions);
  const DynState start(root.clone(), max_legal_actions);
  const auto begin = std::chrono::steady_clock::now();
  for (int64_t i = 0; i < count; ++i) {
    DynState state = start;
    random_playout(state, rng, actions.data(), outcomes.data());
  }
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
}

}  // namespace ts
