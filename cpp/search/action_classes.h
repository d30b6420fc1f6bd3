// The legal actions of one node grouped by key (the action as the tree's owner observes it):
// actions with equal keys are one choice in the tree. Lookups by key are a table index for
// small non-negative keys (the usual case) and a scan otherwise.
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/rng.h"
#include "core/types.h"

namespace ts {

class ActionClasses {
 public:
  static constexpr Action kTableKeys = 1 << 14;

  explicit ActionClasses(int max_actions) : key_(max_actions), count_(max_actions), seen_(max_actions) {}

  // Groups keys[0..n) (n >= 1); classes are numbered in order of first appearance.
  void build(const Action* keys, int n) {
    keys_ = keys;
    n_ = n;
    num_ = 0;
    if (++epoch_ == 0) {  // wrapped: forget every stamp
      std::fill(stamp_.begin(), stamp_.end(), 0);
      epoch_ = 1;
    }
    for (int i = 0; i < n; ++i) {
      const int c = find_or_add(keys[i]);
      ++count_[c];
    }
  }

  int size() const { return num_; }
  Action key(int c) const { return key_[c]; }
  bool seen(int c) const { return seen_[c]; }
  void mark_seen(int c) { seen_[c] = true; }

  // The class of `key`, or -1 if no legal action has it.
  int find(Action key) const {
    if (key >= 0 && key < kTableKeys) {
      return key < static_cast<Action>(stamp_.size()) && stamp_[key] == epoch_ ? slot_[key] : -1;
    }
    for (int c = 0; c < num_; ++c) {
      if (key_[c] == key) return c;
    }
    return -1;
  }

  // The index (into keys) of a uniformly drawn action of class c.
  int pick_member(int c, Rng& rng) const {
    int left = count_[c] == 1 ? 0 : static_cast<int>(rng.below(static_cast<uint32_t>(count_[c])));
    for (int i = 0; i < n_; ++i) {
      if (keys_[i] == key_[c] && left-- == 0) return i;
    }
    return 0;  // unreachable: class c has count_[c] members
  }

 private:
  int find_or_add(Action key) {
    int c = find(key);
    if (c >= 0) return c;
    c = num_++;
    key_[c] = key;
    count_[c] = 0;
    seen_[c] = false;
    if (key >= 0 && key < kTableKeys) {
      if (key >= static_cast<Action>(stamp_.size())) {
        stamp_.resize(key + 1, 0);
        slot_.resize(key + 1, 0);
      }
      stamp_[key] = epoch_;
      slot_[key] = c;
    }
    return c;
  }

  const Action* keys_ = nullptr;
  int n_ = 0;
  int num_ = 0;
  uint32_t epoch_ = 0;
  std::vector<Action> key_;
  std::vector<int> count_;
  std::vector<char> seen_;
  std::vector<uint32_t> stamp_;  // stamp_[key] == epoch_: key has class slot_[key]
  std::vector<int> slot_;
};

}  // namespace ts
