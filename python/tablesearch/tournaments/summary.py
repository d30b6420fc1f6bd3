"""The numbers a tournament reports, computed from its JSON lines.

Per agent (counted per seat-game: an agent holding two seats of one game counts twice):
games, wins (sole or shared), draws (games where every return is equal), losses, mean return,
score (the fraction of opponents' seats finished ahead of, ties half; for two players 1, 1/2, 0),
win rate with a 95% Wilson interval, and a rating on the Elo scale (see `ratings`) with a 95%
interval from a seeded bootstrap that resamples deals (the games of a deal share its luck, so
they are resampled together; with one game per deal this is the bootstrap over games).
Per seat: the win rate of whoever sat there, and per agent and seat. A pairwise score matrix.
"""

from __future__ import annotations

import math
import os
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Optional

import numpy as np

from tablesearch.tournaments import ratings
from tablesearch.tournaments.ratings import SprtResult, bootstrap_elo, fit_elo, pairwise_wins, wilson_interval
from tablesearch.tournaments.report import render_text


@dataclass
class TournamentResult:
    """A tournament's summary. Plain data: ``pandas.DataFrame(result.table)`` works."""

    game: str
    params: dict[str, Any]
    agents: list[str]
    num_players: int
    lines: list[dict[str, Any]]  # one per game, in schedule order (the JSON lines)
    table: list[dict[str, Any]]  # per agent, best rating first
    seats: list[dict[str, Any]]  # per seat: the occupants' results
    seat_table: list[dict[str, Any]]  # per agent and seat
    pairwise: list[list[Optional[float]]]  # [i][j]: agent i's score against agent j (None: never met)
    pairwise_games: list[list[int]]
    draws: int
    lengths: dict[str, float]  # plies: mean, min, p10, median, p90, max
    planned: int  # games the schedule holds
    seed: int
    sprt: Optional[SprtResult] = None
    out: Optional[str] = None
    notes: list[str] = field(default_factory=list)

    @property
    def games(self) -> int:
        return len(self.lines)

    @property
    def complete(self) -> bool:
        return len(self.lines) == self.planned

    def __str__(self) -> str:
        return render_text(self)


def _score_against_others(seat: int, seats: Sequence[int], ranks: Sequence[int]) -> Optional[float]:
    others = [t for t in range(len(seats)) if seats[t] != seats[seat]]
    if not others:
        return None
    r = ranks[seat]
    return sum(1.0 if r < ranks[t] else 0.5 if r == ranks[t] else 0.0 for t in others) / len(others)


def _lengths(plies: Sequence[int]) -> dict[str, float]:
    if not plies:
        return {}
    values = np.asarray(plies, dtype=float)
    quantiles = np.percentile(values, [10, 50, 90])
    return {
        "mean": float(values.mean()),
        "min": float(values.min()),
        "p10": float(quantiles[0]),
        "median": float(quantiles[1]),
        "p90": float(quantiles[2]),
        "max": float(values.max()),
    }


def _deal_wins(lines: Sequence[dict[str, Any]], names: Sequence[str]) -> dict[int, np.ndarray]:
    index = {name: i for i, name in enumerate(names)}
    deals: dict[int, np.ndarray] = {}
    for line in lines:
        lineup = [index[a] for a in line["agents"]]
        wins = pairwise_wins(lineup, line["ranks"], len(names))
        deals[line["deal"]] = deals.get(line["deal"], 0) + wins
    return deals


def sprt_units(lines: Sequence[dict[str, Any]], names: Sequence[str], schedule: Any) -> list[float]:
    """Per complete deal (every game `schedule.games_in_deal(deal)` of it done): the first agent's
    mean score against the second."""
    by_deal: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for line in lines:
        by_deal[line["deal"]].append(line)
    units = []
    for deal in sorted(by_deal):
        games = by_deal[deal]
        if len(games) != schedule.games_in_deal(deal):
            continue
        scores = []
        for line in games:
            wins = pairwise_wins([names.index(a) for a in line["agents"]], line["ranks"], len(names))
            if wins[0, 1] + wins[1, 0] > 0:
                scores.append(wins[0, 1] / (wins[0, 1] + wins[1, 0]))
        if scores:
            units.append(float(np.mean(scores)))
    return units


def sprt_test(lines: Sequence[dict[str, Any]], names: Sequence[str], schedule: Any, config: Any) -> SprtResult:
    """The SPRT (config: elo0, elo1, alpha, beta) over the complete deals among `lines`."""
    return ratings.sprt(sprt_units(lines, names, schedule), config.elo0, config.elo1, config.alpha, config.beta)


@dataclass
class _Tally:
    """Counts over the games, per agent (k), per agent and seat (k, n), per seat (n)."""

    games: np.ndarray
    wins: np.ndarray
    draws: np.ndarray
    returns: np.ndarray
    scores: list[list[float]]
    seat_games: np.ndarray
    seat_wins: np.ndarray
    seat_returns: np.ndarray
    together: np.ndarray  # [i, j]: games agents i and j played together
    drawn: int = 0


def _tally(lines: Sequence[dict[str, Any]], names: Sequence[str], n: int) -> _Tally:
    k = len(names)
    index = {name: i for i, name in enumerate(names)}
    t = _Tally(
        games=np.zeros(k),
        wins=np.zeros(k),
        draws=np.zeros(k),
        returns=np.zeros(k),
        scores=[[] for _ in range(k)],
        seat_games=np.zeros((k, n)),
        seat_wins=np.zeros((k, n)),
        seat_returns=np.zeros(n),
        together=np.zeros((k, k), dtype=int),
    )
    for line in lines:
        lineup = [index[a] for a in line["agents"]]
        winners = set(line["winners"])
        t.drawn += not winners
        for s, a in enumerate(lineup):
            t.games[a] += 1
            t.wins[a] += s in winners
            t.draws[a] += not winners
            t.returns[a] += line["returns"][s]
            t.seat_games[a, s] += 1
            t.seat_wins[a, s] += s in winners
            t.seat_returns[s] += line["returns"][s]
            score = _score_against_others(s, lineup, line["ranks"])
            if score is not None:
                t.scores[a].append(score)
        present = sorted(set(lineup))
        for i in present:
            for j in present:
                t.together[i, j] += i != j
    return t


def _ratings(
    lines: Sequence[dict[str, Any]], names: Sequence[str], seed: int, resamples: int
) -> tuple[np.ndarray, Optional[tuple[np.ndarray, np.ndarray, np.ndarray]]]:
    """The pairwise wins summed over deals, and the Elo ratings with their interval (None with
    fewer than two agents or no game)."""
    k = len(names)
    deal_wins = _deal_wins(lines, names)
    units = np.array([deal_wins[d] for d in sorted(deal_wins)]) if deal_wins else np.zeros((0, k, k))
    total = units.sum(axis=0) if len(units) else np.zeros((k, k))
    if k < 2 or not len(units):
        return total, None
    elo = fit_elo(total)
    if resamples > 0:
        low, high = bootstrap_elo(units, resamples=resamples, seed=seed)
    else:
        low = high = np.full(k, math.nan)
    return total, (elo, low, high)


def _agent_table(
    t: _Tally, names: Sequence[str], elo: Optional[tuple[np.ndarray, np.ndarray, np.ndarray]]
) -> list[dict[str, Any]]:
    """A row per agent, best rating first."""
    table: list[dict[str, Any]] = []
    for a, name in enumerate(names):
        games, wins = t.games[a], t.wins[a]
        lo, hi = wilson_interval(int(wins), int(games))
        row = {
            "agent": name,
            "games": int(games),
            "wins": int(wins),
            "draws": int(t.draws[a]),
            "losses": int(games - wins - t.draws[a]),
            "score": float(np.mean(t.scores[a])) if t.scores[a] else math.nan,
            "mean_return": float(t.returns[a] / games) if games else math.nan,
            "win_rate": float(wins / games) if games else math.nan,
            "win_rate_low": lo,
            "win_rate_high": hi,
        }
        if elo is not None:
            row.update(elo=float(elo[0][a]), elo_low=float(elo[1][a]), elo_high=float(elo[2][a]))
        table.append(row)
    if elo is not None:
        table.sort(key=lambda row: -float(row["elo"]))
    return table


def _seat_tables(t: _Tally, names: Sequence[str], count: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """A row per seat (whoever sat there), and a row per agent and seat."""
    n = len(t.seat_returns)
    seats: list[dict[str, Any]] = []
    for s in range(n):
        won = int(t.seat_wins[:, s].sum())
        lo, hi = wilson_interval(won, count)
        seats.append(
            {
                "seat": s,
                "games": count,
                "wins": won,
                "win_rate": won / count if count else math.nan,
                "win_rate_low": lo,
                "win_rate_high": hi,
                "mean_return": float(t.seat_returns[s] / count) if count else math.nan,
            }
        )
    seat_table = []
    for a, name in enumerate(names):
        for s in range(n):
            g, w = int(t.seat_games[a, s]), int(t.seat_wins[a, s])
            lo, hi = wilson_interval(w, g)
            seat_table.append(
                {
                    "agent": name,
                    "seat": s,
                    "games": g,
                    "wins": w,
                    "win_rate": w / g if g else math.nan,
                    "win_rate_low": lo,
                    "win_rate_high": hi,
                }
            )
    return seats, seat_table


def summarize(
    lines: Sequence[dict[str, Any]],
    names: Sequence[str],
    num_players: int,
    *,
    game: str,
    params: dict[str, Any],
    planned: int,
    seed: int = 0,
    resamples: int = 1000,
    sprt: Any = None,
    schedule: Any = None,
    out: Any = None,
) -> TournamentResult:
    """The summary of `lines` (JSON lines of one tournament, in schedule order)."""
    k = len(names)
    tally = _tally(lines, names, num_players)
    total, elo = _ratings(lines, names, seed, resamples)
    seats, seat_table = _seat_tables(tally, names, len(lines))
    pairwise = [
        [
            None if i == j or total[i, j] + total[j, i] == 0 else float(total[i, j] / (total[i, j] + total[j, i]))
            for j in range(k)
        ]
        for i in range(k)
    ]
    return TournamentResult(
        game=game,
        params=params,
        agents=list(names),
        num_players=num_players,
        lines=list(lines),
        table=_agent_table(tally, names, elo),
        seats=seats,
        seat_table=seat_table,
        pairwise=pairwise,
        pairwise_games=tally.together.tolist(),
        draws=tally.drawn,
        lengths=_lengths([line["plies"] for line in lines]),
        planned=planned,
        seed=seed,
        sprt=sprt_test(lines, names, schedule, sprt) if sprt is not None else None,
        out=os.fspath(out) if out is not None else None,
    )
