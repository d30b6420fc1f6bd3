"""Does watching the AI think slow it down? The web app runs a search agent's move in steps
(web/thinking.py: ordinary mcts.search calls continuing the agent's kept tree, one per ~0.15 s),
where a tournament makes one call. This prints the simulations per second of both, interleaved
in one process so both see the same machine load.

    python benchmarks/bench_web_thinking.py [--iterations 300000] [--rounds 5]
"""

from __future__ import annotations

import argparse
import statistics
import threading
import time

import tablesearch as ts
from tablesearch import mcts
from tablesearch.web import thinking


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="connect_four")
    parser.add_argument("--iterations", type=int, default=300_000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    state = ts.load_game(args.game).new_initial_state(0)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    whole, stepped, steps = [], [], []
    for r in range(args.rounds):
        agent = mcts.Agent(iterations=args.iterations, seed=r)
        start = time.perf_counter()
        agent.step(state)
        whole.append(args.iterations / (time.perf_counter() - start))
        agent = mcts.Agent(iterations=args.iterations, seed=r)
        seen: list[thinking.Progress] = []
        start = time.perf_counter()
        thinking.think(agent, state, seen.append, threading.Event())
        stepped.append(args.iterations / (time.perf_counter() - start))
        steps.append(len(seen) - 1)
    ratio = [s / w for s, w in zip(stepped, whole)]
    print(f"{args.game}, {args.iterations:,} iterations per move, {args.rounds} rounds interleaved")
    print(f"one search (tournament):  {statistics.median(whole):>12,.0f} iterations/s (median)")
    print(
        f"in steps (web app):       {statistics.median(stepped):>12,.0f} iterations/s (median), "
        f"{statistics.median(steps):.0f} steps per move"
    )
    print(f"ratio stepped/whole: median {statistics.median(ratio):.3f}, range {min(ratio):.3f}-{max(ratio):.3f}")


if __name__ == "__main__":
    main()
