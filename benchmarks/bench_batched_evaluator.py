"""Leaves per second of a numpy evaluator called with batches of observations, against the same
evaluator called once per leaf (evaluate(state) and prior(state)), under PUCT on connect four.

    python benchmarks/bench_batched_evaluator.py
"""

from __future__ import annotations

import os
import sys

import tablesearch as ts
from tablesearch import mcts

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
from numpy_evaluator_puct import LinearEvaluator  # noqa: E402


class OneAtATime:
    """The same linear evaluator, asked one leaf at a time."""

    def __init__(self) -> None:
        self.batched = LinearEvaluator()

    def evaluate(self, state) -> list[float]:
        obs = state.observation_tensor(state.current_player())[None]
        values, _ = self.batched.evaluate_batch(obs)
        return values[0].tolist()

    def prior(self, state) -> dict[int, float]:
        obs = state.observation_tensor(state.current_player())[None]
        _, priors = self.batched.evaluate_batch(obs)
        return {a: float(priors[0, a]) for a in state.legal_actions()}


def main() -> None:
    state = ts.load_game("connect_four").new_initial_state()
    iterations = 20_000
    single = mcts.search(state, iterations=iterations, evaluator=OneAtATime(), algorithm="puct", seed=0)
    base = single.iterations / single.elapsed
    print(f"PUCT on connect four, {iterations:,} leaves, numpy linear evaluator")
    print(f"  one leaf per call (evaluate + prior): {base:>10,.0f} leaves/s")
    for batch in (8, 32, 128):
        evaluator = LinearEvaluator()
        evaluator.batch_size = batch
        r = mcts.search(state, iterations=iterations, evaluator=evaluator, seed=0)
        rate = r.iterations / r.elapsed
        print(f"  batches of {batch:>3}:                   {rate:>10,.0f} leaves/s   {rate / base:5.1f}x")


if __name__ == "__main__":
    main()
