"""What the check of a network's outputs (nn/network.cc, Network::check_finite: no search runs on
NaN) costs a PUCT search with a model, in instructions counted by valgrind's callgrind: the
search is run with a small and a large budget under callgrind, the difference of the totals is
the search's cost, and the check's own instructions (it is never inlined, so callgrind names it)
are divided by that.

    python benchmarks/callgrind_network_check.py [--game connect_four] [--hidden 256,256] [--simulations 3000]

Deterministic (a seeded search with an iteration budget); the goal is under 1%.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

SEARCH = """
import sys, tablesearch as ts
from tablesearch import mcts
from tablesearch.models import Model
game = ts.load_game(sys.argv[1])
model = Model.for_game(game, hidden=tuple(int(w) for w in sys.argv[2].split(",")), seed=0)
mcts.search(game.new_initial_state(), evaluator=model, algorithm="puct", iterations=int(sys.argv[3]), seed=0)
"""


def counts(game: str, hidden: str, simulations: int, folder: Path) -> tuple[int, int]:
    """(all instructions, the check's instructions) of a process that searches `simulations` times."""
    out = folder / f"callgrind.{simulations}"
    subprocess.run(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, "-c", SEARCH, game, hidden,
         str(simulations)],
        check=True, capture_output=True,
    )  # fmt: skip
    table = subprocess.run(["callgrind_annotate", str(out)], check=True, capture_output=True, text=True).stdout
    total = re.search(r"([\d,]+) \(100\.0%\)\s+PROGRAM TOTALS", table)
    check = re.search(r"([\d,]+) \(\s*[\d.]+%\)\s+\S*Network::check_finite", table)
    assert total is not None, "callgrind_annotate printed no totals"
    return int(total.group(1).replace(",", "")), int(check.group(1).replace(",", "")) if check else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="connect_four")
    parser.add_argument("--hidden", default="256,256")
    parser.add_argument("--simulations", type=int, default=3000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        base, _ = counts(args.game, args.hidden, 1, Path(folder))
        total, check = counts(args.game, args.hidden, args.simulations, Path(folder))
    search = total - base
    print(
        f"{args.game}, PUCT with an mlp {args.hidden} model, {args.simulations:,} simulations: the search "
        f"{search / 1e6:,.1f} M instructions ({search / args.simulations:,.0f} a simulation), the output check "
        f"{check / 1e6:,.3f} M: {check / search:.3%} of the search"
    )


if __name__ == "__main__":
    main()
