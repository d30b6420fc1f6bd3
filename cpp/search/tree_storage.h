// The trees a search leaves behind for the next one (tree reuse): one per thread, UCT/PUCT node
// arenas, information-set trees or regret tables, whichever the algorithm grows.
#pragma once
#include <cstdint>
#include <vector>

#include "search/info_tree.h"
#include "search/node_arena.h"
#include "search/past_moves.h"
#include "search/regret_table.h"

namespace ts {

struct TreeStorage {
  std::vector<NodeArena> uct;
  std::vector<InfoTree> info;
  std::vector<RegretTable> regrets;
  // What the information-set trees knew about the moves played since they were grown (kept
  // while they are: api/search_tree.h).
  PastMoves past;

  void clear() {
    uct.clear();
    info.clear();
    regrets.clear();
    past.moves.clear();
  }
  bool empty() const { return uct.empty() && info.empty() && regrets.empty(); }
  int64_t nodes() const {
    int64_t n = 0;
    for (const auto& t : uct) n += t.size();
    for (const auto& t : info) n += t.size();
    for (const auto& t : regrets) n += t.size();
    return n;
  }
};

}  // namespace ts
