// Worlds weighted by the opponents' moves (the search option `beliefs`): a determinized search
// draws each iteration's world from what the searching player knows, uniformly (the resampler);
// with beliefs, a world is weighted by how likely the opponents' moves so far in the game were,
// had they held the cards that world gives them. The weight of a world is the product, over every
// decision of another player in the history, of the modelled probability of the move it made:
//
//     P(a) = (v(a) + 1) / sum over the moves b legal there in this world of (v(b) + 1)
//
// where v counts the visits a kept tree had given each move there (search/past_moves.h: the
// searcher's model of the mover, the average policy its trees held when the move was played;
// zero where no tree covered it, which leaves a uniform choice among the legal moves). A move that
// was one of many in a world and the only one in another makes the second likelier; a move the
// model expected only where an opponent lacked a better one (an earmuffs left unused) makes the
// worlds where it had one unlikely. Laplace smoothing keeps every consistent world possible.
//
// Worlds come from an independence Metropolis-Hastings chain: each draw proposes a fresh world
// from the game's resampler (so nothing but the player's information enters) and accepts it with
// probability min(1, weight(proposal) / weight(current)). Weighing a world replays the history
// from the world's start: the game's world_start() where the deal comes from the seed
// (core/game.h), else the trajectory's initial state (deals by chance actions, the history
// rewritten by the resampler). Where neither replays to the world (checked once per search),
// worlds stay uniform.
#pragma once
#include <cmath>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

#include "core/game.h"
#include "search/observe.h"
#include "search/past_moves.h"
#include "search/trajectory.h"

namespace ts {

template <GameState S>
class WorldBeliefs {
 public:
  // A chain for `player` at `root`; check ready() before drawing.
  WorldBeliefs(const S& root, int player, const Trajectory<S>& trajectory, const PastMoves* past,
               int max_legal_actions, Rng& rng)
      : root_(root),
        player_(player),
        trajectory_(trajectory),
        past_(past),
        actions_(max_legal_actions),
        outcomes_(max_legal_actions) {
    World first = propose(rng);
    if (replays_to(first)) {
      first.log_weight = log_weight(first);
      chain_.emplace(std::move(first));
    }
  }

  // False: the history does not replay in this game's worlds; draw uniformly instead.
  bool ready() const { return chain_.has_value(); }

  // The next world of the chain (one Metropolis-Hastings step).
  S draw(Rng& rng) {
    World proposal = propose(rng);
    proposal.log_weight = log_weight(proposal);
    if (std::log(rng.uniform()) + chain_->log_weight < proposal.log_weight) *chain_ = std::move(proposal);
    return chain_->state;
  }

 private:
  struct World {
    S state;
    std::vector<Action> history;  // as the resampler rewrote it for this world
    double log_weight = 0;
  };

  World propose(Rng& rng) const {
    std::vector<Action> history = trajectory_.history;
    if constexpr (Resamplable<S>) {
      S state = root_.resample_from_infostate(player_, rng, &history);
      return World{std::move(state), std::move(history)};
    } else {
      return World{root_, std::move(history)};  // nothing hidden: one world
    }
  }

  std::optional<S> start_of(const S& world) const {
    if constexpr (HasWorldStart<S>) {
      return world.world_start();
    } else {
      return trajectory_.initial;
    }
  }

  // True if the world's history replays from its start to the world itself.
  bool replays_to(const World& world) {
    std::optional<S> state = start_of(world.state);
    if (!state) return false;
    for (Action a : world.history) {
      if (state->is_terminal() || !legal(*state, a)) return false;
      state->apply_action(a);
    }
    return state->to_string() == world.state.to_string();
  }

  bool legal(const S& state, Action a) {
    if (state.current_player() == kChancePlayer) {
      const int n = state.chance_outcomes(outcomes_.data());
      for (int i = 0; i < n; ++i) {
        if (outcomes_[i].action == a) return true;
      }
      return false;
    }
    const int n = state.legal_actions(actions_.data());
    for (int i = 0; i < n; ++i) {
      if (actions_[i] == a) return true;
    }
    return false;
  }

  // The log of the world's weight; -infinity if its history does not replay (the chain never
  // moves there).
  double log_weight(const World& world) {
    constexpr double kImpossible = -std::numeric_limits<double>::infinity();
    std::optional<S> state = start_of(world.state);
    if (!state) return kImpossible;
    double sum = 0;
    for (size_t i = 0; i < world.history.size(); ++i) {
      const Action a = world.history[i];
      if (state->is_terminal()) return kImpossible;
      const int mover = state->current_player();
      if (mover == kChancePlayer) {
        if (!legal(*state, a)) return kImpossible;
      } else if (mover != player_) {  // the player's own moves are legal in each of its worlds
        const double p = move_probability(*state, i, a);
        if (p <= 0) return kImpossible;
        sum += std::log(p);
      }
      state->apply_action(a);
    }
    return sum;
  }

  // The modelled probability that the player to move takes `a` (history entry `index`) in `state`; 0 if it
  // is not legal there.
  double move_probability(const S& state, size_t index, Action a) {
    const int n = state.legal_actions(actions_.data());
    const PastMove* record = past_ ? past_->at(index) : nullptr;
    double total = 0, mine = 0;
    for (int i = 0; i < n; ++i) {
      double weight = 1;
      if (record) {
        const Action key = observed_action(state, record->observer, actions_[i]);
        for (const auto& [k, v] : record->visits) weight += k == key ? v : 0;
      }
      total += weight;
      if (actions_[i] == a) mine = weight;
    }
    return total > 0 ? mine / total : 0.0;
  }

  const S& root_;
  const int player_;
  const Trajectory<S>& trajectory_;
  const PastMoves* past_;
  std::vector<Action> actions_;
  std::vector<ChanceOutcome> outcomes_;
  std::optional<World> chain_;
};

}  // namespace ts
