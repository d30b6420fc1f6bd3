// The search options, one row each: its name, its SearchConfig field, its range and its help
// text. This table is the one description of the options: the bindings parse Python keywords
// with it and export it (_core.SEARCH_OPTIONS), and mcts.search, agent specs, the command line,
// the web form and the docs' table read that (tests/search/test_search_options.py checks them
// against it). Each default is the field's initialiser in SearchConfig (search/config.h), read
// through the row's member pointer; each range is checked here, once, for every caller.
#pragma once
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/types.h"
#include "search/algorithm.h"
#include "search/config.h"

namespace ts {

using OptionField = std::variant<int SearchConfig::*, int64_t SearchConfig::*, uint64_t SearchConfig::*,
                                 double SearchConfig::*, bool SearchConfig::*, Algorithm SearchConfig::*,
                                 PlayoutPolicy SearchConfig::*>;

struct SearchOption {
  const char* name;
  OptionField field;
  // Integers: the inclusive range (every integer option is >= 0).
  uint64_t int_min = 0, int_max = 0;
  // Numbers: finite, >= min (> min when min_excluded), <= max.
  double min = 0, max = std::numeric_limits<double>::infinity();
  bool min_excluded = false;
  // What None (not given) means, for options whose default is the absence of a value (the
  // field's initialiser then stands for it); nullptr: None is not a value of this option.
  const char* none = nullptr;
  const char* help = "";
  // It costs time or memory per search: a server holds it to a limit (the web app's seats).
  bool costly = false;
  // A game may set it among its measured defaults (its SEARCH_DEFAULTS): mcts.search's default
  // for it is "auto", the game's value (else the default here).
  bool per_game = false;
};

inline constexpr uint64_t kInt32Max = std::numeric_limits<int32_t>::max();
inline constexpr uint64_t kInt64Max = std::numeric_limits<int64_t>::max();
inline constexpr uint64_t kUint64Max = std::numeric_limits<uint64_t>::max();
inline constexpr int64_t kDefaultIterations = 1000;
inline constexpr uint64_t kMaxChildrenOption =
    0xFFFF;  // a node's children (search/node_arena.h)  // the budget when neither is given

inline const SearchOption kSearchOptions[] = {
    {.name = "algorithm", .field = &SearchConfig::algorithm, .help = "the search algorithm"},
    {.name = "iterations",
     .field = &SearchConfig::iterations,
     .int_min = 1,
     .int_max = kInt64Max,
     .none = "no iteration budget (1000 iterations if there is no time_limit either)",
     .help = "search iterations; with time_limit too, whichever ends first",
     .costly = true},
    {.name = "time_limit",
     .field = &SearchConfig::time_limit,
     .min_excluded = true,
     .none = "no time budget",
     .help = "seconds of search",
     .costly = true},
    {.name = "uct_c",
     .field = &SearchConfig::uct_c,
     .none = "the algorithm's own default",
     .help = "the exploration constant"},
    {.name = "seed",
     .field = &SearchConfig::seed,
     .int_max = kUint64Max,
     .help = "seeds every random draw of the search: the same seed gives the same result"},
    {.name = "max_memory_mb",
     .field = &SearchConfig::max_memory_mb,
     .int_min = 1,
     .int_max = kInt64Max,
     .help = "caps the trees' memory (MB, shared by the threads): they stop growing, the search goes on",
     .costly = true},
    {.name = "rollouts",
     .field = &SearchConfig::rollouts,
     .int_min = 1,
     .int_max = kInt32Max,
     .help = "random playouts averaged per leaf",
     .costly = true},
    {.name = "rollout_cutoff",
     .field = &SearchConfig::rollout_cutoff,
     .int_min = 0,
     .int_max = kInt32Max,
     .none = "playouts run to the end of the game",
     .help = "decisions per playout before the game's heuristic estimate (games with heuristic_returns)",
     .per_game = true},
    {.name = "playout",
     .field = &SearchConfig::playout,
     .help = "playout moves: uniformly random, or MAST's action means epsilon-greedy (mast) or by Gibbs "
             "sampling (mast-gibbs)",
     .per_game = true},
    {.name = "mast_epsilon",
     .field = &SearchConfig::mast_epsilon,
     .max = 1,
     .help = "MAST epsilon-greedy: the share of uniformly random playout moves"},
    {.name = "mast_temperature",
     .field = &SearchConfig::mast_temperature,
     .min_excluded = true,
     .help = "MAST Gibbs sampling: P(a) proportional to exp(mean(a) / temperature)"},
    {.name = "score_weight",
     .field = &SearchConfig::score_weight,
     .max = 1,
     .help = "the share of a finished game's value taken from its score margin, as tanh(margin / "
             "score_scale) (games with scores)",
     .per_game = true},
    {.name = "score_scale",
     .field = &SearchConfig::score_scale,
     .min_excluded = true,
     .help = "the score margin that counts as a clear win",
     .per_game = true},
    {.name = "determinizations",
     .field = &SearchConfig::determinizations,
     .int_min = 1,
     .int_max = kInt32Max,
     .help = "PIMC: worlds searched, the iterations split between them",
     .costly = true},
    {.name = "threads",
     .field = &SearchConfig::threads,
     .int_min = 1,
     .int_max = 256,
     .help = "root parallelism: one tree per thread, statistics merged",
     .costly = true},
    {.name = "solve",
     .field = &SearchConfig::solve,
     .help = "MCTS-Solver: back up proven wins, losses and draws (two-player games without chance)"},
    {.name = "dirichlet_alpha",
     .field = &SearchConfig::dirichlet_alpha,
     .help = "PUCT: Dirichlet noise on the root priors (0: none)"},
    {.name = "dirichlet_epsilon",
     .field = &SearchConfig::dirichlet_epsilon,
     .max = 1,
     .help = "PUCT: the weight of that noise"},
    {.name = "gumbel_actions",
     .field = &SearchConfig::gumbel_actions,
     .int_min = 1,
     .int_max = kMaxChildrenOption,
     .help = "Gumbel: root actions considered (the best by prior and Gumbel noise), halved each round"},
    {.name = "gumbel_scale",
     .field = &SearchConfig::gumbel_scale,
     .help = "Gumbel: the scale of the root's Gumbel noise, which self-play explores with (1, as mctx); "
             "0: none, the prior's best actions are considered, the stronger player "
             "(benchmarks/gumbel_vs_uct.py)"},
    {.name = "oos_targeting",
     .field = &SearchConfig::oos_targeting,
     .max = 1,
     .help = "OOS: the share of iterations that sample only histories through the current information set "
             "(delta; below 1 keeps the whole game reachable)"},
    {.name = "oos_epsilon",
     .field = &SearchConfig::oos_epsilon,
     .max = 1,
     .min_excluded = true,
     .help = "OOS: the share of uniformly random moves of the player whose regrets an iteration updates"},
    {.name = "oos_tremble",
     .field = &SearchConfig::oos_tremble,
     .max = 0.5,
     .help = "OOS: the share of uniformly random play in every player's current strategy (a trembling hand), "
             "so that decisions reached only by moves those strategies would not make keep their weight; "
             "the strategy the search returns has it taken out"},
    {.name = "oos_public",
     .field = &SearchConfig::oos_public,
     .help = "OOS: target the current public state, where every private deal varies (the paper's public "
             "subgame targeting); False: the current information set"},
    {.name = "oos_regret_plus",
     .field = &SearchConfig::oos_regret_plus,
     .help = "OOS: regret matching+, cumulative regrets floored at 0 after each update (as CFR+): less "
             "exploitable searched afresh at each decision, more with a kept tree"},
    {.name = "oos_baseline",
     .field = &SearchConfig::oos_baseline,
     .help =
         "OOS: baselines (VR-MCCFR), each choice's value estimated by the mean of the values met below it "
         "and the sampled choice's corrected by the sample: less variance, the same expectation"},
    {.name = "beliefs",
     .field = &SearchConfig::beliefs,
     .help = "ISMCTS and MO-ISMCTS: worlds weighted by how likely the opponents' moves so far were with the "
             "cards each world gives them (search/world_beliefs.h); games whose history replays in a drawn "
             "world"},
    {.name = "playout_mix",
     .field = &SearchConfig::playout_mix,
     .max = 1,
     .help = "with a model: the share of each leaf's value taken from a native playout, the rest from the "
             "network (AlphaGo's lambda; 0: the network alone)",
     .per_game = true},
};

// The option named `name`, or nullptr.
const SearchOption* find_search_option(std::string_view name);

// "algorithm, iterations, ...": every option's name, for messages.
std::string search_option_names();

// The names an option of enum type takes (empty for other types).
std::vector<std::string> option_choices(const SearchOption& option);

// What the option accepts, for messages and help: "an int in [1, 256]", "a finite number > 0",
// "one of random, mast, mast-gibbs", "True or False".
std::string option_valid(const SearchOption& option);

// InvalidArgument "<label> must be <valid>, got <shown>" unless `value` is in the option's range.
void check_option_int(const SearchOption& option, uint64_t value, const std::string& label);
void check_option_number(const SearchOption& option, double value, const std::string& label);

// Every option of `config` in its range (an option left at its None value passes).
void check_search_config(const SearchConfig& config);

// The rules that tie options together, once the given ones are set: uct_c not given takes the
// algorithm's own; neither iterations nor time_limit given: kDefaultIterations.
void complete_search_config(SearchConfig& config, bool uct_c_given);

}  // namespace ts
