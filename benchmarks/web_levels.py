"""Calibrates the web app's AI levels (tablesearch/web/levels.py): a round-robin tournament between
the levels in each game, seats rotated, and their Elo (Bradley-Terry, 95% bootstrap intervals)
anchored so that Beginner (random moves) is 0. Prints the table and writes
python/tablesearch/web/levels.json, which the setup form shows beside each level.

    python benchmarks/web_levels.py [--games 24] [--only connect_four,gnomi] [--workers 1]

Games are played at their 2-player setting, with the Expert level where a built-in model plays it.
Candy Land has no decision (every level plays alike) and is left out. --only measures some games
again and keeps the others' figures. levels.json records the games each was measured with
(`played`: enough for each level's interval to lie above the one below, tests/web/test_levels.py),
and when, from which commit and on what machine (`measured`);
Gummiland's 400 take about 45 minutes of one core, its Hard level being slow.
"""

from __future__ import annotations

import argparse
import json
import time

from results_file import provenance

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
    "leduc_poker": "no search tried here beat 100 simulations a move, so there is no Hard level",
    "gnomi": "3,000 simulations a move play no better than 300 here, so Hard looks 300 ahead",
    "wetland": "3,000 simulations a move play no better than 300 at 2 players, so Hard looks 300 ahead",
}


def measure(game: str, params: dict, games: int, workers: int) -> dict[str, list[int]]:
    offered = levels.for_game(game)  # Expert too where a built-in model plays this many players
    n = params.get("players", 2)
    specs = {row["key"]: row["spec"] for row in offered if row["players"] is None or n in row["players"]}
    result = ts.tournament(game, specs, games=games, params=params, seed=1, workers=workers, progress=False)
    rows = {row["agent"]: row for row in result.table}
    anchor = rows["beginner"]["elo"]
    return {key: [round(rows[key][field] - anchor) for field in ("elo", "elo_low", "elo_high")] for key in specs}


def record(game: str, figures: dict[str, list[int]], games: int) -> None:
    """Writes `game`'s figures into levels.json, read again just before, so that runs measuring
    other games at the same time keep theirs."""
    try:
        data = json.loads(levels.ELO_FILE.read_text())
    except (OSError, ValueError):
        data = {}
    measured = {"games": figures, "players": GAMES[game].get("players", 2), "played": games, "measured": provenance()}
    for field, value in measured.items():
        data.setdefault(field, {})[game] = value
    data["notes"] = NOTES
    data["how"] = (
        "python benchmarks/web_levels.py --only GAME --games N (N in played): round robin between "
        "the levels at the player count in players, Elo with 95% bootstrap intervals, Beginner = 0"
    )
    levels.ELO_FILE.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=24, help="games per tournament (rounded up to whole deals)")
    parser.add_argument("--only", default="", help="comma-separated games to measure (default: all)")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    for game in [g for g in args.only.split(",") if g] or list(GAMES):
        start = time.perf_counter()
        figures = measure(game, GAMES[game], args.games, args.workers)
        record(game, figures, args.games)
        text = ", ".join(f"{k} {v[0]:+.0f} [{v[1]:+.0f}, {v[2]:+.0f}]" for k, v in figures.items())
        print(f"{game}: {text}  ({time.perf_counter() - start:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
