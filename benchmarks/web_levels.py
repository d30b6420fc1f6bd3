"""Calibrates the web app's AI levels (tablesearch/web/levels.py): a round-robin tournament between
the levels of a game at one player count, seats rotated, and their Elo (Bradley-Terry, 95%
bootstrap intervals) anchored so that Beginner (random moves) is 0. Prints the table and writes
python/tablesearch/web/levels.json, which the setup form shows beside each level at that count.

    python benchmarks/web_levels.py [--games 24] [--only connect_four,wetland:3] [--workers 1]

Each game is played at its 2-player setting, at its default player count (Gnomi's 3), and at each
player count that has a built-in model (the Expert level plays only there, and an Elo measured
with 2 players says nothing of 3): every level offered at that count plays. With more than 2
players a game's finishing order counts as one pairwise comparison per pair of seats, weighted
1/(n-1) (tablesearch.tournaments.ratings);
the schedule seats every set of n levels in every cyclic order, each deal played under every
rotation. Candy Land has no decision (every level plays alike) and is left out. --only measures
some games (GAME: every count listed here; GAME:N: that count) again and keeps the others'
figures; with --out DIR the games are kept there (DIR/GAME-Np.jsonl), and a rerun with more
--games plays only the new ones (a few games first to time it, then enough to separate).
levels.json records the games each was measured with (`played`: enough for each level's interval
to lie above the one below, tests/web/test_levels.py), and when, from which commit and on what
machine (`measured`). Gummiland's 400 at 2 players take about 45 minutes of one core, its Hard
level being slow, 360 at 3 players 21 minutes and 120 at 4 players 9 (2 workers); Wetland's 1,500
at 3 players 1.5 minutes and 1,800 at 4 players 6 minutes; Gnomi's 1,200 at 3 players half a
minute.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Optional

from results_file import provenance

import tablesearch as ts
from tablesearch.web import levels

GAMES = {  # the player counts measured: 2, the game's default, and each count a built-in model plays
    "tic_tac_toe": (2,),
    "connect_four": (2,),
    "wetland": (2, 3, 4),
    "leduc_poker": (2,),
    "gnomi": (2, 3),
    "gummiland": (2, 3, 4),
}
FIXED = {"tic_tac_toe", "connect_four", "leduc_poker"}  # no players parameter
NOTES = {
    "candyland": "every level plays alike: Candy Land has no decision",
    "tic_tac_toe": "perfect play draws: the stronger levels draw against each other",
    "leduc_poker": "no search tried here beat 100 simulations a move, so there is no Hard level",
    "gnomi": "3,000 simulations a move play no better than 300 here, so Hard looks 300 ahead",
    "gummiland": (
        "at 3 and 4 players neither 10 nor 30 simulations a move were told from random moves, so there is no "
        "Easy there, and the model guides 3,000 simulations a move, as 1,000 played below Hard at 3 players"
    ),
    "wetland": (
        "3,000 simulations a move play no better than 300 at 2 players, so Hard looks 300 ahead; at 4 players "
        "10 simulations a move played like random moves (Elo +0 [-6, +5] in 1,800 games), so there the levels "
        "look 30, 100 and 300 ahead"
    ),
}


HOW = (
    "python benchmarks/web_levels.py --only GAME:PLAYERS --games N (N in played): round robin between "
    "the levels offered at that player count, seats rotated, Elo with 95% bootstrap intervals, Beginner = 0"
)


def measure(game: str, n: int, games: int, workers: int, out: Optional[Path] = None) -> dict[str, list[int]]:
    offered = levels.for_game(game)  # Expert too where a built-in model plays this many players
    params = {} if game in FIXED else {"players": n}
    specs = {row["key"]: row["spec"] for row in offered if row["players"] is None or n in row["players"]}
    path = None if out is None else out / f"{game}-{n}p.jsonl"  # a rerun with more games plays only those
    result = ts.tournament(game, specs, games=games, params=params, seed=1, workers=workers, out=path, progress=False)
    rows = {row["agent"]: row for row in result.table}
    anchor = rows["beginner"]["elo"]
    return {key: [round(rows[key][field] - anchor) for field in ("elo", "elo_low", "elo_high")] for key in specs}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=24, help="games per tournament (rounded up to whole deals)")
    parser.add_argument(
        "--only", default="", help="comma-separated GAME or GAME:PLAYERS to measure (default: all listed)"
    )
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", type=Path, help="a folder keeping the games, so that a rerun with more --games adds")
    args = parser.parse_args()
    for game, n in runs(args.only):
        start = time.perf_counter()
        figures = measure(game, n, args.games, args.workers, args.out)
        levels.record(game, n, figures, args.games, provenance(), notes=NOTES, how=HOW)
        text = ", ".join(f"{k} {v[0]:+.0f} [{v[1]:+.0f}, {v[2]:+.0f}]" for k, v in figures.items())
        print(f"{game}, {n} players: {text}  ({time.perf_counter() - start:.0f} s)", flush=True)


def runs(only: str) -> list[tuple[str, int]]:
    """The (game, player count) pairs `--only` names, each listed in GAMES; all of them if none."""
    if not only:
        return [(game, n) for game, counts in GAMES.items() for n in counts]
    out = []
    for item in only.split(","):
        game, _, count = item.strip().partition(":")
        if game not in GAMES:
            raise SystemExit(f"unknown game {game!r}; measured here: {', '.join(GAMES)}")
        if count and int(count) not in GAMES[game]:
            raise SystemExit(f"{game} is measured at {GAMES[game]} players, not {count}")
        out += [(game, int(count))] if count else [(game, n) for n in GAMES[game]]
    return out


if __name__ == "__main__":
    main()
