"""Where a tournament's games run: local worker processes bound to the parent's lifetime, this
process (one worker), or any concurrent.futures executor.

How many: `plan_workers` caps the processes at the games left to play (no worker starts without
a game) and at the machine's cores, unless the caller forces more; the cap is said, never silent.

Local workers never outlive the tournament, however it ends:
- Ctrl-C or an error: the parent terminates them (`stop`) and waits for them.
- SIGKILL or SIGTERM of the parent (no chance to clean up): each worker watches its parent. On
  Linux the kernel sends it SIGKILL when the parent dies (PR_SET_PDEATHSIG); everywhere a
  watchdog thread in the worker exits it once its parent is gone (a worker blocked reading its
  task pipe would otherwise wait forever, since it holds that pipe's write end itself).
"""

from __future__ import annotations

import concurrent.futures as cf
import ctypes
import ctypes.util
import multiprocessing
import os
import signal
import sys
import threading
import time
from typing import Any, Callable

WATCH_SECONDS = 0.5  # how often a worker checks that its parent is alive


class WorkersCapped(UserWarning):
    """Fewer worker processes than asked for were started, because the machine has fewer cores."""


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def plan_workers(requested: int, games: int, force: bool = False) -> tuple[int, str]:
    """(processes to start, a note saying why fewer than `requested`, or ""): at most one per game
    left, and at most one per core unless `force`."""
    count = max(1, min(requested, games))
    available = cores()
    if force or count <= available:
        return count, ""
    return available, (
        f"using {available} worker processes, not the {requested} asked for: this machine has {available} "
        "cores (--force-workers, or force_workers=True, starts one per game up to the number asked for)"
    )


class _TrackingContext:
    """The default multiprocessing context, remembering the worker processes it starts (so the
    parent can end them without reading the executor's private attributes)."""

    def __init__(self) -> None:
        self._context = multiprocessing.get_context()
        self.processes: list[Any] = []

    def Process(self, *args: Any, **kwargs: Any) -> Any:  # noqa: N802 (the multiprocessing name)
        process = self._context.Process(*args, **kwargs)
        self.processes.append(process)
        return process

    def __getattr__(self, name: str) -> Any:
        return getattr(self._context, name)


class LocalPool:
    """A ProcessPoolExecutor of `workers` processes that end with this process."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._context = _TrackingContext()
        self.executor = cf.ProcessPoolExecutor(
            workers,
            mp_context=self._context,  # type: ignore[call-overload]
            initializer=_worker_start,
            initargs=(os.getpid(),),
        )

    def stop(self) -> None:
        """Ends the workers at once (their unfinished games are simply not written) and waits."""
        for process in self._context.processes:
            if process.is_alive():
                process.terminate()
        self.executor.shutdown(wait=True, cancel_futures=True)

    def close(self) -> None:
        """Lets the workers finish what was submitted, then ends them."""
        self.executor.shutdown(wait=True)


def _worker_start(parent: int) -> None:
    # Ctrl-C reaches the whole process group: workers leave it to the parent, which ends them.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _die_with_parent(parent)


def _die_with_parent(parent: int) -> None:
    direct = os.getppid() == parent  # False under the forkserver and spawn start methods
    if direct and sys.platform.startswith("linux"):
        libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
        pr_set_pdeathsig = 1
        libc.prctl(pr_set_pdeathsig, signal.SIGKILL, 0, 0, 0)
    threading.Thread(target=_watch_parent, args=(parent, direct), name="tablesearch-parent-watch", daemon=True).start()


def _watch_parent(parent: int, direct: bool) -> None:
    while _alive(parent, direct):
        time.sleep(WATCH_SECONDS)
    os._exit(1)  # nothing to save: the parent writes every result


def _alive(parent: int, direct: bool) -> bool:
    if direct:
        return os.getppid() == parent  # an orphan is re-parented at once, even before it is reaped
    try:
        os.kill(parent, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process took the number: ours is gone
        return False
    return True


class InlineExecutor(cf.Executor):
    """Runs each submission at once in this process (one worker, no pickling)."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> cf.Future[Any]:
        future: cf.Future[Any] = cf.Future()
        future.set_result(fn(*args, **kwargs))
        return future
