// The two loops every tree's choice is made of: the first of the highest scores, and one drawn
// uniformly among the children that qualify (such as those never visited). Always inlined: they
// run at every step of every walk, and a call costs more than the few children they look at.
#pragma once
#include <cstdint>

#include "core/rng.h"

namespace ts {

// The first index in [0, n) whose score is highest (n >= 1). Written with selects rather than
// branches: which child wins is unpredictable, and mispredictions dominated.
template <class Score>
[[gnu::always_inline]] inline int first_best(int n, Score score) {
  int best = 0;
  auto best_score = score(0);
  for (int i = 1; i < n; ++i) {
    const auto s = score(i);
    const bool better = s > best_score;
    best = better ? i : best;
    best_score = better ? s : best_score;
  }
  return best;
}

// The k-th (from 0) index in [0, n) for which qualifies(i) holds; -1 if there are not that many.
template <class Qualifies>
[[gnu::always_inline]] inline int nth_qualifying(int n, int k, Qualifies qualifies) {
  for (int i = 0; i < n; ++i) {
    if (qualifies(i) && k-- == 0) return i;
  }
  return -1;
}

// An index in [0, n) for which qualifies(i) holds, drawn uniformly; -1 (and no draw) if none.
template <class Qualifies>
[[gnu::always_inline]] inline int draw_qualifying(Rng& rng, int n, Qualifies qualifies) {
  int count = 0;
  for (int i = 0; i < n; ++i) count += qualifies(i);
  if (count == 0) return -1;
  return nth_qualifying(n, static_cast<int>(rng.below(static_cast<uint32_t>(count))), qualifies);
}

}  // namespace ts
