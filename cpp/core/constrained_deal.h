// Uniform random assignment of a multiset of faces to slots when some slots rule some faces out
// (what a player learned from a failed ask, say): every valid assignment is equally likely.
//
// Slots with a restriction are assigned one by one, each face drawn with probability proportional
// to the number of valid completions it leaves; the unrestricted slots then take a uniform shuffle
// of what is left. Completions are counted by a memoized recursion over (slot, faces left), whose
// table is kept per thread for the last few problems: a search resamples the same root many times,
// so after the first call a draw costs a few table lookups per restricted slot.
#pragma once
#include <algorithm>
#include <array>
#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/rng.h"
#include "core/types.h"

namespace ts {

class ConstrainedDeal {
 public:
  static constexpr int kMaxFaces = 8;

  // counts[f]: copies of face f to place (as many in all as there are slots); allowed[i]: bit f
  // set if slot i may take face f. Writes the face of each slot into faces_out. Fails if no
  // assignment is valid.
  static void sample(const std::vector<int>& counts, const std::vector<uint8_t>& allowed, Rng& rng,
                     int8_t* faces_out) {
    const int F = static_cast<int>(counts.size());
    const uint8_t all = static_cast<uint8_t>((1u << F) - 1);
    std::vector<int> restricted, free_slots;
    for (int i = 0; i < static_cast<int>(allowed.size()); ++i) {
      ((allowed[i] & all) == all ? free_slots : restricted).push_back(i);
    }
    // A canonical order (by mask) so that problems differing only in slot order share a table.
    std::stable_sort(restricted.begin(), restricted.end(),
                     [&](int a, int b) { return (allowed[a] & all) < (allowed[b] & all); });
    std::vector<uint8_t> masks;
    for (int i : restricted) masks.push_back(allowed[i] & all);
    Table& table = table_for(counts, masks, static_cast<int>(free_slots.size()));
    std::array<int, kMaxFaces> left{};
    for (int f = 0; f < F; ++f) left[f] = counts[f];
    if (table.count(0, left) <= 0) fail("no assignment of faces agrees with what is known");
    for (size_t i = 0; i < masks.size(); ++i) {
      double weights[kMaxFaces] = {};
      double total = 0;
      for (int f = 0; f < F; ++f) {
        if (!(masks[i] >> f & 1) || left[f] == 0) continue;
        --left[f];
        weights[f] = table.count(static_cast<int>(i) + 1, left);
        ++left[f];
        total += weights[f];
      }
      double u = rng.uniform() * total;
      int pick = -1;
      for (int f = 0; f < F; ++f) {
        if (weights[f] <= 0) continue;
        pick = f;
        if (u < weights[f]) break;
        u -= weights[f];
      }
      faces_out[restricted[i]] = static_cast<int8_t>(pick);
      --left[pick];
    }
    std::vector<int8_t> rest;
    for (int f = 0; f < F; ++f) rest.insert(rest.end(), left[f], static_cast<int8_t>(f));
    rng.shuffle(rest.data(), static_cast<int>(rest.size()));
    for (size_t j = 0; j < free_slots.size(); ++j) faces_out[free_slots[j]] = rest[j];
  }

 private:
  struct Table {
    std::vector<int> counts;     // the faces to place at the start
    std::vector<uint8_t> masks;  // the restricted slots, in order
    int free_slots = 0;
    std::unordered_map<uint64_t, double> memo;

    // Valid ways to fill restricted slots i.. and the free slots with exactly `left`.
    double count(int i, const std::array<int, kMaxFaces>& left) {
      const int F = static_cast<int>(counts.size());
      uint64_t key = static_cast<uint64_t>(i);
      for (int f = 0; f < F; ++f)
        key = key * static_cast<uint64_t>(counts[f] + 1) + static_cast<uint64_t>(left[f]);
      if (auto it = memo.find(key); it != memo.end()) return it->second;
      double result = 0;
      if (i == static_cast<int>(masks.size())) {
        // Free slots: a multinomial coefficient.
        result = factorial(free_slots);
        for (int f = 0; f < F; ++f) result /= factorial(left[f]);
      } else {
        std::array<int, kMaxFaces> next = left;
        for (int f = 0; f < F; ++f) {
          if (!(masks[i] >> f & 1) || left[f] == 0) continue;
          --next[f];
          result += count(i + 1, next);
          ++next[f];
        }
      }
      memo.emplace(key, result);
      return result;
    }
  };

  static double factorial(int n) {
    double r = 1;
    for (int k = 2; k <= n; ++k) r *= k;
    return r;
  }

  static Table& table_for(const std::vector<int>& counts, const std::vector<uint8_t>& masks, int free_slots) {
    thread_local std::vector<Table> tables;  // most recently used last
    for (size_t t = 0; t < tables.size(); ++t) {
      if (tables[t].free_slots == free_slots && tables[t].counts == counts && tables[t].masks == masks) {
        if (t + 1 != tables.size()) std::rotate(tables.begin() + t, tables.begin() + t + 1, tables.end());
        return tables.back();
      }
    }
    if (tables.size() >= 8) tables.erase(tables.begin());
    tables.push_back(Table{counts, masks, free_slots, {}});
    return tables.back();
  }
};

}  // namespace ts
