// Game.description(): a game's declared description (core/description.h) as plain Python data,
// read by tablesearch.games.description.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>

#include "api/any_game.h"
#include "bindings/module.h"

namespace ts {
namespace {

namespace py = pybind11;

py::object value(const DescValue& v) {
  return std::visit([](const auto& x) -> py::object { return py::cast(x); }, v);
}

py::dict facts(const AnyGame& game) {
  const GameFacts f = game.facts();
  py::dict out;
  out["num_players"] = game.num_players();
  out["min_players"] = f.min_players;
  out["max_players"] = f.max_players;
  out["min_utility"] = f.min_utility;
  out["max_utility"] = f.max_utility;
  out["utility_sum"] = f.utility_sum;
  out["max_game_length"] = f.max_game_length > 0 ? py::cast(f.max_game_length) : py::none();
  out["max_legal_actions"] = game.max_legal_actions();
  out["num_distinct_actions"] = game.num_distinct_actions();
  out["has_chance"] = game.has_chance();
  out["has_hidden_information"] = game.has_hidden_information();
  out["observation_shape"] = py::tuple(py::cast(game.observation_shape()));
  return out;
}

}  // namespace

py::dict description_dict(const AnyGame& game) {
  const GameDescription d = game.description();
  py::dict constants, enums, tables, actions, observation, fields;
  for (const auto& [name, v] : d.constants) constants[py::str(name)] = value(v);
  for (const auto& e : d.enums) enums[py::str(e.name)] = py::tuple(py::cast(e.names));
  for (const auto& t : d.tables) {
    py::list rows;
    for (const auto& row : t.rows) {
      py::dict r;
      for (size_t c = 0; c < t.columns.size() && c < row.size(); ++c)
        r[py::str(t.columns[c])] = value(row[c]);
      rows.append(r);
    }
    tables[py::str(t.name)] = rows;
  }
  for (const auto& a : d.actions) {
    actions[py::str(a.name)] =
        py::dict(py::arg("first") = a.first, py::arg("count") = a.count, py::arg("of") = a.of);
  }
  for (const auto& o : d.observation) {
    py::dict parts;
    for (const auto& p : o.parts) {
      parts[py::str(p.name)] = py::dict(py::arg("offset") = p.offset, py::arg("size") = p.size);
    }
    observation[py::str(o.name)] = py::dict(py::arg("offset") = o.offset, py::arg("size") = o.size,
                                            py::arg("count") = o.count, py::arg("parts") = parts);
  }
  for (const auto& f : d.fields) {
    fields[py::str(f.name)] =
        py::dict(py::arg("size") = f.size < 0 ? py::object(py::none()) : py::cast(f.size),
                 py::arg("max_size") = f.max_size, py::arg("min") = f.min, py::arg("max") = f.max,
                 py::arg("type") = f.type, py::arg("scalar") = f.scalar);
  }
  py::dict out;
  out["game"] = game.name();
  out["facts"] = facts(game);
  out["constants"] = constants;
  out["enums"] = enums;
  out["tables"] = tables;
  out["actions"] = actions;
  out["observation"] = observation;
  out["fields"] = fields;
  return out;
}

}  // namespace ts
