// Wraps a native game (core/game.h) in the type-erased interface, adding what search does not
// need on its hot path: the action history, legality checks, and the seed.
#pragma once
#include <algorithm>
#include <chrono>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "api/any_game.h"
#include "api/rule_fuzz.h"
#include "api/search_entry.h"
#include "api/search_job.h"
#include "core/game.h"
#include "search/infoset_keys.h"
#include "search/observe.h"
#include "search/return_scale.h"
#include "search/rollout.h"

namespace ts {

template <NativeGame G>
class NativeGameAdapter;

template <NativeGame G>
class NativeStateAdapter final : public AnyState, public NativeSearchable {
 public:
  using S = typename G::State;

  NativeStateAdapter(std::shared_ptr<const NativeGameAdapter<G>> game, S state, uint64_t seed,
                     std::vector<Action> history = {})
      : game_(std::move(game)), state_(std::move(state)), seed_(seed), history_(std::move(history)) {}

  std::shared_ptr<const AnyGame> get_game() const override { return game_; }
  int num_players() const override { return state_.num_players(); }
  int current_player() const override { return state_.current_player(); }
  bool is_terminal() const override { return state_.is_terminal(); }

  std::vector<Action> legal_actions() const override {
    if (state_.is_terminal()) return {};
    std::vector<Action> out(max_actions());
    out.resize(state_.legal_actions(out.data()));
    return out;
  }

  std::vector<ChanceOutcome> chance_outcomes() const override {
    if (state_.current_player() != kChancePlayer) return {};
    std::vector<ChanceOutcome> out(max_actions());
    out.resize(state_.chance_outcomes(out.data()));
    return out;
  }

  void apply_action(Action action) override {
    if (state_.is_terminal()) fail("cannot apply action " + std::to_string(action) + ": the game is over");
    const std::vector<Action> legal = legal_actions();
    if (!std::binary_search(legal.begin(), legal.end(), action)) {
      fail("illegal action " + std::to_string(action) + "; legal actions: " + list(legal));
    }
    if constexpr (KeepsRecord<S>) state_.record(action);
    state_.apply_action(action);
    history_.push_back(action);
  }

  std::vector<double> returns() const override {
    std::vector<double> out(num_players());
    state_.returns(out.data());
    return out;
  }

  std::vector<double> scores() const override {
    if constexpr (HasScores<S>) {
      std::vector<double> out(num_players());
      state_.scores(out.data());
      return out;
    } else {
      return returns();
    }
  }

  std::unique_ptr<AnyState> clone() const override { return std::make_unique<NativeStateAdapter>(*this); }
  const std::vector<Action>& history() const override { return history_; }
  uint64_t seed() const override { return seed_; }

  std::string action_to_string(Action action) const override { return state_.action_to_string(action); }
  std::string to_string() const override { return state_.to_string(); }

  std::string information_state_string(int player) const override {
    check_player(player);
    return state_.information_state_string(player);
  }

  std::vector<float> observation_tensor(int player) const override {
    check_player(player);
    int size = 1;
    for (int d : game_->observation_shape()) size *= d;
    std::vector<float> out(size, 0.0f);
    state_.observation_tensor(player, out.data());
    return out;
  }

  std::unique_ptr<AnyState> resample_from_infostate(int player, uint64_t seed) const override {
    check_player(player);
    if constexpr (Resamplable<S>) {
      Rng rng(seed);
      std::vector<Action> history = history_;
      S resampled = state_.resample_from_infostate(player, rng, &history);
      // The true seed would let a reader rebuild the hidden setup, so the copy gets the new one.
      return std::make_unique<NativeStateAdapter>(game_, std::move(resampled), seed, std::move(history));
    } else {
      return clone();
    }
  }

  uint64_t information_state_key(int player) const override {
    check_player(player);
    return infoset_key(state_, player);
  }

  Action observed_action(int observer, Action action) const override {
    check_player(observer);
    return ts::observed_action(state_, observer, action);
  }

  bool has_heuristic() const override { return HasHeuristic<S>; }

  std::vector<double> heuristic_returns() const override {
    if constexpr (HasHeuristic<S>) {
      std::vector<double> out(num_players(), 0.0);
      if (state_.is_terminal()) {
        state_.returns(out.data());
      } else {
        state_.heuristic_returns(out.data());
      }
      return out;
    } else {
      return AnyState::heuristic_returns();
    }
  }

  Fields fields() const override {
    if constexpr (HasFields<S>) return write_fields(state_);
    return {};
  }

  // The search on this state's native type: the families are compiled apart (api/search_job.h).
  SearchResult search_native(const SearchConfig& config, TreeStorage& trees,
                             AnyEvaluator* evaluator) const override {
    // The path from the start (for beliefs). The initial state of seed 0, never this state's
    // seed: a game whose setup depends on the seed (hidden deals) does not replay from it, and
    // the search then goes without (it checks); the true seed must not reach the search.
    std::optional<Trajectory<S>> trajectory;
    if (wants_trajectory(config, game_->has_hidden_information())) {
      trajectory.emplace(Trajectory<S>{game_->native().new_initial_state(0), history_});
    }
    const S root = without_record(state_);
    SearchJob<S> job{.root = root,
                     .max_legal_actions = max_actions(),
                     .num_distinct_actions = game_->num_distinct_actions(),
                     .config = config,
                     .trees = trees,
                     .trajectory = trajectory ? &*trajectory : nullptr};
    if (evaluator) {
      job.evaluator = evaluator;
      job.wrap = [game = game_](const S& leaf) {
        return std::make_unique<NativeStateAdapter>(game, leaf, 0);
      };
      job.observation_shape = game_->observation_shape();
    }
    return run_search_job(job);
  }

  double time_random_playouts_native(int64_t count, uint64_t seed) const override {
    Rng rng(seed);
    std::vector<Action> actions(max_actions());
    std::vector<ChanceOutcome> outcomes(max_actions());
    const S root = without_record(state_);
    const auto start = std::chrono::steady_clock::now();
    for (int64_t i = 0; i < count; ++i) {
      S state = root;
      random_playout(state, rng, actions.data(), outcomes.data());
    }
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }

  const S& native() const { return state_; }
  S& native() { return state_; }

 private:
  int max_actions() const { return game_->native().max_legal_actions(); }

  static S without_record(S state) {
    if constexpr (KeepsRecord<S>) state.drop_record();
    return state;
  }

  static std::string list(const std::vector<Action>& actions) {
    if (actions.empty()) return "none";
    std::string out;
    for (Action a : actions) out += (out.empty() ? "" : ", ") + std::to_string(a);
    return out;
  }

  std::shared_ptr<const NativeGameAdapter<G>> game_;
  S state_;
  uint64_t seed_;
  std::vector<Action> history_;
};

template <NativeGame G>
class NativeGameAdapter final : public AnyGame {
 public:
  explicit NativeGameAdapter(const Params& params) : params_(params), game_(params) {}
  // A game its caller built (a compiled game, made from rules given at run time).
  NativeGameAdapter(const Params& params, G game) : params_(params), game_(std::move(game)) {}

  std::string name() const override {
    if constexpr (requires { game_.name(); }) {
      return game_.name();
    } else {
      return G::kName;
    }
  }
  const Params& params() const override { return params_; }
  int num_players() const override { return game_.num_players(); }
  int max_legal_actions() const override { return game_.max_legal_actions(); }
  int num_distinct_actions() const override { return game_.num_distinct_actions(); }
  bool has_chance() const override { return game_.has_chance(); }
  bool has_hidden_information() const override { return game_.has_hidden_information(); }
  std::vector<int> observation_shape() const override { return game_.observation_shape(); }
  std::vector<ParamSpec> parameter_specs() const override { return game_.parameter_specs(); }

  // What the game declares, with the defaults core/game.h states.
  GameFacts facts() const override {
    GameFacts facts;
    facts.min_players = facts.max_players = game_.num_players();
    for (const ParamSpec& spec : parameter_specs()) {
      if (spec.name == "players" && std::holds_alternative<int64_t>(spec.default_value)) {
        facts.min_players = static_cast<int>(spec.min_int);
        facts.max_players = static_cast<int>(spec.max_int);
      }
    }
    const ReturnScale range = ReturnScale::of(game_.new_initial_state(0));
    facts.min_utility = range.mid - range.half;
    facts.max_utility = range.mid + range.half;
    if constexpr (HasMaxGameLength<G>) facts.max_game_length = game_.max_game_length();
    return facts;
  }
  GameDescription description() const override {
    GameDescription out;
    if constexpr (DescribesItself<G>) out = game_.description();
    if constexpr (HasFields<typename G::State>) out.fields = describe_fields(game_.new_initial_state(0));
    return out;
  }
  bool serializes_fields() const override { return HasFields<typename G::State>; }
  bool has_information_state_keys() const override { return HasInfoKey<typename G::State>; }

  std::vector<int64_t> fuzz_rules(int64_t games, uint64_t seed) const override {
    const FuzzCounts c = ts::fuzz_rules(game_, games, seed);
    return {c.games, c.plies, c.checks, c.round_trips};
  }

  std::unique_ptr<AnyState> new_initial_state(uint64_t seed) const override {
    return std::make_unique<NativeStateAdapter<G>>(self(), recorded_start(seed), seed);
  }

  std::unique_ptr<AnyState> restore(uint64_t seed, const std::vector<Action>& history,
                                    const Fields* fields) const override {
    auto state = std::make_unique<NativeStateAdapter<G>>(self(), recorded_start(seed), seed);
    if constexpr (HasFields<typename G::State>) {
      if (fields) {
        // The fields are the position, validated in full by the game. The history cannot be
        // replayed against them (a resampled world does not follow from its seed), so it is a
        // record of the moves: each entry must at least be an action the game can produce.
        check_history_record(history);
        const FieldReader reader(*fields);
        read_fields(state->native(), reader);
        reader.check_all_read();
        return std::make_unique<NativeStateAdapter<G>>(self(), state->native(), seed, history);
      }
    }
    for (size_t i = 0; i < history.size(); ++i) {
      try {
        state->apply_action(history[i]);
      } catch (const InvalidArgument& e) {
        fail("history entry " + std::to_string(i) + ": " + e.what());
      }
    }
    return state;
  }

  const G& native() const { return game_; }

 private:
  // The states handed out keep their record of moves (core/game.h, KeepsRecord).
  typename G::State recorded_start(uint64_t seed) const {
    typename G::State state = game_.new_initial_state(seed);
    if constexpr (KeepsRecord<typename G::State>) state.start_record();
    return state;
  }

  // Player actions lie in [0, num_distinct_actions); chance outcomes have no such bound.
  void check_history_record(const std::vector<Action>& history) const {
    const Action bound =
        game_.has_chance() ? std::numeric_limits<Action>::max() : game_.num_distinct_actions();
    for (size_t i = 0; i < history.size(); ++i) {
      if (history[i] < 0 || history[i] >= bound) {
        fail("history entry " + std::to_string(i) + " is " + std::to_string(history[i]) +
             ", not an action of this game (0.." + std::to_string(bound - 1) + ")");
      }
    }
  }

  std::shared_ptr<const NativeGameAdapter> self() const {
    return std::static_pointer_cast<const NativeGameAdapter>(shared_from_this());
  }
  Params params_;
  G game_;
};

}  // namespace ts
