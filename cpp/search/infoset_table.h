// Node storage for search over information sets: one entry per (acting player, information set),
// found by a 64-bit key, with the statistics of each of its actions. Unlike a tree, the same
// entry is reached from every history the acting player cannot tell apart, so an opponent's node
// depends on what the opponent knows (its own cards), not on what the searching player sees.
// Open addressing over flat arrays (indices, no pointers); growth stops at max_memory_mb.
// The table is generic in what it keeps per set and per action (Set: key, first_slot and
// num_actions first; Slot: the action first): smooth-uct's visits and means (InfosetTable), or
// outcome sampling's regrets and average strategy (search/regret_table.h).
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "core/hash.h"
#include "core/types.h"

namespace ts {

struct InfosetSlot {
  Action action;
  uint32_t visits = 0;
  float mean = 0;  // mean return for the acting player after this action
};

struct Infoset {
  uint64_t key;
  uint32_t first_slot;  // the actions are slots [first_slot, first_slot + num_actions)
  uint32_t num_actions;
  uint32_t visits = 0;
};

template <class Set, class Slot>
class BasicInfosetTable {
 public:
  explicit BasicInfosetTable(int64_t max_memory_mb) {
    if (max_memory_mb <= 0) fail("max_memory_mb must be > 0, got " + std::to_string(max_memory_mb));
    max_bytes_ = std::min<int64_t>(max_memory_mb, int64_t{1} << 20) * 1024 * 1024;
    index_.assign(1024, 0);
  }

  // The entry with `key`, or -1.
  int32_t find(uint64_t key) const {
    for (size_t i = key & (index_.size() - 1);; i = (i + 1) & (index_.size() - 1)) {
      const uint32_t e = index_[i];
      if (e == 0) return -1;
      if (sets_[e - 1].key == key) return static_cast<int32_t>(e - 1);
    }
  }

  // A new entry for `key` (not present) with the given actions, or -1 if the memory cap is reached.
  int32_t add(uint64_t key, const Action* actions, int n) {
    const bool grows = 2 * (sets_.size() + 1) > index_.size();
    const int64_t more =
        static_cast<int64_t>(sizeof(Set) + n * sizeof(Slot) + (grows ? index_.size() * sizeof(uint32_t) : 0));
    if (bytes_used() + more > max_bytes_ || sets_.size() >= 0x7FFFFFF0u) {
      capped_ = true;
      return -1;
    }
    if (grows) grow();
    const auto id = static_cast<uint32_t>(sets_.size());
    sets_.push_back({key, static_cast<uint32_t>(slots_.size()), static_cast<uint32_t>(n)});
    for (int i = 0; i < n; ++i) slots_.push_back({actions[i]});
    insert(key, id);
    return static_cast<int32_t>(id);
  }

  Set& operator[](int32_t i) { return sets_[i]; }
  const Set& operator[](int32_t i) const { return sets_[i]; }
  Slot* slots(const Set& set) { return slots_.data() + set.first_slot; }
  const Slot* slots(const Set& set) const { return slots_.data() + set.first_slot; }

  uint32_t size() const { return static_cast<uint32_t>(sets_.size()); }
  int64_t bytes_used() const {
    return static_cast<int64_t>(sets_.size() * sizeof(Set) + slots_.size() * sizeof(Slot) +
                                index_.size() * sizeof(uint32_t));
  }
  bool capped() const { return capped_; }

 private:
  void insert(uint64_t key, uint32_t id) {
    size_t i = key & (index_.size() - 1);
    while (index_[i] != 0) i = (i + 1) & (index_.size() - 1);
    index_[i] = id + 1;
  }

  void grow() {
    index_.assign(index_.size() * 2, 0);
    for (uint32_t id = 0; id < sets_.size(); ++id) insert(sets_[id].key, id);
  }

  std::vector<Set> sets_;
  std::vector<Slot> slots_;
  std::vector<uint32_t> index_;  // 0: empty, else entry + 1
  int64_t max_bytes_ = 0;
  bool capped_ = false;
};

using InfosetTable = BasicInfosetTable<Infoset, InfosetSlot>;

}  // namespace ts
