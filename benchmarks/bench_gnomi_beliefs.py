"""Gnomi with more than two players: worlds weighted by the opponents' moves (`beliefs=True`)
against today's default at equal time per move (issue 38).

    python benchmarks/bench_gnomi_beliefs.py [--players 3 4] [--games 300] [--time-per-move 0.05]
                                             [--workers 1] [--seed 0] [--speed-only]
                                             [--candidate mcts:beliefs=true]

Prints, per player count:
- the cost: iterations a search with and without beliefs runs in the same time from positions a
  few turns into random games (the replay of the history per world is the extra work), in one
  process, beside the load average;
- the match: `mcts:beliefs=True` against `mcts` (every other option at the game's default:
  ISMCTS with MAST playouts at 3-6 players), both `--time-per-move` seconds a move, duplicate
  deals with seats rotated (ts.tournament). The score is the share of the other agent's seats
  finished ahead of (ties half), averaged per deal, with a normal 95% interval over deals; 0.5 is
  level.
`--candidate` plays another agent spec against the default the same way (the algorithms compared
for the defaults table of docs/hidden-information.md: `mcts:algorithm=mo-ismcts`, ...).
"""

from __future__ import annotations

import argparse
import os
import random
from collections.abc import Sequence
from typing import Optional

from hidden_strength_budget import match

import tablesearch as ts
from tablesearch import mcts

BASE = "mcts"
"""Today's default: every option at its default."""


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.1f} {five:.1f} {fifteen:.1f}"


def positions(players: int, count: int, seed: int) -> list:
    """Positions 6 to 20 decisions into random games, at a decision of a player."""
    game = ts.load_game("gnomi", players=players)
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = game.new_initial_state(rng.randrange(1 << 30))
        for _ in range(rng.randrange(6, 20)):
            if state.is_terminal():
                break
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choice(outcomes)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        if not state.is_terminal() and not state.is_chance_node():
            out.append(state)
    return out


def speed(players: int, time_per_move: float, count: int = 20, seed: int = 0) -> None:
    states = positions(players, count, seed)
    totals = {}
    for beliefs in (False, True):
        totals[beliefs] = sum(
            mcts.search(state, time_limit=time_per_move, beliefs=beliefs, seed=i).iterations
            for i, state in enumerate(states)
        )
    print(
        f"  gnomi({players}) iterations in {time_per_move} s, mean of {count} positions: "
        f"uniform worlds {totals[False] / count:.0f}, beliefs {totals[True] / count:.0f} "
        f"(ratio {totals[True] / max(1, totals[False]):.2f}; {load()})",
        flush=True,
    )


def main(argv: Optional[Sequence[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="*", default=[3, 4])
    parser.add_argument("--games", type=int, default=300, help="games per match (rounded up to whole deals)")
    parser.add_argument("--time-per-move", type=float, default=0.05)
    parser.add_argument("--workers", type=int, default=1, help="worker processes")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--speed-only", action="store_true")
    parser.add_argument("--candidate", default=f"{BASE}:beliefs=true", help="the agent spec against the default")
    args = parser.parse_args(argv)
    for players in args.players:
        if "beliefs" in args.candidate:
            speed(players, args.time_per_move)
        if args.speed_only:
            continue
        print(f"  start: {load()}", flush=True)
        result = match(
            "gnomi",
            {"players": players},
            f"{args.candidate},time_limit={args.time_per_move}",
            f"{BASE}:time_limit={args.time_per_move}",
            args.games,
            args.seed,
            args.workers,
        )
        print(f"  {result}; end: {load()}", flush=True)


if __name__ == "__main__":
    main()
