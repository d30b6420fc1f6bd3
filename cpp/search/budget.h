// Iteration and wall-time budgets, and the periodic interrupt check.
#pragma once
#include <chrono>
#include <cstdint>

#include "core/types.h"
#include "search/config.h"

namespace ts {

class Budget {
 public:
  using Clock = std::chrono::steady_clock;

  explicit Budget(const SearchConfig& config)
      : config_(config), start_(Clock::now()), last_check_(start_) {
    if (config.iterations < 0) fail("iterations must be >= 0, got " + std::to_string(config.iterations));
    if (!(config.time_limit >= 0)) fail("time_limit must be >= 0 seconds");
    if (config.iterations == 0 && config.time_limit == 0) {
      fail("give a budget: iterations > 0, time_limit > 0 seconds, or both");
    }
  }

  // True while another iteration may start. Cheap: reads the clock only every 16 iterations.
  bool more(int64_t done) {
    if (config_.iterations > 0 && done >= config_.iterations) return false;
    if ((done & 15) != 0) return true;
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
};

}  // namespace ts
