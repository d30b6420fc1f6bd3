// A flag that ends a running search early when set (tablesearch.mcts.StopFlag): the search polls
// it with its budget, about once a millisecond, on whichever thread runs it, and returns what it
// found so far. Any Python thread may set it; no GIL is needed to read it.
#pragma once
#include <atomic>

namespace ts {

struct StopFlag {
  std::atomic<bool> value{false};
};

}  // namespace ts
