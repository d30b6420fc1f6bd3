// The list of native games, looked up by name.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "api/any_game.h"
#include "core/params.h"

namespace ts {

struct GameEntry {
  std::string name;
  std::vector<ParamSpec> spec;
  std::function<std::shared_ptr<AnyGame>(const Params&)> make;  // from resolved parameters
};

// Every native game, in name order (the list is generated from CMakeLists.txt).
const std::vector<GameEntry>& native_games();

// Resolves parameters (defaults, validation) and builds the game; InvalidArgument if unknown.
std::shared_ptr<AnyGame> load_native_game(const std::string& name, const Params& given);

}  // namespace ts
