// The native search entry point; the Python API (tablesearch.mcts) checks arguments first.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "api/any_game.h"
#include "bindings/convert.h"
#include "bindings/module.h"
#include "search/config.h"

namespace ts {
namespace {

namespace py = pybind11;

// Runs with the GIL held: lets Python run its signal handlers (Ctrl-C raises KeyboardInterrupt).
void check_python_signals() {
  py::gil_scoped_acquire acquire;
  if (PyErr_CheckSignals() != 0) throw SearchInterrupted();
}

SearchResult run(const AnyState& state, SearchConfig config, SearchSession* session) {
  config.interrupt_check = check_python_signals;
  try {
    py::gil_scoped_release release;
    return state.search(config, session);
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
      .def_readonly("proven_value", &SearchResult::proven_value);

  py::class_<SearchSession>(m, "SearchTree", "Trees kept between an agent's searches (tree reuse).")
      .def(py::init<>())
      .def("clear", &SearchSession::clear)
      .def_property_readonly("nodes", &SearchSession::nodes);

  m.def(
      "search",
      [](const AnyState& state, const std::string& algorithm, int64_t iterations, double time_limit,
         double uct_c, uint64_t seed, int64_t max_memory_mb, int rollouts, int determinizations, int threads,
         bool solve, SearchSession* tree) {
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
        return run(state, config, tree);
      },
      py::arg("state"), py::arg("algorithm"), py::arg("iterations"), py::arg("time_limit"), py::arg("uct_c"),
      py::arg("seed"), py::arg("max_memory_mb"), py::arg("rollouts"), py::arg("determinizations"),
      py::arg("threads"), py::arg("solve"), py::arg("tree") = nullptr);
}

}  // namespace ts
