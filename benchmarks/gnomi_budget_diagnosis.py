"""Why more iterations buy little at 2-player Gnomi (issue 38): the default search (ISMCTS, MAST
playouts) at 300 / 1,000 / 3,000 iterations beside a reference search of 30,000 at the same
decisions, along games whose moves a 300-iteration search chooses.

    python benchmarks/gnomi_budget_diagnosis.py [--decisions 250] [--seed 11] [--algorithm ismcts]

Prints, over decisions with more than one legal move:
- the tree: nodes, the length of the principal variation (how deep the most visited line goes),
  the most visited root move's share of the iterations;
- how often each budget's move is the reference's, and the value it gives up by the reference's
  own values (returns in [-1, 1], so 0.02 is one per cent of a game's outcome);
- the median gap between the reference's best and second-best root values (near-ties);
- the noise floor: how often a second 30,000-iteration search (another seed) picks the same move;
- whether the final choice matters: how often, at 3,000 iterations, the root move of highest
  value (among those with 30 visits or more) differs from the most visited one.
Iteration budgets, so the load changes only the time (printed with the load average).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Sequence
from typing import Optional

import tablesearch as ts
from tablesearch import mcts

BUDGETS = (300, 1000, 3000)
REFERENCE = 30_000


def main(argv: Optional[Sequence[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=250)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--algorithm", default="auto")
    args = parser.parse_args(argv)
    game = ts.load_game("gnomi", players=2)
    rng = random.Random(args.seed)
    options = {"algorithm": args.algorithm}
    nodes: dict[int, list[int]] = {b: [] for b in (*BUDGETS, REFERENCE)}
    depth: dict[int, list[int]] = {b: [] for b in (*BUDGETS, REFERENCE)}
    share: dict[int, list[float]] = {b: [] for b in (*BUDGETS, REFERENCE)}
    agree: dict[int, list[bool]] = {b: [] for b in BUDGETS}
    lost: dict[int, list[float]] = {b: [] for b in BUDGETS}
    gaps: list[float] = []
    again: list[bool] = []
    again_lost: list[float] = []
    by_value_differs = 0
    games = decisions = 0
    start = time.perf_counter()
    while decisions < args.decisions:
        state = game.new_initial_state(rng.randrange(1 << 30))
        games += 1
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            legal = state.legal_actions()
            if len(legal) == 1:
                state.apply_action(legal[0])
                continue
            decisions += 1
            reference = mcts.search(state, iterations=REFERENCE, seed=rng.randrange(1 << 30), **options)
            values = {stat.action: stat.value for stat in reference.stats}
            worst = min(values.values())
            best = reference.best_action
            ranked = sorted(values.values(), reverse=True)
            gaps.append(ranked[0] - ranked[1] if len(ranked) > 1 else 0.0)
            second = mcts.search(state, iterations=REFERENCE, seed=rng.randrange(1 << 30), **options)
            again.append(second.best_action == best)
            again_lost.append(values[best] - values.get(second.best_action, worst))
            for budget, result in [(REFERENCE, reference)] + [
                (b, mcts.search(state, iterations=b, seed=rng.randrange(1 << 30), **options)) for b in BUDGETS
            ]:
                nodes[budget].append(result.nodes)
                depth[budget].append(len(result.principal_variation))
                share[budget].append(max(stat.visits for stat in result.stats) / result.iterations)
                if budget == REFERENCE:
                    continue
                agree[budget].append(result.best_action == best)
                lost[budget].append(values[best] - values.get(result.best_action, worst))
                if budget == 3000:
                    by_value = max(result.stats, key=lambda s: s.value if s.visits >= 30 else -2.0).action
                    by_value_differs += by_value != result.best_action
            state.apply_action(mcts.search(state, iterations=300, seed=rng.randrange(1 << 30), **options).best_action)
    one, five, _ = os.getloadavg()
    print(
        f"gnomi(players=2), algorithm {args.algorithm}: {decisions} decisions with a choice in {games} games "
        f"({time.perf_counter() - start:.0f} s, load average {one:.1f} {five:.1f})"
    )
    print(f"  median gap between the reference's best and second root values: {statistics.median(gaps):.3f}")
    print("  iterations   nodes  depth  top share  same move as 30,000  value given up")
    for budget in (*BUDGETS, REFERENCE):
        line = f"  {budget:>10,} {statistics.fmean(nodes[budget]):7.0f} {statistics.fmean(depth[budget]):6.1f}"
        line += f" {statistics.fmean(share[budget]):10.2f}"
        if budget in agree:
            line += f" {statistics.fmean(agree[budget]):20.2f} {statistics.fmean(lost[budget]):15.3f}"
        print(line)
    print(
        f"  a second {REFERENCE:,}-iteration search: same move {statistics.fmean(again):.2f}, "
        f"value given up {statistics.fmean(again_lost):.3f}"
    )
    print(f"  at 3,000: highest value differs from most visits in {by_value_differs} of {decisions} decisions")


if __name__ == "__main__":
    main()
