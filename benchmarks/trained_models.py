"""The built-in models (tablesearch.models.builtin) against the game's default search at equal time
per move (issue 49): the search with the model (``mcts:model=builtin``) in one seat, the default
search (``mcts``) in every other, duplicate deals with the model's seat rotated through every seat.

    python benchmarks/trained_models.py [--games 400] [--seconds 0.1] [--only gummiland-2p,...]
                                        [--workers 2]

For 2 players it prints the model's score (1 a win, 0.5 a tie, 0 a loss); for n players its win
share (a first place shared by k players counts 1/k), to compare with 1/n, the share of a player
no better than the others. Each figure is a mean over deals with its 95% interval (a deal's games
share their luck), and has the load average beside it: one process gets about half a core on a
busy machine, and the figures depend on it: the network's player gains less from more time than
the default search (docs/training.md), so compare figures measured at like loads. The figures are
kept in benchmarks/results/trained_models.json, which docs/training.md shows.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Sequence
from typing import Any

from results_file import save

import tablesearch as ts
from tablesearch.models.builtin import builtin_files
from tablesearch.statistics import mean_interval

RESULTS = "trained_models.json"
"""Where the figures go, in benchmarks/results; docs/training.md shows them (docs/hooks/tables.py)."""


def first_place_share(ranks: Sequence[int], seat: int) -> float:
    """1/k when `seat` is among the k seats ranked first, else 0."""
    best = min(ranks)
    return 1.0 / sum(r == best for r in ranks) if ranks[seat] == best else 0.0


def model_scores(lines: Sequence[dict[str, Any]], players: int) -> list[float]:
    """Per deal, the model's mean score (2 players: 1, 0.5, 0) or win share (more)."""
    per_deal: dict[Any, list[float]] = {}
    for line in lines:
        seat = line["agents"].index("model")
        ranks = line["ranks"]
        if players == 2:
            other = 1 - seat
            score = 1.0 if ranks[seat] < ranks[other] else 0.5 if ranks[seat] == ranks[other] else 0.0
        else:
            score = first_place_share(ranks, seat)
        per_deal.setdefault(line["deal"], []).append(score)
    return [sum(v) / len(v) for v in per_deal.values()]


def measure(game: str, players: int, games: int, seconds: float, workers: int, seed: int) -> dict[str, Any]:
    agents = {"model": f"mcts:model=builtin,time_limit={seconds}"}
    agents.update({f"default-{i}": f"mcts:time_limit={seconds}" for i in range(1, players)})
    start = time.perf_counter()
    result = ts.tournament(
        game, agents, games=games, seed=seed, params={"players": players}, workers=workers, progress=False
    )
    mean, low, high = mean_interval(model_scores(result.lines, players))
    what = "score" if players == 2 else f"win share (1/n = {1 / players:.3f})"
    load = os.getloadavg()[0]
    text = (
        f"{what} {mean:.3f} [{low:.3f}, {high:.3f}] over {len(result.lines)} games at {seconds:g} s a move "
        f"(load average {load:.1f})"
    )
    figure = {"mean": mean, "low": low, "high": high, "games": len(result.lines), "seconds_per_move": seconds}
    figure.update(text=text, wall_seconds=round(time.perf_counter() - start), load=round(load, 1))
    return figure


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per model (rounded up to whole deals)")
    parser.add_argument("--seconds", type=float, default=0.1, help="time per move of every player")
    parser.add_argument("--only", default="", help="comma-separated models, such as gummiland-2p (default: all)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    chosen = {f"{name}-{players}p": (name, players) for name, players in builtin_files()}
    for key in [k for k in args.only.split(",") if k] or sorted(chosen):
        if key not in chosen:
            parser.error(f"no built-in model {key!r}; built-in: {', '.join(sorted(chosen))}")
        entry = save(RESULTS, key, measure(*chosen[key], args.games, args.seconds, args.workers, args.seed))
        print(f"{key}: {entry['text']}", flush=True)


if __name__ == "__main__":
    main()
