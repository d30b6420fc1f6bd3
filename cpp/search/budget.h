// Iteration and wall-time budgets, the periodic interrupt check, and the stop flag shared by
// the threads of one search.
#pragma once
#include <atomic>
#include <chrono>
#include <cstdint>

#include "core/types.h"
#include "search/config.h"

namespace ts {

inline void check_budget(const SearchConfig& config) {
  if (config.iterations < 0) fail("iterations must be >= 0, got " + std::to_string(config.iterations));
  if (!(config.time_limit >= 0)) fail("time_limit must be >= 0 seconds");
  if (config.iterations == 0 && config.time_limit == 0) {
    fail("give a budget: iterations > 0, time_limit > 0 seconds, or both");
  }
}

class Budget {
 public:
  using Clock = std::chrono::steady_clock;

  explicit Budget(const SearchConfig& config) : config_(config), start_(Clock::now()), last_check_(start_) {
    check_budget(config);
  }

  // True while another iteration may start. Cheap: reads the clock only every 16 iterations.
  bool more(int64_t done) {
    if (config_.iterations > 0 && done >= config_.iterations) return false;
    if (done < next_check_) return true;
    next_check_ = done + 16;
    if (config_.stop && config_.stop->load(std::memory_order_relaxed)) return false;
    const auto now = Clock::now();
    if (config_.time_limit > 0 && seconds_since(start_, now) >= config_.time_limit) return false;
    if (config_.interrupt_check && seconds_since(last_check_, now) >= 0.02) {
      last_check_ = now;
      config_.interrupt_check();
    }
    return true;
  }

  double elapsed() const { return seconds_since(start_, Clock::now()); }

 private:
  static double seconds_since(Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double>(b - a).count();
  }
  const SearchConfig& config_;
  Clock::time_point start_;
  Clock::time_point last_check_;
  int64_t next_check_ = 0;
};

}  // namespace ts
