// What a kept information-set tree knew about the moves played since it was grown: for each
// move (by its place in the game's history), the visits the tree had given each choice there, as
// the tree's owner observed them. A search that weighs worlds by the opponents' moves
// (search/world_beliefs.h) reads them as its model of how the mover plays there.
#pragma once
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/types.h"

namespace ts {

struct PastMove {
  size_t index;                                     // the move's place in the history
  int observer;                                     // the tree's owner, whose view keys the choices
  std::vector<std::pair<Action, uint32_t>> visits;  // (observed action, visits), summed over threads
};

struct PastMoves {
  std::vector<PastMove> moves;  // in history order

  // The record of the move at `index`, or nullptr.
  const PastMove* at(size_t index) const {
    for (const PastMove& m : moves) {
      if (m.index == index) return &m;
    }
    return nullptr;
  }

  // Adds `visits` of `key` to the record of the move at `index` (creating it).
  void add(size_t index, int observer, Action key, uint32_t visits) {
    PastMove* move = nullptr;
    for (PastMove& m : moves) move = m.index == index ? &m : move;
    if (!move) move = &moves.emplace_back(PastMove{index, observer, {}});
    for (auto& [k, v] : move->visits) {
      if (k == key) {
        v += visits;
        return;
      }
    }
    move->visits.emplace_back(key, visits);
  }
};

}  // namespace ts
