"""Ctrl-C stops a long native search promptly with KeyboardInterrupt: every algorithm, on one
thread and on two, on a native game, on a game written in Python and on a compiled one."""

import os
import select
import signal
import subprocess
import sys
import time

import pytest

from helpers import ctrl_c

TESTS_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

SCRIPT = """
import sys
sys.path.insert(0, {tests!r})
from helpers import compiled_games, py_games
py_games.register()
compiled_games.register()
import tablesearch as ts
from tablesearch import mcts
state = ts.load_game({game!r}).new_initial_state(0)
while state.is_chance_node():
    state.apply_action(state.legal_actions()[0])
print("searching", flush=True)
try:
    mcts.search(state, time_limit=60, seed=0, max_memory_mb=64, {options})
except KeyboardInterrupt:
    print("interrupted", flush=True)
    sys.exit(3)
"""

SEARCHES = [
    ("connect_four", "algorithm='uct'"),
    ("connect_four", "algorithm='uct', threads=2"),
    ("leduc_poker", "algorithm='ismcts'"),
    ("leduc_poker", "algorithm='ismcts', threads=2"),
    ("leduc_poker", "algorithm='mo-ismcts', threads=2"),
    ("leduc_poker", "algorithm='pimc'"),
    ("leduc_poker", "algorithm='pimc', threads=2"),
    # Many worlds each too short to check for Ctrl-C themselves: checked between worlds.
    ("leduc_poker", "algorithm='pimc', iterations=10**9, determinizations=10**8"),
    ("py_nim", "algorithm='uct'"),  # the search calls back into Python, holding the GIL
    ("py_nim", "algorithm='uct', threads=2"),
    ("compiled_leduc_poker", "algorithm='mo-ismcts', threads=2"),  # numba code, without the GIL
]


@pytest.mark.timing
@pytest.mark.parametrize("game, options", SEARCHES, ids=[f"{g}-{o}" for g, o in SEARCHES])
def test_sigint_stops_search_within_a_second(game, options):
    if game.startswith("compiled_"):
        pytest.importorskip("numba")
    script = SCRIPT.format(tests=TESTS_DIR, game=game, options=options)
    with ctrl_c.popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True) as proc:
        try:
            while proc.stdout.readline().strip() != "searching":  # skip any build chatter
                assert proc.poll() is None, "the search process died before searching"
            time.sleep(0.5)  # let the search start
            sent = time.monotonic()
            proc.send_signal(signal.SIGINT)
            # Until the search has stopped (the process's exit after that is not the search's:
            # numba's own clean-up at exit takes a few tenths of a second).
            assert select.select([proc.stdout], [], [], 10)[0], "no output within 10 s of Ctrl-C"
            first = proc.stdout.readline()
            waited = time.monotonic() - sent
            out, _ = proc.communicate(timeout=30)
            out = first + out
        finally:
            proc.kill()  # only if it did not stop: a failed test leaves no search running
    assert proc.returncode == 3 and "interrupted" in out
    assert waited < 1.0, f"took {waited:.2f} s to stop"
