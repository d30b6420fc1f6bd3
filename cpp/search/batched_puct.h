// PUCT with batched leaf evaluation, for neural-network evaluators: the walk over a node arena
// (search/arena_walk.h) with its evaluation deferred. Each round walks down the tree up to
// batch_size times; every walk adds a virtual loss to the edges it takes, so the next walk of the
// round goes elsewhere. The leaves reached are evaluated in one call, then expanded with their
// priors, and their values backed up in place of the virtual losses.
#pragma once
#include <algorithm>
#include <atomic>
#include <vector>

#include "core/game.h"
#include "search/arena_walk.h"
#include "search/budget.h"
#include "search/config.h"
#include "search/evaluator.h"
#include "search/node_arena.h"
#include "search/search_loop.h"
#include "search/tree_stats.h"

namespace ts {

template <GameState S, class Evaluator>
  requires BatchEvaluator<Evaluator, S>
class BatchedPuctSearch {
 public:
  BatchedPuctSearch(const SearchConfig& config, int max_legal_actions, Evaluator& evaluator, NodeArena& arena)
      : config_(config),
        evaluator_(evaluator),
        arena_(arena),
        walk_(config, max_legal_actions, evaluator, arena),
        iterations_(config.iterations) {
    check_budget(config);
    if (!walk_.selector().uses_priors()) fail("batched evaluators need algorithm='puct'");
    if (config.solve) fail("solve=True does not work with batched evaluators");
  }

  SearchResult run(const S& root) {
    check_searchable(root);
    walk_.selector().scale_values(ReturnScale::of(root));
    RootTally& root_tally = arena_.root_tally();  // a kept tree's visits count on
    root_tally.fit(root.num_players());
    walk_.ops().add_root_noise();
    const LoopStats loop = run_search_loop(config_, [&](int64_t) { return round(root, root_tally); });
    root_tally.visits += loop.iterations;
    SearchResult result =
        tree_result(algorithm_name(config_.algorithm), loop.iterations, loop.elapsed, arena_, root_tally);
    result.stats = child_stats(arena_, 0);
    result.best_action = most_visited(result.stats);
    result.principal_variation = principal_variation(arena_, result.best_action);
    return result;
  }

  // The rules of the walk (search/arena_walk.h): PUCT's choice at the root and below it.

  uint32_t root_child(uint32_t node, Node& parent) { return interior_child(node, parent); }
  uint32_t interior_child(uint32_t node, Node& parent) { return walk_.ops().select_child(node, parent); }

 private:
  struct Pending {
    S state;
    uint32_t node;
    std::vector<TreeStep> path;
  };

  // One round of the steps (search/search_loop.h) for a batch: up to batch_size walks select
  // their leaves, one call evaluates them all, then each is expanded with its priors and its
  // values backed up. Returns the iterations finished.
  int64_t round(const S& root, RootTally& tally) {
    int64_t want = evaluator_.batch_size();
    if (iterations_ > 0) want = std::min<int64_t>(want, iterations_ - finished_);
    pending_.clear();
    int64_t finished = 0;
    double values[kMaxPlayers];
    for (int64_t walk = 0; walk < want; ++walk) {
      S state = root;
      const Leaf leaf = select(state);
      if (leaf == Leaf::kTaken) {
        for (const TreeStep& s : walk_.path()) arena_.remove_virtual_loss(s.node);
        break;  // the tree offers no more distinct leaves this round
      }
      if (leaf == Leaf::kEnd) {
        state.returns(values);
        backup(walk_.path(), values, tally);
        ++finished;
      }
    }
    if (!pending_.empty()) {
      evaluate();
      finished += expand_and_backup(tally);
    }
    finished_ += finished;
    return finished;
  }

  // Where a walk ended: the end of the game, a leaf now waiting for the batch's evaluation (in
  // pending_), or a leaf another walk of this round already waits on.
  enum class Leaf { kEnd, kPending, kTaken };

  // Walks down from the root with a virtual loss on every edge taken (so that the next walk of
  // the round goes elsewhere); chance nodes are expanded on the way, as they need no evaluation.
  Leaf select(S& state) {
    walk_.clear_path();
    uint32_t node = 0;
    while (true) {
      node = walk_.template descend<true>(state, node, *this);
      if (state.is_terminal()) return Leaf::kEnd;
      Node& leaf = arena_.node(node);
      if (leaf.flags & Node::kPending) return Leaf::kTaken;
      if (state.current_player() == kChancePlayer && walk_.grow(node, state)) continue;
      arena_.node(node).flags |= Node::kPending;
      pending_.push_back({state, node, walk_.path()});
      return Leaf::kPending;
    }
  }

  // The values and priors of every pending leaf, in one call.
  void evaluate() {
    leaves_.clear();
    for (const auto& p : pending_) leaves_.push_back(&p.state);
    evaluator_.evaluate_batch(leaves_, values_, priors_);
  }

  int64_t expand_and_backup(RootTally& tally) {
    const int players = pending_[0].state.num_players();
    size_t offset = 0;
    TreeOps<S>& ops = walk_.ops();
    for (size_t i = 0; i < pending_.size(); ++i) {
      Pending& p = pending_[i];
      arena_.node(p.node).flags &= static_cast<uint8_t>(~Node::kPending);
      const int n = ops.list_children(p.state);
      std::copy(priors_.begin() + static_cast<long>(offset), priors_.begin() + static_cast<long>(offset) + n,
                ops.priors().begin());
      offset += n;
      if (ops.expand(p.node, p.state.current_player(), n) && p.node == 0) ops.add_root_noise();
      backup(p.path, &values_[i * players], tally);
    }
    return static_cast<int64_t>(pending_.size());
  }

  // The walk's backup, in place of the virtual losses of `path`.
  void backup(const std::vector<TreeStep>& path, const double* values, RootTally& tally) {
    for (const TreeStep& step : path) arena_.remove_virtual_loss(step.node);
    walk_.backup(path, values, tally);
  }

  const SearchConfig& config_;
  Evaluator& evaluator_;
  NodeArena& arena_;
  ArenaWalk<S, Evaluator> walk_;
  int64_t iterations_;
  int64_t finished_ = 0;
  std::vector<Pending> pending_;
  std::vector<const S*> leaves_;
  std::vector<double> values_;
  std::vector<float> priors_;
};

}  // namespace ts
