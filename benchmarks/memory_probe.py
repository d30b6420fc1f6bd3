"""Measures how much one search grows the process: the resident set is sampled every few
milliseconds while the search runs (it releases the GIL), so import-time peaks do not hide it.

    python benchmarks/memory_probe.py MAX_MEMORY_MB THREADS ITERATIONS [GAME [ALGORITHM]]
prints: growth in MB, the tree's size in MB, whether the cap was reached.
GAME defaults to connect_four, ALGORITHM to auto.
"""

import sys
import threading
import time

import tablesearch as ts
from tablesearch import mcts


def resident_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096 / 2**20


def main() -> None:
    cap, threads, iterations = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    game = sys.argv[4] if len(sys.argv) > 4 else "connect_four"
    algorithm = sys.argv[5] if len(sys.argv) > 5 else "auto"
    state = ts.load_game(game).new_initial_state(0)
    mcts.search(state, iterations=1000, seed=0, algorithm=algorithm)  # warm up: everything loaded
    before = resident_mb()
    peak = before
    done = threading.Event()

    def sample() -> None:
        nonlocal peak
        while not done.is_set():
            peak = max(peak, resident_mb())
            time.sleep(0.002)

    sampler = threading.Thread(target=sample)
    sampler.start()
    result = mcts.search(state, iterations=iterations, max_memory_mb=cap, threads=threads, seed=0, algorithm=algorithm)
    peak = max(peak, resident_mb())
    done.set()
    sampler.join()
    print(f"{peak - before:.2f} {result.node_bytes / 2**20:.2f} {result.memory_capped}")


if __name__ == "__main__":
    main()
