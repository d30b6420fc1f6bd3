// The extension module tablesearch._core.
#include "bindings/module.h"

#include "bindings/interrupts.h"
#include "core/types.h"

PYBIND11_MODULE(_core, m) {
  m.doc() = "tablesearch native core: games and search";
  m.attr("CHANCE") = ts::kChancePlayer;
  m.attr("TERMINAL") = ts::kTerminalPlayer;
  m.attr("MAX_PLAYERS") = ts::kMaxPlayers;
  ts::bind_games(m);
  ts::bind_search(m);
  ts::bind_compiled(m);
  ts::bind_interrupts(m);
}
