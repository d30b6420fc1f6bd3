#pragma once
#include <pybind11/pybind11.h>

namespace ts {
class AnyGame;
// A game's declared description as Python data (bindings/description.cc).
pybind11::dict description_dict(const AnyGame& game);
void bind_games(pybind11::module_& m);
void bind_search(pybind11::module_& m);
void bind_search_options(pybind11::module_& m);
void bind_compiled(pybind11::module_& m);
void bind_network(pybind11::module_& m);
}  // namespace ts
