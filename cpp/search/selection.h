// How every search chooses among a node's children: one selection rule, one header each in
// search/selection/, scoring a child as
//     mean + explore(N) x weight(n, prior)
// where explore(N) is computed once per choice from the parent's visits N, and weight(n, prior)
// once per backup from the child's visits n (and its prior), kept on the child (Edge::weight,
// InfoNode::weight) so that a choice is one multiply-add per child. A tree that keeps no weights
// (search/infoset_table.h) scores in double precision: mean + bonus_exact(explore_exact(N), n, p).
// A rule also says whether it reads priors (only trees that keep them may use it) and whether
// children never visited are tried first, in random order.
//
// A new rule is a header in search/selection/ (a struct like Ucb1), its value in Selection and
// its type in SelectionRules (in the same order), and the rows of search/algorithm.h that use it.
#pragma once
#include <cstddef>
#include <cstdint>
#include <tuple>
#include <utility>

#include "search/return_scale.h"
#include "search/selection/puct.h"
#include "search/selection/regret_matching.h"
#include "search/selection/ucb1.h"

namespace ts {

enum class Selection { kUcb1, kPuct, kRegretMatching };
using SelectionRules = std::tuple<Ucb1, Puct, RegretMatching>;

// f(Rule{}) for the rule `selection` names.
template <class F>
constexpr auto with_rule(Selection selection, F f) {
  return [&]<size_t... I>(std::index_sequence<I...>) {
    decltype(f(std::tuple_element_t<0, SelectionRules>{})) out{};
    ((static_cast<size_t>(selection) == I ? (out = f(std::tuple_element_t<I, SelectionRules>{}), true)
                                          : false) ||
     ...);
    return out;
  }(std::make_index_sequence<std::tuple_size_v<SelectionRules>>{});
}

constexpr const char* selection_name(Selection s) {
  return with_rule(s, [](auto rule) { return decltype(rule)::kName; });
}
constexpr bool uses_priors(Selection s) {
  return with_rule(s, [](auto rule) { return decltype(rule)::kUsesPriors; });
}

// A rule with its exploration constant, as a search uses it.
class Selector {
 public:
  Selector(Selection rule, double c) : rule_(rule), c_(c), scaled_c_(c) {}

  // Values in the units of a game whose returns span `scale` are compared with the exploration
  // term as if scaled to [-1, 1]: mean + (c x half the range) x weight ranks children exactly as
  // (mean - mid) / half + c x weight does, and keeps the means in the game's units. Each search
  // calls it with its root's range before its first choice.
  void scale_values(const ReturnScale& scale) { scaled_c_ = c_ * scale.half; }

  Selection rule() const { return rule_; }
  bool uses_priors() const { return ts::uses_priors(rule_); }
  bool unvisited_first() const {
    return with_rule(rule_, [](auto rule) { return decltype(rule)::kUnvisitedFirst; });
  }

  float explore(uint32_t parent_visits) const {
    return with_rule(rule_, [&](auto rule) { return decltype(rule)::explore(scaled_c_, parent_visits); });
  }
  float weight(uint32_t visits, float prior) const {
    return with_rule(rule_, [&](auto rule) { return decltype(rule)::weight(visits, prior); });
  }
  static float score(float mean, float explore, float weight) { return mean + explore * weight; }

  double explore_exact(uint32_t parent_visits) const {
    return with_rule(rule_,
                     [&](auto rule) { return decltype(rule)::explore_exact(scaled_c_, parent_visits); });
  }
  double bonus_exact(double explore, uint32_t visits, double prior) const {
    return with_rule(rule_, [&](auto rule) { return decltype(rule)::bonus_exact(explore, visits, prior); });
  }

  // The index of the best of n children (with `mean` and `weight`): the first of equal scores.
  // Written with selects rather than branches: which child wins is unpredictable, and
  // mispredictions dominated.
  template <class Child>
  static int best_index(const Child* children, int n, float explore) {
    int best = 0;
    float best_score = score(children[0].mean, explore, children[0].weight);
    for (int i = 1; i < n; ++i) {
      const float s = score(children[i].mean, explore, children[i].weight);
      const bool better = s > best_score;
      best = better ? i : best;
      best_score = better ? s : best_score;
    }
    return best;
  }

 private:
  Selection rule_;
  double c_;
  double scaled_c_;  // c_ in the game's units (scale_values)
};

}  // namespace ts
