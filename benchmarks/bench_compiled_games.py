"""Games written in Python and compiled with numba (tablesearch.games.compiled) against native C++
games, plain Python games and OpenSpiel, in one process:

1. compile time of each compiled example in a fresh process: first use (empty numba cache) and
   cached start (goals: under 10 s and under 1 s);
2. connect four, initial position, UCT with random rollouts (uct_c=2): compiled against the
   native C++ game (goal: at least 40%) and OpenSpiel's C++ MCTSBot;
3. Pig to 20: compiled against the same game in plain Python (examples/python_dice_game.py,
   searched through callbacks) and OpenSpiel's Python MCTSBot on the plain Python game;
4. threads=2 against threads=1 on compiled connect four (goal: at least 1.7x);
5. Leduc poker, player 0 to act after the deal [3, 0]: ISMCTS iterations/s of the compiled game
   against the native one.

Rates are medians over repeats, per wall-clock second (as every benchmark here reports them) and
per CPU second of this process (steadier on a shared machine: the load average is printed). The
two-thread figure needs two idle cores: compare its CPU seconds per wall second with 2.

    pip install ".[bench,compiled]" && python benchmarks/bench_compiled_games.py
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from typing import Any, Callable, Optional

import tablesearch as ts
from tablesearch import mcts

EXAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples")
sys.path.insert(0, EXAMPLES)

COMPILED = {
    "compiled_connect_four": ("compiled_connect_four", "connect_four"),
    "compiled_pig": ("compiled_pig", "pig"),
    "compiled_leduc_poker": ("compiled_leduc_poker", "leduc_poker"),
}
LEDUC_DEAL = [3, 0]


def register() -> None:
    import importlib

    for name, (module, factory) in COMPILED.items():
        if name not in ts.list_games():
            ts.register_game(name, getattr(importlib.import_module(module), factory))
    if "python_pig" not in ts.list_games():
        from python_dice_game import Pig

        ts.register_game("python_pig", Pig)


def timed(run: Callable[[], Any]) -> tuple[Any, float, float]:
    """run()'s result, its wall seconds and this process's CPU seconds."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = run()
    return result, time.perf_counter() - wall, time.process_time() - cpu


def search_rates(state: Any, iterations: int, repeats: int, **options: Any) -> tuple[float, float, float]:
    """Median iterations per wall second and per CPU second, and CPU seconds per wall second."""
    walls, cpus, loads = [], [], []
    for seed in range(repeats):
        result, wall, cpu = timed(lambda s=seed: mcts.search(state, iterations=iterations, seed=s, **options))
        walls.append(result.iterations / result.elapsed)
        cpus.append(result.iterations / cpu)
        loads.append(cpu / wall)
    return statistics.median(walls), statistics.median(cpus), statistics.median(loads)


def compile_times(name: str, cache: str) -> tuple[float, float, float]:
    """In a fresh process with numba's cache at `cache`: seconds to import tablesearch, numba and
    the example, and wall and CPU seconds of load_game (compiling, or reading the cache, and the
    conformance pass)."""
    module, factory = COMPILED[name]
    code = textwrap.dedent(
        f"""
        import sys, time
        start = time.perf_counter()
        sys.path.insert(0, {EXAMPLES!r})
        import numba, tablesearch as ts
        from {module} import {factory}
        imported = time.perf_counter()
        ts.register_game({name!r}, {factory})
        wall, cpu = time.perf_counter(), time.process_time()
        ts.load_game({name!r})
        print(imported - start, time.perf_counter() - wall, time.process_time() - cpu)
        """
    )
    env = {**os.environ, "NUMBA_CACHE_DIR": cache}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    imports, wall, cpu = map(float, out.stdout.split())
    return imports, wall, cpu


def openspiel_c4(simulations: int, repeats: int) -> Optional[float]:
    """OpenSpiel's C++ MCTSBot on its connect four, measured as bench_mcts_vs_openspiel.py does."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from bench_mcts_vs_openspiel import openspiel

    return openspiel(simulations, repeats)


def openspiel_python_pig(simulations: int, repeats: int) -> Optional[float]:
    try:
        import numpy as np
        from open_spiel.python.algorithms import mcts as os_mcts
    except ImportError:
        return None
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import pyspiel
    from bench_python_game_vs_openspiel import pig_for_openspiel

    game = pig_for_openspiel(pyspiel)
    rates = []
    for seed in range(repeats):
        evaluator = os_mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed))
        bot = os_mcts.MCTSBot(game, 2.0, simulations, evaluator, solve=False, random_state=np.random.RandomState(seed))
        start = time.perf_counter()
        bot.step(game.new_initial_state())
        rates.append(simulations / (time.perf_counter() - start))
    return statistics.median(rates)


def line(label: str, wall: float, cpu: Optional[float] = None, note: str = "") -> None:
    cpu_text = f"{cpu:>14,.0f}" if cpu is not None else f"{'':>14}"
    print(f"  {label:38} {wall:>14,.0f} {cpu_text}  {note}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--simulations", type=int, default=20_000, help="per connect four search")
    parser.add_argument("--pig-simulations", type=int, default=2_000, help="per Pig search")
    parser.add_argument("--leduc-iterations", type=int, default=50_000)
    parser.add_argument("--thread-simulations", type=int, default=200_000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    register()
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())} ({os.cpu_count()} cores)")

    print("\n1. compile time in a fresh process (load_game: compile or read the cache, then the conformance pass)")
    columns = ("imports s", "first wall s", "first CPU s", "cached wall s", "cached CPU s")
    print(f"  {'game':24}" + "".join(f"{c:>15}" for c in columns))
    for name in COMPILED:
        with tempfile.TemporaryDirectory() as cache:
            first = compile_times(name, cache)
            cached = compile_times(name, cache)
        print(f"  {name:24}" + "".join(f"{v:>15.2f}" for v in (cached[0], first[1], first[2], cached[1], cached[2])))
    print("  goals: first use under 10 s, cached start under 1 s")

    header = f"  {'':38} {'per wall s':>14} {'per CPU s':>14}"
    compiled_c4 = ts.load_game("compiled_connect_four").new_initial_state(0)
    native_c4 = ts.load_game("connect_four").new_initial_state(0)
    print(f"\n2. connect four, initial position, {args.simulations} simulations, median of {args.repeats}")
    print(header)
    c_wall, c_cpu, _ = search_rates(compiled_c4, args.simulations, args.repeats, uct_c=2.0)
    n_wall, n_cpu, _ = search_rates(native_c4, args.simulations, args.repeats, uct_c=2.0)
    reference = openspiel_c4(args.simulations, args.repeats)
    line("compiled (numba) UCT", c_wall, c_cpu)
    line("native C++ UCT", n_wall, n_cpu)
    if reference is not None:
        line("OpenSpiel C++ MCTSBot", reference)
    print(f"  compiled / native: {c_wall / n_wall:.2f} per wall s, {c_cpu / n_cpu:.2f} per CPU s (goal >= 0.40)")
    if reference is not None:
        print(f"  compiled / OpenSpiel MCTSBot: {c_wall / reference:.1f}x per wall s")

    print(f"\n3. Pig to 20, initial position, {args.pig_simulations} simulations, median of {args.repeats}")
    print(header)
    compiled_pig = ts.load_game("compiled_pig").new_initial_state(0)
    python_pig = ts.load_game("python_pig").new_initial_state(0)
    p_wall, p_cpu, _ = search_rates(compiled_pig, args.pig_simulations * 10, args.repeats, uct_c=2.0)
    y_wall, y_cpu, _ = search_rates(python_pig, args.pig_simulations, args.repeats, uct_c=2.0)
    reference = openspiel_python_pig(args.pig_simulations, args.repeats)
    line("compiled (numba) UCT", p_wall, p_cpu, f"({args.pig_simulations * 10} simulations)")
    line("plain Python game, native UCT", y_wall, y_cpu)
    if reference is not None:
        line("OpenSpiel Python MCTSBot", reference)
    print(f"  compiled / plain Python: {p_wall / y_wall:.1f}x per wall s")
    if reference is not None:
        print(f"  compiled / OpenSpiel Python MCTSBot: {p_wall / reference:.1f}x per wall s")

    print(f"\n4. threads, connect four, {args.thread_simulations} simulations, median of {args.repeats}")
    print(f"  {'':38} {'per wall s':>14} {'per CPU s':>14} {'CPU s / wall s':>15}")
    for label, state in (("compiled", compiled_c4), ("native (the machine's reference)", native_c4)):
        rates = {}
        for threads in (1, 2):
            wall, cpu, used = search_rates(state, args.thread_simulations, args.repeats, uct_c=2.0, threads=threads)
            rates[threads] = wall
            print(f"  {f'{label}, threads={threads}':38} {wall:>14,.0f} {cpu:>14,.0f} {used:>15.2f}")
        print(f"  {label}: threads=2 / threads=1: {rates[2] / rates[1]:.2f}x per wall s")
    print("  goal: compiled >= 1.7x per wall s. That needs two idle cores (CPU s / wall s near 2 with two")
    print("  threads); per CPU s, equal rates for one and two threads mean the threads do not slow each other.")

    print(f"\n5. Leduc poker, player 0 to act after the deal {LEDUC_DEAL}, {args.leduc_iterations} iterations")
    print(header)
    leduc = {}
    for name in ("compiled_leduc_poker", "leduc_poker"):
        state = ts.load_game(name).new_initial_state(0)
        for action in LEDUC_DEAL:
            state.apply_action(action)
        for algorithm in ("ismcts", "mo-ismcts"):
            leduc[name, algorithm] = search_rates(
                state, args.leduc_iterations, args.repeats, uct_c=2.0, algorithm=algorithm
            )
            line(f"{'compiled' if name.startswith('compiled') else 'native'} {algorithm}", *leduc[name, algorithm][:2])
    for algorithm in ("ismcts", "mo-ismcts"):
        (cw, cc, _), (nw, nc, _) = leduc["compiled_leduc_poker", algorithm], leduc["leduc_poker", algorithm]
        print(f"  compiled / native {algorithm}: {cw / nw:.2f} per wall s, {cc / nc:.2f} per CPU s")
    print(f"\nload average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
