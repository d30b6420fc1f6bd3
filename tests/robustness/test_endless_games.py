"""A game whose playouts never end (and whose positions repeat, so that a walk down an
information-set table can cycle) still gives a search that returns on time and stops on Ctrl-C:
every algorithm, its walks and its playouts (random and MAST) poll the one budget registered by
the search loop (search/search_loop.h). Each search runs in a child process, so a hang fails the
test by its timeout instead of stopping the run."""

import os
import select
import signal
import subprocess
import sys
import time

import pytest

from helpers import ctrl_c
from helpers.hostile_games import run_child

TESTS_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Nim where a move takes no stone: the same two positions alternate for ever.
ENDLESS = """
from helpers.hostile_games import nim
def stay(self, action):
    self.player = 1 - self.player
def information_state_string(self, player):
    return str(self)
state = nim(7, apply_action=stay, information_state_string=information_state_string)
"""

TIMED = (
    ENDLESS
    + """
import time
from tablesearch import mcts
for algorithm in mcts.ALGORITHMS:
    for options in ({}, {"threads": 2}, {"playout": "mast"}, {"beliefs": True}):
        start = time.monotonic()
        # A huge iteration budget beside the time (gumbel plans its iterations): the time ends it.
        result = mcts.search(state, 10**9, time_limit=0.1, seed=0, algorithm=algorithm, **options)
        took = time.monotonic() - start
        print(algorithm, options, f"{took:.2f} s", result.iterations, flush=True)
        assert took < 5, (algorithm, options, took)
print("ok")
"""
)


def test_every_algorithm_returns_on_time_on_a_game_that_never_ends():
    out = run_child(TIMED, timeout=240)
    assert out.strip().endswith("ok"), out


COMPILED = """
from tablesearch.games import compiled
from helpers import hostile_compiled as h
import tablesearch as ts
compiled.CHECK_GAMES = 0  # the load-time pass refuses a game that never ends
ts.register_game("hostile_compiled", h.hostile)
state = ts.load_game("hostile_compiled", mode=22).new_initial_state(0)
state.apply_action(1)  # the deal
"""


@pytest.mark.slow
def test_every_algorithm_returns_on_time_on_a_compiled_game_that_never_ends():
    pytest.importorskip("numba")
    out = run_child(TIMED.replace(ENDLESS, COMPILED), timeout=600)
    assert out.strip().endswith("ok"), out


CTRL_C = """
import sys
sys.path.insert(0, {tests!r})
from tablesearch import mcts
{endless}
print("searching", flush=True)
try:
    mcts.search(state, iterations=10**12, seed=0, algorithm={algorithm!r})
except KeyboardInterrupt:
    print("interrupted", flush=True)
    sys.exit(3)
"""


@pytest.mark.timing
@pytest.mark.parametrize("algorithm", ["smooth-uct", "infoset-uct", "uct", "ismcts", "oos"])
def test_ctrl_c_stops_a_search_on_a_game_that_never_ends(algorithm):
    script = CTRL_C.format(tests=TESTS_DIR, endless=ENDLESS, algorithm=algorithm)
    with ctrl_c.popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True) as proc:
        try:
            while proc.stdout.readline().strip() != "searching":
                assert proc.poll() is None, "the search process died before searching"
            time.sleep(0.3)
            proc.send_signal(signal.SIGINT)
            assert select.select([proc.stdout], [], [], 10)[0], "no output within 10 s of Ctrl-C"
            out, _ = proc.communicate(timeout=30)
        finally:
            proc.kill()
    assert proc.returncode == 3 and "interrupted" in out
