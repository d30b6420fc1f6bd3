"""Ctrl-C stops a search whichever thread runs it: a worker of a ThreadPoolExecutor, a thread of
asyncio.to_thread, a plain thread the main thread joins, two search threads calling back into a
Python game, and a Python game that never ends (checked inside the playout). The process-wide
interrupt count is raised by a SIGINT handler chained in front of Python's."""

import signal
import subprocess
import sys
import time

import pytest

from helpers import ctrl_c, hostile

PRELUDE = f"""
import sys, threading
sys.path.insert(0, {hostile.TESTS_DIR!r})
from helpers import py_games
py_games.register()
import tablesearch as ts
from tablesearch import mcts
from helpers.py_games import NimState

class Endless(NimState):
    def apply_action(self, action):
        self.player = 1 - self.player  # no stone is ever taken: playouts never end

def search(state=None, **options):
    state = state or ts.load_game("connect_four").new_initial_state(0)
    options.setdefault("time_limit", 60)
    return mcts.search(state, seed=0, max_memory_mb=64, **options)
"""

SCENARIOS = {
    "executor-worker": """
from concurrent.futures import ThreadPoolExecutor
with ThreadPoolExecutor(1) as pool:
    future = pool.submit(search)
    while ts._core.running_searches() == 0: pass
    print("searching", flush=True)
    try:
        future.result()
    except KeyboardInterrupt:
        try:
            future.result(timeout=30)  # the worker's own search must stop too
        except KeyboardInterrupt:
            sys.exit(3)
""",
    "asyncio-to-thread": """
import asyncio
async def main():
    task = asyncio.ensure_future(asyncio.to_thread(search))
    while ts._core.running_searches() == 0: await asyncio.sleep(0.001)
    print("searching", flush=True)
    await task
try:
    asyncio.run(main())  # shuts its executor down only once the search thread has stopped
except KeyboardInterrupt:
    sys.exit(3)
""",
    "waited-for-thread": """
errors, done = [], threading.Event()
def work():
    try:
        search(threads=2)
    except KeyboardInterrupt:
        errors.append("interrupted")
    done.set()
threading.Thread(target=work).start()
while ts._core.running_searches() == 0: pass
print("searching", flush=True)
try:
    done.wait()
except KeyboardInterrupt:
    # (not Thread.join: in Python 3.11 a join interrupted by Ctrl-C marks a running thread stopped)
    done.wait(30)
    sys.exit(3 if errors == ["interrupted"] else 4)
""",
    "python-game-two-threads": """
print("searching", flush=True)
try:
    search(ts.load_game("py_nim", stones=400).new_initial_state(0), threads=2)
except KeyboardInterrupt:
    sys.exit(3)
""",
    "endless-python-game": """
print("searching", flush=True)
try:
    search(Endless(13), threads=1)
except KeyboardInterrupt:
    sys.exit(3)
""",
    "endless-python-game-two-threads": """
print("searching", flush=True)
try:
    search(Endless(13), threads=2, algorithm="ismcts")
except KeyboardInterrupt:
    sys.exit(3)
""",
}


def seconds_to_stop(scenario: str) -> float:
    """Starts the scenario, sends SIGINT once its search runs, and returns how long the process
    took to exit after it; the process must have caught KeyboardInterrupt (status 3)."""
    code = PRELUDE + SCENARIOS[scenario]
    with ctrl_c.popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as proc:
        try:
            while proc.stdout.readline().strip() != "searching":  # skip any build chatter
                assert proc.poll() is None, f"died before searching: {proc.stderr.read()[-3000:]}"
            time.sleep(0.3)  # well inside the search
            sent = time.monotonic()
            proc.send_signal(signal.SIGINT)
            _, err = proc.communicate(timeout=30)
            waited = time.monotonic() - sent
        finally:
            proc.kill()  # only if it did not stop: a failed test leaves no search running
    assert proc.returncode == 3, f"status {proc.returncode}\n{err[-3000:]}"
    return waited


@pytest.mark.parametrize("scenario", list(SCENARIOS))
def test_ctrl_c_stops_a_search_in_any_thread(scenario):
    assert seconds_to_stop(scenario) < 5.0  # a hang (or a search running to its time limit) fails


@pytest.mark.timing
@pytest.mark.parametrize("scenario", list(SCENARIOS))
def test_ctrl_c_stops_a_search_in_any_thread_within_half_a_second(scenario):
    waited = seconds_to_stop(scenario)
    assert waited < 0.5, f"took {waited:.2f} s to stop"
