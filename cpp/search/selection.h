// How every search chooses among a node's children: the selection rules, one list
// (SelectionRules), a header each in search/selection/. An algorithm's row (search/algorithm.h)
// names the rule of its root and the rule below it (mctx's root and interior action selection).
//
// Most rules score a child as
//     mean + explore(N) x weight(n, prior)
// where explore(N) is computed once per choice from the parent's visits N, and weight(n, prior)
// once per backup from the child's visits n (and its prior), kept on the child (Edge::weight,
// InfoNode::weight) so that a choice is one multiply-add per child. A tree that keeps no weights
// (search/infoset_table.h) scores in double precision: mean + bonus_exact(explore_exact(N), n, p).
// Such a rule also says whether children never visited are tried first, in random order. Gumbel's
// rules (search/selection/gumbel.h) choose from all the children's values at once, so they keep
// no weights; Gumbel's search (search/gumbel.h) applies them.
// Every rule says whether it reads priors (only trees that keep them may use it).
//
// A new rule is a header in search/selection/ (a struct like Ucb1), its type in SelectionRules,
// and the rows of search/algorithm.h that use it (kRule<NewRule>).
#pragma once
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <tuple>
#include <utility>

#include "search/pick.h"
#include "search/return_scale.h"
#include "search/selection/gumbel.h"
#include "search/selection/puct.h"
#include "search/selection/ucb1.h"

namespace ts {

using SelectionRules = std::tuple<Ucb1, Puct, SequentialHalving, GumbelInterior>;

// A rule: its index in SelectionRules (kRule<Ucb1>), or kNoRule for a search that samples by a
// strategy instead (outcome sampling's regret matching).
enum class Selection : uint8_t {};

template <class Rule>
inline constexpr Selection kRule = [] {
  return [&]<size_t... I>(std::index_sequence<I...>) {
    size_t index = sizeof...(I);
    ((std::is_same_v<Rule, std::tuple_element_t<I, SelectionRules>> ? (index = I, true) : false) || ...);
    return static_cast<Selection>(index);
  }(std::make_index_sequence<std::tuple_size_v<SelectionRules>>{});
}();

inline constexpr Selection kNoRule = static_cast<Selection>(std::tuple_size_v<SelectionRules>);

// A rule that scores each child by mean + explore x weight.
template <class Rule>
concept ScoringRule = requires(double c, uint32_t n, float prior) {
  { Rule::explore(c, n) } -> std::same_as<float>;
  { Rule::weight(n, prior) } -> std::same_as<float>;
};

// f(Rule{}) for the rule `selection` names (f's default value for kNoRule).
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
  return s == kNoRule ? "none" : with_rule(s, [](auto rule) { return decltype(rule)::kName; });
}
constexpr bool uses_priors(Selection s) {
  return with_rule(s, [](auto rule) { return decltype(rule)::kUsesPriors; });
}
constexpr bool scores_children(Selection s) {
  return with_rule(s, [](auto rule) { return ScoringRule<decltype(rule)>; });
}

// A rule with its exploration constant, as a tree's walk and backup use it. For a rule that
// does not score children (Gumbel's), explore and weight are 0: its tree keeps no weights.
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
    return with_rule(rule_, [](auto rule) {
      if constexpr (ScoringRule<decltype(rule)>) return decltype(rule)::kUnvisitedFirst;
      return false;
    });
  }

  float explore(uint32_t parent_visits) const {
    return with_rule(rule_, [&](auto rule) {
      if constexpr (ScoringRule<decltype(rule)>) return decltype(rule)::explore(scaled_c_, parent_visits);
      return 0.0f;
    });
  }
  float weight(uint32_t visits, float prior) const {
    return with_rule(rule_, [&](auto rule) {
      if constexpr (ScoringRule<decltype(rule)>) return decltype(rule)::weight(visits, prior);
      return 0.0f;
    });
  }
  static float score(float mean, float explore, float weight) { return mean + explore * weight; }

  double explore_exact(uint32_t parent_visits) const {
    return with_rule(rule_, [&](auto rule) {
      if constexpr (ScoringRule<decltype(rule)>)
        return decltype(rule)::explore_exact(scaled_c_, parent_visits);
      return 0.0;
    });
  }
  double bonus_exact(double explore, uint32_t visits, double prior) const {
    return with_rule(rule_, [&](auto rule) {
      if constexpr (ScoringRule<decltype(rule)>) return decltype(rule)::bonus_exact(explore, visits, prior);
      return 0.0;
    });
  }

  // The index of the best of n children (with `mean` and `weight`): the first of equal scores.
  template <class Child>
  static int best_index(const Child* children, int n, float explore) {
    return first_best(n, [&](int i) { return score(children[i].mean, explore, children[i].weight); });
  }

 private:
  Selection rule_;
  double c_;
  double scaled_c_;  // c_ in the game's units (scale_values)
};

}  // namespace ts
