"""Calibrates the web app's AI levels (tablesearch/web/levels.py): a round-robin tournament between
the levels in each game, seats rotated, and their Elo (Bradley-Terry, 95% bootstrap intervals)
anchored so that Beginner (random moves) is 0. Prints the table and writes
python/tablesearch/web/levels.json, which the setup form shows beside each level.

    python benchmarks/web_levels.py [--games 24] [--only connect_four,gnomi] [--workers 1]

Games are played at their 2-player setting, with the Expert level where a built-in model plays it.
Candy Land has no decision (every level plays alike) and is left out. Costs about 15 minutes on one
core with the default --games; --only measures some games again and keeps the others' figures.
"""

from __future__ import annotations

import argparse
import json
import time

import tablesearch as ts
from tablesearch.web import levels

GAMES = {
    "tic_tac_toe": {},
    "connect_four": {},
    "wetland": {"players": 2},
    "leduc_poker": {},
    "gnomi": {"players": 2},
    "gummiland": {"players": 2},
}
NOTES = {
    "candyland": "every level plays alike: Candy Land has no decision",
    "tic_tac_toe": "perfect play draws: the stronger levels draw against each other",
}


def measure(game: str, params: dict, games: int, workers: int) -> dict[str, list[int]]:
    offered = levels.for_game(game)  # Expert too where a built-in model plays this many players
    specs = {row["key"]: row["spec"] for row in offered if row["players"] is None or 2 in row["players"]}
    result = ts.tournament(game, specs, games=games, params=params, seed=1, workers=workers, progress=False)
    rows = {row["agent"]: row for row in result.table}
    anchor = rows["beginner"]["elo"]
    return {key: [round(rows[key][field] - anchor) for field in ("elo", "elo_low", "elo_high")] for key in specs}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=24, help="games per tournament (rounded up to whole deals)")
    parser.add_argument("--only", default="", help="comma-separated games to measure (default: all)")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    only = [g for g in args.only.split(",") if g] or list(GAMES)
    try:
        data = json.loads(levels.ELO_FILE.read_text())
    except (OSError, ValueError):
        data = {}
    data.setdefault("games", {})
    for game in only:
        start = time.perf_counter()
        data["games"][game] = measure(game, GAMES[game], args.games, args.workers)
        figures = ", ".join(f"{k} {v[0]:+.0f} [{v[1]:+.0f}, {v[2]:+.0f}]" for k, v in data["games"][game].items())
        print(f"{game}: {figures}  ({time.perf_counter() - start:.0f} s)", flush=True)
    data["notes"] = NOTES
    data["how"] = (
        f"python benchmarks/web_levels.py --games {args.games}: round robin between the levels, "
        "2 players, Elo with 95% bootstrap intervals, Beginner = 0"
    )
    levels.ELO_FILE.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
