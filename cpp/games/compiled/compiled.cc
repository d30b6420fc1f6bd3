#include "games/compiled/compiled.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>

#include "core/hash.h"

namespace ts {
namespace {

using namespace compiled_abi;

// Scratch buffers of one thread (the rules write into caller-owned memory; no allocation per call
// once they have grown).
template <class T>
T* scratch(std::vector<T>& buffer, int64_t size) {
  if (static_cast<int64_t>(buffer.size()) < size) buffer.resize(static_cast<size_t>(size));
  return buffer.data();
}
thread_local std::vector<int32_t> tl_actions, tl_values;
thread_local std::vector<double> tl_probabilities;
thread_local std::vector<int64_t> tl_draws;
thread_local std::vector<ChanceOutcome> tl_outcomes;

// Which worlds are checked to keep the player's information state, so that a resample that
// changes what the player sees is named during any search, for a small fraction of the cost of
// checking every world: of the worlds drawn in a row for one player from one state (a search's
// root, drawn from again and again), the second, third, fifth, ninth and then every 16th; and
// the first of every 16th such run (searches that draw from a new state each time).
struct WorldChecks {
  const CompiledRules* rules = nullptr;
  int player = -1;
  unsigned char state[kCompiledStateCapacity];
  uint32_t drawn = 0;  // worlds drawn in this run
  uint32_t runs = 0;

  bool check_next(const CompiledRules* r, int p, const unsigned char* data) {
    const size_t bytes = static_cast<size_t>(r->state_bytes());
    if (r != rules || p != player || std::memcmp(state, data, bytes) != 0) {
      rules = r, player = p, drawn = 0;
      std::memcpy(state, data, bytes);
    }
    const uint32_t n = drawn++;
    if (n == 0) return runs++ % 16 == 0;
    return (n & (n - 1)) == 0 || n % 16 == 0;  // worlds 2, 3, 5, 9, 17, 33, 49, ...
  }
};
thread_local WorldChecks tl_worlds;

std::string number(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", v);
  return text;
}

std::string join(const std::vector<int64_t>& values) {
  std::string out;
  for (int64_t v : values) out += (out.empty() ? "" : " ") + std::to_string(v);
  return out;
}

}  // namespace

int64_t CompiledRules::observation_size() const {
  if (observation_shape.empty()) return 0;
  int64_t size = 1;
  for (int64_t d : observation_shape) {
    if (d < 0 || __builtin_mul_overflow(size, d, &size)) return INT64_MAX;
  }
  return size;
}

void CompiledRules::validate() const {
  auto bad = [&](const std::string& what) { fail("compiled game '" + name + "': " + what); };
  auto in_range = [&](int64_t value, const char* what, int64_t lo, int64_t hi) {
    if (value < lo || value > hi)
      bad(std::string(what) + " must be in " + std::to_string(lo) + ".." + std::to_string(hi) + ", got " +
          std::to_string(value));
  };
  in_range(num_players, "num_players()", 1, kMaxPlayers);
  if (element_size != 1 && element_size != 2 && element_size != 4 && element_size != 8)
    bad("state elements must be 1, 2, 4 or 8 bytes, got " + std::to_string(element_size));
  if ((element_kind != 'i' && element_kind != 'u' && element_kind != 'f') ||
      (element_kind == 'f' && element_size < 4))
    bad("state elements must be integers, float32 or float64");
  if (initial.empty() || initial.size() % static_cast<size_t>(element_size) != 0 ||
      initial.size() > static_cast<size_t>(kCompiledStateCapacity))
    bad("the state array must hold 1.." + std::to_string(kCompiledStateCapacity) + " bytes, got " +
        std::to_string(initial.size()));
  in_range(max_legal_actions, "max_legal_actions()", 1, kCompiledMaxActions);
  in_range(num_distinct_actions, "num_distinct_actions()", 1, kCompiledMaxActions);
  if (!(std::isfinite(min_utility) && std::isfinite(max_utility) && max_utility > min_utility))
    bad("min_utility() and max_utility() must be finite with min < max, got " + number(min_utility) +
        " and " + number(max_utility));
  in_range(max_game_length, "max_game_length()", 0, INT32_MAX);
  in_range(information_state_size, "information_state_size()", 0, kCompiledMaxVector);
  in_range(resample_draws, "resample_draws()", 0, kCompiledMaxVector);
  for (int64_t d : observation_shape) in_range(d, "observation_shape() entries", 1, kCompiledMaxVector);
  in_range(observation_size(), "the observation size (the product of observation_shape())", 0,
           kCompiledMaxVector);
  if (!apply_action || !current_player || !legal_actions || !returns)
    bad("current_player, legal_actions, apply_action and returns are required");
  if (has_chance != (chance_outcomes != nullptr))
    bad(has_chance ? "has_chance() is true but chance_outcomes is missing"
                   : "chance_outcomes is given but has_chance() is false");
  if (has_hidden_information && (!information_state || !resample))
    bad("a game with hidden information needs information_state and resample");
  if (!has_hidden_information && (information_state || resample))
    bad("information_state and resample are for games with hidden information (has_hidden_information())");
  if (information_state && information_state_size < 1)
    bad("information_state needs information_state_size >= 1");
  if (observation && observation_shape.empty()) bad("observation needs observation_shape");
}

CompiledGame::CompiledGame(const Params&) {
  fail("a compiled game is made from its rules, not from parameters");
}

CompiledGame::CompiledGame(std::shared_ptr<const CompiledRules> rules) : rules_(std::move(rules)) {
  rules_->validate();
}

CompiledState::CompiledState(const CompiledRules* rules) : rules_(rules) {
  std::memcpy(data_, rules->initial.data(), rules->initial.size());
  int64_t player = 0;
  check(rules_->current_player(data_, &player), "current_player", {});
  player_ = checked_player(player, "current_player");
}

void CompiledState::broken(const char* function, const std::string& what) const {
  std::string values;
  const int n = rules_->state_size();
  const std::vector<int64_t> shown = information_values(-1);
  for (int i = 0; i < n && i < 64; ++i) values += (i ? " " : "") + std::to_string(shown[i]);
  if (n > 64) values += " ...";
  fail("compiled game '" + rules_->name + "': " + function + " " + what + " (state: [" + values + "])");
}

void CompiledState::raised(int32_t status, const char* function, std::initializer_list<int64_t> args) const {
  if (status == kRaised || status == kRaisedInCurrentPlayer) {
    const char* where = status == kRaised ? function : "current_player";
    const std::vector<int64_t> values(args);
    const std::string why = rules_->explain ? rules_->explain(where, data_, values) : std::string();
    broken(where, "raised an exception" +
                      (values.empty() || where != function ? std::string()
                                                           : " with arguments (" + join(values) + ")") +
                      (why.empty() ? std::string() : ": " + why));
  }
  broken(function, "returned the unknown status " + std::to_string(status));
}

void CompiledState::world_differs(int player) const {
  broken("resample",
         "drew a world for player " + std::to_string(player) +
             " whose information_state differs from the state's: a world must keep everything the "
             "player knows");
}

void CompiledState::bad_player(int64_t player, const char* function) const {
  broken(function,
         "returned " + std::to_string(player) + "; valid: 0.." + std::to_string(rules_->num_players - 1) +
             (rules_->has_chance ? ", CHANCE (-1)" : ", CHANCE (-1) if has_chance()") + " or TERMINAL (-4)");
}

int CompiledState::legal_actions(Action* out) const {
  if (player_ == kTerminalPlayer) return 0;
  if (player_ == kChancePlayer) {
    ChanceOutcome* outcomes = scratch(tl_outcomes, rules_->max_legal_actions);
    const int n = chance_outcomes(outcomes);
    for (int i = 0; i < n; ++i) out[i] = outcomes[i].action;
    return n;
  }
  int64_t count = -1;
  check(rules_->legal_actions(data_, out, &count), "legal_actions", {});
  const int max = static_cast<int>(rules_->max_legal_actions);
  const int distinct = static_cast<int>(rules_->num_distinct_actions);
  if (count < 1 || count > max) [[unlikely]] {
    broken("legal_actions", "returned a count of " + std::to_string(count) +
                                "; a state that is not over has 1.." + std::to_string(max) +
                                " legal actions (max_legal_actions())");
  }
  Action previous = -1;
  for (int i = 0; i < count; ++i) {
    const Action a = out[i];
    if (a <= previous || a >= distinct) [[unlikely]] {
      if (a < 0 || a >= distinct) {
        broken("legal_actions", "listed action " + std::to_string(a) + ", outside 0.." +
                                    std::to_string(distinct - 1) + " (num_distinct_actions())");
      }
      broken("legal_actions", "listed " + std::to_string(previous) + " before " + std::to_string(a) +
                                  ": actions must be sorted and each listed once");
    }
    previous = a;
  }
  return static_cast<int>(count);
}

int CompiledState::chance_outcomes(ChanceOutcome* out) const {
  if (player_ != kChancePlayer) return 0;
  const int max = static_cast<int>(rules_->max_legal_actions);
  int32_t* actions = scratch(tl_actions, max);
  double* probabilities = scratch(tl_probabilities, max);
  int64_t count = -1;
  check(rules_->chance_outcomes(data_, actions, probabilities, &count), "chance_outcomes", {});
  if (count < 1 || count > max) [[unlikely]] {
    broken("chance_outcomes", "returned a count of " + std::to_string(count) + "; a chance node has 1.." +
                                  std::to_string(max) + " outcomes (max_legal_actions())");
  }
  double total = 0;
  for (int i = 0; i < count; ++i) {
    const double p = probabilities[i];
    if (actions[i] < 0 || (i > 0 && actions[i] <= actions[i - 1])) [[unlikely]] {
      broken("chance_outcomes", "listed outcome " + std::to_string(actions[i]) +
                                    (i > 0 ? " after " + std::to_string(actions[i - 1]) : std::string()) +
                                    ": outcomes must be >= 0, sorted and each listed once");
    }
    if (!(p > 0 && p <= 1)) [[unlikely]] {
      broken("chance_outcomes", "gave outcome " + std::to_string(actions[i]) + " the probability " +
                                    number(p) + "; probabilities must be in (0, 1]");
    }
    total += p;
    out[i] = {actions[i], p};
  }
  if (std::abs(total - 1.0) > 1e-6) [[unlikely]] {
    broken("chance_outcomes", "gave probabilities summing to " + number(total) + "; they must sum to 1");
  }
  return static_cast<int>(count);
}

void CompiledState::apply_action(Action action) {
  int64_t player = 0;
  check(rules_->apply_action(data_, action, &player), "apply_action", {action});
  player_ = checked_player(player, "current_player");
}

void CompiledState::returns(double* out) const {
  const int n = static_cast<int>(rules_->num_players);
  if (player_ != kTerminalPlayer) {
    for (int p = 0; p < n; ++p) out[p] = 0;
    return;
  }
  for (int p = 0; p < n; ++p) out[p] = std::nan("");
  check(rules_->returns(data_, out), "returns", {});
  for (int p = 0; p < n; ++p) {
    if (!std::isfinite(out[p])) [[unlikely]] {
      broken("returns", "left the value of player " + std::to_string(p) + " unset or not finite (" +
                            number(out[p]) + "): it must write one finite value for each of the " +
                            std::to_string(n) + " players");
    }
    if (out[p] < rules_->min_utility - 1e-9 || out[p] > rules_->max_utility + 1e-9) [[unlikely]] {
      broken("returns", "gave player " + std::to_string(p) + " the return " + number(out[p]) +
                            ", outside the game's utility range [" + number(rules_->min_utility) + ", " +
                            number(rules_->max_utility) + "]");
    }
  }
}

std::vector<int64_t> CompiledState::information_values(int player) const {
  std::vector<int64_t> out;
  if (player >= 0 && rules_->information_state) {
    const int size = static_cast<int>(rules_->information_state_size);
    int32_t* values = scratch(tl_values, size);
    check(rules_->information_state(data_, player, values), "information_state", {player});
    out.assign(values, values + size);
    return out;
  }
  // The state itself: what every player knows in a game without hidden information (player -1:
  // for messages). Floating-point elements are shown by their bits, so that equal means equal.
  const int n = rules_->state_size(), size = rules_->element_size;
  out.resize(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) {
    const unsigned char* at = data_ + static_cast<ptrdiff_t>(i) * size;
    if (rules_->element_kind == 'i') {
      if (size == 1) out[i] = *reinterpret_cast<const int8_t*>(at);
      if (size == 2) out[i] = *reinterpret_cast<const int16_t*>(at);
      if (size == 4) out[i] = *reinterpret_cast<const int32_t*>(at);
      if (size == 8) out[i] = *reinterpret_cast<const int64_t*>(at);
    } else if (rules_->element_kind == 'u') {
      if (size == 1) out[i] = *at;
      if (size == 2) out[i] = *reinterpret_cast<const uint16_t*>(at);
      if (size == 4) out[i] = *reinterpret_cast<const uint32_t*>(at);
      if (size == 8) out[i] = static_cast<int64_t>(*reinterpret_cast<const uint64_t*>(at));
    } else {
      const double v = size == 4 ? *reinterpret_cast<const float*>(at) : *reinterpret_cast<const double*>(at);
      out[i] = v == std::trunc(v) && std::abs(v) < 1e15 ? static_cast<int64_t>(v) : std::bit_cast<int64_t>(v);
    }
  }
  return out;
}

std::string CompiledState::information_state_string(int player) const {
  return join(information_values(player));
}

uint64_t CompiledState::information_state_key(int player) const {
  KeyHasher h;
  if (rules_->information_state) {
    const int size = static_cast<int>(rules_->information_state_size);
    int32_t* values = scratch(tl_values, size);
    check(rules_->information_state(data_, player, values), "information_state", {player});
    for (int i = 0; i < size; ++i) h.add(static_cast<uint64_t>(static_cast<uint32_t>(values[i])));
    return h.value();
  }
  const int bytes = rules_->state_bytes();
  for (int i = 0; i < bytes; i += 8) {
    uint64_t word = 0;
    std::memcpy(&word, data_ + i, static_cast<size_t>(std::min(8, bytes - i)));
    h.add(word);
  }
  return h.value();
}

void CompiledState::observation_tensor(int player, float* out) const {
  if (!rules_->observation) {
    fail("compiled game '" + rules_->name +
         "' has no observation tensors (give observation and observation_shape)");
  }
  const int size = static_cast<int>(rules_->observation_size());
  std::fill(out, out + size, 0.0f);
  check(rules_->observation(data_, player, out), "observation", {player});
  for (int i = 0; i < size; ++i) {
    if (!std::isfinite(out[i])) [[unlikely]] {
      broken("observation",
             "wrote " + number(out[i]) + " at index " + std::to_string(i) + "; values must be finite");
    }
  }
}

CompiledState CompiledState::resample_from_infostate(int player, Rng& rng,
                                                     std::vector<Action>* history) const {
  if (!rules_->resample) return *this;  // perfect information
  CompiledState world = *this;
  int64_t* draws = scratch(tl_draws, std::max<int64_t>(rules_->resample_draws, 1));
  for (int64_t i = 0; i < rules_->resample_draws; ++i) draws[i] = static_cast<int64_t>(rng.next() >> 1);
  int32_t* entries = history ? history->data() : nullptr;
  const int32_t length = history ? static_cast<int32_t>(history->size()) : 0;
  check(rules_->resample(data_, player, draws, world.data_, entries, length), "resample", {player});
  int64_t next = 0;
  world.check(rules_->current_player(world.data_, &next), "current_player", {});
  world.player_ = world.checked_player(next, "current_player");
  if (world.player_ != player_) [[unlikely]] {
    broken("resample", "drew a world for player " + std::to_string(player) + " where player " +
                           std::to_string(world.player_) + " is to move, not " + std::to_string(player_) +
                           ": a world must keep what every player knows");
  }
  if (tl_worlds.check_next(rules_, player, data_) &&
      world.information_state_key(player) != information_state_key(player)) [[unlikely]] {
    world_differs(player);
  }
  for (int i = 0; i < length; ++i) {
    if (entries[i] < 0) [[unlikely]]
      broken("resample", "wrote " + std::to_string(entries[i]) + " into the history: actions are >= 0");
  }
  return world;
}

Action CompiledState::observed_action(int observer, Action action) const {
  if (!rules_->observed_action) return action;
  int64_t seen = 0;
  check(rules_->observed_action(data_, observer, action, &seen), "observed_action", {observer, action});
  if (seen < INT32_MIN || seen > INT32_MAX) [[unlikely]] {
    broken("observed_action", "returned " + std::to_string(seen) + ", which does not fit in 32 bits");
  }
  return static_cast<Action>(seen);
}

std::string CompiledState::action_to_string(Action action) const {
  return rules_->action_to_string ? rules_->action_to_string(data_, action) : std::to_string(action);
}

std::string CompiledState::to_string() const {
  return rules_->state_to_string ? rules_->state_to_string(data_) : join(information_values(-1));
}

// What rule fuzzing (api/rule_fuzz.h) checks on every step, beyond the checks of every call:
// apply_action depends only on the state and the action; the functions that read the state do
// not write to it; and, with hidden information, a world drawn for a player keeps everything the
// player knows (the same information state and, if it is to move, the same legal actions).
void CompiledState::check_step(const CompiledState& before, Action action) const {
  CompiledState again = before;
  again.apply_action(action);
  const size_t bytes = static_cast<size_t>(rules_->state_bytes());
  if (std::memcmp(again.data_, data_, bytes) != 0) {
    before.broken("apply_action",
                  "is not deterministic: action " + std::to_string(action) +
                      " gave two different states (it must depend only on the state and the action)");
  }
  CompiledState copy = *this;
  const auto unchanged = [&](const char* function) {
    if (std::memcmp(copy.data_, data_, bytes) != 0) {
      broken(function, "wrote to the state: only apply_action and resample may change it");
    }
  };
  std::vector<Action> actions(static_cast<size_t>(rules_->max_legal_actions));
  std::vector<ChanceOutcome> outcomes(static_cast<size_t>(rules_->max_legal_actions));
  std::vector<double> values(static_cast<size_t>(rules_->num_players));
  std::vector<float> observation(static_cast<size_t>(rules_->observation_size()));
  if (player_ == kChancePlayer) {
    copy.chance_outcomes(outcomes.data());
    unchanged("chance_outcomes");
  } else if (player_ != kTerminalPlayer) {
    copy.legal_actions(actions.data());
    unchanged("legal_actions");
  } else {
    copy.returns(values.data());
    unchanged("returns");
  }
  Rng rng(KeyHasher().add(information_state_key(0)).add(static_cast<uint64_t>(action)).value());
  for (int p = 0; p < rules_->num_players; ++p) {
    const std::vector<int64_t> known = copy.information_values(p);
    unchanged("information_state");
    if (rules_->observation) {
      copy.observation_tensor(p, observation.data());
      unchanged("observation");
    }
    if (rules_->observed_action && player_ != kTerminalPlayer) {
      const int n = player_ == kChancePlayer ? copy.chance_outcomes(outcomes.data())
                                             : copy.legal_actions(actions.data());
      for (int i = 0; i < n; ++i)
        copy.observed_action(p, player_ == kChancePlayer ? outcomes[i].action : actions[i]);
      unchanged("observed_action");
    }
    if (!rules_->resample) continue;
    const CompiledState world = copy.resample_from_infostate(p, rng, nullptr);
    unchanged("resample");
    if (world.information_values(p) != known) world_differs(p);
    if (player_ == p) {
      std::vector<Action> theirs(actions.size());
      const int n = copy.legal_actions(actions.data()), m = world.legal_actions(theirs.data());
      if (n != m || !std::equal(actions.begin(), actions.begin() + n, theirs.begin())) {
        broken("resample",
               "drew a world for player " + std::to_string(p) +
                   ", who is to move, with other legal actions: the player to move knows its actions");
      }
    }
  }
}

void CompiledGame::check_resampled_histories(int64_t games, uint64_t seed, int64_t max_plies) const {
  if (!rules_->resample) return;
  Rng rng(seed);
  std::vector<Action> actions(static_cast<size_t>(rules_->max_legal_actions));
  std::vector<ChanceOutcome> outcomes(static_cast<size_t>(rules_->max_legal_actions));
  for (int64_t g = 0; g < games; ++g) {
    State state = new_initial_state(0);
    std::vector<Action> history;
    for (int64_t ply = 0; !state.is_terminal() && ply < max_plies; ++ply) {
      const bool sampled = ply < 64 || ply % 16 == 0;
      for (int p = 0; sampled && p < rules_->num_players; ++p) {
        std::vector<Action> rewritten = history;
        const State world = state.resample_from_infostate(p, rng, &rewritten);
        State replay = new_initial_state(0);
        for (size_t i = 0; i < rewritten.size(); ++i) {
          const int n = replay.is_terminal() ? 0 : replay.legal_actions(actions.data());
          if (!std::binary_search(actions.begin(), actions.begin() + n, rewritten[i])) {
            state.broken("resample", "rewrote the history so that entry " + std::to_string(i) + " (" +
                                         std::to_string(rewritten[i]) +
                                         ") is not legal when replayed (player " + std::to_string(p) + ")");
          }
          replay.apply_action(rewritten[i]);
        }
        if (std::memcmp(replay.data(), world.data(), static_cast<size_t>(rules_->state_bytes())) != 0) {
          state.broken("resample",
                       "drew a world for player " + std::to_string(p) +
                           " that its rewritten history does not lead to: rewrite the hidden entries "
                           "of history to the world's (a world is serialized as its history)");
        }
      }
      Action action;
      if (state.current_player() == kChancePlayer) {
        const int n = state.chance_outcomes(outcomes.data());
        action = outcomes[rng.sample(outcomes.data(), n)].action;
      } else {
        const int n = state.legal_actions(actions.data());
        action = actions[rng.below(static_cast<uint32_t>(n))];
      }
      state.apply_action(action);
      history.push_back(action);
    }
  }
}

}  // namespace ts
