"""Where a compiled game's search spends its instructions, against its native twin (issue 37):
the game's rules (numba's compiled code, its C wrappers included), the calls per step on the C++
side (CompiledState's methods: the status and range checks, copying the state's bytes), and the
search itself. Counted by valgrind's callgrind in a child interpreter, only while the search loop
runs (set-up, imports and numba's compile excluded), per simulation; deterministic (a seeded
search with an iteration budget), so one run per game is enough.

    python benchmarks/profile_compiled_game.py          # compiled connect four against connect_four
    python benchmarks/profile_compiled_game.py --iterations 5000

Needs numba (pip install ".[compiled]") and valgrind. Measure a normal install (`pip install .`):
an editable build has link-time optimisation off.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from collections import defaultdict
from typing import Callable

EXAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples")

SEARCH = """
import sys
sys.path.insert(0, {examples!r})
import tablesearch as ts
from tablesearch import mcts
from compiled_connect_four import connect_four
ts.register_game("compiled_connect_four", connect_four)
state = ts.load_game({game!r}).new_initial_state(0)
mcts.search(state, iterations=100, seed=0)  # numba's first calls, outside the count
mcts.search(state, iterations={iterations}, seed=1, algorithm="uct")
"""

# Where the counted instructions go: the first pattern that matches a function's object or name.
PARTS: list[tuple[str, Callable[[str, str], bool]]] = [
    ("rules (numba, JIT code)", lambda ob, fn: ob == "???"),
    ("calls per step (CompiledState)", lambda ob, fn: "CompiledState::" in fn),
    ("state copies (memcpy, libc)", lambda ob, fn: "libc" in ob and "memcpy" in fn),
    ("search and native game (_core)", lambda ob, fn: "_core" in ob),
    ("other", lambda ob, fn: True),
]


def self_costs(path: str) -> dict[tuple[str, str], int]:
    """Instructions of each (object, function) in a callgrind output file, excluding callees."""
    names: dict[str, dict[str, str]] = {"ob": {}, "fn": {}}
    costs: dict[tuple[str, str], int] = defaultdict(int)
    ob = fn = ""
    skip_next = False
    with open(path) as lines:
        for line in lines:
            key, _, rest = line.partition("=")
            if key in ("ob", "fn", "cob", "cfn"):
                found = re.match(r"\((\d+)\)(?: (.*))?", rest.strip())
                kind = key[-2:]
                name = rest.strip()
                if found:
                    name = found.group(2) or names[kind].get(found.group(1), "")
                    names[kind].setdefault(found.group(1), name)
                if key == "ob":
                    ob = name
                elif key == "fn":
                    fn = name
                continue
            if key == "calls":
                skip_next = True  # the next cost line is the call's inclusive cost
                continue
            if line[:1] in "0123456789+-*":
                if skip_next:
                    skip_next = False
                    continue
                fields = line.split()
                if len(fields) >= 2:
                    costs[(os.path.basename(ob), fn)] += int(fields[-1])
    return costs


def profile(python: str, game: str, iterations: int) -> dict[str, float]:
    code = SEARCH.format(examples=EXAMPLES, game=game, iterations=iterations)
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                "--collect-atstart=no",
                "--toggle-collect=*run_search_loop*",
                f"--callgrind-out-file={out}",
                python,
                "-c",
                code,
            ],
            capture_output=True,
            text=True,
            check=True,
        )
        costs = self_costs(out)
    parts: dict[str, float] = defaultdict(float)
    for (ob, fn), n in costs.items():
        part = next(name for name, matches in PARTS if matches(ob, fn))
        parts[part] += n
    # Two searches were counted (the warm-up's 100 iterations and the measured one).
    return {part: n / (iterations + 100) for part, n in parts.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--python", default=sys.executable, help="the interpreter of the build to measure")
    parser.add_argument("--iterations", type=int, default=20_000)
    args = parser.parse_args()
    rows = {game: profile(args.python, game, args.iterations) for game in ("compiled_connect_four", "connect_four")}
    print(f"instructions per simulation, UCT from the initial position, {args.iterations:,} iterations")
    print(f"{'':34}{'compiled':>12}{'native':>12}")
    compiled, native = rows["compiled_connect_four"], rows["connect_four"]
    for part, _ in PARTS:
        print(f"{part:34}{compiled.get(part, 0):>12,.0f}{native.get(part, 0):>12,.0f}")
    totals = {game: sum(row.values()) for game, row in rows.items()}
    print(f"{'total':34}{totals['compiled_connect_four']:>12,.0f}{totals['connect_four']:>12,.0f}")


if __name__ == "__main__":
    main()
