// Smooth UCT (Heinrich and Silver, "Smooth UCT Search in Computer Poker", IJCAI 2015) over
// information sets, for two-player zero-sum games with hidden information.
//
// Every decision node is the information set of the player who acts there (InfosetTable, keyed
// by that player's information-state key), as in OpenSpiel's ISMCTSBot: an opponent's choice in
// the search depends on the opponent's own private cards. Each iteration draws a world
// consistent with what the searching player knows (determinize), walks it down selecting at
// each information set, adds one information set per iteration, finishes with the leaf
// evaluator (random playouts) and backs the values up (compared with the exploration term as
// if scaled to [-1, 1] by the game's return range: search/selection.h).
//
// Selection at information set u with N(u) visits: with probability
//     eta(u) = max(gamma, eta0 / (1 + d sqrt(N(u))))
// UCB (untried actions first, then mean + c sqrt(ln N(u) / N(u,a))), otherwise an action drawn
// from the average policy N(u,a)/N(u). Mixing the average policy into selection makes the
// average policy approach a Nash equilibrium in two-player zero-sum games where plain UCT's
// oscillates (the paper's results on small poker games). The search's policy is that average policy
// at the root information set: a mixed strategy, and the result says so (mixed = true), so an
// agent samples its move from it instead of taking the argmax.
//
// With smooth = false the same search selects by UCB alone (eta = 1): ISMCTS with nodes keyed
// by the acting player's information set ("infoset-uct").
//
// Beliefs. A search that starts every iteration at the root, in a world drawn uniformly from
// what the root player knows, assumes that the opponent's hidden cards are uniformly distributed
// whatever the opponent did to get here. Given the path from the start of the game (a
// Trajectory; two-player games whose resampler rewrites the history so that it replays from
// the initial state), the search mixes two kinds of iteration:
//  - whole game (a quarter): from the initial state, as in Heinrich and Silver's self-play
//    search; this learns how each player acts before the root;
//  - root: from the root, in a world where the opponent's hidden cards follow the posterior
//    given the actions played: weighted by the probability that the opponent's average policy
//    takes those actions with them (a Metropolis-Hastings chain whose proposals are the game's
//    own resampler, so nothing but the root player's information enters).
// Measured on the poker game (docs/hidden-information.md): exploitability 0.40 against 0.45 without
// beliefs at 100,000 iterations; level at 10,000.
//
// The root state is read only through determinize(root, root_player, ...), through the root
// player's own key and through resample_from_infostate of the trajectory's history: search from
// two states the root player cannot tell apart is identical.
#pragma once
#include <cmath>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

#include "core/game.h"
#include "search/budget.h"
#include "search/checks.h"
#include "search/config.h"
#include "search/infoset_keys.h"
#include "search/infoset_table.h"
#include "search/observe.h"
#include "search/pick.h"
#include "search/rollout.h"
#include "search/score_margin.h"
#include "search/search_loop.h"
#include "search/selection.h"
#include "search/trajectory.h"
#include "search/tree_stats.h"

namespace ts {

// The paper's schedule for its larger poker game (eta0 0.9, gamma 0.1, d 0.002).
struct SmoothUctSchedule {
  double eta0 = 0.9;
  double gamma = 0.1;
  double d = 0.002;

  double eta(uint32_t visits) const {
    return std::max(gamma, eta0 / (1.0 + d * std::sqrt(static_cast<double>(visits))));
  }
};

// The share of iterations a search with a trajectory spends on the whole game.
inline constexpr double kWholeGameShare = 0.25;

template <GameState S, class Evaluator>
class SmoothUctSearch {
 public:
  SmoothUctSearch(const SearchConfig& config, int max_legal_actions, Evaluator& evaluator, bool smooth,
                  InfosetTable& table)
      : config_(config),
        evaluator_(evaluator),
        smooth_(smooth),
        table_(table),
        rng_(config.seed),
        selector_(selector_for(config.algorithm, config.uct_c)),
        actions_(max_legal_actions),
        outcomes_(max_legal_actions),
        available_(max_legal_actions) {}

  SearchResult run(const S& root, const Trajectory<S>* trajectory = nullptr) {
    check_searchable(root);
    selector_.scale_values(ReturnScale::of(root));
    root_ = &root;
    root_player_ = root.current_player();
    const int num_players = root.num_players();
    if (trajectory) beliefs_ = setup_beliefs(root, *trajectory);

    // The root's legal actions, from one world: the player to move has them in every world.
    const S view = determinize(root, root_player_, rng_);
    const int num_root_actions = view.legal_actions(actions_.data());
    const std::vector<Action> root_actions(actions_.begin(), actions_.begin() + num_root_actions);
    const uint64_t root_key = infoset_key(view, root_player_);

    root_sums_.assign(num_players, 0.0);
    const LoopStats loop = run_iterations(config_, *this, evaluator_);
    const int64_t done = loop.iterations;
    for (double& v : root_sums_)
      v = at_root_ ? v * static_cast<double>(done) / static_cast<double>(at_root_) : 0.0;

    SearchResult result = tree_result(smooth_ ? "smooth-uct" : "infoset-uct", done, loop.elapsed, table_,
                                      RootTally{root_sums_, done});
    const int32_t root_set = table_.find(root_key);
    for (Action a : root_actions) {
      int64_t visits = 0;
      double mean = 0;
      if (root_set >= 0) {
        const Infoset& set = table_[root_set];
        const InfosetSlot* slots = table_.slots(set);
        for (uint32_t i = 0; i < set.num_actions; ++i) {
          if (slots[i].action == a) {
            visits = slots[i].visits;
            mean = slots[i].mean;
          }
        }
      }
      result.stats.push_back({a, visits, mean});
    }
    result.best_action = most_visited(result.stats);
    result.mixed = smooth_;
    return result;
  }

  // The steps of one iteration (search/search_loop.h): with beliefs, a quarter of the
  // iterations start at the game's start, the others in a world at the root.

  bool complete() const { return false; }

  // Leaves raw returns in `values`.
  void simulate(double* values) {
    whole_game_ = beliefs_ && rng_.uniform() < kWholeGameShare;
    S world = whole_game_ ? *initial_
              : beliefs_  ? posterior_world()
                          : determinize(*root_, root_player_, rng_);
    path_.clear();
    if (select(world)) expand(world);
    if (world.is_terminal()) {
      world.returns(values);
      blend_score_margin(world, config_.score_weight, config_.score_scale, values);
    } else {
      evaluator_.evaluate(std::move(world), rng_, values);  // not used after
    }
  }

  // Backs the values up; root values from the iterations at the root only.
  void backup(const double* values) {
    const int n = static_cast<int>(root_sums_.size());
    for (const Step& step : path_) {
      Infoset& set = table_[step.set];
      InfosetSlot& slot = table_.slots(set)[step.slot];
      set.visits += 1;
      slot.visits += 1;
      slot.mean += static_cast<float>((values[step.mover] - slot.mean) / slot.visits);
    }
    if (whole_game_) return;
    for (int p = 0; p < n; ++p) root_sums_[p] += values[p];
    ++at_root_;
  }

 private:
  struct Step {
    int32_t set;
    uint32_t slot;
    int mover;
  };

  // Walks `world` down through the information sets of the table, each decision chosen at the
  // mover's set (choose()), chance by its probabilities. True if it stopped at a decision whose
  // set the table lacks (its legal actions in actions_[0..n), its key in new_set_): the leaf to
  // expand; false at the end of the game, or where none of the world's actions is known.
  bool select(S& world) {
    BudgetPoller poller(CostlyCalls<S> ? 1 : 256);
    while (true) {
      poller.tick();
      if (world.is_terminal()) return false;
      const int mover = world.current_player();
      if (mover == kChancePlayer) {
        world.apply_action(sample_chance_action(world, rng_, outcomes_.data()));
        continue;
      }
      const int n = world.legal_actions(actions_.data());
      const uint64_t key = infoset_key(world, mover);
      const int32_t set = table_.find(key);
      if (set < 0) {
        new_set_ = {key, n, mover};
        return true;
      }
      // None of this world's actions known here cannot happen in a game where a player knows its
      // own legal actions.
      if (!take(world, set, n, mover)) return false;
    }
  }

  // Adds the information set select() stopped at (unless the memory cap is reached: the walk is
  // evaluated from there) and takes one of its actions.
  void expand(S& world) {
    const int32_t set = table_.add(new_set_.key, actions_.data(), new_set_.n);
    if (set >= 0) take(world, set, new_set_.n, new_set_.mover);
  }

  // Takes the action choose() picks at `set`; false if none of the world's actions is there.
  bool take(S& world, int32_t set, int n, int mover) {
    const int slot = choose(table_[set], n);
    if (slot < 0) return false;
    const Action action = table_.slots(table_[set])[slot].action;
    if constexpr (LearnsFromIterations<Evaluator>) evaluator_.tree_move(mover, action);
    path_.push_back({set, static_cast<uint32_t>(slot), mover});
    world.apply_action(action);
    return true;
  }

  // Marks which of the set's actions are legal in this world (actions_[0..n)); all of them in a
  // game where the acting player knows its legal actions. Returns how many are.
  int mark_available(const Infoset& set, int n) {
    const InfosetSlot* slots = table_.slots(set);
    const int k = static_cast<int>(set.num_actions);
    if (k == n) {
      bool same = true;
      for (int i = 0; i < n && same; ++i) same = slots[i].action == actions_[i];
      if (same) {
        for (int i = 0; i < k; ++i) available_[i] = 1;
        return k;
      }
    }
    int count = 0;
    for (int i = 0; i < k; ++i) {
      available_[i] = 0;
      for (int j = 0; j < n; ++j) {
        if (actions_[j] == slots[i].action) {
          available_[i] = 1;
          ++count;
          break;
        }
      }
    }
    return count;
  }

  // Smooth UCT's choice at `set` (see the top of the file): the average policy with probability
  // 1 - eta, else (and always for infoset-uct) the selection rule, among this world's actions.
  int choose(const Infoset& set, int n) {
    const int available = mark_available(set, n);
    if (available == 0) return -1;
    const InfosetSlot* slots = table_.slots(set);
    const int k = static_cast<int>(set.num_actions);
    if (smooth_ && set.visits > 0 && rng_.uniform() >= schedule_.eta(set.visits)) {
      // Sample from the average policy N(u,a)/N(u) (over the available actions).
      uint64_t total = 0;
      for (int i = 0; i < k; ++i) total += available_[i] ? slots[i].visits : 0;
      if (total > 0) {
        uint64_t r = rng_.next() % total;
        for (int i = 0; i < k; ++i) {
          if (!available_[i]) continue;
          if (r < slots[i].visits) return i;
          r -= slots[i].visits;
        }
      }
    }
    if (selector_.unvisited_first()) {
      const int untried =
          draw_qualifying(rng_, k, [&](int i) { return available_[i] && slots[i].visits == 0; });
      if (untried >= 0) return untried;
    }
    // The table keeps no weights: scored in double precision.
    const double explore = selector_.explore_exact(set.visits);
    return first_best(k, [&](int i) {
      return available_[i] ? slots[i].mean + selector_.bonus_exact(explore, slots[i].visits, 0.0)
                           : -std::numeric_limits<double>::infinity();
    });
  }

  // A world at the root with the (rewritten) history that reaches it.
  struct World {
    S state;
    std::vector<Action> history;
  };

  // Checks that the trajectory can be replayed in resampled worlds (the history rewritten by
  // the resampler leads from the initial state to the resampled world); false: search without.
  bool setup_beliefs(const S& root, const Trajectory<S>& trajectory) {
    if constexpr (!Resamplable<S>) {
      return false;
    } else {
      if (root.num_players() != 2) return false;
      std::vector<Action> history = trajectory.history;
      S world = root.resample_from_infostate(root_player_, rng_, &history);
      S replay = trajectory.initial;
      for (Action a : history) {
        if (replay.is_terminal()) return false;
        const int n = replay.current_player() == kChancePlayer ? replay.chance_outcomes(outcomes_.data()) : 0;
        bool legal = false;
        if (n > 0) {
          for (int i = 0; i < n && !legal; ++i) legal = outcomes_[i].action == a;
        } else {
          const int m = replay.legal_actions(actions_.data());
          for (int i = 0; i < m && !legal; ++i) legal = actions_[i] == a;
        }
        if (!legal) return false;
        replay.apply_action(a);
      }
      for (int p = 0; p < 2; ++p) {
        if (replay.information_state_string(p) != world.information_state_string(p)) return false;
      }
      if (replay.to_string() != world.to_string()) return false;
      initial_.emplace(trajectory.initial);
      chain_.emplace(World{world, history});
      proposal_.emplace(World{world, history});
      return true;
    }
  }

  // The probability that `player`'s average policy takes its actions along `history` (Laplace-
  // smoothed visit shares, uniform at information sets the search has not met).
  double reach(const std::vector<Action>& history, int player) {
    S state = *initial_;
    double p = 1.0;
    for (Action a : history) {
      if (state.current_player() == player) {
        const int32_t set = table_.find(infoset_key(state, player));
        if (set < 0) {
          p /= state.legal_actions(actions_.data());
        } else {
          const Infoset& info = table_[set];
          const InfosetSlot* slots = table_.slots(info);
          uint32_t visits = 0;
          for (uint32_t i = 0; i < info.num_actions; ++i)
            visits += slots[i].action == a ? slots[i].visits : 0;
          p *= (visits + 1.0) / (info.visits + info.num_actions);
        }
      }
      state.apply_action(a);
    }
    return p;
  }

  // One Metropolis-Hastings step redrawing what `player` alone knows: the game's resampler, as
  // seen by the other player, proposes; the proposal is accepted with the ratio of `player`'s
  // reach (the other player's reach and the chance probabilities are unchanged).
  void redraw(World& chain, int player) {
    if constexpr (Resamplable<S>) {
      World& proposal = *proposal_;
      proposal.history = chain.history;
      proposal.state = chain.state.resample_from_infostate(1 - player, rng_, &proposal.history);
      const double now = reach(chain.history, player);
      const double next = reach(proposal.history, player);
      if (now <= 0 || rng_.uniform() * now < next) std::swap(chain, proposal);
    }
  }

  // A world at the root: the root player's cards true, the opponent's from the posterior.
  S posterior_world() {
    redraw(*chain_, 1 - root_player_);
    return chain_->state;
  }

  const SearchConfig& config_;
  Evaluator& evaluator_;
  const bool smooth_;
  bool beliefs_ = false;
  // Set when beliefs_ is (optional: a state need not be default-constructible).
  std::optional<S> initial_;
  std::optional<World> chain_, proposal_;
  InfosetTable& table_;
  Rng rng_;
  Selector selector_;
  SmoothUctSchedule schedule_;
  int root_player_ = 0;
  std::vector<Action> actions_;
  std::vector<ChanceOutcome> outcomes_;
  std::vector<uint8_t> available_;
  std::vector<Step> path_;
  const S* root_ = nullptr;
  bool whole_game_ = false;        // this iteration started at the game's start
  std::vector<double> root_sums_;  // per player, over the iterations at the root
  int64_t at_root_ = 0;            // those iterations
  struct {
    uint64_t key;
    int n;
    int mover;
  } new_set_{};  // the information set select() stopped at
};

}  // namespace ts
