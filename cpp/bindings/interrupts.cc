#include "bindings/interrupts.h"

#include <pthread.h>
#include <pythread.h>
#include <signal.h>

#include <cerrno>
#include <chrono>
#include <stdexcept>
#include <thread>

#include "bindings/gil.h"
#include "search/interrupt.h"

namespace ts {

namespace py = pybind11;

bool interpreter_finalizing() {
#if PY_VERSION_HEX >= 0x030D0000
  return Py_IsFinalizing() != 0;
#else
  return _Py_IsFinalizing() != 0;
#endif
}

void park_forever() {
  for (;;) std::this_thread::sleep_for(std::chrono::hours(1));
}

namespace {

constexpr const char* kShutdownMessage = "search stopped: the Python interpreter is shutting down";

// --- SIGINT: a C handler chained in front of Python's, so that a Ctrl-C reaches searches on
// every thread at once (Python runs its own handlers on the main thread only, and only when
// that thread runs Python code).

struct sigaction previous_sigint;  // the handler ours calls first (Python's)
volatile sig_atomic_t in_handler = 0;

void on_sigint(int sig, siginfo_t* info, void* context) {
  if (in_handler) return;  // a foreign handler that chained to ours must not loop
  in_handler = 1;
  const int saved_errno = errno;
  if (previous_sigint.sa_flags & SA_SIGINFO) {
    if (previous_sigint.sa_sigaction) previous_sigint.sa_sigaction(sig, info, context);
  } else if (previous_sigint.sa_handler != SIG_DFL && previous_sigint.sa_handler != SIG_IGN) {
    previous_sigint.sa_handler(sig);
  }
  Interrupts::raise();  // after Python's flag is set, so the main thread finds it tripped
  errno = saved_errno;
  in_handler = 0;
}

// Chains ours in front of the SIGINT handler in place, unless SIGINT is ignored or at its
// default (then Ctrl-C interrupts nothing or kills the process anyway). Checked at every search
// start, since signal.signal() (asyncio, for one) installs Python's handler again.
void ensure_sigint_hook() {
  struct sigaction current{};
  if (sigaction(SIGINT, nullptr, &current) != 0) return;
  const bool is_ours = (current.sa_flags & SA_SIGINFO) && current.sa_sigaction == on_sigint;
  if (is_ours) return;
  if (!(current.sa_flags & SA_SIGINFO) && (current.sa_handler == SIG_DFL || current.sa_handler == SIG_IGN))
    return;
  previous_sigint = current;
  struct sigaction ours = current;
  ours.sa_flags = current.sa_flags | SA_SIGINFO;
  ours.sa_sigaction = on_sigint;
  sigaction(SIGINT, &ours, nullptr);
}

bool on_main_thread() {
  py::object main = py::module_::import("threading").attr("main_thread")();
  return py::cast<unsigned long>(main.attr("ident")) == PyThread_get_thread_ident();
}

[[noreturn]] void raise_shutdown() {
  PyErr_SetString(PyExc_RuntimeError, kShutdownMessage);
  throw SearchInterrupted();
}

// Lets Python run its signal handlers (Ctrl-C raises KeyboardInterrupt).
void check_python_signals() {
  GilAcquire gil;
  if (Interrupts::shutting_down()) raise_shutdown();
  if (PyErr_CheckSignals() != 0) throw SearchInterrupted();
}

// Another thread: Python would never tell it about Ctrl-C, so it raises KeyboardInterrupt itself.
void interrupt_other_thread() {
  GilAcquire gil;
  if (Interrupts::shutting_down()) raise_shutdown();
  PyErr_SetNone(PyExc_KeyboardInterrupt);
  throw SearchInterrupted();
}

// atexit: stops every running search and waits (GIL released) for them to unwind, so that no
// thread is inside native code when the interpreter finalizes.
void shutdown_searches(double timeout) {
  Interrupts::shutting_down().store(true);
  Interrupts::raise();
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout);
  GilRelease release;
  while (Interrupts::running().load() > 0 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

}  // namespace

void prepare_interrupts(SearchConfig& config) {
  if (Interrupts::shutting_down()) throw std::runtime_error(kShutdownMessage);
  ensure_sigint_hook();
  config.interrupt_epoch = static_cast<int64_t>(Interrupts::now());
  if (on_main_thread()) {
    config.interrupt_check = check_python_signals;
    config.on_interrupt = check_python_signals;
  } else {
    config.interrupt_check = nullptr;  // Python runs signal handlers on the main thread only
    config.on_interrupt = interrupt_other_thread;
  }
}

void bind_interrupts(py::module_& m) {
  m.def(
      "running_searches", [] { return Interrupts::running().load(); },
      "How many searches are running now, in every thread (for tests and diagnostics).");
  m.def("shutdown_searches", &shutdown_searches, py::arg("timeout") = 5.0,
        "Stops every running search (they raise RuntimeError) and refuses new ones, waiting up to `timeout` "
        "seconds for them to return. Registered with atexit; call it only when the process is ending.");
  py::module_::import("atexit").attr("register")(m.attr("shutdown_searches"));
  // A forked child has only the forking thread: searches of the parent's other threads are not
  // running there (its exit must not wait for them).
  pthread_atfork(nullptr, nullptr, [] { Interrupts::running().store(0); });
}

}  // namespace ts
