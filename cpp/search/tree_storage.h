// The trees a search leaves behind for the next one (tree reuse): one per thread, UCT/PUCT node
// arenas or information-set trees, whichever the algorithm grows.
#pragma once
#include <cstdint>
#include <vector>

#include "search/info_tree.h"
#include "search/node_arena.h"

namespace ts {

struct TreeStorage {
  std::vector<NodeArena> uct;
  std::vector<InfoTree> info;

  void clear() {
    uct.clear();
    info.clear();
  }
  bool empty() const { return uct.empty() && info.empty(); }
  int64_t nodes() const {
    int64_t n = 0;
    for (const auto& t : uct) n += t.size();
    for (const auto& t : info) n += t.size();
    return n;
  }
};

}  // namespace ts
