#include "api/compiled_game.h"

#include <algorithm>

#include "api/native_adapter.h"
#include "games/compiled/compiled.h"

namespace ts {

std::shared_ptr<AnyGame> make_compiled_game(std::shared_ptr<const CompiledRules> rules,
                                            const Params& params) {
  CompiledGame game(std::move(rules));  // validates the rules
  const Params resolved = resolve_params(game.name(), game.parameter_specs(), params);
  return std::make_shared<NativeGameAdapter<CompiledGame>>(resolved, std::move(game));
}

FuzzCounts check_compiled_game(const AnyGame& game, int64_t games, uint64_t seed, int64_t max_plies) {
  const auto* compiled = dynamic_cast<const NativeGameAdapter<CompiledGame>*>(&game);
  if (!compiled) fail(game.name() + " is not a compiled game");
  try {
    const FuzzCounts counts = fuzz_rules(compiled->native(), games, seed, max_plies);
    compiled->native().check_resampled_histories(std::max<int64_t>(games / 4, 1), seed, max_plies);
    return counts;
  } catch (const InvalidArgument& e) {
    const std::string what = e.what();
    if (what.starts_with("compiled game")) throw;
    fail("compiled game '" + game.name() + "': " + what);  // a rule of the whole game
  }
}

}  // namespace ts
