// The extension module tablesearch._core.
#include "bindings/module.h"

#include "bindings/interrupts.h"
#include "bindings/py_state_spiel.h"
#include "core/types.h"

PYBIND11_MODULE(_core, m) {
  m.doc() = "tablesearch native core: games and search";
  m.attr("CHANCE") = ts::kChancePlayer;
  m.attr("TERMINAL") = ts::kTerminalPlayer;
  m.attr("MAX_PLAYERS") = ts::kMaxPlayers;
  ts::bind_games(m);
  ts::bind_search(m);
  ts::bind_spiel_state(m);  // after bind_search: a SpielState is a PyState
  ts::bind_interrupts(m);
}
