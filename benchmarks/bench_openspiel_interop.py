"""OpenSpiel's algorithms on to_pyspiel(leduc_poker) against OpenSpiel's own Leduc, in one process:
the figures (they must be equal) and the seconds each takes (the cost of pyspiel's Python-game
API, which calls back into Python for every state method). The two sides alternate, so both see
the same machine load; each timing is the median of `--repeats` runs.

    pip install ".[openspiel]" && python benchmarks/bench_openspiel_interop.py [--cfr-iterations 10]
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any, Callable

import pyspiel
from open_spiel.python import policy as os_policy
from open_spiel.python.algorithms import exploitability

from tablesearch.interop.openspiel import to_pyspiel


def timed(task: Callable[[Any], Any], game: Any) -> tuple[Any, float]:
    start = time.perf_counter()
    value = task(game)
    return value, time.perf_counter() - start


def cfr(game: Any, iterations: int) -> float:
    solver = pyspiel.CFRSolver(game)
    for _ in range(iterations):
        solver.evaluate_and_update_policy()
    return pyspiel.exploitability(game, solver.average_policy())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cfr-iterations", type=int, default=10)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    games = {
        "to_pyspiel(leduc_poker)": to_pyspiel("leduc_poker"),
        "OpenSpiel leduc_poker": pyspiel.load_game("leduc_poker"),
    }
    tasks = {
        "exploitability of the uniform policy (Python module)": lambda g: exploitability.exploitability(
            g, os_policy.UniformRandomPolicy(g)
        ),
        "exploitability of the uniform policy (C++)": lambda g: pyspiel.exploitability(
            g, os_policy.python_policy_to_pyspiel_policy(os_policy.TabularPolicy(g))
        ),
        f"C++ CFR, {args.cfr_iterations} iterations, then exploitability of the average policy": lambda g: cfr(
            g, args.cfr_iterations
        ),
    }
    for title, task in tasks.items():
        print(title)
        values: dict[str, list[Any]] = {name: [] for name in games}
        seconds: dict[str, list[float]] = {name: [] for name in games}
        for _ in range(args.repeats):
            for name, game in games.items():  # alternate the sides
                value, elapsed = timed(task, game)
                values[name].append(value)
                seconds[name].append(elapsed)
        for name in games:
            print(f"  {name:26s} {values[name][0]:.15f}   {statistics.median(seconds[name]):7.2f} s")
        ours, theirs = (statistics.median(seconds[n]) for n in games)
        same = all(abs(a - b) < 1e-12 for a, b in zip(*values.values()))
        print(f"  figures equal: {same}; time ratio (ours / OpenSpiel's): {ours / theirs:.1f}x")


if __name__ == "__main__":
    main()
