// Running a search on the test games the way the bindings run one (api/search_job.h). The
// search families are compiled for the test games once, in search_tiny_games.cc, so that a
// change to a search rebuilds one test file.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "search/algorithm.h"
#include "search/config.h"
#include "search/tree_storage.h"
#include "tiny_games.h"

namespace ts::testing {

// The algorithm named `name` (the tests name only algorithms that exist).
inline Algorithm algorithm_named(std::string_view name) {
  for (const auto& info : kAlgorithms) {
    if (name == info.name) return info.algorithm;
  }
  fail_internal("no algorithm is named " + std::string(name));
}

// A search's settings with the algorithm's default exploration constant and a small tree cap
// (a search reserves its whole cap up front).
inline SearchConfig config_for(std::string_view algorithm, int64_t iterations, uint64_t seed = 0) {
  SearchConfig config;
  config.algorithm = algorithm_named(algorithm);
  config.uct_c = algorithm_info(config.algorithm).default_uct_c;
  config.iterations = iterations;
  config.seed = seed;
  config.max_memory_mb = 16;
  return config;
}

// Searches `root` with the native playouts; `trees` (optional) are kept trees to grow.
SearchResult search(const KingmakerState& root, const SearchConfig& config, TreeStorage* trees = nullptr);
SearchResult search(const BanditState& root, const SearchConfig& config, TreeStorage* trees = nullptr);
SearchResult search(const HiddenCardState& root, const SearchConfig& config, TreeStorage* trees = nullptr);
SearchResult search(const PenniesState& root, const SearchConfig& config, TreeStorage* trees = nullptr);
// With the actions played from the start (the path searches with beliefs replay).
SearchResult search(const RevealState& root, const std::vector<Action>& history, const SearchConfig& config,
                    TreeStorage* trees = nullptr);

inline std::vector<int64_t> visits_of(const SearchResult& result) {
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
