// The native search entry point; the Python API (tablesearch.mcts) checks arguments first.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "api/any_game.h"
#include "api/search_session.h"
#include "bindings/convert.h"
#include "bindings/module.h"
#include "bindings/py_evaluator.h"
#include "bindings/py_state.h"
#include "search/config.h"

namespace ts {
namespace {

namespace py = pybind11;

// Lets Python run its signal handlers (Ctrl-C raises KeyboardInterrupt).
void check_python_signals() {
  py::gil_scoped_acquire acquire;
  if (PyErr_CheckSignals() != 0) throw SearchInterrupted();
}

SearchResult run(const AnyState& state, SearchConfig config, SearchSession* session, AnyEvaluator* evaluator) {
  config.interrupt_check = check_python_signals;
  // A lone search thread calling back into Python keeps the GIL instead of taking it per call.
  const bool calls_python = state.needs_python() || (evaluator && evaluator->needs_python());
  try {
    if (calls_python && config.threads == 1) return state.search(config, session, evaluator);
    py::gil_scoped_release release;
    return state.search(config, session, evaluator);
  } catch (const SearchInterrupted&) {
    throw py::error_already_set();  // the KeyboardInterrupt that PyErr_CheckSignals set
  }
}

}  // namespace

void bind_search(py::module_& m) {
  py::class_<ActionStats>(m, "ActionStats")
      .def_readonly("action", &ActionStats::action)
      .def_readonly("visits", &ActionStats::visits)
      .def_readonly("value", &ActionStats::value);

  py::class_<SearchResult>(m, "NativeSearchResult")
      .def_readonly("best_action", &SearchResult::best_action)
      .def_readonly("algorithm", &SearchResult::algorithm)
      .def_readonly("iterations", &SearchResult::iterations)
      .def_readonly("elapsed", &SearchResult::elapsed)
      .def_readonly("nodes", &SearchResult::nodes)
      .def_readonly("node_bytes", &SearchResult::node_bytes)
      .def_readonly("memory_capped", &SearchResult::memory_capped)
      .def_readonly("stats", &SearchResult::stats)
      .def_readonly("root_values", &SearchResult::root_values)
      .def_readonly("proven", &SearchResult::proven)
      .def_readonly("proven_value", &SearchResult::proven_value)
      .def_readonly("mixed", &SearchResult::mixed);

  py::class_<SearchSession>(m, "SearchTree", "Trees kept between an agent's searches (tree reuse).")
      .def(py::init<>())
      .def("clear", &SearchSession::clear)
      .def_property_readonly("nodes", &SearchSession::nodes);

  py::class_<PyGameInfo, std::shared_ptr<PyGameInfo>>(m, "PyGameInfo")
      .def(py::init([](int players, int max_legal_actions, int num_distinct_actions, std::vector<int> shape) {
             auto info = std::make_shared<PyGameInfo>();
             info->num_players = players;
             info->max_legal_actions = max_legal_actions;
             info->num_distinct_actions = num_distinct_actions;
             info->observation_shape = std::move(shape);
             return info;
           }),
           py::arg("num_players"), py::arg("max_legal_actions"), py::arg("num_distinct_actions"),
           py::arg("observation_shape"));

  // A Python object with the state protocol, as a State the native search can drive.
  py::class_<PyState, AnyState, std::unique_ptr<PyState>>(m, "PyState")
      .def(py::init([](py::object state, std::shared_ptr<PyGameInfo> info) {
             return std::make_unique<PyState>(std::move(state), std::move(info));
           }),
           py::arg("state"), py::arg("info"))
      .def_property_readonly("object", &PyState::object);

  py::class_<PyEvaluator, std::shared_ptr<PyEvaluator>>(m, "PyEvaluator")
      .def(py::init([](py::object evaluator, int batch_size, std::vector<int> shape) {
             return std::make_shared<PyEvaluator>(std::move(evaluator), batch_size, std::move(shape));
           }),
           py::arg("evaluator"), py::arg("batch_size"), py::arg("observation_shape"));

  m.def(
      "search",
      [](const AnyState& state, const std::string& algorithm, int64_t iterations, double time_limit, double uct_c,
         uint64_t seed, int64_t max_memory_mb, int rollouts, int determinizations, int threads, bool solve,
         SearchSession* tree, PyEvaluator* evaluator, double dirichlet_alpha, double dirichlet_epsilon) {
        SearchConfig config;
        config.algorithm = algorithm;
        config.iterations = iterations;
        config.time_limit = time_limit;
        config.uct_c = uct_c;
        config.seed = seed;
        config.max_memory_mb = max_memory_mb;
        config.rollouts = rollouts;
        config.determinizations = determinizations;
        config.threads = threads;
        config.solve = solve;
        config.dirichlet_alpha = dirichlet_alpha;
        config.dirichlet_epsilon = dirichlet_epsilon;
        return run(state, config, tree, evaluator);
      },
      py::arg("state"), py::arg("algorithm"), py::arg("iterations"), py::arg("time_limit"), py::arg("uct_c"),
      py::arg("seed"), py::arg("max_memory_mb"), py::arg("rollouts"), py::arg("determinizations"),
      py::arg("threads"), py::arg("solve"), py::arg("tree") = nullptr, py::arg("evaluator") = nullptr,
      py::arg("dirichlet_alpha") = 0.0, py::arg("dirichlet_epsilon") = 0.25);
}

}  // namespace ts
