// Gumbel's two selection rules (Danihelka, Guez, Schrittwieser and Silver, "Policy improvement by
// planning with Gumbel", ICLR 2022; mctx's gumbel_muzero_policy), over a node's children as the
// search gives them (visits, mean value, prior):
//  - SequentialHalving, the root's: Gumbel noise g(a) is added to the prior logits; the top
//    `gumbel_actions` actions by g(a) + logit(a) are considered, and sequential halving shares the
//    iterations between them (HalvingSchedule), keeping the better half by
//    g(a) + logit(a) + sigma(q(a)) after each round. The move is the best survivor by that score.
//  - GumbelInterior, below the root: the action maximising pi'(a) - n(a) / (1 + sum n), where pi'
//    is the improved policy softmax(logit + sigma(completed q)): visits follow pi'
//    deterministically.
// q values are completed for unvisited actions by the mix of the node's own value and its
// visited children's q (weighted by prior), mapped onto [0, 1], and
// sigma(q) = (kVisitBase + max n) * kValueScale * q (mctx's defaults 50 and 0.1).
//
// Below the root q is mapped by the game's utility range, not by mctx's min-max rescaling in each
// node, which turns any difference between the completed q into the whole range. With a noisy own
// value (one random playout, -1 say), a node whose only visited child scores above it gave that
// child sigma's maximum and every unvisited child 0, and pi' - n / (1 + sum n) then never left it
// (1 / (1 + n) stays above the others' e^-(5 + n / 10)): the opponent's winning reply below a root
// move was never tried, and the move was rated +0.99 (benchmarks/gumbel_vs_uct.py measures it).
// At the root, min-max: the schedule visits every considered action, so the full range only
// sharpens which half survives.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "search/return_scale.h"

namespace ts {

// What the rules read of one child.
struct GumbelChild {
  uint32_t visits;
  float mean;  // in the game's units, for the player choosing
  float prior;
};

inline float gumbel_logit(float prior) { return std::log(std::max(prior, 1e-30f)); }

// sigma(completed q) of the n children child(i) of a node whose own value is `own`, into `sigma`;
// `min_max` rescales them to the children's range (the root) instead of the game's.
template <class Child>
void gumbel_sigma(int n, Child child, double own, const ReturnScale& scale, bool min_max,
                  std::vector<float>& sigma) {
  static constexpr float kVisitBase = 50.0f;
  static constexpr float kValueScale = 0.1f;
  sigma.resize(n);
  uint32_t total_visits = 0, most_visits = 0;
  double weighted_q = 0, visited_prior = 0;
  for (int i = 0; i < n; ++i) {
    const GumbelChild c = child(i);
    total_visits += c.visits;
    most_visits = std::max(most_visits, c.visits);
    if (c.visits > 0) {
      const double p = std::max(c.prior, 1e-30f);
      visited_prior += p;
      weighted_q += p * c.mean;
    }
  }
  const double mixed =
      visited_prior > 0 ? (own + total_visits * weighted_q / visited_prior) / (1.0 + total_visits) : own;
  for (int i = 0; i < n; ++i) {
    const GumbelChild c = child(i);
    const double q = scale.scaled(c.visits > 0 ? c.mean : mixed);  // in [-1, 1]
    sigma[i] = static_cast<float>(std::clamp((q + 1.0) / 2.0, 0.0, 1.0));
  }
  float low = 0.0f, range = 1.0f;
  if (min_max) {
    const auto [lowest, highest] = std::minmax_element(sigma.begin(), sigma.end());
    low = *lowest;
    range = std::max(*highest - *lowest, 1e-8f);
  }
  const float factor = (kVisitBase + static_cast<float>(most_visits)) * kValueScale;
  for (float& s : sigma) s = (s - low) / range * factor;
}

// The root's rule.
struct SequentialHalving {
  static constexpr const char* kName = "sequential-halving";
  static constexpr bool kUsesPriors = true;

  // The child to simulate next: of those with `wanted` visits, the best by g + logit + sigma;
  // if a time limit cut a round short and none has, the least visited of the best scores.
  template <class Child>
  static int choose(int n, Child child, const float* gumbel, const float* sigma, uint32_t wanted) {
    int best = -1;
    float best_score = 0;
    for (int i = 0; i < n; ++i) {
      const GumbelChild c = child(i);
      if (c.visits != wanted) continue;
      const float score = gumbel[i] + gumbel_logit(c.prior) + sigma[i];
      if (best < 0 || score > best_score) {
        best = i;
        best_score = score;
      }
    }
    if (best >= 0) return best;
    for (int i = 0; i < n; ++i) {
      const GumbelChild c = child(i);
      const float score = gumbel[i] + gumbel_logit(c.prior) + sigma[i] - static_cast<float>(c.visits);
      if (best < 0 || score > best_score) {
        best = i;
        best_score = score;
      }
    }
    return best;
  }
};

// The visit count the root action chosen at each simulation must have (mctx's
// get_sequence_of_considered_visits, one simulation at a time): `considered` actions get equal
// shares of the budget in each of ceil(log2(considered)) rounds, and half of them are dropped
// after each round (two are always kept).
class HalvingSchedule {
 public:
  HalvingSchedule(int considered, int64_t simulations)
      : simulations_(simulations),
        rounds_(considered <= 1 ? 0
                                : static_cast<int>(std::ceil(std::log2(static_cast<double>(considered))))),
        remaining_(considered) {
    start_round();
  }

  uint32_t next() {
    if (rounds_ == 0) return static_cast<uint32_t>(pass_++);  // one action: every visit is its
    const uint32_t wanted = static_cast<uint32_t>(base_ + pass_);
    if (++position_ == remaining_) {
      position_ = 0;
      if (++pass_ == passes_) {
        base_ += passes_;
        remaining_ = std::max(2, remaining_ / 2);
        start_round();
      }
    }
    return wanted;
  }

 private:
  void start_round() {
    pass_ = 0;
    if (rounds_ > 0)
      passes_ = std::max<int64_t>(1, simulations_ / (static_cast<int64_t>(rounds_) * remaining_));
  }

  int64_t simulations_;
  int rounds_;
  int remaining_;
  int position_ = 0;
  int64_t base_ = 0, pass_ = 0, passes_ = 1;
};

// The improved policy softmax(logit + sigma) over the n children, into `policy`.
template <class Child, class T>
void gumbel_improved_policy(int n, Child child, const float* sigma, std::vector<T>& policy) {
  policy.resize(n);
  T top = -std::numeric_limits<T>::infinity();
  for (int i = 0; i < n; ++i) {
    policy[i] = gumbel_logit(child(i).prior) + sigma[i];
    top = std::max(top, policy[i]);
  }
  double sum = 0;
  for (T& p : policy) sum += (p = std::exp(p - top));
  if constexpr (std::is_same_v<T, double>) {
    for (T& p : policy) p /= sum;
  }
}

// The rule below the root.
struct GumbelInterior {
  static constexpr const char* kName = "gumbel-interior";
  static constexpr bool kUsesPriors = true;

  // argmax of pi'(a) - n(a) / (1 + sum n); `improved` is scratch space.
  template <class Child>
  static int choose(int n, Child child, const float* sigma, std::vector<float>& improved) {
    gumbel_improved_policy(n, child, sigma, improved);
    double sum = 0;
    uint32_t total_visits = 0;
    for (int i = 0; i < n; ++i) {
      sum += improved[i];
      total_visits += child(i).visits;
    }
    int best = 0;
    float best_score = -std::numeric_limits<float>::infinity();
    for (int i = 0; i < n; ++i) {
      const float score =
          static_cast<float>(improved[i] / sum) - static_cast<float>(child(i).visits) / (1.0f + total_visits);
      if (score > best_score) {
        best = i;
        best_score = score;
      }
    }
    return best;
  }
};

}  // namespace ts
