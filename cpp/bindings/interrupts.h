// How searches started from Python stop: Ctrl-C in any thread, and interpreter exit.
#pragma once
#include <pybind11/pybind11.h>

#include "search/config.h"

namespace ts {

// Fills config's interrupt hooks for a search started now on this thread (GIL held): the main
// thread runs Python's signal handlers (Ctrl-C raises KeyboardInterrupt there as usual); another
// thread raises KeyboardInterrupt when a SIGINT arrives; every thread raises RuntimeError when
// the interpreter shuts down. Refuses (RuntimeError) once shutdown has begun.
void prepare_interrupts(SearchConfig& config);

void bind_interrupts(pybind11::module_& m);

}  // namespace ts
