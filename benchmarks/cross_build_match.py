"""Strength at equal time between two builds of tablesearch (say, before and after a change to the
search), each in its own virtual environment: duplicate deals (the same chance outcomes) with the
seats swapped, the same time per move for both. Prints the new build's mean return per game with
a 95% interval over deal pairs, and the iterations each build ran per move (its speed).

    python benchmarks/cross_build_match.py --old /path/venv-before/bin/python \\
        --new /path/venv-after/bin/python connect_four uct --seconds 0.02 --pairs 200

Two-player games only. Each build searches in a child interpreter that rebuilds the position
from the actions played, so the builds never share a process; the search time excludes that.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
from typing import Any

import tablesearch as ts
from tablesearch.statistics import mean_interval

# Run by each build's interpreter: one line per move asked, one line back (action, iterations).
MOVE_SERVER = """
import json, sys
import tablesearch as ts
from tablesearch import mcts
for line in sys.stdin:
    job = json.loads(line)
    state = ts.load_game(job["game"]).new_initial_state(0)
    for action in job["history"]:
        state.apply_action(action)
    result = mcts.search(state, time_limit=job["seconds"], seed=job["seed"], algorithm=job["algorithm"])
    print(result.best_action, result.iterations, flush=True)
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("algorithm")
    parser.add_argument("--old", required=True, help="the python of the build before")
    parser.add_argument("--new", default=sys.executable, help="the python of the build after (default: this one)")
    parser.add_argument("--seconds", type=float, default=0.02, help="search time per move")
    parser.add_argument("--pairs", type=int, default=200, help="deals, each played twice with the seats swapped")
    args = parser.parse_args()
    builds = {
        who: subprocess.Popen([python, "-c", MOVE_SERVER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        for who, python in (("new", args.new), ("old", args.old))
    }
    iterations: dict[str, list[int]] = {"new": [], "old": []}
    game = ts.load_game(args.game)
    if game.num_players() != 2:
        raise SystemExit(f"{args.game} has {game.num_players()} players; this match takes two")

    def play(deal: int, seats: list[str]) -> list[float]:
        state: Any = game.new_initial_state(0)
        history: list[int] = []
        chance = random.Random(deal)  # the same outcomes in both games of a deal
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                action = chance.choices(actions, weights=probs)[0]
            else:
                who = seats[state.current_player()]
                job = dict(game=args.game, history=history, seconds=args.seconds, seed=deal * 1000 + len(history))
                builds[who].stdin.write(json.dumps(dict(job, algorithm=args.algorithm)) + "\n")  # type: ignore[union-attr]
                builds[who].stdin.flush()  # type: ignore[union-attr]
                action, n = map(int, builds[who].stdout.readline().split())  # type: ignore[union-attr]
                iterations[who].append(n)
            state.apply_action(action)
            history.append(action)
        return list(state.returns())

    pair_means = [(play(d, ["new", "old"])[0] + play(d, ["old", "new"])[1]) / 2 for d in range(args.pairs)]
    mean, low, high = mean_interval(pair_means)
    print(
        f"{args.game}, {args.algorithm}, {args.seconds} s a move, {2 * args.pairs} games ({args.pairs} deals, seats "
        f"swapped): the new build's mean return {mean:+.3f} [{low:+.3f}, {high:+.3f}]; "
        f"median iterations a move: new {statistics.median(iterations['new']):,.0f}, "
        f"old {statistics.median(iterations['old']):,.0f}"
    )


if __name__ == "__main__":
    main()
