// What outcome sampling (search/outcome_sampling.h) keeps per information set: each action's
// cumulative regret and its cumulative share of the average strategy, in the table that finds
// an information set by its acting player's key (search/infoset_table.h). The table holds a
// strategy for the whole game, not for one position, so it stays valid between an agent's
// searches (api/search_tree.h keeps it).
#pragma once
#include <algorithm>
#include <cstdint>

#include "search/infoset_table.h"
#include "search/regret_matching.h"

namespace ts {

struct RegretSlot {
  Action action;
  double regret = 0;        // cumulative counterfactual regret of not always taking the action
  double strategy_sum = 0;  // cumulative (reach-weighted) probability of the action
};

struct RegretSet {
  uint64_t key;
  uint32_t first_slot;
  uint32_t num_actions;
};

using RegretTable = BasicInfosetTable<RegretSet, RegretSlot>;

// The current strategy at `set` (search/regret_matching.h), into `out`.
inline void regret_matching(const RegretTable& table, const RegretSet& set, double* out) {
  regret_matching_strategy(table.slots(set), set.num_actions, out);
}

// The average strategy at `set` (the strategy that converges to an equilibrium), into `out`;
// uniform before any update.
inline void average_strategy(const RegretTable& table, const RegretSet& set, double* out) {
  const RegretSlot* slots = table.slots(set);
  const uint32_t n = set.num_actions;
  double total = 0;
  for (uint32_t i = 0; i < n; ++i) total += slots[i].strategy_sum;
  for (uint32_t i = 0; i < n; ++i) out[i] = total > 0 ? slots[i].strategy_sum / total : 1.0 / n;
}

}  // namespace ts
