"""Budget scaling and old against new defaults at the long hidden-information games (issue 13).

    python benchmarks/hidden_strength_budget.py [--games 400] [--workers 1] [--part scaling|defaults|all]
                                                [--high 3000] [--low 300] [--time-per-move 0.05]

Prints, with 95% intervals over deals (duplicate deals, seats rotated; ts.tournament):
- budget scaling: the default agent at `--high` iterations per move against itself at `--low`, at
  Gnomi (2 and 4 players) and Gummiland (2 players, every region);
- the new default (`mcts`, every option at its default) against the old one (ISMCTS with random
  playouts to the end: `OLD_DEFAULT`) at equal time per move, at Gnomi and Gummiland.

`bench_hidden_strength.py` imports `budget_scaling` and `old_against_new` from here. A score is the
share of opponents finished ahead of (ties half), averaged per deal; the interval is the normal one
over deal means (a deal's games share their luck). Each figure says how many games it rests on.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Optional

import tablesearch as ts
from tablesearch import mcts
from tablesearch.games import search_defaults
from tablesearch.statistics import mean_interval

OLD_DEFAULT = "ismcts:rollout_cutoff=none,playout=random"
"""The default search before the rollout cutoff: ISMCTS, random playouts to the end, uct_c sqrt(2)."""
NEW_DEFAULT = "mcts"
"""Every option at its default (algorithm and playouts chosen per game)."""

ALL_REGIONS = "pineapple,orange,blackberry"
SCALING_GAMES: list[tuple[str, dict[str, Any]]] = [
    ("gnomi", {"players": 2}),
    ("gnomi", {"players": 4}),
    ("gummiland", {"players": 2, "regions": ALL_REGIONS}),
]
DEFAULTS_GAMES: list[tuple[str, dict[str, Any]]] = [
    ("gnomi", {"players": 2}),
    ("gummiland", {"players": 2, "regions": ALL_REGIONS}),
]


@dataclass
class MatchResult:
    """Agent `a` against agent `b`: a's mean score per deal with its 95% interval."""

    game: str
    params: dict[str, Any]
    a: str
    b: str
    score: float
    low: float
    high: float
    games: int
    deals: int
    seconds: float

    def __str__(self) -> str:
        return (
            f"{self.game}({_params_text(self.params)}) {self.a} vs {self.b}: "
            f"{self.score:.3f} [{self.low:.3f}, {self.high:.3f}] "
            f"over {self.games} games ({self.deals} deals, {self.seconds:.0f} s)"
        )


def deal_scores(lines: Sequence[dict[str, Any]], name: str) -> list[float]:
    """Per deal, the mean score of agent `name` against the other agent's seats in its games."""
    per_deal: dict[Any, list[float]] = {}
    for line in lines:
        mine = [i for i, agent in enumerate(line["agents"]) if agent == name]
        theirs = [i for i, agent in enumerate(line["agents"]) if agent != name]
        if not mine or not theirs:
            continue
        ranks = line["ranks"]
        pairs = [1.0 if ranks[i] < ranks[j] else 0.5 if ranks[i] == ranks[j] else 0.0 for i in mine for j in theirs]
        per_deal.setdefault(line["deal"], []).append(sum(pairs) / len(pairs))
    return [sum(v) / len(v) for v in per_deal.values()]


def match(
    game: str, params: dict[str, Any], a: str, b: str, games: int, seed: int = 0, workers: Optional[int] = 1
) -> MatchResult:
    """Plays `games` games (rounded up to whole deals) between agent specs `a` and `b`."""
    start = time.perf_counter()
    result = ts.tournament(
        game, {"A": a, "B": b}, games=games, seed=seed, params=params, workers=workers, progress=False
    )
    scores = deal_scores(result.lines, "A")
    mean, low, high = mean_interval(scores)
    return MatchResult(
        game, dict(params), a, b, mean, low, high, len(result.lines), len(scores), time.perf_counter() - start
    )


def budget_scaling(
    games: int = 400,
    high: int = 3000,
    low: int = 300,
    agent: str = NEW_DEFAULT,
    configs: Sequence[tuple[str, dict[str, Any]]] = tuple(SCALING_GAMES),
    seed: int = 0,
    workers: Optional[int] = 1,
    report: Any = None,
) -> list[MatchResult]:
    """`agent` at `high` iterations per move against itself at `low`, per game configuration.
    `report`, if given, is called with each result as it finishes."""
    results = []
    for game, params in configs:
        result = match(game, params, _with(agent, iterations=high), _with(agent, iterations=low), games, seed, workers)
        results.append(result)
        if report:
            report(result)
    return results


def old_against_new(
    games: int = 400,
    time_per_move: float = 0.05,
    configs: Sequence[tuple[str, dict[str, Any]]] = tuple(DEFAULTS_GAMES),
    seed: int = 0,
    workers: Optional[int] = 1,
    report: Any = None,
) -> list[MatchResult]:
    """The new default against the old at equal time per move (`time_per_move` seconds). A game
    whose default is still the old one is skipped (`report` is told why): that match is a mirror."""
    results = []
    for game, params in configs:
        if default_is_old(game, params):
            if report:
                report(f"{game}({_params_text(params)}): the default is the old one ({OLD_DEFAULT}); no match to play")
            continue
        result = match(
            game,
            params,
            _with(NEW_DEFAULT, time_limit=time_per_move),
            _with(OLD_DEFAULT, time_limit=time_per_move),
            games,
            seed,
            workers,
        )
        results.append(result)
        if report:
            report(result)
    return results


def default_is_old(game: str, params: dict[str, Any]) -> bool:
    """Whether every option at its default searches `game` as OLD_DEFAULT does: ISMCTS with the
    generic playouts (the game has no entry in games.search_defaults)."""
    loaded = ts.load_game(game, **params)
    algorithm = mcts.search(loaded.new_initial_state(0), iterations=1).algorithm
    return algorithm == "ismcts" and search_defaults.search_defaults(loaded) == search_defaults.GENERIC


def _params_text(params: dict[str, Any]) -> str:
    return ",".join(f"{k}={v}" for k, v in params.items())


def _with(spec: str, **options: Any) -> str:
    extra = ",".join(f"{k}={v}" for k, v in options.items())
    return f"{spec},{extra}" if ":" in spec else f"{spec}:{extra}"


def _selected(configs: Sequence[tuple[str, dict[str, Any]]], only: Optional[Sequence[str]]) -> list:
    if not only:
        return list(configs)
    return [
        (game, params)
        for game, params in configs
        if any(o.split(":")[0] == game and (":" not in o or int(o.split(":")[1]) == params["players"]) for o in only)
    ]


def main(argv: Optional[Sequence[str]] = None) -> None:
    """The command line; `argv` None reads sys.argv (bench_hidden_strength.py passes its own)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per match (rounded up to whole deals)")
    parser.add_argument("--workers", type=int, default=1, help="worker processes")
    parser.add_argument("--part", choices=("scaling", "defaults", "all"), default="all")
    parser.add_argument("--high", type=int, default=3000, help="iterations per move of the larger budget")
    parser.add_argument("--low", type=int, default=300, help="iterations per move of the smaller budget")
    parser.add_argument("--time-per-move", type=float, default=0.05, help="seconds per move, old against new")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--only",
        nargs="*",
        default=None,
        metavar="GAME[:PLAYERS]",
        help="only these configurations, e.g. gnomi:2 gummiland:2 (default: all)",
    )
    args = parser.parse_args(argv)
    scaling, defaults = _selected(SCALING_GAMES, args.only), _selected(DEFAULTS_GAMES, args.only)
    if args.part in ("scaling", "all"):
        print(f"Budget scaling: {NEW_DEFAULT} at {args.high} iterations per move against {args.low}", flush=True)
        budget_scaling(
            args.games,
            args.high,
            args.low,
            configs=scaling,
            seed=args.seed,
            workers=args.workers,
            report=lambda r: print(" ", r, flush=True),
        )
    if args.part in ("defaults", "all"):
        print(f"New default ({NEW_DEFAULT}) against old ({OLD_DEFAULT}), {args.time_per_move} s per move", flush=True)
        old_against_new(
            args.games,
            args.time_per_move,
            configs=defaults,
            seed=args.seed,
            workers=args.workers,
            report=lambda r: print(" ", r, flush=True),
        )


if __name__ == "__main__":
    main()
