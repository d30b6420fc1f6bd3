"""ISMCTS speed on Leduc poker: tablesearch's SO-ISMCTS against OpenSpiel's C++ ISMCTSBot, in the
same process, from the same position (player 0 to act after the deal, holding card 3 against 0).

Both use random rollouts (1 per leaf), uct_c=2 and a fresh determinization every iteration;
OpenSpiel's bot returns the normalized visit count policy. Prints iterations per second of each
and their ratio (goal: at least 3x).

    pip install ".[bench]" && python benchmarks/bench_ismcts_vs_openspiel.py
"""

from __future__ import annotations

import argparse
import statistics
import time

import tablesearch as ts
from tablesearch import mcts

DEAL = [3, 0]  # chance outcomes: player 0 gets card 3 (a queen), player 1 card 0 (a jack)


def ours(algorithm: str, iterations: int, repeats: int) -> float:
    state = ts.load_game("leduc_poker").new_initial_state(0)
    for a in DEAL:
        state.apply_action(a)
    rates = []
    for seed in range(repeats):
        result = mcts.search(state, iterations=iterations, uct_c=2.0, seed=seed, algorithm=algorithm)
        rates.append(result.iterations / result.elapsed)
    return statistics.median(rates)


def openspiel(iterations: int, repeats: int) -> float | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("leduc_poker")
    rates = []
    for seed in range(repeats):
        evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
        bot = pyspiel.ISMCTSBot(
            seed, evaluator, 2.0, iterations, -1, pyspiel.ISMCTSFinalPolicyType.NORMALIZED_VISIT_COUNT, False, False
        )
        state = game.new_initial_state()
        for a in DEAL:
            state.apply_action(a)
        start = time.perf_counter()
        bot.step(state)
        rates.append(iterations / (time.perf_counter() - start))
    return statistics.median(rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=50_000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()

    rates = {name: ours(name, args.iterations, args.repeats) for name in ("ismcts", "mo-ismcts", "pimc")}
    reference = openspiel(args.iterations, args.repeats)
    print(f"Leduc poker, player 0 to act after the deal {DEAL}, {args.iterations} iterations, median of {args.repeats}")
    for name, rate in rates.items():
        print(f"tablesearch {name:10s}  {rate:>12,.0f} iterations/s")
    if reference is None:
        print("OpenSpiel ISMCTSBot     not installed (pip install '.[bench]')")
        return
    print(f"OpenSpiel ISMCTSBot     {reference:>12,.0f} iterations/s")
    print(f"speed ratio (ismcts)    {rates['ismcts'] / reference:>12.2f}x   (goal >= 3)")


if __name__ == "__main__":
    main()
