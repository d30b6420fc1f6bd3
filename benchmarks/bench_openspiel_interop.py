"""OpenSpiel interop speed, both ways, in one process:

1. Search on OpenSpiel's games (``load_game("openspiel:...")``, pyspiel states stepped natively):
   tablesearch's iterations per second against OpenSpiel's own C++ bots on the same position
   (ISMCTSBot for ISMCTS, MCTSBot for UCT; random rollouts, uct_c=2, the same iterations), and
   the ratio. Goal: openspiel:kuhn_poker ISMCTS at least 2x the 45k iterations/s it ran at
   before (about 1.6-2% of ISMCTSBot's rate then, on a quiet machine).
2. OpenSpiel's algorithms on to_pyspiel(leduc_poker) against OpenSpiel's own Leduc: the figures
   (they must be equal) and the seconds each takes (the cost of pyspiel's Python-game API, which
   calls back into Python for every state method).

The two sides alternate, so both see the same machine load; each figure is the median of
`--repeats` runs.

    pip install ".[openspiel]" && python benchmarks/bench_openspiel_interop.py [--cfr-iterations 10]
    python benchmarks/bench_openspiel_interop.py --search-only
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any, Callable

import pyspiel
from open_spiel.python import policy as os_policy
from open_spiel.python.algorithms import exploitability

from tablesearch import load_game, mcts
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


# (OpenSpiel game, actions to the position searched, our algorithm, OpenSpiel's C++ bot or None)
SEARCHES = [
    ("kuhn_poker", [0, 2], "ismcts", "ISMCTSBot"),
    ("leduc_poker", [3, 0], "ismcts", "ISMCTSBot"),
    ("liars_dice", [0, 5], "ismcts", None),  # ISMCTSBot needs ResampleFromInfostate, which it lacks
    ("connect_four", [], "uct", "MCTSBot"),
    ("hex(board_size=5)", [], "uct", "MCTSBot"),
]


def openspiel_bot(kind: str, game: Any, iterations: int, seed: int) -> Any:
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    if kind == "ISMCTSBot":
        final = pyspiel.ISMCTSFinalPolicyType.NORMALIZED_VISIT_COUNT
        return pyspiel.ISMCTSBot(seed, evaluator, 2.0, iterations, -1, final, False, False)
    return pyspiel.MCTSBot(
        game, evaluator, 2.0, iterations, 10**12, False, seed, False, pyspiel.ChildSelectionPolicy.UCT
    )


def search_speed(iterations: int, repeats: int) -> None:
    print(
        f"Search on OpenSpiel's games: iterations per second, {iterations:,} iterations a search, median of {repeats}"
    )
    print(f"  {'game (position)':32s} {'algorithm':9s} {'tablesearch':>12s} {'OpenSpiel C++':>14s} {'ratio':>7s}")
    for name, history, algorithm, bot in SEARCHES:
        state = load_game("openspiel:" + name).new_initial_state()
        spiel_game = pyspiel.load_game(name)
        spiel_state = spiel_game.new_initial_state()
        for action in history:
            state.apply_action(action)
            spiel_state.apply_action(action)
        ours, theirs = [], []
        for seed in range(repeats):
            result = mcts.search(state, iterations=iterations, uct_c=2.0, seed=seed, algorithm=algorithm)
            ours.append(result.iterations / result.elapsed)
            if bot is not None:
                player = openspiel_bot(bot, spiel_game, iterations, seed)
                start = time.perf_counter()
                player.step(spiel_state)
                theirs.append(iterations / (time.perf_counter() - start))
        rate = statistics.median(ours)
        label = f"{name} {history}" if history else name
        if theirs:
            reference = statistics.median(theirs)
            print(f"  {label:32s} {algorithm:9s} {rate:>12,.0f} {reference:>14,.0f} {rate / reference:>6.3f}x")
        else:
            print(f"  {label:32s} {algorithm:9s} {rate:>12,.0f} {'(no bot)':>14s}")
    print("  goal: openspiel:kuhn_poker ISMCTS >= 90,000 iterations/s (2x 45,000) on a quiet machine\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cfr-iterations", type=int, default=10)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--search-iterations", type=int, default=20_000)
    parser.add_argument("--search-only", action="store_true", help="only the search speeds (part 1)")
    args = parser.parse_args()
    search_speed(args.search_iterations, args.repeats)
    if args.search_only:
        return
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
