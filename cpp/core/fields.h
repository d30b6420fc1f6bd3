// Serialization of a state's concrete contents as named integers and integer arrays. The Python
// layer turns them into JSON; FieldReader hands them back, validating every value and shape.
//
// A game declares its fields once, in `fields(FieldVisitor&)` (core/game.h, HasFields): each
// field's name, its values, their range and what they mean. The same declaration writes them
// (write_fields), reads them back with every range checked (read_fields) and describes them
// (describe_fields, for the game description in core/description.h).
#pragma once
#include <array>
#include <concepts>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/types.h"

namespace ts {

// One field as written or given to read: its values, and whether it is a single value (declared
// by one()), which Python sees as an int rather than a list of one.
struct Field {
  std::string name;
  std::vector<int64_t> values;
  bool scalar = false;
  bool operator==(const Field&) const = default;
};
using Fields = std::vector<Field>;

// One declared field: `size` values (a list of at most `max_size` when size < 0), each in
// [min, max]; `scalar` if it is a single value rather than a list (one() declares it). `type`
// says what a value means, for people and for the Python side: "int", "bool", "seat" (-1: none),
// "seats" (a bit mask of seats), "holder" (a seat, or below 0 a place the description names as a
// constant, such as a pool), "hash", or the name of an enum or a table of the game's description
// (a row of it; -1: none), optionally followed by notes.
struct FieldSpec {
  std::string name;
  int size = 1;
  int max_size = 1;
  int64_t min = 0, max = 0;
  std::string type = "int";
  bool scalar = false;
};

class FieldReader {
 public:
  explicit FieldReader(const Fields& in) : in_(in), read_(in.size(), false) {}

  // The values of the field `spec` declares, refused unless they have its shape (a single value or
  // a list, of its length) and each lies in its range.
  const std::vector<int64_t>& get(const FieldSpec& spec) const {
    for (size_t i = 0; i < in_.size(); ++i) {
      if (in_[i].name != spec.name) continue;
      read_[i] = true;
      check_shape(spec, in_[i]);
      for (int64_t v : in_[i].values) {
        if (v < spec.min || v > spec.max) {
          fail("field '" + spec.name + "' holds " + std::to_string(v) + ", outside [" +
               std::to_string(spec.min) + ", " + std::to_string(spec.max) + "]");
        }
      }
      return in_[i].values;
    }
    fail("field '" + spec.name + "' is missing");
  }

  // After the game has read its fields: any field it did not read is unknown to it, and is refused
  // rather than silently dropped.
  void check_all_read() const {
    std::string known;
    for (size_t i = 0; i < in_.size(); ++i) {
      if (read_[i]) known += (known.empty() ? "" : ", ") + in_[i].name;
    }
    for (size_t i = 0; i < in_.size(); ++i) {
      if (!read_[i]) fail("unknown field '" + in_[i].name + "'; this game's fields: " + known);
    }
  }

 private:
  static void check_shape(const FieldSpec& spec, const Field& given) {
    if (spec.scalar != given.scalar) {
      fail("field '" + spec.name + "' is " + shape(spec) + ", not " +
           (given.scalar ? "a single int" : "a list"));
    }
    const int count = static_cast<int>(given.values.size());
    if ((spec.size >= 0 && count != spec.size) || (spec.size < 0 && count > spec.max_size)) {
      fail("field '" + spec.name + "' is " + shape(spec) + ", got " + std::to_string(count) +
           (count == 1 ? " value" : " values"));
    }
  }
  // What a field must look like, for messages: "a single int", "a list of 9 ints", or "a list of at
  // most 40 ints".
  static std::string shape(const FieldSpec& spec) {
    if (spec.scalar) return "a single int";
    if (spec.size >= 0) return "a list of " + std::to_string(spec.size) + " ints";
    return "a list of at most " + std::to_string(spec.max_size) + " ints";
  }

  const Fields& in_;
  mutable std::vector<bool> read_;
};

// What a game's fields(FieldVisitor&) talks to. The typed helpers convert between the state's
// members and int64 values; exchange() is the one step the writer, the reader and the describer
// differ in, and the place for a field held in another shape (a bit set written as a list).
class FieldVisitor {
 public:
  virtual ~FieldVisitor() = default;

  // Offers the state's `values` of field `spec` (writing, describing) or replaces them with the
  // values read, each range checked (reading); returns true if it replaced them.
  virtual bool exchange(const FieldSpec& spec, std::vector<int64_t>& values) = 0;

  template <std::integral T>
  void one(const std::string& name, T& value, int64_t min, int64_t max, const std::string& type = "int") {
    std::vector<int64_t> values{static_cast<int64_t>(value)};
    if (exchange({name, 1, 1, min, max, type, true}, values)) value = static_cast<T>(values[0]);
  }
  template <class E>
    requires std::is_enum_v<E>
  void one(const std::string& name, E& value, int64_t min, int64_t max, const std::string& type) {
    auto raw = static_cast<std::underlying_type_t<E>>(value);
    one(name, raw, min, max, type);
    value = static_cast<E>(raw);
  }
  void one(const std::string& name, bool& value) {
    int8_t v = value;
    one(name, v, 0, 1, "bool");
    value = v != 0;
  }
  // The first `used` values of `array` (all by default); the rest are left alone on reading.
  template <std::integral T, size_t N>
  void array(const std::string& name, std::array<T, N>& array, int64_t min, int64_t max,
             const std::string& type = "int", int used = static_cast<int>(N)) {
    std::vector<int64_t> values(array.begin(), array.begin() + used);
    if (exchange({name, used, used, min, max, type}, values)) {
      for (int i = 0; i < used; ++i) array[i] = static_cast<T>(values[i]);
    }
  }
  // A list of any length up to `capacity`, its length held in `size`.
  template <std::integral T, std::integral Size>
  void list(const std::string& name, T* data, Size& size, int capacity, int64_t min, int64_t max,
            const std::string& type = "int") {
    std::vector<int64_t> values(data, data + size);
    if (!exchange({name, -1, capacity, min, max, type}, values)) return;
    size = static_cast<Size>(values.size());
    for (size_t i = 0; i < values.size(); ++i) data[i] = static_cast<T>(values[i]);
  }
};

// Writes the fields in their declared order.
class WritingFields final : public FieldVisitor {
 public:
  explicit WritingFields(Fields& out) : out_(out) {}
  bool exchange(const FieldSpec& spec, std::vector<int64_t>& values) override {
    out_.push_back({spec.name, values, spec.scalar});
    return false;
  }

 private:
  Fields& out_;
};

// Reads every declared field, refusing a missing one, a wrong shape and a value out of range.
class ReadingFields final : public FieldVisitor {
 public:
  explicit ReadingFields(const FieldReader& in) : in_(in) {}
  bool exchange(const FieldSpec& spec, std::vector<int64_t>& values) override {
    values = in_.get(spec);
    return true;
  }

 private:
  const FieldReader& in_;
};

// Collects the declarations (for the game description).
class DescribingFields final : public FieldVisitor {
 public:
  explicit DescribingFields(std::vector<FieldSpec>& out) : out_(out) {}
  bool exchange(const FieldSpec& spec, std::vector<int64_t>&) override {
    out_.push_back(spec);
    return false;
  }

 private:
  std::vector<FieldSpec>& out_;
};

}  // namespace ts
