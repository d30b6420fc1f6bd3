// Taking and giving back the GIL from native threads without dying with the interpreter.
//
// In Python 3.11/3.12 a thread that asks for the GIL after the interpreter started finalizing is
// ended with pthread_exit(); its forced unwinding through a destructor (noexcept) or a
// catch (...) aborts the whole process ("terminate called without an active exception"). The
// shutdown path (interrupts.cc) stops every search before finalization; a thread still inside a
// search then (a Python callback that did not return in time) is parked here for good instead,
// which is what Python 3.14 itself does with such threads: exit() does not wait for it.
#pragma once
#include <pybind11/pybind11.h>

#include <optional>

namespace ts {

// True once the interpreter is finalizing (no thread may take the GIL any more).
bool interpreter_finalizing();

// Blocks the calling thread until the process exits.
[[noreturn]] void park_forever();

// True on a thread that holds the GIL for the whole of a search it runs (a lone search thread
// calling back into Python keeps it: search.cc), so that the calls back need not ask.
inline thread_local bool gil_kept_for_search = false;

// pybind11::gil_scoped_acquire, parking the thread instead if the interpreter is finalizing.
// Nothing to do where the thread holds the GIL already, which is most calls from a search.
class GilAcquire {
 public:
  GilAcquire() {
    if (gil_kept_for_search || PyGILState_Check()) return;
    if (interpreter_finalizing()) park_forever();
    gil_.emplace();
  }

 private:
  std::optional<pybind11::gil_scoped_acquire> gil_;
};

// Marks the calling thread as holding the GIL for a search while in scope (it must).
class GilKeptForSearch {
 public:
  GilKeptForSearch() : outer_(gil_kept_for_search) { gil_kept_for_search = true; }
  ~GilKeptForSearch() { gil_kept_for_search = outer_; }
  GilKeptForSearch(const GilKeptForSearch&) = delete;
  GilKeptForSearch& operator=(const GilKeptForSearch&) = delete;

 private:
  bool outer_;
};

// pybind11::gil_scoped_release, whose end (taking the GIL back) parks the thread instead if the
// interpreter is finalizing by then. The thread no longer keeps the GIL for a search meanwhile.
class GilRelease {
 public:
  GilRelease() : kept_(gil_kept_for_search), state_(PyEval_SaveThread()) { gil_kept_for_search = false; }
  ~GilRelease() {
    if (interpreter_finalizing()) park_forever();
    PyEval_RestoreThread(state_);
    gil_kept_for_search = kept_;
  }
  GilRelease(const GilRelease&) = delete;
  GilRelease& operator=(const GilRelease&) = delete;

 private:
  bool kept_;
  PyThreadState* state_;
};

}  // namespace ts
