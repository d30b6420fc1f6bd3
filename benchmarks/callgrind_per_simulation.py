"""Instructions per simulation of each search, counted by valgrind's callgrind: each case is
searched twice in a child interpreter under callgrind, with a small and a large iteration
budget, counting only the native search (run_search_job and what it calls), and the difference
of the instruction counts is divided by the difference of the iterations, so that the search's
set-up cancels out. Deterministic to a few instructions a simulation (seeded searches with
iteration budgets), so one run per case is enough, and two builds compare exactly:

    python benchmarks/callgrind_per_simulation.py                       # this interpreter's build
    python benchmarks/callgrind_per_simulation.py --python /path/venv-before/bin/python
    python benchmarks/callgrind_per_simulation.py --only gnomi leduc_poker

Measure normal installs (`pip install .`), not editable ones: an editable build has LTO off.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys

# (game, algorithm, options): one per search family and tree kind.
CASES = [
    ("connect_four", "uct", {}),
    ("connect_four", "puct", {}),
    ("connect_four", "uct", {"solve": True}),
    ("connect_four", "gumbel", {}),
    ("gummiland", "puct", {"evaluator": "builtin"}),
    ("leduc_poker", "ismcts", {}),
    ("leduc_poker", "mo-ismcts", {}),
    ("leduc_poker", "pimc", {}),
    ("leduc_poker", "smooth-uct", {}),
    ("leduc_poker", "infoset-uct", {}),
    ("leduc_poker", "oos", {}),
    ("gnomi", "ismcts", {"playout": "mast"}),
]

SEARCH = """
import tablesearch as ts
from tablesearch import mcts
from tablesearch.models import BuiltinModel
state = ts.load_game({game!r}).new_initial_state(0)
while state.is_chance_node():
    state.apply_action(state.legal_actions()[0])
mcts.search(state, iterations={iterations}, seed=1, algorithm={algorithm!r}, max_memory_mb=256,
            evaluator={evaluator}, **{options!r})
"""
# Only the native search is counted (and what it calls): the interpreter around it varies by
# millions of instructions between two runs (threads that poll the clock, the string hash).
COUNTED = "*run_search_job*"
# No string hash drawn at random and no BLAS thread pool (its threads spin for tens of millions).
QUIET = {"PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}

# What an option "evaluator" names, as code: the game's shipped model.
EVALUATORS = {"builtin": "BuiltinModel()", None: "mcts.RandomRollout()"}


def instructions(python: str, game: str, algorithm: str, options: dict, iterations: int) -> int:
    options = dict(options)
    evaluator = EVALUATORS[options.pop("evaluator", None)]
    code = SEARCH.format(game=game, algorithm=algorithm, options=options, iterations=iterations, evaluator=evaluator)
    run = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            f"--toggle-collect={COUNTED}",
            python,
            "-c",
            code,
        ],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, **QUIET},
    )
    found = re.search(r"Collected : (\d+)", run.stderr)
    if not found:
        raise SystemExit(f"no callgrind total for {game} {algorithm}:\n{run.stderr[-2000:]}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--python", default=sys.executable, help="the interpreter of the build to measure")
    parser.add_argument("--small", type=int, default=1000, help="the smaller iteration budget")
    parser.add_argument("--large", type=int, default=6000, help="the larger iteration budget")
    parser.add_argument("--only", nargs="+", metavar="GAME", help="measure only the cases of these games")
    args = parser.parse_args()
    print(f"{'game':<14}{'algorithm':<13}{'options':<20}{'instructions per simulation':>28}")
    for game, algorithm, options in CASES:
        if args.only and game not in args.only:
            continue
        small = instructions(args.python, game, algorithm, options, args.small)
        large = instructions(args.python, game, algorithm, options, args.large)
        per = (large - small) / (args.large - args.small)
        print(f"{game:<14}{algorithm:<13}{str(options or ''):<20}{per:>28,.0f}", flush=True)


if __name__ == "__main__":
    main()
