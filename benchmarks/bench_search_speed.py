"""The search's own speed limits (issue 37), in one run, with the load average beside each figure:

- a simulation's cost in random playouts from the same connect-four position: random playouts
  per second over simulations per second, 1 thread, 10,000-iteration searches (goal: <= 1.3);
- how a long search holds its rate: simulations per second at 4 M iterations over the rate at
  10,000, 1 thread, for UCT on connect four, ISMCTS on Leduc poker and the search Gnomi's
  defaults pick (goal: >= 0.8);
- a time limit kept: wall time of `mcts.search(time_limit=0.015)` around the Python call, median
  and 99th percentile over 200 searches (goal: median <= 15.2 ms on an idle machine).

Timed figures on a shared machine are noisy; the load average (1, 5, 15 minutes) is printed with
each, and whether the process runs under a real-time policy, which keeps other work from taking
its core (as root: `chrt -f 1 python benchmarks/bench_search_speed.py`). Instruction counts,
which do not depend on the load, come from benchmarks/callgrind_per_simulation.py.

    python benchmarks/bench_search_speed.py                  # everything (a few minutes)
    python benchmarks/bench_search_speed.py --long 1000000   # shorter long searches
    python benchmarks/bench_search_speed.py --only playout time
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from typing import Any

import tablesearch as ts
from tablesearch import mcts

SHORT = 10_000
# (label, game, search options) of the long-search figure.
LONG_CASES = [
    ("connect four, uct", "connect_four", {"algorithm": "uct"}),
    ("leduc poker, ismcts", "leduc_poker", {"algorithm": "ismcts"}),
    ("gnomi, auto", "gnomi", {}),
]


def conditions() -> str:
    """The load average and the scheduling policy, printed beside a timed figure."""
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    realtime = hasattr(os, "sched_getscheduler") and os.sched_getscheduler(0) in (os.SCHED_FIFO, os.SCHED_RR)
    return f"[load {load}{', real-time' if realtime else ''}]"


def start(game: str) -> Any:
    """The game's initial position, past any opening chance (a deal): a decision to search."""
    state = ts.load_game(game).new_initial_state(0)
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    return state


def search_rate(state: Any, iterations: int, seed: int, **options: Any) -> float:
    result = mcts.search(state, iterations=iterations, seed=seed, threads=1, **options)
    return result.iterations / result.elapsed


def playout_cost(repeats: int) -> None:
    """Random playouts and 10,000-iteration searches timed in turn (so that a change in the load
    hits both), medians of each."""
    state = start("connect_four")
    playouts, searches = [], []
    for seed in range(repeats):
        count = 50_000
        playouts.append(count / state.time_random_playouts(count, seed=seed))
        searches.append(search_rate(state, SHORT, seed, algorithm="uct"))
    playout, search = statistics.median(playouts), statistics.median(searches)
    print(
        f"connect four, 1 thread: a simulation costs {playout / search:.2f} random playouts "
        f"({playout / 1e6:.2f} M playouts/s, {search / 1e6:.2f} M simulations/s at {SHORT:,} "
        f"iterations; medians of {repeats}; goal <= 1.3) {conditions()}",
        flush=True,
    )


def long_search(iterations: int, repeats: int) -> None:
    for label, game, options in LONG_CASES:
        state = start(game)
        short = statistics.median(search_rate(state, SHORT, seed, **options) for seed in range(repeats))
        long = search_rate(state, iterations, 0, **options)
        print(
            f"{label}: {long / short:.2f} of the short search's rate at {iterations:,} iterations "
            f"({short:,.0f}/s at {SHORT:,}, {long:,.0f}/s at {iterations:,}; goal >= 0.8) {conditions()}",
            flush=True,
        )


def time_limit(searches: int, limit: float) -> None:
    state = start("connect_four")
    mcts.search(state, iterations=100, seed=0)  # imports and first-call costs
    walls, inside = [], []
    for seed in range(searches):
        if seed % 40 == 0:
            # A real-time process running flat out for a second is paused by the kernel
            # (throttling): pause first, every 40 searches (0.6 s).
            time.sleep(0.1)
        began = time.perf_counter()
        result = mcts.search(state, time_limit=limit, seed=seed)
        walls.append(time.perf_counter() - began)
        inside.append(result.elapsed)
    walls.sort()
    p99 = walls[min(len(walls) - 1, round(0.99 * (len(walls) - 1)))]
    print(
        f"connect four, time_limit={limit}: wall time median {statistics.median(walls) * 1e3:.2f} ms, "
        f"99th percentile {p99 * 1e3:.2f} ms, the search loop's own median "
        f"{statistics.median(inside) * 1e3:.2f} ms ({searches} searches; goal: median <= "
        f"{limit * 1e3 + 0.2:.1f} ms) {conditions()}",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--long", type=int, default=4_000_000, help="iterations of the long searches")
    parser.add_argument("--repeats", type=int, default=15, help="repeats of the short timings")
    parser.add_argument("--searches", type=int, default=200, help="time-limited searches")
    parser.add_argument("--only", nargs="+", choices=("playout", "long", "time"), help="run only these")
    args = parser.parse_args()
    parts = args.only or ("playout", "long", "time")
    if "playout" in parts:
        playout_cost(args.repeats)
    if "long" in parts:
        long_search(args.long, args.repeats)
    if "time" in parts:
        time_limit(args.searches, 0.015)


if __name__ == "__main__":
    main()
