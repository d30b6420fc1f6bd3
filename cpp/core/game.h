// The native game interface. A game is a pair of plain C++ types: a game class G (parameters,
// sizes, initial states) and its state S (a value type, cheap to copy). Search is templated on S,
// so native games run with static dispatch. The concepts below are the whole contract.
#pragma once
#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/description.h"
#include "core/fields.h"
#include "core/params.h"
#include "core/rng.h"
#include "core/types.h"

namespace ts {

template <class S>
concept GameState =
    std::copy_constructible<S> && requires(S s, const S c, Action a, Action* actions, ChanceOutcome* outcomes,
                                           double* values, float* tensor, int player) {
      { c.num_players() } -> std::same_as<int>;
      { c.current_player() } -> std::same_as<int>;  // 0..n-1, kChancePlayer or kTerminalPlayer
      { c.is_terminal() } -> std::same_as<bool>;
      // Writes the legal actions, sorted and unique, into a caller-owned buffer of at least
      // max_legal_actions() entries; returns how many. At a chance node: the outcomes.
      { c.legal_actions(actions) } -> std::same_as<int>;
      { c.chance_outcomes(outcomes) } -> std::same_as<int>;    // only at chance nodes
      { s.apply_action(a) };                                   // the action must be legal
      { c.returns(values) };                                   // one value per player, zero-sum
      { c.action_to_string(a) } -> std::same_as<std::string>;  // as seen by the player to move
      { c.to_string() } -> std::same_as<std::string>;
      { c.information_state_string(player) } -> std::same_as<std::string>;
      { c.observation_tensor(player, tensor) };  // writes game.observation_size() floats
    };

template <class G>
concept NativeGame = GameState<typename G::State> && requires(const G g, uint64_t seed, const Params& p) {
  { G::kName } -> std::convertible_to<const char*>;
  { g.parameter_specs() } -> std::same_as<std::vector<ParamSpec>>;  // static in registered games
  G(p);  // from resolved parameters (defaults filled in)
  { g.num_players() } -> std::same_as<int>;
  { g.max_legal_actions() } -> std::same_as<int>;     // bound on legal actions and chance outcomes
  { g.num_distinct_actions() } -> std::same_as<int>;  // player actions lie in [0, this)
  { g.has_chance() } -> std::same_as<bool>;
  { g.has_hidden_information() } -> std::same_as<bool>;
  { g.observation_shape() } -> std::same_as<std::vector<int>>;
  // Setup randomness (shuffles, deals, random boards) is drawn from the seed.
  { g.new_initial_state(seed) } -> std::same_as<typename G::State>;
};

// Optional: the most decisions (player actions; chance outcomes do not count) one game can take:
// a bound, not necessarily reached (OpenSpiel's MaxGameLength). Search does not need it; interop and analysis
// read it (Game.max_game_length() in Python; None for a game that declares none).
template <class G>
concept HasMaxGameLength = requires(const G g) {
  { g.max_game_length() } -> std::same_as<int>;
};

// Optional: the game's description (core/description.h): the names, component tables, action
// ranges and observation layout that drawings, move logs and the Python side read by name. It is
// built from the constants the rules use; the adapter adds the facts and the declared fields.
template <class G>
concept DescribesItself = requires(const G g) {
  { g.description() } -> std::same_as<GameDescription>;
};

// What else a game declares about itself is read from the concepts above and below, with these
// defaults (api/native_adapter.h collects them for Game):
//  - player counts: the range of its integer parameter "players", or else num_players() alone;
//  - utility range: the state's min_utility()/max_utility() (HasUtilityRange), or else [-1, 1];
//  - utility sum: 0 (every native game is zero-sum);
//  - parameters, with their help text: parameter_specs().

// Optional: a game with hidden information re-draws what `player` cannot know. If `history` is
// given, the game rewrites the hidden parts of it to match the new world, so that the resampled
// state's history reveals nothing the player does not know.
template <class S>
concept Resamplable = requires(const S c, int player, Rng& rng, std::vector<Action>* history) {
  { c.resample_from_infostate(player, rng, history) } -> std::same_as<S>;
};

// Optional: a game whose deal is drawn from the seed, not by chance actions in the history, gives
// the start of its current game as this state's world has it (its card faces; everything else as
// dealt, which is public): replaying the actions played in this game from there reaches this
// state. nullopt where it cannot (the game's start is not a fixed function of the faces). Searches
// that weigh worlds by the opponents' moves (search/world_beliefs.h) replay from it.
template <class S>
concept HasWorldStart = requires(const S c) {
  { c.world_start() } -> std::same_as<std::optional<S>>;
};

// Optional: a state that keeps, when asked from the start of a game, a record of its moves for
// people (its information-state text): whoever keeps it notes each action by record(action) just
// before apply_action(action). The adapter keeps one for the states it hands out and drops it from
// the copy a search starts from, so that no search's copy or move pays for it.
template <class S>
concept KeepsRecord = requires(S s, Action a) {
  { s.start_record() };
  { s.drop_record() };
  { s.record(a) };
};

// Optional: a state that is not determined by seed + history (for example after resampling)
// serializes its concrete contents. fields(v) declares every field once (core/fields.h: name,
// values, range, meaning), which writes, reads (each range checked) and describes them;
// check_fields() then validates a position read from untrusted fields as a whole (conservation
// of components, a reachable phase), failing (ts::fail) on the first problem, and may complete
// data derived from the fields.
template <class S>
concept HasFields = requires(S s, FieldVisitor& v) {
  { s.fields(v) };
  { s.check_fields() };
};

// The fields of `state`, in their declared order.
template <HasFields S>
Fields write_fields(const S& state) {
  Fields out;
  WritingFields writer(out);
  S copy = state;  // fields() serves reading too, so it takes a state it may change
  copy.fields(writer);
  return out;
}

// Replaces `state` by the position `in` describes, every field checked and then the whole; on a
// failure (InvalidArgument) `state` is left as it was. Fields `in` holds beyond the declared ones
// are left for in.check_all_read() to refuse.
template <HasFields S>
void read_fields(S& state, const FieldReader& in) {
  S read = state;  // keeps the game's parameters
  ReadingFields reader(in);
  read.fields(reader);
  read.check_fields();
  state = read;
}

// The declared fields of `state`'s game (their ranges may depend on its parameters).
template <HasFields S>
std::vector<FieldSpec> describe_fields(const S& state) {
  std::vector<FieldSpec> out;
  DescribingFields describer(out);
  S copy = state;
  copy.fields(describer);
  return out;
}

// Optional: a fast chance sampler (default: chance_outcomes + Rng::sample).
template <class S>
concept SamplesChance = requires(const S c, Rng& rng) {
  { c.sample_chance(rng) } -> std::same_as<Action>;
};

// Optional: how an action looks to `observer` (called on the state where the action is taken,
// chance outcomes included). Actions the observer cannot tell apart (which card went face down,
// which card an opponent was dealt) map to the same value. Default: every action is public.
// Multiple-observer ISMCTS builds each player's tree from these observations.
template <class S>
concept ObservesActions = requires(const S c, int observer, Action a) {
  { c.observed_action(observer, a) } -> std::same_as<Action>;
};

// Optional: rule-level invariants for fuzzing. check_step(before, action) is called on the state
// reached by applying `action` to `before`, and fails (ts::fail) naming the first invariant the
// step broke (conservation of components, turn order, who may act, the end conditions, ...).
template <class S>
concept ChecksRules = requires(const S c, const S& before, Action a) {
  { c.check_step(before, a) };
};

// Optional: an estimate of the returns of a non-terminal state (same range and zero-sum shape as
// returns()), cheap to compute, from what the state shows (points, cards in play, distances).
// Searches with a rollout cutoff stop their playouts early and use it (search/playout.h).
// A heuristic may read the whole state: searches only call it on worlds they drew themselves.
template <class S>
concept HasHeuristic = requires(const S c, double* values) {
  { c.heuristic_returns(values) };
};

// Optional: a cheap 64-bit key of `player`'s information state (what it knows here): equal
// whenever information_state_string(player) is equal, and different otherwise up to hash
// collisions (each game tests that it has none over the states it can enumerate). Search that
// keys its nodes by the acting player's information set uses it on its hot path; without it the
// search hashes information_state_string (correct, but slower).
template <class S>
concept HasInfoKey = requires(const S c, int player) {
  { c.information_state_key(player) } -> std::same_as<uint64_t>;
};

// Optional: the smallest and largest return any player can get in this game (bounds, not
// necessarily reached). Search scales values to [-1, 1] with it, so an exploration constant means
// the same in every game. Default: [-1, 1] (win/loss games).
template <class S>
concept HasUtilityRange = requires(const S c) {
  { c.min_utility() } -> std::same_as<double>;
  { c.max_utility() } -> std::same_as<double>;
};

// Optional: per-player scores (for example points), reported beside the zero-sum returns.
template <class S>
concept HasScores = requires(const S c, double* values) {
  { c.scores(values) };
};

// Optional: a state whose every call is costly (a call into Python). Searches then check their
// budget at every ply of a random playout instead of every few hundred plies.
template <class S>
concept CostlyCalls = requires { requires S::kCostlyCalls; };

}  // namespace ts
