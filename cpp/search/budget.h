// Iteration and wall-time budgets, the interrupt checks, and the stop flag shared by the threads
// of one search.
//
// The clock is read about once a millisecond, whatever an iteration costs: the number of
// iterations between two reads adapts to the measured iteration time (1 for slow evaluators or
// games written in Python, hundreds for fast native games), and to the time left: within the last
// two milliseconds of a time limit the reads come at half the time left, so that the search ends
// within an iteration or so of its limit for a dozen more reads. Long work inside an iteration (a
// playout, a walk down the tree) polls the budget of the search running on its thread
// (Budget::Active, set by the one search loop, search/search_loop.h) and is abandoned,
// unfinished, when time is up; so a time limit is overrun by at most one callback
// into Python (one evaluate(), evaluate_batch() or game method call) plus about a millisecond.
#pragma once
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>

#include "core/types.h"
#include "search/config.h"
#include "search/interrupt.h"

namespace ts {

// Some budget is given (the options' ranges: search/options.h).
inline void check_budget(const SearchConfig& config) {
  if (config.iterations == 0 && config.time_limit == 0) {
    fail("give a budget: iterations > 0, time_limit > 0 seconds, or both");
  }
}

// Thrown from inside an iteration when the time is up or another thread stopped the search; the
// search loop catches it and drops the unfinished iteration.
struct OutOfBudget {};

class Budget {
 public:
  using Clock = std::chrono::steady_clock;

  explicit Budget(const SearchConfig& config)
      : config_(config),
        start_(Clock::now()),
        limit_from_(config.started.value_or(start_)),
        last_clock_(start_),
        last_signals_(start_),
        seen_(config.interrupt_epoch >= 0 ? static_cast<uint64_t>(config.interrupt_epoch)
                                          : Interrupts::now()) {
    check_budget(config);
  }

  // True while another iteration may start (`done` finished so far). Throws what the interrupt
  // checks throw.
  bool more(int64_t done) {
    if (config_.iterations > 0 && done >= config_.iterations) return false;
    if (done < next_check_) return true;
    const auto now = Clock::now();
    adapt_stride(done, now);
    return !should_stop(now);
  }

  // For long work inside an iteration: throws OutOfBudget when the search must end now.
  void poll() {
    if (should_stop(Clock::now())) throw OutOfBudget{};
  }

  double elapsed() const { return seconds_since(start_, Clock::now()); }
  // Seconds left of the time limit (which may have started before this budget: config.started).
  double time_left() const { return config_.time_limit - seconds_since(limit_from_, Clock::now()); }

  // Makes `budget` the one that work on this thread polls (Budget::active()) while in scope.
  class Active {
   public:
    explicit Active(Budget& budget) : previous_(current()) { current() = &budget; }
    ~Active() { current() = previous_; }
    Active(const Active&) = delete;
    Active& operator=(const Active&) = delete;

   private:
    Budget* previous_;
  };
  static Budget* active() { return current(); }

 private:
  static Budget*& current() {
    static thread_local Budget* budget = nullptr;
    return budget;
  }

  // Next clock read after about a millisecond's worth of iterations at the rate just measured, or
  // half the time left if that is less.
  void adapt_stride(int64_t done, Clock::time_point now) {
    const int64_t ran = done - last_done_;
    const double took = seconds_since(last_clock_, now);
    if (ran > 0 && took > 0) {
      double horizon = 0.001;
      if (config_.time_limit > 0)
        horizon = std::min(horizon, 0.5 * (config_.time_limit - seconds_since(limit_from_, now)));
      const double iterations = static_cast<double>(ran) * horizon / took;
      stride_ = std::clamp<int64_t>(static_cast<int64_t>(iterations), 1, 1024);
    }
    last_clock_ = now;
    last_done_ = done;
    next_check_ = done + stride_;
  }

  bool should_stop(Clock::time_point now) {
    if (config_.on_interrupt && Interrupts::now() != seen_) {
      seen_ = Interrupts::now();
      config_.on_interrupt();  // throws to abort (or sets `stop`)
    }
    if (config_.interrupt_check && seconds_since(last_signals_, now) >= 0.02) {
      last_signals_ = now;
      config_.interrupt_check();
    }
    if (config_.stop && config_.stop->load(std::memory_order_relaxed)) return true;
    if (config_.cancel && config_.cancel->load(std::memory_order_relaxed)) return true;
    return config_.time_limit > 0 && seconds_since(limit_from_, now) >= config_.time_limit;
  }

  static double seconds_since(Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double>(b - a).count();
  }

  const SearchConfig& config_;
  Clock::time_point start_;       // of the loop: elapsed() counts from here
  Clock::time_point limit_from_;  // the time limit counts from here (config.started, else start_)
  Clock::time_point last_clock_;
  Clock::time_point last_signals_;
  uint64_t seen_;
  int64_t next_check_ = 0;
  int64_t last_done_ = 0;
  int64_t stride_ = 1;
};

// Every `every` calls of tick(), polls the budget of the search running on this thread (if any).
// Cheap enough for the inner loop of a playout: a counter, and a thread-local read per poll.
class BudgetPoller {
 public:
  explicit BudgetPoller(int every) : every_(every) {}
  [[gnu::always_inline]] void tick() {  // at every step of every walk and playout
    if (++count_ < every_) return;
    count_ = 0;
    if (Budget* budget = Budget::active()) budget->poll();
  }

 private:
  int every_;
  int count_ = 0;
};

}  // namespace ts
