// Online Outcome Sampling (Lisy, Lanctot and Bowling, "Online Monte Carlo Counterfactual Regret
// Minimization for Search in Imperfect Information Games", AAMAS 2015): Monte Carlo CFR with
// outcome sampling (Lanctot, Waugh, Zinkevich and Bowling, NIPS 2009) run as a search from the
// current decision, for two-player zero-sum games with hidden information.
//
// Each iteration samples one history from the start of the game to its end and updates the
// information sets on it (a RegretTable, keyed by the acting player's information state):
//  - the update player (players take turns, one per iteration) samples its own actions from
//    its current strategy mixed with uniform exploration (oos_epsilon), everyone else from
//    their current strategy, chance by its probabilities; the current strategy at an information
//    set is regret matching over its cumulative regrets, with a share oos_tremble of uniform play
//    mixed in (a trembling hand: below);
//  - with probability oos_targeting (delta) the iteration is targeted: it samples only histories
//    that pass through the root's public state (oos_public) or information set
//    (search/oos_target.h), so most iterations improve the strategy where it is about to be
//    played; the others sample the whole game, which keeps every history reachable (the
//    paper's convergence guarantee needs delta < 1). Each sample is weighted by its probability
//    under the mixture, delta * targeted + (1 - delta) * untargeted, both tracked along the walk;
//  - the table grows by one information set per iteration, as a tree search grows (and by every
//    set on the way to the target, which may lie deep in a long game): below it the iteration is
//    finished by the leaf evaluator (random playouts), whose moves count as the strategy there
//    (uniform), so they cancel from the importance weights;
//  - on the way back, the update player's regrets at each of its sets on the path get the sampled
//    counterfactual regret, u * pi_-i(h) / q(z) * (pi(ha, z) - pi(h, z)) (with oos_regret_plus,
//    floored at 0 after each update: regret matching+, search/regret_matching.h), and the other
//    players' sets add their current strategy to the average, weighted by their own reach over
//    q(h) (stochastically weighted averaging).
//  - with oos_baseline, the regrets come from values estimated with baselines
//    (update_with_baselines: VR-MCCFR), which have the same expectation and less variance. Each
//    history on the path keeps, per choice, the mean of the values met below it (measured:
//    docs/hidden-information.md).
// The average strategy converges to a Nash equilibrium of a two-player zero-sum game as the
// iterations grow. An equilibrium may play anyhow at decisions its own strategies never reach:
// there the other players' reach is 0, so the regrets get no weight and a targeted walk cannot
// even be steered there. A search is asked precisely there whenever a player made a move the
// strategies would not (a random opening, a mistake): without the tremble OOS played 21 of 100
// forced defences of the tactics suite at 1,000 iterations. With every strategy trembling, each move
// keeps a probability and such decisions their weight (the strategies approach a perfect
// equilibrium, which plays well there too); the average strategy trembles alike. The search's
// policy is that average strategy at the root's information set with the tremble taken out
// (SearchResult::strategy): the result is mixed (an agent samples its move from it); each root
// action's visits count the times the iterations took it there, exploration included.
//
// The table holds a strategy for the whole game: kept between an agent's searches (tree reuse:
// api/search_tree.h) it goes on converging, and the agent plays one strategy across its
// decisions (the "whole-game" mode); searched afresh, each decision starts from an empty table.
//
// Where the game cannot be replayed from its start in worlds drawn for the player to move (a deal
// that depends on the seed, no trajectory), iterations start at the root in a world drawn from
// its information set, uniformly as ISMCTS draws them: outcome sampling of the game from there.
// A game without hidden information gets no trajectory either (search/config.h): its root is its
// own information set, and the subgame below it does not depend on the path there, so solving
// that subgame is sound. Walks from the start would weigh every update at the root by the reach
// of the path played, which an equilibrium leaves after a random opening or a mistake: the
// updates shrank as the table learned that, and the root's strategy stopped moving (the same
// policy after 1,000 and 10,000 iterations; docs/search.md, Tactics).
//
// The root state is read only through determinize(root, ...), resample_from_infostate of the
// trajectory's history and the root player's own key: search from two states the player cannot
// tell apart is identical.
#pragma once
#include <algorithm>
#include <cmath>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/game.h"
#include "core/hash.h"
#include "search/budget.h"
#include "search/checks.h"
#include "search/config.h"
#include "search/infoset_keys.h"
#include "search/observe.h"
#include "search/oos_target.h"
#include "search/playout.h"
#include "search/regret_table.h"
#include "search/rollout.h"
#include "search/root_tally.h"
#include "search/score_margin.h"
#include "search/search_loop.h"
#include "search/trajectory.h"
#include "search/tree_stats.h"

namespace ts {

template <GameState S, class Evaluator>
class OutcomeSamplingSearch {
 public:
  OutcomeSamplingSearch(const SearchConfig& config, int max_legal_actions, Evaluator& evaluator,
                        RegretTable& table)
      : config_(config),
        evaluator_(evaluator),
        table_(table),
        rng_(config.seed),
        max_legal_actions_(max_legal_actions),
        actions_(max_legal_actions),
        outcomes_(max_legal_actions),
        probabilities_(max_legal_actions),
        strategy_(max_legal_actions),
        consistent_(max_legal_actions) {}

  SearchResult run(const S& root, const Trajectory<S>* trajectory) {
    check_searchable(root);
    root_ = &root;
    root_player_ = root.current_player();
    num_players_ = root.num_players();
    // The root's legal actions and key, from one world: the player to move has them in every world.
    const S view = determinize(root, root_player_, rng_);
    const int num_root_actions = view.legal_actions(actions_.data());
    const std::vector<Action> root_actions(actions_.begin(), actions_.begin() + num_root_actions);
    root_key_ = infoset_key(view, root_player_);
    if (trajectory) {
      target_ =
          OosTarget<S>::of(root, root_player_, *trajectory, rng_, max_legal_actions_, config_.oos_public);
      if (target_) initial_.emplace(trajectory->initial);
    }
    root_action_sums_.assign(num_root_actions, {0, 0.0});
    tally_.fit(num_players_);
    const LoopStats loop = run_iterations(config_, *this, evaluator_);
    return result(loop, root_actions);
  }

  // The steps of one iteration (search/search_loop.h): simulate samples a history (select, and
  // expand one information set on the way), backup updates the regrets and averages along it.

  bool complete() const { return false; }

  // Leaves the returns (or the leaf evaluator's estimates) in `values`.
  void simulate(double* values) {
    updater_ = static_cast<int>(iteration_++ % num_players_);  // players take turns
    walk_.emplace(target_ ? Walk(*initial_, rng_.uniform() < config_.oos_targeting, num_players_)
                          : Walk(determinize(*root_, root_player_, rng_), false, num_players_));
    sample_history(*walk_, updater_, values);
  }

  void backup(const double* values) {
    update(*walk_, updater_, values);
    if (walk_->root_slot < 0) return;
    ++tally_.visits;
    for (int p = 0; p < num_players_; ++p) tally_.sums[p] += values[p];
    auto& [visits, sum] = root_action_sums_[walk_->root_slot];
    ++visits;
    sum += values[root_player_];
  }

 private:
  // One step of a sampled history at a decision: the set, the index of the action taken, who
  // took it and the probabilities the updates need, as they were before the step.
  struct Step {
    int32_t set;
    int slot;
    int mover;
    double strategy;      // the mover's current strategy's probability of the action
    double others_reach;  // pi_-mover(h): the other players' strategies' probability of h
    double own_reach;     // pi_mover(h)
    double sample_reach;  // q(h): the probability that an iteration samples h
  };

  // What oos_baseline needs of a step as well, in a path of its own (the default's steps stay
  // small): the node's history key, its number of choices, where its choice probabilities (the
  // mover's current strategy, or chance's) start in probs_, and the probability that the
  // iteration sampled the choice given that it reached the node.
  struct Choices {
    uint64_t history;
    int num_choices;
    size_t probs;
    double sampled;
  };

  // A history being sampled: where it is, and the probabilities of reaching it.
  struct Walk {
    Walk(S start, bool targeted_, int players) : world(std::move(start)), targeted(targeted_) {
      std::fill(reach, reach + players, 1.0);
    }
    S world;
    int steps = 0;          // actions taken from the start
    bool targeted;          // sampled from the targeted distribution
    bool on_target = true;  // still in the target, which lies deeper (or was reached)
    double targeted_reach = 1, untargeted_reach = 1;  // the path's probability under each, chance
                                                      // divided out (the same under both outside
                                                      // the target)
    double reach[kMaxPlayers];  // each player's strategy's probability of its own actions
    uint64_t history = 0;       // a key of the actions taken from the start
    int root_slot = -1;         // the action taken at the root's information set, if it was met
    bool expanded = false;      // a new information set was added this iteration
  };

  double sample_reach(const Walk& w) const {
    return config_.oos_targeting * w.targeted_reach + (1 - config_.oos_targeting) * w.untargeted_reach;
  }

  // True while the walk is in the target and the target lies deeper: choices are steered.
  bool steering(const Walk& w) const { return target_ && w.on_target && w.steps < target_->depth(); }

  // Samples one of `n` choices whose untargeted probabilities are `p` (each divided by `base` in
  // the reaches: the chance probability, for chance; 1 for decisions), steering towards the
  // target when the walk is; updates both reaches. Returns the index chosen.
  int sample(Walk& w, const double* p, int n, const double* base) {
    double mass = 0;  // the untargeted probability of staying in the target
    if (steering(w)) {
      for (int i = 0; i < n; ++i) {
        consistent_[i] = target_->keeps(w.world, w.steps, choice_action(w, i));
        mass += consistent_[i] ? p[i] : 0.0;
      }
      if (mass <= 0) w.on_target = false;  // unreachable from here: the targeted walk is untargeted
    }
    const bool steered = mass > 0;
    const bool restricted = steered && w.targeted;
    const int i = draw(p, n, restricted ? consistent_.data() : nullptr, restricted ? mass : 1.0);
    const double b = base ? base[i] : 1.0;
    w.untargeted_reach *= p[i] / b;
    if (!steered) {
      w.targeted_reach *= p[i] / b;
    } else if (consistent_[i]) {
      w.targeted_reach *= p[i] / mass / b;
    } else {
      w.targeted_reach = 0;  // left the target: the targeted distribution never samples this
      w.on_target = false;
    }
    return i;
  }

  // Index drawn with probabilities p (restricted to `allowed` and renormalised by `mass` if given).
  int draw(const double* p, int n, const uint8_t* allowed, double mass) {
    double r = rng_.uniform() * mass;
    int last = -1;
    for (int i = 0; i < n; ++i) {
      if ((allowed && !allowed[i]) || p[i] <= 0) continue;
      last = i;
      r -= p[i];
      if (r < 0) return i;
    }
    return last;  // rounding
  }

  // The action of choice i at the walk's current node (actions_ or outcomes_ hold the choices).
  Action choice_action(const Walk& w, int i) const {
    return w.world.current_player() == kChancePlayer ? outcomes_[i].action : actions_[i];
  }

  // Samples a history from the walk's start to the end, or to the first information set not in
  // the table (added) and the leaf evaluator. Leaves the returns (or estimates) in `values`.
  void sample_history(Walk& w, int updater, double* values) {
    path_.clear();
    choices_.clear();
    probs_.clear();
    BudgetPoller poller(CostlyCalls<S> ? 1 : 256);  // a walk in a game that never ends stops too
    while (!w.world.is_terminal()) {
      poller.tick();
      if (w.on_target && target_ && w.steps == target_->depth()) w.on_target = false;  // reached
      if (w.world.current_player() == kChancePlayer) {
        chance_step(w);
      } else if (!decision_step(w, updater)) {
        break;
      }
      if (w.expanded) break;
    }
    if (w.world.is_terminal()) {
      w.world.returns(values);
      blend_score_margin(w.world, config_.score_weight, config_.score_scale, values);
    } else {
      evaluator_.evaluate(std::move(w.world), rng_, values);  // not used after
    }
  }

  void chance_step(Walk& w) {
    Action a;
    if (config_.oos_baseline || steering(w)) {
      const int n = w.world.chance_outcomes(outcomes_.data());
      for (int i = 0; i < n; ++i) probabilities_[i] = outcomes_[i].probability;
      Step step{-1, 0, kChancePlayer, 0, 1.0, 1.0, sample_reach(w)};
      step.slot = sample(w, probabilities_.data(), n, probabilities_.data());
      a = outcomes_[step.slot].action;
      if (config_.oos_baseline) {
        record_choices(w, step, probabilities_.data(), n, a, true);
        path_.push_back(step);
      }
    } else {
      a = sample_chance_action(w.world, rng_, outcomes_.data());
    }
    w.world.apply_action(a);
    ++w.steps;
  }

  // Records the choices of `step`, sampled at the walk's node with choice probabilities `p`
  // (chance's: the sampling probability gets it back, as q divides chance out), and moves the
  // walk's history key past its action `a`.
  void record_choices(Walk& w, const Step& step, const double* p, int n, Action a, bool chance) {
    const double sampled = sample_reach(w) / step.sample_reach * (chance ? p[step.slot] : 1.0);
    choices_.push_back({w.history, n, probs_.size(), sampled});
    probs_.insert(probs_.end(), p, p + n);
    w.history = KeyHasher(w.history).add(2 * static_cast<uint64_t>(a) + (chance ? 1 : 0)).value();
  }

  // One decision on the walk; false if the walk ends here (a set the table cannot hold, or whose
  // actions are not this world's).
  bool decision_step(Walk& w, int updater) {
    const int mover = w.world.current_player();
    const int n = w.world.legal_actions(actions_.data());
    const uint64_t key = infoset_key(w.world, mover);
    int32_t set = table_.find(key);
    if (set < 0) {
      if (w.expanded) return false;
      set = table_.add(key, actions_.data(), n);
      if (set < 0) return false;  // memory cap: evaluate from here
      // Sets on the way to the target do not end the walk, so that the first iterations reach
      // the target however deep it lies (a new set plays its uniform strategy, as the leaf
      // evaluator's playout would: the sampling probabilities are the same either way).
      w.expanded = !steering(w);
    }
    if (!same_actions(table_[set], n)) return false;
    current_strategy(table_[set], strategy_.data());
    const double explore = mover == updater ? config_.oos_epsilon : 0.0;
    for (int i = 0; i < n; ++i) probabilities_[i] = explore / n + (1 - explore) * strategy_[i];

    Step step{set, 0, mover, 0, 1.0, w.reach[mover], sample_reach(w)};
    for (int p = 0; p < num_players_; ++p) step.others_reach *= p == mover ? 1.0 : w.reach[p];
    step.slot = sample(w, probabilities_.data(), n, nullptr);
    step.strategy = strategy_[step.slot];
    if (config_.oos_baseline) record_choices(w, step, strategy_.data(), n, actions_[step.slot], false);
    if (mover == root_player_ && key == root_key_ && w.root_slot < 0) w.root_slot = step.slot;
    w.reach[mover] *= step.strategy;
    path_.push_back(step);
    if constexpr (LearnsFromIterations<Evaluator>) evaluator_.tree_move(mover, actions_[step.slot]);
    w.world.apply_action(actions_[step.slot]);
    ++w.steps;
    return true;
  }

  // The set was made with the actions of a world where they are the same (players know their
  // legal actions); a game where they differ ends the walk there.
  bool same_actions(const RegretSet& set, int n) const {
    return same_actions(set, {actions_.data(), static_cast<size_t>(n)});
  }
  bool same_actions(const RegretSet& set, std::span<const Action> actions) const {
    if (set.num_actions != actions.size()) return false;
    const RegretSlot* slots = table_.slots(set);
    for (size_t i = 0; i < actions.size(); ++i) {
      if (slots[i].action != actions[i]) return false;
    }
    return true;
  }

  // Regret matching at `set` with the tremble mixed in, into `out`.
  void current_strategy(const RegretSet& set, double* out) const {
    regret_matching(table_, set, out);
    const double tremble = config_.oos_tremble, n = set.num_actions;
    for (uint32_t i = 0; i < set.num_actions; ++i) out[i] = (1 - tremble) * out[i] + tremble / n;
  }

  // The average strategy at `set` with the tremble taken out (the average of the strategies
  // regret matching gave), into `out`.
  void average_without_tremble(const RegretSet& set, double* out) const {
    average_strategy(table_, set, out);
    const double tremble = config_.oos_tremble, n = set.num_actions;
    double total = 0;
    for (uint32_t i = 0; i < set.num_actions; ++i)
      total += (out[i] = std::max(0.0, (out[i] - tremble / n) / (1 - tremble)));
    for (uint32_t i = 0; i < set.num_actions; ++i) out[i] = total > 0 ? out[i] / total : 1.0 / n;
  }

  // A cumulative regret after one more update; regret matching+ floors it at 0.
  double add_regret(double cumulative, double update) const {
    return config_.oos_regret_plus ? regret_plus(cumulative, update) : cumulative + update;
  }

  // The updates of outcome sampling along the sampled history, from its end back.
  void update(const Walk& w, int updater, const double* values) {
    if (config_.oos_baseline) return update_with_baselines(updater, values);
    const double q = sample_reach(w);  // q(z) (the evaluator's moves cancel: see the top)
    const double u = values[updater];
    double tail = 1;  // pi(h, z): the strategies' probability of the rest of the history
    for (auto step = path_.rbegin(); step != path_.rend(); ++step) {
      const RegretSet& set = table_[step->set];
      RegretSlot* slots = table_.slots(set);
      const double below = tail;  // pi(ha, z)
      tail *= step->strategy;
      if (step->mover == updater) {
        const double weight = u * step->others_reach / q;
        for (uint32_t i = 0; i < set.num_actions; ++i) {
          const double regret = static_cast<int>(i) == step->slot ? weight * (below - tail) : -weight * tail;
          slots[i].regret = add_regret(slots[i].regret, regret);
        }
      } else {
        add_to_average(*step);
      }
    }
  }

  // The baselines of the history `key` (per choice: each player's value, then the count of
  // updates), zero when new; nullptr once they and the table would pass max_memory_mb (there the
  // estimates go on with baselines of zero, as plain outcome sampling, still unbiased). The index
  // is open-addressing (linear probing, at most half full): a lookup at every step of every walk.
  double* baselines(uint64_t key, int n) {
    const size_t mask = baseline_keys_.size() - 1;
    size_t i = key & mask;
    for (; baseline_offsets_[i] != kNoBaselines; i = (i + 1) & mask) {
      if (baseline_keys_[i] == key) return baseline_values_.data() + baseline_offsets_[i];
    }
    const size_t width = static_cast<size_t>(num_players_ + 1) * n;
    const bool grows = 2 * (baseline_count_ + 1) > baseline_keys_.size();
    const size_t bytes = (baseline_values_.size() + width) * sizeof(double) +
                         baseline_keys_.size() * (grows ? 2 : 1) * (sizeof(uint64_t) + sizeof(uint32_t));
    if (bytes + static_cast<size_t>(table_.bytes_used()) >
            static_cast<size_t>(config_.max_memory_mb) * 1024 * 1024 ||
        baseline_values_.size() + width >= kNoBaselines) {
      return nullptr;
    }
    if (grows) {
      grow_baselines();
      return baselines(key, n);
    }
    baseline_keys_[i] = key;
    baseline_offsets_[i] = static_cast<uint32_t>(baseline_values_.size());
    ++baseline_count_;
    baseline_values_.resize(baseline_values_.size() + width, 0.0);
    return baseline_values_.data() + baseline_offsets_[i];
  }

  void grow_baselines() {
    std::vector<uint64_t> keys(2 * baseline_keys_.size());
    std::vector<uint32_t> offsets(keys.size(), kNoBaselines);
    const size_t mask = keys.size() - 1;
    for (size_t j = 0; j < baseline_keys_.size(); ++j) {
      if (baseline_offsets_[j] == kNoBaselines) continue;
      size_t i = baseline_keys_[j] & mask;
      while (offsets[i] != kNoBaselines) i = (i + 1) & mask;
      keys[i] = baseline_keys_[j];
      offsets[i] = baseline_offsets_[j];
    }
    baseline_keys_.swap(keys);
    baseline_offsets_.swap(offsets);
  }

  // Outcome sampling's updates with baselines (VR-MCCFR: Schmid, Burch, Lanctot, Moravcik,
  // Kadlec and Bowling, AAAI 2019). At each node of the path, each choice's value is estimated
  // by its baseline (the mean of the values met below that choice so far), and the sampled
  // choice's by its baseline plus the sampled value's difference from it over the probability of
  // sampling that choice. The estimates stay unbiased, and their variance falls as the baselines
  // near the values; the regrets compare each choice's estimate with the node's.
  void update_with_baselines(int updater, const double* values) {
    const int np = num_players_, width = np + 1;
    double below[kMaxPlayers];  // the estimated values of the history after the step
    std::copy(values, values + np, below);
    for (size_t k = path_.size(); k-- > 0;) {
      const Step* step = &path_[k];
      const Choices& choices = choices_[k];
      const int n = choices.num_choices, s = step->slot;
      double* stored = baselines(choices.history, n);
      if (!stored) no_baselines_.assign(static_cast<size_t>(n * width), 0.0);
      double* b = stored ? stored : no_baselines_.data();
      const double* sigma = probs_.data() + choices.probs;
      double estimate[kMaxPlayers];  // the sampled choice's value
      double node[kMaxPlayers];      // the node's value
      for (int p = 0; p < np; ++p) {
        estimate[p] = b[s * width + p] + (below[p] - b[s * width + p]) / choices.sampled;
        node[p] = sigma[s] * estimate[p];
        for (int i = 0; i < n; ++i) node[p] += i == s ? 0.0 : sigma[i] * b[i * width + p];
      }
      if (step->mover == updater) {
        RegretSlot* slots = table_.slots(table_[step->set]);
        const double weight = step->others_reach / step->sample_reach;
        for (int i = 0; i < n; ++i) {
          const double value = i == s ? estimate[updater] : b[i * width + updater];
          slots[i].regret = add_regret(slots[i].regret, weight * (value - node[updater]));
        }
      } else if (step->mover != kChancePlayer) {
        add_to_average(*step);
      }
      double* mine = b + s * width;
      const double rate = 1.0 / ++mine[np];
      for (int p = 0; p < np; ++p) mine[p] += rate * (below[p] - mine[p]);
      std::copy(node, node + np, below);
    }
  }

  // The step's set adds its current strategy to the average, weighted by the mover's reach over
  // the sampling probability (stochastically weighted averaging).
  void add_to_average(const Step& step) {
    const RegretSet& set = table_[step.set];
    RegretSlot* slots = table_.slots(set);
    current_strategy(set, strategy_.data());
    const double weight = step.own_reach / step.sample_reach;
    for (uint32_t i = 0; i < set.num_actions; ++i) slots[i].strategy_sum += weight * strategy_[i];
  }

  SearchResult result(const LoopStats& loop, const std::vector<Action>& root_actions) {
    SearchResult result = tree_result("oos", loop.iterations, loop.elapsed, table_, tally_);
    result.strategy.assign(root_actions.size(), 1.0 / static_cast<double>(root_actions.size()));
    const int32_t root_set = table_.find(root_key_);
    if (root_set >= 0 && same_actions(table_[root_set], root_actions)) {
      average_without_tremble(table_[root_set], result.strategy.data());
    }
    for (size_t i = 0; i < root_actions.size(); ++i) {
      const auto& [taken, sum] = root_action_sums_[i];
      result.stats.push_back({root_actions[i], taken, taken ? sum / static_cast<double>(taken) : 0.0});
    }
    result.best_action = root_actions[std::max_element(result.strategy.begin(), result.strategy.end()) -
                                      result.strategy.begin()];
    result.principal_variation.assign(1, result.best_action);
    result.mixed = true;
    return result;
  }

  const SearchConfig& config_;
  Evaluator& evaluator_;
  RegretTable& table_;
  Rng rng_;
  int max_legal_actions_;
  int root_player_ = 0;
  int num_players_ = 2;
  uint64_t root_key_ = 0;
  const S* root_ = nullptr;
  int64_t iteration_ = 0;
  int updater_ = 0;           // the player whose regrets this iteration updates
  std::optional<Walk> walk_;  // this iteration's history
  RootTally tally_;           // the values of the iterations that met the root's set
  std::optional<OosTarget<S>> target_;
  std::optional<S> initial_;  // the start of the game, when targeting from there
  std::vector<Action> actions_;
  std::vector<ChanceOutcome> outcomes_;
  std::vector<double> probabilities_;
  std::vector<double> strategy_;
  std::vector<uint8_t> consistent_;
  std::vector<Step> path_;
  std::vector<Choices> choices_;  // beside path_, for oos_baseline
  std::vector<double> probs_;     // the path's choice probabilities (oos_baseline)
  static constexpr uint32_t kNoBaselines = 0xFFFFFFFFu;
  std::vector<uint64_t> baseline_keys_ = std::vector<uint64_t>(1024);  // history keys, and where
  std::vector<uint32_t> baseline_offsets_ = std::vector<uint32_t>(1024, kNoBaselines);  // in values
  size_t baseline_count_ = 0;
  std::vector<double> baseline_values_;
  std::vector<double> no_baselines_;                          // zeros, past the memory cap
  std::vector<std::pair<int64_t, double>> root_action_sums_;  // per root action: times taken, return sum
};

}  // namespace ts
