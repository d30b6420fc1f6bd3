// Python classes Game and State over the type-erased game interface.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>

#include "api/any_game.h"
#include "api/registry.h"
#include "api/search_entry.h"
#include "bindings/convert.h"
#include "bindings/gil.h"
#include "bindings/module.h"

namespace ts {
namespace {

namespace py = pybind11;
using namespace py_convert;

// A game's parameters as Python dicts: name, default, help, choices, subset, and min/max for ints.
py::list specs_list(const std::vector<ParamSpec>& specs) {
  py::list out;
  for (const auto& s : specs) {
    py::list choices = py::cast(s.choices);
    py::dict d(py::arg("name") = s.name, py::arg("default") = param_to_python(s.default_value),
               py::arg("help") = s.help, py::arg("choices") = choices, py::arg("subset") = s.is_subset);
    if (std::holds_alternative<int64_t>(s.default_value)) {
      d["min"] = s.min_int;
      d["max"] = s.max_int;
    }
    out.append(d);
  }
  return out;
}

py::dict params_dict(const AnyGame& game) {
  py::dict out;
  for (const auto& [name, value] : game.params()) out[py::str(name)] = param_to_python(value);
  return out;
}

// Serialization is written once, in Python (tablesearch/games/serialization.py): the format,
// its validation and versions. The core gives it the parts (seed, history, fields) and rebuilds
// a state from them (restore); State.serialize and Game.deserialize_state call into it.
py::module_ serialization() { return py::module_::import("tablesearch.games.serialization"); }

// A scalar field (declared by one()) as an int, any other as a list of ints.
py::dict fields_dict(const AnyState& state) {
  py::dict out;
  for (const auto& [name, values, scalar] : state.fields()) {
    out[py::str(name)] = scalar ? py::cast(values[0]) : py::cast(values);
  }
  return out;
}

std::vector<Action> history_from(py::handle value) {
  if (!py::isinstance<py::list>(value) && !py::isinstance<py::tuple>(value)) {
    throw py::type_error("history must be a list of ints, got " + std::string(Py_TYPE(value.ptr())->tp_name));
  }
  std::vector<Action> out;
  for (auto item : value) {
    const int64_t action = to_int(item, "history entry");
    if (action < 0 || action > INT32_MAX) {
      fail("history entry " + std::to_string(out.size()) + " is " + std::to_string(action) +
           ", which is never a legal action");
    }
    out.push_back(static_cast<Action>(action));
  }
  return out;
}

// A field's value as given: an int (not a bool) in the int64 range. What the game expects of it
// (its shape and range) is checked when the game reads it (core/fields.h).
int64_t field_value(py::handle value, const std::string& name) {
  if (PyBool_Check(value.ptr()) || !PyIndex_Check(value.ptr())) {
    fail("field '" + name + "' must be an int or a list of ints, got " + describe(value));
  }
  py::object index = py::reinterpret_steal<py::object>(PyNumber_Index(value.ptr()));
  if (!index) throw py::error_already_set();
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(index.ptr(), &overflow);
  if (overflow != 0) fail("field '" + name + "' holds an int outside the int64 range [-2**63, 2**63)");
  return v;
}

// A field as given: an int is a scalar, a list (or tuple) of ints an array.
Field field_from(std::string name, py::handle value) {
  if (!py::isinstance<py::list>(value) && !py::isinstance<py::tuple>(value)) {
    const int64_t one = field_value(value, name);
    return {std::move(name), {one}, true};
  }
  std::vector<int64_t> values;
  for (auto v : value) values.push_back(field_value(v, name));
  return {std::move(name), std::move(values), false};
}

Fields fields_from(py::handle value) {
  if (!py::isinstance<py::dict>(value)) {
    throw py::type_error("fields must be a dict of ints and int lists, got " +
                         std::string(Py_TYPE(value.ptr())->tp_name));
  }
  Fields out;
  for (auto item : py::reinterpret_borrow<py::dict>(value)) {
    if (!PyUnicode_Check(item.first.ptr())) throw py::type_error("field names must be str");
    Py_ssize_t size = 0;
    const char* utf8 = PyUnicode_AsUTF8AndSize(item.first.ptr(), &size);
    if (utf8 == nullptr) {  // a lone surrogate, which JSON's \u escapes can write
      PyErr_Clear();
      fail("field name " + py::repr(item.first).cast<std::string>() + " is not valid Unicode text");
    }
    out.push_back(field_from(std::string(utf8, static_cast<size_t>(size)), item.second));
  }
  return out;
}

std::unique_ptr<AnyState> restore(const AnyGame& game, py::handle seed, py::handle history,
                                  py::handle fields) {
  if (seed.is_none()) throw py::type_error("restore needs the state's seed (an int), got None");
  const uint64_t sd = to_seed(seed);
  const std::vector<Action> actions = history_from(history);
  if (fields.is_none()) return game.restore(sd, actions, nullptr);
  if (!game.serializes_fields()) fail("this game does not take serialized 'fields'");
  const Fields values = fields_from(fields);
  return game.restore(sd, actions, &values);
}

py::array_t<float> observation(const AnyState& state, py::handle player) {
  const std::vector<float> values = state.observation_tensor(to_player(player));
  std::vector<py::ssize_t> shape;
  for (int d : state.get_game()->observation_shape()) shape.push_back(d);
  py::array_t<float> out(shape);
  std::copy(values.begin(), values.end(), out.mutable_data());
  return out;
}

void check_action_known(const AnyState& state, Action action) {
  if (state.is_terminal()) fail("the game is over: there are no actions to describe");
  const auto legal = state.legal_actions();
  if (!std::binary_search(legal.begin(), legal.end(), action)) {
    std::string list;
    for (Action a : legal) list += (list.empty() ? "" : ", ") + std::to_string(a);
    fail("action " + std::to_string(action) + " is not legal here; legal actions: " + list);
  }
}

// Game.fuzz_rules: the counts as a dict.
py::dict fuzz_rules(const AnyGame& g, py::handle games, py::object seed) {
  const int64_t n = to_int(games, "games");
  if (n < 0) fail("games must be >= 0, got " + std::to_string(n));
  const uint64_t sd = to_seed(seed);
  std::vector<int64_t> c;
  {
    GilRelease release;
    c = g.fuzz_rules(n, sd);
  }
  py::dict out;
  out["games"] = c[0];
  out["plies"] = c[1];
  out["checks"] = c[2];
  out["round_trips"] = c[3];
  return out;
}

// Game: what the game declares about itself.
void bind_game_facts(py::class_<AnyGame, std::shared_ptr<AnyGame>>& c) {
  c.def_property_readonly("name", &AnyGame::name)
      .def("num_players", &AnyGame::num_players)
      .def("parameters", &params_dict, "The parameters in force, defaults included.")
      .def("has_chance", &AnyGame::has_chance)
      .def("has_hidden_information", &AnyGame::has_hidden_information)
      .def(
          "parameter_specs", [](const AnyGame& g) { return specs_list(g.parameter_specs()); },
          "The parameters the game accepts: dicts of name, default, help, choices, subset, and min/max\n"
          "for ints.")
      .def(
          "min_players", [](const AnyGame& g) { return g.facts().min_players; },
          "The fewest players the game can be loaded with (the range of its 'players' parameter).")
      .def(
          "max_players", [](const AnyGame& g) { return g.facts().max_players; },
          "The most players the game can be loaded with.")
      .def(
          "min_utility", [](const AnyGame& g) { return g.facts().min_utility; },
          "The smallest return a player can get (a bound; -1 unless the game declares its own).")
      .def(
          "max_utility", [](const AnyGame& g) { return g.facts().max_utility; },
          "The largest return a player can get (a bound; 1 unless the game declares its own).")
      .def(
          "utility_sum", [](const AnyGame& g) -> std::optional<double> { return g.facts().utility_sum; },
          "What the returns of a finished game add up to (0: native games are zero-sum).")
      .def(
          "max_game_length",
          [](const AnyGame& g) -> std::optional<int> {
            const int length = g.facts().max_game_length;
            return length > 0 ? std::optional<int>(length) : std::nullopt;
          },
          "The most decisions (player actions, not chance outcomes) one game can take (a bound), or\n"
          "None if the game declares none.")
      .def("fuzz_rules", &fuzz_rules, py::arg("games"), py::arg("seed") = 0,
           "Plays `games` random games trying every legal action at every step and checking the "
           "rules' invariants after each (native games with rule checks, ChecksRules in core/game.h); "
           "every end position is serialized and read back. Returns {'games', 'plies', 'checks', "
           "'round_trips'}; raises ValueError naming the first broken invariant.");
}

// Game: its description, and making and restoring its states.
void bind_game_states(py::class_<AnyGame, std::shared_ptr<AnyGame>>& c) {
  c.def("description", &description_dict,
        "The game's declared description as plain data: its facts, constants, enums (names by\n"
        "value), component tables, action ranges, observation layout and serialized fields (name,\n"
        "size, range, type, and scalar: whether it is a single value). tablesearch.games.description\n"
        "reads it by name.")
      .def("max_legal_actions", &AnyGame::max_legal_actions)
      .def("num_distinct_actions", &AnyGame::num_distinct_actions)
      .def("observation_shape", [](const AnyGame& g) { return py::tuple(py::cast(g.observation_shape())); })
      .def("has_information_state_keys", &AnyGame::has_information_state_keys,
           "True if states compute information_state_key natively (else it hashes the string).")
      .def(
          "new_initial_state",
          [](const AnyGame& g, py::object seed) { return g.new_initial_state(to_seed(seed)); },
          py::arg("seed") = py::none(),
          "The state before the first move; setup randomness (shuffles, deals, boards) comes from seed.")
      .def(
          "deserialize_state",
          [](py::object self, py::object text) {
            // The state the module restored, moved out as a State (a native state copies cheaply).
            return serialization().attr("deserialize")(self, text).cast<const AnyState&>().clone();
          },
          py::arg("text"),
          "The state that State.serialize() wrote, every part validated (ValueError naming the problem;\n"
          "TypeError if text is not a str). The format: tablesearch.games.serialization.")
      .def("restore", &restore, py::arg("seed"), py::arg("history"), py::arg("fields") = py::none(),
           "The state of `seed` after `history` (replayed through the rules), or, with `fields` (games\n"
           "that serialize them), the position the fields describe, validated in full by the game, with\n"
           "the history kept as a record. `fields` as State.fields() gives them: an int for a single value,\n"
           "a list of ints for an array. ValueError names what the rules refuse. Most code wants\n"
           "deserialize_state, which checks a whole serialized state first.")
      .def("__repr__", [](const AnyGame& g) {
        std::string args;
        for (const auto& [name, value] : g.params())
          args += (args.empty() ? "" : ", ") + name + "=" + param_to_string(value);
        return "<Game " + g.name() + "(" + args + ")>";
      });
}

// State: playing it.
void bind_state_play(py::class_<AnyState, std::unique_ptr<AnyState>>& c) {
  c.def("get_game", &AnyState::get_game)
      .def("num_players", &AnyState::num_players)
      .def("current_player", &AnyState::current_player)
      .def("is_terminal", &AnyState::is_terminal)
      .def("is_chance_node", [](const AnyState& s) { return s.current_player() == kChancePlayer; })
      .def("legal_actions", &AnyState::legal_actions)
      .def("chance_outcomes",
           [](const AnyState& s) {
             py::list out;
             for (const auto& o : s.chance_outcomes()) out.append(py::make_tuple(o.action, o.probability));
             return out;
           })
      .def(
          "apply_action", [](AnyState& s, py::handle a) { s.apply_action(to_action(a)); }, py::arg("action"))
      .def("returns", &AnyState::returns)
      .def("scores", &AnyState::scores, "Per-player scores (points where the game has them, else returns).")
      .def("has_heuristic", &AnyState::has_heuristic,
           "Whether the game estimates returns (heuristic_returns).")
      .def("heuristic_returns", &AnyState::heuristic_returns,
           "The game's estimate of the returns (the returns at the end); ValueError if it has none.")
      .def("clone", &AnyState::clone)
      .def("__copy__", &AnyState::clone)
      .def("__deepcopy__", [](const AnyState& s, py::handle) { return s.clone(); })
      .def("history", [](const AnyState& s) { return s.history(); })
      .def("move_number", [](const AnyState& s) { return s.history().size(); })
      .def(
          "action_to_string",
          [](const AnyState& s, py::handle a) {
            const Action action = to_action(a);
            check_action_known(s, action);
            return s.action_to_string(action);
          },
          py::arg("action"));
}

// State: what players see of it, and its serialized form.
void bind_state_views(py::class_<AnyState, std::unique_ptr<AnyState>>& c) {
  c.def(
       "information_state_string",
       [](const AnyState& s, py::handle p) { return s.information_state_string(to_player(p)); },
       py::arg("player"))
      .def("observation_tensor", &observation, py::arg("player"))
      .def("information_state_key", &AnyState::information_state_key, py::arg("player"),
           "A 64-bit key of what `player` knows here: equal for equal information_state_string(player),\n"
           "different otherwise up to hash collisions (the key search uses for information sets).")
      .def(
          "resample_from_infostate",
          [](const AnyState& s, py::handle p, py::object seed) {
            return s.resample_from_infostate(to_player(p), to_seed(seed));
          },
          py::arg("player"), py::arg("seed") = py::none())
      .def(
          "observed_action",
          [](const AnyState& s, py::handle p, py::handle a) {
            const int observer = to_player(p);
            const Action action = to_action(a);
            check_action_known(s, action);
            return s.observed_action(observer, action);
          },
          py::arg("observer"), py::arg("action"),
          "How the legal action (or chance outcome) `action` looks to `observer`: actions the "
          "observer cannot tell apart give equal values.")
      .def("seed", &AnyState::seed, "The seed of the initial state (setup randomness) this state came from.")
      .def("fields", &fields_dict,
           "The state's contents by field name, for games that serialize them (else an empty dict): an\n"
           "int for a single value, a list of ints for an array (the description's fields say which:\n"
           "'scalar').")
      .def(
          "serialize",
          [](py::object self) { return serialization().attr("serialize")(self).cast<std::string>(); },
          "JSON text that Game.deserialize_state turns back into this state (the format:\n"
          "tablesearch.games.serialization).")
      .def(
          "time_random_playouts",
          [](const AnyState& s, py::handle count, py::object seed) {
            const int64_t n = to_int(count, "count");
            if (n < 0) fail("count must be >= 0");
            if (s.is_terminal()) fail("the game is over: nothing to play out");
            const uint64_t sd = to_seed(seed);
            // On a copy: another Python thread may change `s` while the GIL is released.
            const std::unique_ptr<AnyState> copy = s.clone();
            GilRelease release;
            return time_random_playouts(*copy, n, sd);
          },
          py::arg("count"), py::arg("seed") = 0,
          "Plays count random games from here; returns the seconds taken (for benchmarks).")
      .def("__str__", &AnyState::to_string)
      .def("__repr__", [](const AnyState& s) {
        return "<State " + s.get_game()->name() + " after " + std::to_string(s.history().size()) +
               " actions>";
      });
}

}  // namespace

void bind_games(py::module_& m) {
  // Declared before Game so that Game's signatures (and the generated stubs) name it.
  py::class_<AnyState, std::unique_ptr<AnyState>> state_class(m, "State", "A position of a game.");
  py::class_<AnyGame, std::shared_ptr<AnyGame>> game_class(
      m, "Game", "A game with its parameters; make states from it.");
  bind_game_facts(game_class);
  bind_game_states(game_class);
  bind_state_play(state_class);
  bind_state_views(state_class);
  m.def("list_games", [] {
    std::vector<std::string> names;
    for (const auto& e : native_games()) names.push_back(e.name);
    return names;
  });
  m.def(
      "load_game",
      [](const std::string& name, py::dict params) { return load_native_game(name, to_params(params)); },
      py::arg("name"), py::arg("params") = py::dict());
  m.def("parameter_specs", [](const std::string& name) {
    for (const auto& e : native_games()) {
      if (e.name == name) return specs_list(e.spec);
    }
    fail("unknown game '" + name + "'");
  });
}

}  // namespace ts
