// Builds the registry entry of a native game (used by the per-game files CMake generates).
#pragma once
#include <memory>

#include "api/native_adapter.h"
#include "api/registry.h"

namespace ts {

template <NativeGame G>
GameEntry native_entry() {
  return GameEntry{G::kName, G::parameter_specs(), [](const Params& params) -> std::shared_ptr<AnyGame> {
                     return std::make_shared<NativeGameAdapter<G>>(params);
                   }};
}

}  // namespace ts
