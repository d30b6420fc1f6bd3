// One search on a state of native type S (a native game's state, or DynState for the others),
// and the search families it can go to. The families are declared here and defined in
// api/search_uct.h, search_ismcts.h, search_smooth.h and search_oos.h; CMake compiles each family once per
// state type in its own file (cmake/search_family.cc.in), so that the code that starts a
// search (the game's adapter) does not compile the search, and editing one family's headers
// rebuilds that family only.
#pragma once
#include <functional>
#include <memory>
#include <vector>

#include "api/any_game.h"
#include "core/game.h"
#include "search/algorithm.h"
#include "search/budget.h"
#include "search/checks.h"
#include "search/config.h"
#include "search/trajectory.h"
#include "search/tree_storage.h"

namespace ts {

class AnyEvaluator;

template <GameState S>
struct SearchJob {
  const S& root;
  int max_legal_actions;
  int num_distinct_actions;
  const SearchConfig& config;
  // The trees of an earlier search, already re-rooted here (tree reuse; api/search_tree.h);
  // left holding this search's trees.
  TreeStorage& trees;
  // The path from the game's start (algorithms with needs_trajectory; null: not known).
  const Trajectory<S>* trajectory = nullptr;
  // Null: the native playouts (search/playout.h). Else a leaf evaluator written outside the core,
  // which sees leaves wrapped by `wrap`, and observation tensors of `observation_shape`.
  AnyEvaluator* evaluator = nullptr;
  std::function<std::unique_ptr<AnyState>(const S&)> wrap = {};
  std::vector<int> observation_shape = {};
};

template <GameState S>
SearchResult search_uct_family(const SearchJob<S>& job);
template <GameState S>
SearchResult search_ismcts_family(const SearchJob<S>& job);
template <GameState S>
SearchResult search_smooth_family(const SearchJob<S>& job);
template <GameState S>
SearchResult search_oos_family(const SearchJob<S>& job);

template <GameState S>
SearchResult run_search_job(const SearchJob<S>& job) {
  check_searchable(job.root);
  check_budget(job.config);
  const AlgorithmInfo& info = algorithm_info(job.config.algorithm);
  if (!info.keeps_tree) job.trees.clear();  // every search starts afresh
  switch (info.family) {
    case Family::kUct:
      return search_uct_family(job);
    case Family::kIsmcts:
      return search_ismcts_family(job);
    case Family::kSmooth:
      return search_smooth_family(job);
    case Family::kOos:
      return search_oos_family(job);
  }
  fail_internal("algorithm '" + std::string(info.name) + "' has an unknown family");
}

}  // namespace ts
