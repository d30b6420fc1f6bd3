// Each player's value at a tree's root over every visit the root has had, kept with the tree so
// that a search that continues a kept tree (tree reuse) reports root values over the same visits
// as its root actions' statistics, not over its own iterations alone.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

namespace ts {

struct RootTally {
  std::vector<double> sums;  // per player: the returns summed over the root's visits
  int64_t visits = 0;

  // Starts afresh unless it already holds `players` players' sums.
  void fit(int players) {
    if (static_cast<int>(sums.size()) == players) return;
    sums.assign(players, 0.0);
    visits = 0;
  }
  double mean(int player) const {
    return visits > 0 && player < static_cast<int>(sums.size()) ? sums[player] / static_cast<double>(visits)
                                                                : 0.0;
  }
};

// One step of the path from a kept tree's old root down to its new root: the player who chose it
// (kChancePlayer for chance) and that player's mean value over the visits of the node it led to.
struct RerootStep {
  int mover;
  double mean;
};

// The tally of a node that becomes the root of a kept tree, from what the tree records about it
// (a tree keeps, at each node, the value of the player who moved into it only): over the node's
// `visits`, the player to move there is worth its children's visit-weighted mean (`children_mean`,
// when a child was visited); any other player the mean of its own last move on `path` (which led
// here, so it covers these visits and more); a player with neither, its mean at the old root.
inline RootTally descendant_tally(const RootTally& old_root, int players, int64_t visits,
                                  const std::vector<RerootStep>& path, int mover,
                                  std::optional<double> children_mean) {
  RootTally tally;
  tally.visits = visits;
  for (int p = 0; p < players; ++p) {
    double mean = old_root.mean(p);
    for (const RerootStep& step : path) {
      if (step.mover == p) mean = step.mean;
    }
    if (p == mover && children_mean) mean = *children_mean;
    tally.sums.push_back(mean * static_cast<double>(visits));
  }
  return tally;
}

}  // namespace ts
