// Python classes Game and State over the type-erased game interface.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

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

py::dict params_dict(const AnyGame& game) {
  py::dict out;
  for (const auto& [name, value] : game.params()) out[py::str(name)] = param_to_python(value);
  return out;
}

std::string serialize(const AnyState& state) {
  const auto game = state.game();
  py::dict doc;
  doc["format"] = 1;
  doc["game"] = game->name();
  doc["params"] = params_dict(*game);
  doc["seed"] = py::int_(state.seed());
  doc["history"] = py::cast(state.history());
  const Fields fields = state.fields();
  if (!fields.empty()) {
    py::dict f;
    for (const auto& [name, values] : fields) f[py::str(name)] = py::cast(values);
    doc["fields"] = f;
  }
  return py::module_::import("json").attr("dumps")(doc).cast<std::string>();
}

std::vector<Action> history_from(py::handle value) {
  if (!py::isinstance<py::list>(value)) fail("serialized 'history' must be a list of ints");
  std::vector<Action> out;
  for (auto item : value) {
    if (!PyLong_Check(item.ptr()) || PyBool_Check(item.ptr()))
      fail("serialized 'history' must hold only ints");
    const int64_t action = to_int(item, "history entry");
    if (action < 0 || action > INT32_MAX) {
      fail("history entry " + std::to_string(out.size()) + " is " + std::to_string(action) +
           ", which is never a legal action");
    }
    out.push_back(static_cast<Action>(action));
  }
  return out;
}

Fields fields_from(py::handle value) {
  if (!py::isinstance<py::dict>(value)) fail("serialized 'fields' must be an object of integer lists");
  Fields out;
  for (auto item : py::reinterpret_borrow<py::dict>(value)) {
    if (!py::isinstance<py::list>(item.second)) fail("serialized field values must be lists of ints");
    std::vector<int64_t> values;
    for (auto v : item.second) {
      if (!PyLong_Check(v.ptr()) || PyBool_Check(v.ptr())) fail("serialized field values must be ints");
      values.push_back(to_int(v, "field value"));
    }
    out.emplace_back(py::str(item.first).cast<std::string>(), std::move(values));
  }
  return out;
}

std::unique_ptr<AnyState> deserialize(const AnyGame& game, py::handle text) {
  if (!PyUnicode_Check(text.ptr())) throw py::type_error("deserialize_state expects a JSON str");
  py::object doc;
  try {
    doc = py::module_::import("json").attr("loads")(text);
  } catch (py::error_already_set& e) {
    if (!e.matches(PyExc_ValueError) && !e.matches(PyExc_RecursionError)) throw;
    fail(std::string("not valid JSON: ") + e.what());
  }
  if (!py::isinstance<py::dict>(doc)) fail("a serialized state must be a JSON object");
  py::dict d = doc;
  for (auto item : d) {
    const std::string key = py::str(item.first);
    if (key != "format" && key != "game" && key != "params" && key != "seed" && key != "history" &&
        key != "fields") {
      fail("unknown key '" + key +
           "' in serialized state; valid: format, game, params, seed, history, fields");
    }
  }
  for (const char* key : {"format", "game", "params", "seed", "history"}) {
    if (!d.contains(key)) fail(std::string("serialized state lacks '") + key + "'");
  }
  if (!PyLong_Check(d["format"].ptr()) || PyBool_Check(d["format"].ptr()) ||
      !py::object(d["format"]).equal(py::int_(1))) {
    fail("unsupported serialization format " + py::repr(d["format"]).cast<std::string>() + "; expected 1");
  }
  if (!py::object(d["game"]).equal(py::str(game.name()))) {
    fail("serialized state is for game " + py::repr(d["game"]).cast<std::string>() + ", not '" + game.name() +
         "'");
  }
  if (!py::object(d["params"]).equal(params_dict(game))) {
    fail("serialized parameters " + py::repr(d["params"]).cast<std::string>() + " differ from this game's " +
         py::repr(params_dict(game)).cast<std::string>());
  }
  if (!PyLong_Check(d["seed"].ptr())) fail("serialized 'seed' must be an int");
  const uint64_t seed = to_seed(d["seed"]);
  const std::vector<Action> history = history_from(d["history"]);
  if (d.contains("fields")) {
    if (!game.serializes_fields()) fail("this game does not take serialized 'fields'");
    const Fields fields = fields_from(d["fields"]);
    return game.restore(seed, history, &fields);
  }
  return game.restore(seed, history, nullptr);
}

py::array_t<float> observation(const AnyState& state, py::handle player) {
  const std::vector<float> values = state.observation_tensor(to_player(player));
  std::vector<py::ssize_t> shape;
  for (int d : state.game()->observation_shape()) shape.push_back(d);
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

}  // namespace

void bind_games(py::module_& m) {
  // Declared before Game so that Game's signatures (and the generated stubs) name it.
  py::class_<AnyState, std::unique_ptr<AnyState>> state_class(m, "State", "A position of a game.");
  py::class_<AnyGame, std::shared_ptr<AnyGame>>(m, "Game", "A game with its parameters; make states from it.")
      .def_property_readonly("name", &AnyGame::name)
      .def("num_players", &AnyGame::num_players)
      .def("parameters", &params_dict, "The parameters in force, defaults included.")
      .def("has_chance", &AnyGame::has_chance)
      .def("has_hidden_information", &AnyGame::has_hidden_information)
      .def(
          "fuzz_rules",
          [](const AnyGame& g, py::handle games, py::object seed) {
            const int64_t n = to_int(games, "games");
            if (n < 0) fail("games must be >= 0, got " + std::to_string(n));
            const uint64_t sd = to_seed(seed);
            std::vector<int64_t> c;
            {
              py::gil_scoped_release release;
              c = g.fuzz_rules(n, sd);
            }
            py::dict out;
            out["games"] = c[0];
            out["plies"] = c[1];
            out["checks"] = c[2];
            out["round_trips"] = c[3];
            return out;
          },
          py::arg("games"), py::arg("seed") = 0,
          "Plays `games` random games trying every legal action at every step and checking the "
          "rules' invariants after each (native games with rule checks: gummiland, gnomi); every end "
          "position is serialized and read back. Returns {'games', 'plies', 'checks', 'round_trips'}; raises "
          "ValueError naming the first broken invariant.")
      .def("max_legal_actions", &AnyGame::max_legal_actions)
      .def("num_distinct_actions", &AnyGame::num_distinct_actions)
      .def("observation_shape", [](const AnyGame& g) { return py::tuple(py::cast(g.observation_shape())); })
      .def("has_information_state_keys", &AnyGame::has_information_state_keys,
           "True if states compute information_state_key natively (else it hashes the string).")
      .def(
          "return_range", [](const AnyGame& g) { return g.new_initial_state(0)->return_range(); },
          "(min, max): the smallest and largest return a player can get ([-1, 1] unless the game\n"
          "declares its own, as Leduc poker does: -13 .. 13 chips for 2 players).")
      .def(
          "new_initial_state",
          [](const AnyGame& g, py::object seed) { return g.new_initial_state(to_seed(seed)); },
          py::arg("seed") = py::none(),
          "The state before the first move; setup randomness (shuffles, deals, boards) comes from seed.")
      .def(
          "deserialize_state", [](const AnyGame& g, py::handle text) { return deserialize(g, text); },
          py::arg("text"), "Rebuilds a state from State.serialize(); every field is validated.")
      .def("__repr__", [](const AnyGame& g) {
        std::string args;
        for (const auto& [name, value] : g.params())
          args += (args.empty() ? "" : ", ") + name + "=" + param_to_string(value);
        return "<Game " + g.name() + "(" + args + ")>";
      });

  state_class.def("get_game", &AnyState::game)
      .def_property_readonly("game", &AnyState::game)
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
          py::arg("action"))
      .def(
          "information_state_string",
          [](const AnyState& s, py::handle p) { return s.information_state_string(to_player(p)); },
          py::arg("player"))
      .def("observation_tensor", &observation, py::arg("player"))
      .def("information_state_key", &AnyState::information_state_key, py::arg("player"),
           "A 64-bit key of what `player` knows here: equal for equal information_state_string(player),\n"
           "different otherwise up to hash collisions (the key search uses for information sets).")
      .def("return_range", &AnyState::return_range,
           "(min, max): the smallest and largest return a player can get in this game ([-1, 1] unless\n"
           "the game declares its own).")
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
      .def("serialize", &serialize, "JSON text that Game.deserialize_state turns back into this state.")
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
        return "<State " + s.game()->name() + " after " + std::to_string(s.history().size()) + " actions>";
      });

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
      if (e.name != name) continue;
      py::list out;
      for (const auto& s : e.spec) {
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
    fail("unknown game '" + name + "'");
  });
}

}  // namespace ts
