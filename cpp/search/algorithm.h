// The search algorithms: one enum value and one row of kAlgorithms each. The name is what users
// write (algorithm="uct"); the option table (search/options.h) reads it once, where a search is
// requested, and the search code compares the enum. Algorithms come in families that share a
// tree kind and one compiled unit per game (api/search_job.h): adding an algorithm to a family
// rebuilds that family only.
#pragma once
#include <string>

#include "core/types.h"
#include "search/selection.h"

namespace ts {

enum class Algorithm {
  kUct,
  kPuct,
  kIsmcts,
  kMoIsmcts,
  kPimc,
  kSmoothUct,
  kInfosetUct,
  kGumbel,
  kOos,
  kIsmctsPuct
};

// uct: UCT, PUCT, Gumbel and PIMC (node arenas, search/uct.h, search/gumbel.h); ismcts: information-set trees
// (search/ismcts.h), with or without priors; smooth: information-set tables (search/smooth_uct.h); oos:
// regret tables (search/outcome_sampling.h).
enum class Family { kUct, kIsmcts, kSmooth, kOos };

inline constexpr double kSqrt2 = 1.4142135623730951;

// What algorithm="auto" picks when the game names no algorithm of its own (mcts.search): the
// algorithm of the first case that holds for the game and the evaluator, in this order.
enum class AutoCase { kNone, kHiddenPriors, kHiddenTwoPlayerKeys, kHidden, kPriors, kPerfect };

struct AutoCaseInfo {
  AutoCase auto_case;
  const char* name;
  const char* when;
};

inline constexpr AutoCaseInfo kAutoCases[] = {
    {AutoCase::kHiddenPriors, "hidden-priors", "hidden information and an evaluator that gives priors"},
    {AutoCase::kHiddenTwoPlayerKeys, "hidden-two-players-keys",
     "hidden information, two players and information-state keys"},
    {AutoCase::kHidden, "hidden", "hidden information"},
    {AutoCase::kPriors, "priors", "an evaluator that gives priors, or takes batches"},
    {AutoCase::kPerfect, "perfect", "otherwise"},
};

// What algorithm="auto" reads of a game and an evaluator.
struct AutoFacts {
  bool hidden_information = false;
  bool two_players = false;
  bool information_state_keys = false;
  bool priors = false;  // an evaluator that gives priors, or takes batches
};

inline bool auto_case_holds(AutoCase auto_case, const AutoFacts& facts) {
  switch (auto_case) {
    case AutoCase::kHiddenTwoPlayerKeys:
      return facts.hidden_information && facts.two_players && facts.information_state_keys;
    case AutoCase::kHiddenPriors:
      return facts.hidden_information && facts.priors;
    case AutoCase::kHidden:
      return facts.hidden_information;
    case AutoCase::kPriors:
      return facts.priors;
    case AutoCase::kPerfect:
      return true;
    case AutoCase::kNone:
      return false;
  }
  return false;
}

// An algorithm whose root chooses by the same rule as the nodes below it.
inline constexpr Selection kSameRule = static_cast<Selection>(0xFF);

struct AlgorithmInfo {
  Algorithm algorithm;
  const char* name;
  Family family;
  Selection root_selection = kSameRule;  // the rule that chooses among the root's children
  Selection selection = kNoRule;         // the rule that chooses a child below the root (search/selection.h)
  const char* strategy = "";             // with kNoRule: the strategy it samples actions from
  bool keeps_tree = false;               // its tree continues in the next search (tree reuse)
  bool hidden_information = false;       // reads only what the player to move may know (resampled worlds)
  bool needs_trajectory = false;        // searches from the start of the game along the path played (beliefs)
  double default_uct_c = kSqrt2;        // the exploration constant when the caller gives none
  AutoCase auto_for = AutoCase::kNone;  // the case in which algorithm="auto" picks it
  const char* help = "";
};

inline constexpr AlgorithmInfo kAlgorithms[] = {
    {.algorithm = Algorithm::kUct,
     .name = "uct",
     .family = Family::kUct,
     .selection = kRule<Ucb1>,
     .keeps_tree = true,
     .auto_for = AutoCase::kPerfect,
     .help = "UCT over a tree of positions (search/uct.h); with solve=True, MCTS-Solver"},
    {.algorithm = Algorithm::kPuct,
     .name = "puct",
     .family = Family::kUct,
     .selection = kRule<Puct>,
     .keeps_tree = true,
     .auto_for = AutoCase::kPriors,
     .help = "PUCT: UCT guided by an evaluator's priors (uniform without them), as AlphaZero"},
    {.algorithm = Algorithm::kIsmcts,
     .name = "ismcts",
     .family = Family::kIsmcts,
     .selection = kRule<Ucb1>,
     .keeps_tree = true,
     .hidden_information = true,
     .auto_for = AutoCase::kHidden,
     .help = "single-observer information-set MCTS: one tree of the searching player's information sets"},
    {.algorithm = Algorithm::kMoIsmcts,
     .name = "mo-ismcts",
     .family = Family::kIsmcts,
     .selection = kRule<Ucb1>,
     .keeps_tree = true,
     .hidden_information = true,
     .help = "multiple-observer information-set MCTS: one tree per player"},
    {.algorithm = Algorithm::kPimc,
     .name = "pimc",
     .family = Family::kUct,
     .selection = kRule<Ucb1>,
     .hidden_information = true,
     .help =
         "perfect-information Monte Carlo: UCT on worlds drawn from the searching player's information set"},
    // Values scaled to [-1, 1]; uct_c 1.0 measured on a poker game (docs/hidden-information.md).
    {.algorithm = Algorithm::kSmoothUct,
     .name = "smooth-uct",
     .family = Family::kSmooth,
     .selection = kRule<Ucb1>,
     .hidden_information = true,
     .needs_trajectory = true,
     .default_uct_c = 1.0,
     .help = "Smooth UCT over information sets: a mixed policy that approaches an equilibrium"},
    {.algorithm = Algorithm::kInfosetUct,
     .name = "infoset-uct",
     .family = Family::kSmooth,
     .selection = kRule<Ucb1>,
     .hidden_information = true,
     .needs_trajectory = true,
     .default_uct_c = 1.0,
     // Picked over smooth-uct by equal-time matches against OpenSpiel's ISMCTSBot on the native
     // poker game (docs/hidden-information.md, figures for oos).
     .auto_for = AutoCase::kHiddenTwoPlayerKeys,
     .help = "UCT over every player's information sets (smooth-uct without its average policy)"},
    // uct_c is not used: its rules map values onto the game's range (search/selection/gumbel.h).
    {.algorithm = Algorithm::kGumbel,
     .name = "gumbel",
     .family = Family::kUct,
     .root_selection = kRule<SequentialHalving>,
     .selection = kRule<GumbelInterior>,
     .help = "Gumbel root search (Danihelka et al. 2022): sequential halving over sampled root actions, an "
             "improved policy"},
    // Two-player zero-sum games with hidden information (it runs on any, with no guarantee).
    // uct_c is not used: oos_epsilon explores.
    {.algorithm = Algorithm::kOos,
     .name = "oos",
     .family = Family::kOos,
     .selection = kNoRule,
     .strategy = "regret matching",
     .keeps_tree = true,
     .hidden_information = true,
     .needs_trajectory = true,
     .help = "Online Outcome Sampling (Lisy et al. 2015): regret matching over information sets, targeted at "
             "the current one; an average strategy that converges to an equilibrium, for the whole game with "
             "a kept tree"},
    {.algorithm = Algorithm::kIsmctsPuct,
     .name = "ismcts-puct",
     .family = Family::kIsmcts,
     .selection = kRule<Puct>,
     .keeps_tree = true,
     .hidden_information = true,
     // Picked over ismcts for a network: 20 minutes of self-play with it reached ladder Elo +715 [+615,
     // +831] on a long card game, with ismcts +238 [+143, +328] (docs/training.md).
     .auto_for = AutoCase::kHiddenPriors,
     .help = "single-observer ISMCTS guided by an evaluator's priors (uniform without them): PUCT over the "
             "searching player's information sets, each leaf valued by the evaluator"},
};

// A batched evaluator (many leaves per call, for neural networks) goes with the node arena and a
// rule with priors (search/batched_puct.h).
constexpr bool takes_batches(const AlgorithmInfo& info) {
  return info.family == Family::kUct && info.keeps_tree && uses_priors(info.selection);
}

// Each case of algorithm="auto" picks one algorithm.
static_assert([] {
  for (const auto& c : kAutoCases) {
    int n = 0;
    for (const auto& info : kAlgorithms) n += info.auto_for == c.auto_case;
    if (n != 1) return false;
  }
  return true;
}());

// Only node arenas and information-set trees keep priors: tables take rules without them.
static_assert([] {
  for (const auto& info : kAlgorithms) {
    if ((info.family == Family::kSmooth || info.family == Family::kOos) && uses_priors(info.selection))
      return false;
  }
  return true;
}());

inline const AlgorithmInfo& algorithm_info(Algorithm algorithm) {
  for (const auto& info : kAlgorithms) {
    if (info.algorithm == algorithm) return info;
  }
  fail_internal("algorithm value " + std::to_string(static_cast<int>(algorithm)) +
                " has no row in kAlgorithms");
}

inline const char* algorithm_name(Algorithm algorithm) { return algorithm_info(algorithm).name; }

// The rule that chooses among the root's children.
constexpr Selection root_rule(const AlgorithmInfo& info) {
  return info.root_selection == kSameRule ? info.selection : info.root_selection;
}

// An algorithm either chooses by rules or samples from a strategy; only a node arena applies a
// root rule of its own (search/gumbel.h).
static_assert([] {
  for (const auto& info : kAlgorithms) {
    if ((info.selection == kNoRule) == (info.strategy[0] == '\0')) return false;
    if (info.root_selection != kSameRule && info.family != Family::kUct) return false;
  }
  return true;
}());

// The selection rule of `algorithm` (below the root) with the exploration constant `c`.
inline Selector selector_for(Algorithm algorithm, double c) {
  return Selector(algorithm_info(algorithm).selection, c);
}

// The algorithm of the first case of kAutoCases that holds for `facts`: the one rule behind
// algorithm="auto", which mcts.search, the OpenSpiel games and the trainer all ask.
inline const char* auto_algorithm(const AutoFacts& facts) {
  for (const auto& c : kAutoCases) {
    if (!auto_case_holds(c.auto_case, facts)) continue;
    for (const auto& info : kAlgorithms) {
      if (info.auto_for == c.auto_case) return info.name;
    }
  }
  fail_internal("no algorithm has the case that always holds (kPerfect)");
}

}  // namespace ts
