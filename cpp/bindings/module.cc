// The extension module tablesearch._core.
#include "bindings/module.h"

#include "bindings/interrupts.h"
#include "bindings/py_state_spiel.h"
#include "core/types.h"

#include <string>

PYBIND11_MODULE(_core, m) {
  m.doc() = "tablesearch native core: games and search";
  m.attr("CHANCE") = ts::kChancePlayer;
  m.attr("TERMINAL") = ts::kTerminalPlayer;
  m.attr("MAX_PLAYERS") = ts::kMaxPlayers;
  // A broken internal invariant (ts::fail_internal): a bug to report, not a bad argument.
  pybind11::register_exception<ts::InternalError>(m, "InternalError", PyExc_RuntimeError);
  m.def(
      "_fail_internal", [](const std::string& what) { ts::fail_internal(what); }, pybind11::arg("what"),
      "Raises InternalError as a broken invariant would (for tests of the error path).");
  ts::bind_games(m);
  ts::bind_search_options(m);
  ts::bind_search(m);
  ts::bind_network(m);      // after bind_search: a ModelEvaluator is an Evaluator
  ts::bind_spiel_state(m);  // after bind_search: a SpielState is a PyState
  ts::bind_compiled(m);
  ts::bind_interrupts(m);
}
