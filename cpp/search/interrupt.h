// The process-wide stop signal that every search polls, whichever thread runs it. Anything may
// raise it: a SIGINT (the bindings chain a handler in front of Python's), or the shutdown path at
// interpreter exit. Searches remember the count they started with; a change means "stop".
// Everything here is lock-free, so the signal handler may touch it.
#pragma once
#include <atomic>
#include <cstdint>

namespace ts {

class Interrupts {
 public:
  // Bumped by every interrupt; async-signal-safe (a lock-free atomic).
  static std::atomic<uint64_t>& count() {
    static std::atomic<uint64_t> n{0};
    return n;
  }
  // Set once for good when the process shuts down: every running search stops, new ones refuse.
  static std::atomic<bool>& shutting_down() {
    static std::atomic<bool> flag{false};
    return flag;
  }
  // Searches running now (any thread), for the shutdown path to wait on.
  static std::atomic<int>& running() {
    static std::atomic<int> n{0};
    return n;
  }

  static void raise() { count().fetch_add(1, std::memory_order_relaxed); }
  static uint64_t now() { return count().load(std::memory_order_relaxed); }
};

static_assert(std::atomic<uint64_t>::is_always_lock_free, "the SIGINT handler needs a lock-free counter");

// Counts a search as running for as long as it lives.
class RunningSearch {
 public:
  RunningSearch() { Interrupts::running().fetch_add(1); }
  ~RunningSearch() { Interrupts::running().fetch_sub(1); }
  RunningSearch(const RunningSearch&) = delete;
  RunningSearch& operator=(const RunningSearch&) = delete;
};

}  // namespace ts
