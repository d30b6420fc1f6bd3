// The search algorithms: one enum value and one row of kAlgorithms each. The name is what users
// write (algorithm="uct"); the option table (search/options.h) reads it once, where a search is
// requested, and the search code compares the enum. Algorithms come in families that share a
// tree kind and one compiled unit per game (api/search_job.h): adding an algorithm to a family
// rebuilds that family only.
#pragma once
#include <string>

#include "core/types.h"
#include "search/selection.h"

namespace ts {

enum class Algorithm { kUct, kPuct, kIsmcts, kMoIsmcts, kPimc, kSmoothUct, kInfosetUct };

// uct: UCT, PUCT and PIMC (node arenas, search/uct.h); ismcts: information-set trees
// (search/ismcts.h); smooth: information-set tables (search/smooth_uct.h).
enum class Family { kUct, kIsmcts, kSmooth };

struct AlgorithmInfo {
  Algorithm algorithm;
  const char* name;
  Family family;
  Selection selection;      // the rule that chooses a child (search/selection.h)
  bool needs_trajectory;    // searches from the start of the game along the path played (beliefs)
  double default_uct_c;     // the exploration constant when the caller gives none
  bool hidden_information;  // reads only what the player to move may know (resampled worlds)
};

inline constexpr double kSqrt2 = 1.4142135623730951;

inline constexpr AlgorithmInfo kAlgorithms[] = {
    {Algorithm::kUct, "uct", Family::kUct, Selection::kUcb1, false, kSqrt2, false},
    {Algorithm::kPuct, "puct", Family::kUct, Selection::kPuct, false, kSqrt2, false},
    {Algorithm::kIsmcts, "ismcts", Family::kIsmcts, Selection::kUcb1, false, kSqrt2, true},
    {Algorithm::kMoIsmcts, "mo-ismcts", Family::kIsmcts, Selection::kUcb1, false, kSqrt2, true},
    {Algorithm::kPimc, "pimc", Family::kUct, Selection::kUcb1, false, kSqrt2, true},
    // Values scaled to [-1, 1]; 1.0 measured on a poker game (docs/hidden-information.md).
    {Algorithm::kSmoothUct, "smooth-uct", Family::kSmooth, Selection::kUcb1, true, 1.0, true},
    {Algorithm::kInfosetUct, "infoset-uct", Family::kSmooth, Selection::kUcb1, true, 1.0, true},
};

// Only node arenas keep priors: information-set trees and tables take rules without them.
static_assert([] {
  for (const auto& info : kAlgorithms) {
    if (info.family != Family::kUct && uses_priors(info.selection)) return false;
  }
  return true;
}());

inline const AlgorithmInfo& algorithm_info(Algorithm algorithm) {
  for (const auto& info : kAlgorithms) {
    if (info.algorithm == algorithm) return info;
  }
  fail_internal("algorithm value " + std::to_string(static_cast<int>(algorithm)) +
                " has no row in kAlgorithms");
}

inline const char* algorithm_name(Algorithm algorithm) { return algorithm_info(algorithm).name; }

// The selection rule of `algorithm` with the exploration constant `c`.
inline Selector selector_for(Algorithm algorithm, double c) {
  return Selector(algorithm_info(algorithm).selection, c);
}

}  // namespace ts
