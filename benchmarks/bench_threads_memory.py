"""Thread scaling and the memory cap, on connect four from the initial position.

Prints simulations per second for every thread count up to the machine's cores (goal: 2 threads
at least 1.6x one thread), and how much a search capped at 16 MB grows the process, single and
multi-threaded (goal: under 24 MB).

    python benchmarks/bench_threads_memory.py
"""

from __future__ import annotations

import os
import subprocess
import sys

import tablesearch as ts
from tablesearch import mcts

PROBE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "memory_probe.py")


def main() -> None:
    cores = os.cpu_count() or 1
    state = ts.load_game("connect_four").new_initial_state(0)
    iterations = 1_000_000
    print(f"connect four, initial position, {iterations:,} simulations per search (root parallelism)")
    base = None
    for threads in range(1, cores + 1):
        rates = [
            mcts.search(state, iterations=iterations, threads=threads, seed=s).iterations_per_second for s in range(3)
        ]
        rate = sorted(rates)[1]
        base = base or rate
        print(f"  threads={threads}: {rate:>12,.0f} simulations/s   {rate / base:.2f}x")
    for threads in sorted({1, cores}):
        for game, algorithm, iterations in (("connect_four", "uct", "4000000"), ("gnomi", "ismcts", "1500000")):
            out = subprocess.run(
                [sys.executable, PROBE, "16", str(threads), iterations, game, algorithm],
                capture_output=True,
                text=True,
                check=True,
            ).stdout.split()
            print(
                f"{algorithm} on {game}, max_memory_mb=16, threads={threads}: process grew "
                f"{float(out[0]):.1f} MB (trees {float(out[1]):.1f} MB, capped: {out[2]}; goal < 24 MB)"
            )


if __name__ == "__main__":
    main()
