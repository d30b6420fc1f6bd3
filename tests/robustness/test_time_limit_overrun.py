"""A time limit holds to within one callback into Python: the clock is read between slow
evaluator calls (not every 16 iterations) and inside long playouts. Wall-clock bounds, so these
are marked timing; the bound is the limit plus one 50 ms call plus 0.1 s of slack for load."""

import time

import pytest

import tablesearch as ts
from helpers.py_games import NimState
from tablesearch import mcts


class SlowEvaluator:
    def evaluate(self, state):
        time.sleep(0.05)
        return [0.0, 0.0]  # two-player games only


class SlowNim(NimState):
    """Each move takes 2 ms and 400 stones make long playouts (about 0.4 s each)."""

    def apply_action(self, action):
        time.sleep(0.002)
        super().apply_action(action)


CASES = {
    "slow-evaluator": lambda: dict(state=ts.load_game("connect_four").new_initial_state(0), evaluator=SlowEvaluator()),
    "slow-evaluator-python-game": lambda: dict(
        state=ts.load_game("py_nim").new_initial_state(0), evaluator=SlowEvaluator()
    ),
    "slow-python-game": lambda: dict(state=SlowNim(400)),
    "slow-python-game-ismcts": lambda: dict(state=SlowNim(400), algorithm="ismcts"),
    "slow-python-game-pimc": lambda: dict(state=SlowNim(400), algorithm="pimc"),
}


@pytest.mark.timing
@pytest.mark.parametrize("case", list(CASES))
def test_time_limit_is_kept_within_one_callback(case):
    options = CASES[case]()
    start = time.monotonic()
    result = mcts.search(time_limit=0.1, seed=0, **options)
    took = time.monotonic() - start
    assert took < 0.1 + 0.05 + 0.1, f"{case}: {took:.2f} s for time_limit=0.1"
    assert result.best_action in [s.action for s in result.stats]
