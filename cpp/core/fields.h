// Serialization of a state's concrete contents as named integer arrays. The Python layer turns
// them into JSON; games read them back through FieldReader, which validates every value.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/types.h"

namespace ts {

using Fields = std::vector<std::pair<std::string, std::vector<int64_t>>>;

class FieldWriter {
 public:
  explicit FieldWriter(Fields& out) : out_(out) {}
  template <class It>
  void put(const std::string& name, It first, It last) {
    out_.emplace_back(name, std::vector<int64_t>(first, last));
  }
  void put(const std::string& name, int64_t value) { out_.emplace_back(name, std::vector<int64_t>{value}); }

 private:
  Fields& out_;
};

class FieldReader {
 public:
  explicit FieldReader(const Fields& in) : in_(in), read_(in.size(), false) {}

  // The array `name`, which must have exactly `size` values (any size if size < 0), each in [lo, hi].
  const std::vector<int64_t>& get(const std::string& name, int size, int64_t lo, int64_t hi) const {
    for (size_t i = 0; i < in_.size(); ++i) {
      const auto& [key, values] = in_[i];
      if (key != name) continue;
      read_[i] = true;
      if (size >= 0 && static_cast<int>(values.size()) != size) {
        fail("field '" + name + "' must have " + std::to_string(size) + " values, got " +
             std::to_string(values.size()));
      }
      for (int64_t v : values) {
        if (v < lo || v > hi) {
          fail("field '" + name + "' holds " + std::to_string(v) + ", outside [" + std::to_string(lo) + ", " +
               std::to_string(hi) + "]");
        }
      }
      return values;
    }
    fail("field '" + name + "' is missing");
  }
  int64_t get_one(const std::string& name, int64_t lo, int64_t hi) const { return get(name, 1, lo, hi)[0]; }

  // After the game has read its fields: any field it did not read is unknown to it, and is refused
  // rather than silently dropped.
  void check_all_read() const {
    std::string known;
    for (size_t i = 0; i < in_.size(); ++i) {
      if (read_[i]) known += (known.empty() ? "" : ", ") + in_[i].first;
    }
    for (size_t i = 0; i < in_.size(); ++i) {
      if (!read_[i]) fail("unknown field '" + in_[i].first + "'; this game's fields: " + known);
    }
  }

 private:
  const Fields& in_;
  mutable std::vector<bool> read_;
};

}  // namespace ts
