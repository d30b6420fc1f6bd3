// A game's declared description: the facts, names and tables that code outside the rules
// (drawings, move logs, validation, the Python side) reads by name instead of copying them by
// position. A game declares it with `description()` (DescribesItself in core/game.h), written
// from the same constants and tables its rules use; the serialized fields are added from the
// state's own declaration (core/fields.h), so nothing here is written twice.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "core/fields.h"
#include "core/types.h"

namespace ts {

// A value in a description: a number, a text, or a list of numbers.
using DescValue = std::variant<int64_t, std::string, std::vector<int64_t>>;

// Value i of a small enumeration is called names[i] (phases, effects, abilities, colours).
struct DescEnum {
  std::string name;
  std::vector<std::string> names;
};

// A component table: one row per kind of card, tile or space, one value per column.
struct DescTable {
  std::string name;
  std::vector<std::string> columns;
  std::vector<std::vector<DescValue>> rows;
};

// Actions first .. first + count - 1, the i-th about item i of `of` (an enum or a table of the
// description, "seat", a component's number such as "mushroom card", or "" for a single action).
struct DescActions {
  std::string name;
  Action first = 0;
  int count = 1;
  std::string of;
};

// A stretch of the observation tensor (flat): `count` blocks of `size` floats one after another
// from `offset` (per seat, say, from the observer), each made of named parts.
struct DescObservationPart {
  std::string name;
  int offset = 0;  // within the block
  int size = 1;
};
struct DescObservation {
  std::string name;
  int offset = 0;
  int size = 0;
  int count = 1;
  std::vector<DescObservationPart> parts;
};

struct GameDescription {
  std::vector<std::pair<std::string, DescValue>> constants;
  std::vector<DescEnum> enums;
  std::vector<DescTable> tables;
  std::vector<DescActions> actions;
  std::vector<DescObservation> observation;
  std::vector<FieldSpec> fields;  // filled in from the state's fields() (api/native_adapter.h)

  GameDescription& constant(std::string name, DescValue value) {
    constants.emplace_back(std::move(name), std::move(value));
    return *this;
  }
  template <class Names>
  GameDescription& enumeration(std::string name, const Names& names) {
    enums.push_back({std::move(name), std::vector<std::string>(std::begin(names), std::end(names))});
    return *this;
  }
  // A table from a C++ array of rows: `row(item)` gives the row's values, in `columns` order.
  template <class Rows, class RowOf>
  GameDescription& table(std::string name, std::vector<std::string> columns, const Rows& rows, RowOf row) {
    DescTable t{std::move(name), std::move(columns), {}};
    for (const auto& item : rows) t.rows.push_back(row(item));
    tables.push_back(std::move(t));
    return *this;
  }
  GameDescription& action_range(std::string name, Action first, int count, std::string of = "") {
    actions.push_back({std::move(name), first, count, std::move(of)});
    return *this;
  }
  // The next stretch of the observation, after the ones declared so far.
  GameDescription& observe(std::string name, int size, int count = 1,
                           std::vector<DescObservationPart> parts = {}) {
    const int offset = observation.empty()
                           ? 0
                           : observation.back().offset + observation.back().size * observation.back().count;
    observation.push_back({std::move(name), offset, size, count, std::move(parts)});
    return *this;
  }
};

}  // namespace ts
