// The one way from the type-erased layer into search: run_search(state, config, tree,
// evaluator). The algorithm is already an enum in the config (search/algorithm.h), parsed
// where the search was requested.
#pragma once
#include <cstdint>

#include "api/any_game.h"
#include "search/config.h"

namespace ts {

class AnyEvaluator;
class SearchTree;
struct TreeStorage;

// What a native state adds, beside the game-only interface, for the search entry: the search
// typed on its own state (api/native_adapter.h). Other states (games written in Python) are
// searched through DynState (api/dyn_state.h), calling back at every step.
class NativeSearchable {
 public:
  // `trees`: kept trees, already re-rooted here (tree reuse), left holding this search's trees.
  virtual SearchResult search_native(const SearchConfig& config, TreeStorage& trees,
                                     AnyEvaluator* evaluator) const = 0;
  virtual double time_random_playouts_native(int64_t count, uint64_t seed) const = 0;

 protected:
  ~NativeSearchable() = default;
};

// True for states searched natively: no callbacks, so no need for the GIL.
bool is_native(const AnyState& state);

// Searches `root`. `tree` (optional) keeps the trees between searches for reuse (native
// states; the others start afresh every time); `evaluator` (optional) replaces the playouts.
SearchResult run_search(const AnyState& root, const SearchConfig& config, SearchTree* tree,
                        AnyEvaluator* evaluator);

// Plays `count` random games from `root`; returns the seconds taken (for benchmarks).
double time_random_playouts(const AnyState& root, int64_t count, uint64_t seed);

}  // namespace ts
