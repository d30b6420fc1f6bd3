// Search options from Python keywords (the table: search/options.h).
#pragma once
#include <pybind11/pybind11.h>

#include "search/config.h"

namespace ts {

// Every given option checked (TypeError or ValueError naming it and its valid values; TypeError
// for an unknown name), then the rules that tie options together (complete_search_config).
SearchConfig config_from_python(const pybind11::kwargs& options);

}  // namespace ts
