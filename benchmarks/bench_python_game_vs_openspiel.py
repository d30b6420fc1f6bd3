"""Search speed on games written in Python: OpenSpiel's pure-Python MCTSBot against tablesearch's
native MCTS driving the same Python state objects through callbacks, in one run.

Games: "Pig to 20" from examples/python_dice_game.py (plain Python, with chance nodes), and
OpenSpiel's own Python-written tic-tac-toe (`python_tic_tac_toe`), whose every call crosses
pyspiel's C++ layer. Initial positions, random rollouts (1 per leaf), uct_c=2, no solver.
Prints simulations per second of each and the ratio, the median over the repeats of the ratio of
two runs made one after the other (so both see the same machine load). Goal: at least 10x on Pig.

    pip install ".[bench]" && python benchmarks/bench_python_game_vs_openspiel.py
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
import types

import numpy as np

from tablesearch import mcts

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))


def pig_for_openspiel(pyspiel):
    """The example's Pig game, with the two pyspiel.Game methods MCTSBot reads."""
    from python_dice_game import Pig

    class PigForOpenSpiel(Pig):
        def get_type(self):
            return types.SimpleNamespace(
                reward_model=pyspiel.GameType.RewardModel.TERMINAL, dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL
            )

        def max_utility(self):
            return 1.0

    return PigForOpenSpiel()


def rates(game, simulations: int, repeats: int, os_mcts) -> tuple[float, float, float]:
    """Median simulations/s of ours and of OpenSpiel's, and the median of their ratios."""
    ours, theirs = [], []
    for seed in range(repeats):
        result = mcts.search(game.new_initial_state(), iterations=simulations, uct_c=2.0, seed=seed)
        ours.append(result.iterations / result.elapsed)
        evaluator = os_mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed))
        bot = os_mcts.MCTSBot(game, 2.0, simulations, evaluator, solve=False, random_state=np.random.RandomState(seed))
        start = time.perf_counter()
        bot.step(game.new_initial_state())
        theirs.append(simulations / (time.perf_counter() - start))
    ratios = [a / b for a, b in zip(ours, theirs)]
    return statistics.median(ours), statistics.median(theirs), statistics.median(ratios)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--simulations", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    try:
        import pyspiel
        from open_spiel.python.algorithms import mcts as os_mcts
        from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers python_tic_tac_toe)
    except ImportError:
        print("OpenSpiel is not installed: pip install '.[bench]'")
        return
    games = [
        ("Pig to 20 (examples/python_dice_game.py)", pig_for_openspiel(pyspiel)),
        ("python_tic_tac_toe (OpenSpiel's Python game)", pyspiel.load_game("python_tic_tac_toe")),
    ]
    print(f"initial positions, {args.simulations} simulations per search, median of {args.repeats}")
    print(f"{'game':46} {'tablesearch/s':>14} {'OpenSpiel/s':>12} {'ratio':>7}")
    for name, game in games:
        ours, theirs, ratio = rates(game, args.simulations, args.repeats, os_mcts)
        print(f"{name:46} {ours:>14,.0f} {theirs:>12,.0f} {ratio:>6.2f}x")
    print("goal: at least 10x on Pig")


if __name__ == "__main__":
    main()
