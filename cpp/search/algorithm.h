// The search algorithms: one enum value and one row of kAlgorithms each. The name is what users
// write (algorithm="uct"); the option table (search/options.h) reads it once, where a search is
// requested, and the search code compares the enum. Algorithms come in families that share a
// tree kind and one compiled unit per game (api/search_job.h): adding an algorithm to a family
// rebuilds that family only.
#pragma once
#include <string>

#include "core/types.h"

namespace ts {

enum class Algorithm { kUct, kPuct, kIsmcts, kMoIsmcts, kPimc, kSmoothUct, kInfosetUct, kGumbel, kOos };

// uct: UCT, PUCT, Gumbel and PIMC (node arenas, search/uct.h, search/gumbel.h); ismcts: information-set trees
// (search/ismcts.h); smooth: information-set tables (search/smooth_uct.h); oos: regret tables
// (search/outcome_sampling.h).
enum class Family { kUct, kIsmcts, kSmooth, kOos };

struct AlgorithmInfo {
  Algorithm algorithm;
  const char* name;
  Family family;
  bool needs_trajectory;    // searches from the start of the game along the path played (beliefs)
  double default_uct_c;     // the exploration constant when the caller gives none
  bool hidden_information;  // reads only what the player to move may know (resampled worlds)
};

inline constexpr double kSqrt2 = 1.4142135623730951;

inline constexpr AlgorithmInfo kAlgorithms[] = {
    {Algorithm::kUct, "uct", Family::kUct, false, kSqrt2, false},
    {Algorithm::kPuct, "puct", Family::kUct, false, kSqrt2, false},
    {Algorithm::kIsmcts, "ismcts", Family::kIsmcts, false, kSqrt2, true},
    {Algorithm::kMoIsmcts, "mo-ismcts", Family::kIsmcts, false, kSqrt2, true},
    {Algorithm::kPimc, "pimc", Family::kUct, false, kSqrt2, true},
    // Values scaled to [-1, 1]; 1.0 measured on a poker game (docs/hidden-information.md).
    {Algorithm::kSmoothUct, "smooth-uct", Family::kSmooth, true, 1.0, true},
    {Algorithm::kInfosetUct, "infoset-uct", Family::kSmooth, true, 1.0, true},
    // uct_c is not used: its q values are rescaled in each node (search/gumbel.h).
    {Algorithm::kGumbel, "gumbel", Family::kUct, false, kSqrt2, false},
    // Online Outcome Sampling: regret matching, no exploration constant (oos_epsilon explores).
    {Algorithm::kOos, "oos", Family::kOos, true, kSqrt2, true},
};

inline const AlgorithmInfo& algorithm_info(Algorithm algorithm) {
  for (const auto& info : kAlgorithms) {
    if (info.algorithm == algorithm) return info;
  }
  fail_internal("algorithm value " + std::to_string(static_cast<int>(algorithm)) +
                " has no row in kAlgorithms");
}

inline const char* algorithm_name(Algorithm algorithm) { return algorithm_info(algorithm).name; }

}  // namespace ts
