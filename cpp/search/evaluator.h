// What the search asks of a leaf evaluator. Every evaluator gives values per player; one may
// also give prior probabilities over the legal actions (used by PUCT), or evaluate many leaves
// in one call (for neural networks).
#pragma once
#include <concepts>
#include <vector>

#include "core/game.h"

namespace ts {

template <class E, class S>
concept LeafEvaluator = requires(E e, const S& leaf, Rng& rng, double* values) {
  { e.evaluate(leaf, rng, values) };
};

// Writes priors for `actions` into `out` and returns true, or returns false for "no opinion"
// (the search then uses uniform priors).
template <class E, class S>
concept PriorEvaluator = requires(E e, const S& leaf, const Action* actions, int n, float* out) {
  { e.priors(leaf, actions, n, out) } -> std::same_as<bool>;
};

// Learns from the search's iterations: the moves of each walk down the tree (tree_move), then the
// iteration's values (end_iteration). MAST playouts do (search/playout.h).
template <class E>
concept LearnsFromIterations = requires(E e, int player, Action action, const double* values) {
  { e.tree_move(player, action) };
  { e.end_iteration(values) };
};

// Evaluates `leaves` at once: values[i * players + p], and priors for each leaf's legal actions
// written consecutively into `priors` (leaf i's block starts at the sum of earlier leaves' counts).
template <class E, class S>
concept BatchEvaluator = requires(E e, const std::vector<const S*>& leaves, std::vector<double>& values,
                                  std::vector<float>& priors) {
  { e.batch_size() } -> std::same_as<int>;
  { e.evaluate_batch(leaves, values, priors) };
};

}  // namespace ts
