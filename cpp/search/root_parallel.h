// Root parallelism: each thread grows its own tree from the same root with its own seed and
// share of the iterations; the root statistics are merged at the end. With an iteration budget
// the result depends only on the seed, never on timing (each thread's work is fixed).
#pragma once
#include <algorithm>
#include <atomic>
#if defined(__GLIBCXX__)
#include <cxxabi.h>
#endif
#include <exception>
#include <functional>
#include <thread>
#include <vector>

#include "search/config.h"
#include "search/interrupt.h"
#include "search/node_arena.h"
#include "search/tree_stats.h"

namespace ts {

// Seed of thread t: thread 0 keeps the caller's seed, so threads=1 matches a plain search.
inline uint64_t thread_seed(uint64_t seed, int t) {
  if (t == 0) return seed;
  uint64_t x = seed ^ (0xA0761D6478BD642FULL * static_cast<uint64_t>(t));
  return splitmix64(x);
}

// The threads' strategies over the root actions (the same actions in every thread: the player to
// move knows them), each weighted by the visits its thread made at the root; the most likely
// action becomes the best.
inline void merge_strategies(SearchResult& merged, const std::vector<SearchResult>& parts) {
  std::fill(merged.strategy.begin(), merged.strategy.end(), 0.0);
  double total = 0;
  for (const auto& p : parts) {
    double visits = 0;
    for (const auto& s : p.stats) visits += static_cast<double>(s.visits);
    for (size_t i = 0; i < merged.strategy.size(); ++i) merged.strategy[i] += visits * p.strategy[i];
    total += visits;
  }
  for (double& x : merged.strategy)
    x = total > 0 ? x / total : 1.0 / static_cast<double>(merged.strategy.size());
  const auto best =
      std::max_element(merged.strategy.begin(), merged.strategy.end()) - merged.strategy.begin();
  merged.best_action = merged.stats[best].action;
}

// Merges per-thread results: visits add up, values are visit-weighted means (root values weighted
// by each thread's root visits, which a kept tree's count too).
inline SearchResult merge_results(std::vector<SearchResult>& parts) {
  SearchResult merged = parts[0];
  for (size_t t = 1; t < parts.size(); ++t) {
    const SearchResult& p = parts[t];
    merged.iterations += p.iterations;
    merged.elapsed = std::max(merged.elapsed, p.elapsed);
    merged.nodes += p.nodes;
    merged.node_bytes += p.node_bytes;
    merged.memory_capped = merged.memory_capped || p.memory_capped;
    merge_stats(merged.stats, p.stats);  // by action id: threads may have seen other root actions
  }
  int64_t root_visits = 0;
  for (const auto& p : parts) root_visits += p.root_visits;
  const double total = static_cast<double>(root_visits);
  for (size_t k = 0; k < merged.root_values.size(); ++k) {
    double sum = 0;
    for (const auto& p : parts) sum += p.root_values[k] * static_cast<double>(p.root_visits);
    merged.root_values[k] = total > 0 ? sum / total : 0.0;
  }
  merged.root_visits = root_visits;
  merged.best_action = most_visited(merged.stats);
  if (!merged.strategy.empty()) merge_strategies(merged, parts);
  // Thread 0's line, if it starts with the merged choice; else just that choice.
  if (merged.principal_variation.empty() || merged.principal_variation[0] != merged.best_action) {
    merged.principal_variation.assign(1, merged.best_action);
  }
  for (const auto& p : parts) {
    if (p.proven_value) {  // a proof from any thread is exact
      merged.proven_value = p.proven_value;
      merged.best_action = p.best_action;
    }
  }
  return merged;
}

// Runs `search_one(sub_config, thread)` on config.threads threads and merges the results. Each
// thread gets its own seed, an equal share of the iterations and of max_memory_mb; the caller's
// thread is thread 0 and alone runs the interrupt check; an error in any thread stops the others
// and is rethrown (thread 0's first, so an interrupt wins).
template <class SearchOne>
SearchResult run_threads(const SearchConfig& config, SearchOne search_one) {
  const int threads = config.threads;
  if (threads == 1) return search_one(config, 0);
  if (config.iterations > 0 && config.iterations < threads) {
    fail("iterations (" + std::to_string(config.iterations) + ") must be at least threads (" +
         std::to_string(threads) + ")");
  }
  std::atomic<bool> stop{false};
  std::vector<SearchConfig> subs(threads, config);
  const int64_t epoch =
      config.interrupt_epoch >= 0 ? config.interrupt_epoch : static_cast<int64_t>(Interrupts::now());
  for (int t = 0; t < threads; ++t) {
    subs[t].interrupt_epoch = epoch;
    subs[t].seed = thread_seed(config.seed, t);
    subs[t].iterations = config.iterations / threads + (t < config.iterations % threads ? 1 : 0);
    subs[t].max_memory_mb = std::max<int64_t>(1, config.max_memory_mb / threads);
    subs[t].stop = &stop;
    if (t > 0) {  // an interrupt stops the other threads; the caller's thread raises it
      subs[t].interrupt_check = nullptr;
      if (config.on_interrupt) subs[t].on_interrupt = [&stop] { stop.store(true); };
    }
  }
  std::vector<SearchResult> parts(threads);
  std::vector<std::exception_ptr> errors(threads);
  auto work = [&](int t) {
    try {
      parts[t] = search_one(subs[t], t);
#if defined(__GLIBCXX__)
    } catch (abi::__forced_unwind&) {
      throw;  // pthread_exit() unwinding the thread: swallowing it would abort the process
#endif
    } catch (...) {
      errors[t] = std::current_exception();
      stop.store(true);
    }
  };
  std::vector<std::thread> workers;
  for (int t = 1; t < threads; ++t) workers.emplace_back(work, t);
  work(0);
  for (auto& w : workers) w.join();
  for (const auto& e : errors) {
    if (e) std::rethrow_exception(e);
  }
  // An interrupt that came after the caller's thread had finished its share stopped the others.
  if (config.on_interrupt && Interrupts::now() != static_cast<uint64_t>(epoch)) config.on_interrupt();
  return merge_results(parts);
}

// The same for searches that keep a tree per thread (tree reuse): kept trees are searched
// further; if there is not one per thread, `make_tree(max_memory_mb)` makes fresh ones.
template <class Tree, class MakeTree, class SearchOne>
SearchResult run_with_trees(const SearchConfig& config, std::vector<Tree>& trees, MakeTree make_tree,
                            SearchOne search_one) {
  if (static_cast<int>(trees.size()) != config.threads) {
    trees.clear();
    const int64_t share = std::max<int64_t>(1, config.max_memory_mb / config.threads);
    for (int t = 0; t < config.threads; ++t) trees.push_back(make_tree(share));
  }
  return run_threads(config, [&](const SearchConfig& sub, int t) { return search_one(sub, trees[t]); });
}

}  // namespace ts
