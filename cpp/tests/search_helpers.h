// Running a search on any native state type the way the bindings do (api/search_job.h), for
// the tests: the families are compiled here for the test games.
#pragma once
#include <cstdint>
#include <string_view>
#include <vector>

#include "api/search_ismcts.h"
#include "api/search_job.h"
#include "api/search_smooth.h"
#include "api/search_uct.h"
#include "search/algorithm.h"

namespace ts::testing {

// A search's settings with the algorithm's default exploration constant and a small tree cap
// (a search reserves its whole cap up front).
inline SearchConfig config_for(std::string_view algorithm, int64_t iterations, uint64_t seed = 0) {
  SearchConfig config;
  config.algorithm = parse_algorithm(algorithm);
  config.uct_c = algorithm_info(config.algorithm).default_uct_c;
  config.iterations = iterations;
  config.seed = seed;
  config.max_memory_mb = 16;
  return config;
}

// Searches `root` with the native playouts; `trees` (optional) are kept trees to grow.
template <GameState S>
SearchResult search(const S& root, const SearchConfig& config, int max_legal_actions,
                    KeptTrees* trees = nullptr) {
  KeptTrees local;
  const SearchJob<S> job{.root = root,
                         .max_legal_actions = max_legal_actions,
                         .num_distinct_actions = max_legal_actions,
                         .config = config,
                         .trees = trees ? *trees : local};
  return run_search_job(job);
}

inline std::vector<int64_t> visits(const SearchResult& result) {
  std::vector<int64_t> out;
  for (const auto& s : result.stats) out.push_back(s.visits);
  return out;
}

inline std::vector<double> values(const SearchResult& result) {
  std::vector<double> out;
  for (const auto& s : result.stats) out.push_back(s.value);
  return out;
}

// Every algorithm's name (search/algorithm.h).
inline std::vector<std::string_view> all_algorithms() {
  std::vector<std::string_view> out;
  for (const auto& info : kAlgorithms) out.push_back(info.name);
  return out;
}

}  // namespace ts::testing
