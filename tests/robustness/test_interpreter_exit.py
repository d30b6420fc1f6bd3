"""The interpreter may exit while daemon threads are searching (native, Python and compiled
games, one search thread and two): the atexit path stops every running search, so no thread is inside
native code when the interpreter finalizes ("terminate called without an active exception"
before). Each case is a child process that must exit cleanly."""

import subprocess
import sys

import pytest

from helpers import hostile

CODE = f"""
import sys, threading, time
sys.path.insert(0, {hostile.TESTS_DIR!r})
from helpers import compiled_games, py_games
py_games.register()
compiled_games.register()
import tablesearch as ts
from tablesearch import mcts

def forever(game, threads, evaluator):
    state = ts.load_game(game).new_initial_state(0)
    while True:
        try:
            mcts.search(state, time_limit=30, seed=0, threads=threads, max_memory_mb=64, evaluator=evaluator)
        except RuntimeError as error:
            assert "shutting down" in str(error)
            return

class Slow:
    def evaluate(self, state):
        time.sleep(0.01)
        return [0.0] * state.num_players()

game, threads, searchers, evaluator = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
for _ in range(searchers):
    threading.Thread(target=forever, args=(game, threads, Slow() if evaluator == "slow" else None), daemon=True).start()
while ts._core.running_searches() < searchers:
    time.sleep(0.001)
time.sleep(0.2)
print("exiting", flush=True)
"""

CASES = [
    ("connect_four", 1, 1, "rollout"),
    ("connect_four", 2, 1, "rollout"),
    ("connect_four", 1, 2, "rollout"),
    ("py_nim", 1, 1, "rollout"),
    ("py_nim", 2, 2, "rollout"),
    ("connect_four", 2, 1, "slow"),
    ("compiled_connect_four", 2, 2, "rollout"),  # numba code, freed as the interpreter ends
]


@pytest.mark.parametrize("game, threads, searchers, evaluator", CASES)
def test_exit_while_daemon_threads_search(game, threads, searchers, evaluator):
    if game.startswith("compiled_"):
        pytest.importorskip("numba")
    proc = subprocess.run(
        [sys.executable, "-c", CODE, game, str(threads), str(searchers), evaluator],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "exiting" in proc.stdout
    assert "terminate" not in proc.stderr and "Fatal" not in proc.stderr, proc.stderr[-3000:]
