// The native search entry point, under the Python API (tablesearch.mcts).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <chrono>
#include <iterator>

#include "api/any_game.h"
#include "api/search_entry.h"
#include "api/search_tree.h"
#include "bindings/convert.h"
#include "bindings/gil.h"
#include "bindings/interrupts.h"
#include "bindings/module.h"
#include "bindings/options.h"
#include "bindings/py_callbacks.h"
#include "bindings/py_evaluator.h"
#include "bindings/py_state.h"
#include "bindings/stop_flag.h"
#include "search/config.h"
#include "search/interrupt.h"

namespace ts {
namespace {

namespace py = pybind11;

// Every search: a private copy of the root, the tree leased for its whole run, and the
// process-wide interrupt checks.
SearchResult run(const AnyState& state, SearchConfig config, SearchTree* tree, AnyEvaluator* evaluator) {
  prepare_interrupts(config);
  const SearchTree::Lease lease(tree);
  // A native state is searched without the GIL: another Python thread could change the caller's
  // object meanwhile, so the search gets its own copy. (A Python game's state is only ever read
  // with the GIL held, and its search starts by cloning it.)
  const bool native = is_native(state);
  const std::unique_ptr<AnyState> copy = native ? state.clone() : nullptr;
  const AnyState& root = copy ? *copy : state;
  // A lone search thread calling back into Python keeps the GIL instead of taking it per call.
  const bool calls_python = !native || (evaluator && evaluator->needs_python());
  const RunningSearch running;
  try {
    if (calls_python && config.threads == 1) {
      const GilKeptForSearch kept;
      return run_search(root, config, tree, evaluator);
    }
    GilRelease release;
    return run_search(root, config, tree, evaluator);
  } catch (const SearchInterrupted&) {
    throw py::error_already_set();  // the KeyboardInterrupt or RuntimeError set with the GIL held
  }
}

// An int of `what` in [low, high], named in the error otherwise.
int checked_size(py::handle value, const std::string& what, int64_t low, int64_t high) {
  if (PyBool_Check(value.ptr()) || !PyIndex_Check(value.ptr())) {
    throw py::type_error(what + " must be an int, got " + std::string(Py_TYPE(value.ptr())->tp_name));
  }
  const int64_t v = py_callbacks::as_int(value, what);
  if (v < low || v > high) {
    fail(what + " must be in " + std::to_string(low) + ".." + std::to_string(high) + ", got " +
         std::to_string(v));
  }
  return static_cast<int>(v);
}

PyGameInfo checked_game_info(py::handle players, py::handle max_legal_actions,
                             py::handle num_distinct_actions, py::handle shape, py::handle min_utility,
                             py::handle max_utility, const std::string& game) {
  PyGameInfo info;
  info.min_utility = py_callbacks::as_value(min_utility, game + ": min_utility()");
  info.max_utility = py_callbacks::as_value(max_utility, game + ": max_utility()");
  if (!(info.max_utility > info.min_utility)) {
    fail(game + ": max_utility() must exceed min_utility(), got " + std::to_string(info.min_utility) +
         " and " + std::to_string(info.max_utility));
  }
  info.num_players = checked_size(players, game + ": num_players()", 1, kMaxPlayers);
  info.max_legal_actions =
      checked_size(max_legal_actions, game + ": max_legal_actions()", 1, kMaxLegalActionsBound);
  info.num_distinct_actions =
      checked_size(num_distinct_actions, game + ": num_distinct_actions()", 0, kMaxLegalActionsBound);
  const std::string what = game + ": observation_shape()";
  if (!PySequence_Check(shape.ptr()) || PyUnicode_Check(shape.ptr())) {
    throw py::type_error(what + " must be a sequence of ints, got " +
                         std::string(Py_TYPE(shape.ptr())->tp_name));
  }
  int64_t size = 1;
  for (py::handle d : py::reinterpret_borrow<py::sequence>(shape)) {
    info.observation_shape.push_back(checked_size(d, what + " entries", 1, kMaxObservationSize));
    size *= info.observation_shape.back();
    if (size > kMaxObservationSize)
      fail(what + " holds more than " + std::to_string(kMaxObservationSize) + " values");
  }
  return info;
}

// The native call: the options checked against the table (bindings/options.h).
template <class State>
SearchResult search(const State& state, SearchTree* tree, AnyEvaluator* evaluator,
                    const std::shared_ptr<StopFlag>& stop, const py::KWArgs<py::object>& options) {
  const auto asked = std::chrono::steady_clock::now();
  SearchConfig config = config_from_python(options);
  config.started = asked;  // the time limit covers reading the options and setting up too
  config.cancel = stop ? &stop->value : nullptr;  // `stop` outlives the call: the caller holds it
  return run(state, config, tree, evaluator);
}

// What a search returns, and the trees kept between searches.
void bind_results(py::module_& m) {
  py::class_<ActionStat>(m, "ActionStat")
      .def_readonly("action", &ActionStat::action)
      .def_readonly("visits", &ActionStat::visits)
      .def_readonly("value", &ActionStat::value);

  py::class_<SearchResult>(m, "SearchResult")
      .def_readonly("best_action", &SearchResult::best_action)
      .def_readonly("algorithm", &SearchResult::algorithm)
      .def_readonly("iterations", &SearchResult::iterations)
      .def_readonly("elapsed", &SearchResult::elapsed)
      .def_readonly("nodes", &SearchResult::nodes)
      .def_readonly("node_bytes", &SearchResult::node_bytes)
      .def_readonly("memory_capped", &SearchResult::memory_capped)
      .def_readonly("stats", &SearchResult::stats)
      .def_readonly("root_values", &SearchResult::root_values)
      .def_readonly("proven_value", &SearchResult::proven_value)
      .def_readonly("principal_variation", &SearchResult::principal_variation)
      .def_readonly("mixed", &SearchResult::mixed)
      .def_readonly("improved_policy", &SearchResult::improved_policy)
      .def_readonly("strategy", &SearchResult::strategy);

  py::class_<SearchTree>(m, "SearchTree", "Trees kept between an agent's searches (tree reuse).")
      .def(py::init<>())
      .def("clear", &SearchTree::clear)
      .def_property_readonly("nodes", &SearchTree::nodes);
}

// Games written in Python, carried into the native search.
void bind_python_games(py::module_& m) {
  // What a Python game declares about itself, validated here once for every search that uses it
  // (the game its PyStates report; not a _core.Game).
  py::class_<PyGame, std::shared_ptr<PyGame>>(m, "PyGameInfo")
      .def(py::init([](py::handle players, py::handle max_legal_actions, py::handle num_distinct_actions,
                       py::handle shape, py::handle min_utility, py::handle max_utility,
                       const std::string& game) {
             return std::make_shared<PyGame>(
                 game, checked_game_info(players, max_legal_actions, num_distinct_actions, shape, min_utility,
                                         max_utility, game));
           }),
           py::arg("num_players"), py::arg("max_legal_actions"), py::arg("num_distinct_actions"),
           py::arg("observation_shape"), py::arg("min_utility") = -1.0, py::arg("max_utility") = 1.0,
           py::arg("game") = "the game")
      .def_property_readonly("num_players", [](const PyGame& g) { return g.info().num_players; })
      .def_property_readonly("max_legal_actions", [](const PyGame& g) { return g.info().max_legal_actions; })
      .def_property_readonly("num_distinct_actions",
                             [](const PyGame& g) { return g.info().num_distinct_actions; })
      .def_property_readonly("observation_shape", [](const PyGame& g) { return g.info().observation_shape; })
      .def_property_readonly("min_utility", [](const PyGame& g) { return g.info().min_utility; })
      .def_property_readonly("max_utility", [](const PyGame& g) { return g.info().max_utility; });

  // A Python object with the state protocol, carried into the native search. Not a _core.State:
  // the native states' methods (serialize, observation_tensor, ...) are not reachable on it.
  py::class_<PyState, std::unique_ptr<PyState>>(m, "PyState")
      .def(py::init([](py::object state, std::shared_ptr<PyGame> info) {
             return std::make_unique<PyState>(std::move(state), std::move(info));
           }),
           py::arg("state"), py::arg("info"))
      .def_property_readonly("object", &PyState::object)
      .def("__repr__", [](const PyState& s) {
        GilAcquire gil;
        return "<PyState of " + s.get_game()->name() + ": " + py::repr(s.object()).cast<std::string>() + ">";
      });
}

// The leaf evaluators the search calls.
void bind_evaluators(py::module_& m) {
  py::class_<AnyEvaluator, std::shared_ptr<AnyEvaluator>>(
      m, "Evaluator", "A leaf evaluator the native search calls: a PyEvaluator or a ModelEvaluator.");
  py::class_<PyEvaluator, AnyEvaluator, std::shared_ptr<PyEvaluator>>(m, "PyEvaluator")
      .def(py::init([](py::object evaluator, py::handle batch_size) {
             const int64_t size = py_callbacks::as_int(batch_size, "batch_size");
             if (size < 0 || size > 1 << 20) {
               fail("batch_size must be an int in 1.." + std::to_string(1 << 20) + ", got " +
                    std::to_string(size));
             }
             return std::make_shared<PyEvaluator>(std::move(evaluator), static_cast<int>(size));
           }),
           py::arg("evaluator"), py::arg("batch_size"),
           "A Python leaf evaluator: batch_size 0 calls evaluate(state) (and prior(state) if present), "
           "batch_size >= 1 calls evaluate_batch(observations) with up to that many leaves.");
}

}  // namespace

void bind_search(py::module_& m) {
  bind_results(m);
  bind_python_games(m);

  py::class_<StopFlag, std::shared_ptr<StopFlag>>(
      m, "StopFlag",
      "Ends a running search early when set, from any thread: the search returns what it found so far.")
      .def(py::init<>())
      .def("set", [](StopFlag& f) { f.value.store(true); })
      .def("clear", [](StopFlag& f) { f.value.store(false); })
      .def("is_set", [](const StopFlag& f) { return f.value.load(); });

  py::tuple names(std::size(kAlgorithms));
  for (size_t i = 0; i < std::size(kAlgorithms); ++i) names[i] = kAlgorithms[i].name;
  m.attr("ALGORITHMS") = names;

  bind_evaluators(m);

  const char* doc =
      "Searches a native State or a PyState with the options of SEARCH_OPTIONS, given by keyword (a wrong\n"
      "type, a value out of range or an unknown name raises, naming the option and its valid values).";
  m.def("search", &search<AnyState>, py::arg("state"), py::kw_only(), py::arg("tree") = nullptr,
        py::arg("evaluator") = nullptr, py::arg("stop") = nullptr, doc);
  m.def("search", &search<PyState>, py::arg("state"), py::kw_only(), py::arg("tree") = nullptr,
        py::arg("evaluator") = nullptr, py::arg("stop") = nullptr, doc);
}

}  // namespace ts
