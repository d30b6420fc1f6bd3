"""The balance metrics of one variant, each with its 95% interval, as JSON-ready dicts.

Every interval lies inside the range its figure can take (see `intervals`).
Self-play games (the first agent in every seat; one game per deal, so games are independent):
- seats: each seat's win rate (sole or shared win) with Wilson's interval, and its score (the
  share of the other seats it finished ahead of, ties half; 1/2 for every seat when balanced);
- positions: the same by turn order (position 0 took the first turn), for games whose first
  player is not always seat 0; `turn_order_is_seat_order` says when seat s took the s-th first
  turn in every game, so that seat and turn order cannot be told apart;
- first_player_advantage: the score of whoever took the first turn, minus 1/2 (in [-1/2, 1/2]);
- draw_rate (every return equal) and capped_rate (a cap ended the game: the runner's max_plies,
  the game's own max_plies, or a draw after max_rounds rounds), Wilson intervals;
- length: plies, decisions and turns, each mean, median, p10 and p90 with intervals;
- branching: mean legal actions at decisions (plies with a choice), pooled, clustered by game;
- drama (games that report scores): lead changes, when the winner leads for good, the margin.
Skill games (first agent against the second, seats rotated over duplicate deals):
- skill: the first agent's score against the second over head-to-head seat pairs (a pair level
  in a drawn game counts half; a pair tied behind another seat's win is not counted);
- luck_share: the share of head-to-head pairs that the weaker agent won; only when one agent is
  weaker (its score's interval excludes 1/2): agents that score alike have no weaker one.
Both are proportions clustered by deal, since the games of a deal share its cards and dice; each
says how many deals it rests on and the effective number of games its interval counts.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from typing import Any, Optional

import numpy as np

from tablesearch.analysis.intervals import (
    bounded_mean,
    clustered_proportion,
    mean_interval,
    quantile_interval,
    ratio_interval,
    wilson,
)
from tablesearch.analysis.replay import GameFacts

QUANTILES = (("median", 0.5), ("p10", 0.1), ("p90", 0.9))
HISTOGRAM_BINS = 20


def _num(value: Any) -> Optional[float]:
    """JSON has no nan: an undefined figure is null."""
    if value is None:
        return None
    value = float(value)
    return None if math.isnan(value) else value


def rate(successes: int, trials: int) -> dict[str, Any]:
    low, high = wilson(successes, trials)
    return {
        "rate": _num(successes / trials if trials else math.nan),
        "low": _num(low),
        "high": _num(high),
        "count": int(successes),
        "games": int(trials),
    }


def _seat_score(seat: int, ranks: Sequence[int]) -> float:
    others = [r for s, r in enumerate(ranks) if s != seat]
    return sum(1.0 if ranks[seat] < r else 0.5 if ranks[seat] == r else 0.0 for r in others) / len(others)


def seats(lines: Sequence[dict[str, Any]], num_players: int) -> list[dict[str, Any]]:
    rows = []
    for seat in range(num_players):
        wins = sum(seat in line["winners"] for line in lines)
        low, high = wilson(wins, len(lines))
        row = {
            "seat": seat,
            "win_rate": _num(wins / len(lines) if lines else math.nan),
            "low": _num(low),
            "high": _num(high),
            "wins": wins,
            "games": len(lines),
        }
        if num_players > 1:
            score, s_low, s_high = bounded_mean([_seat_score(seat, line["ranks"]) for line in lines])
            row.update(score=_num(score), score_low=_num(s_low), score_high=_num(s_high))
        rows.append(row)
    return rows


def _turn_positions(fact: GameFacts, num_players: int) -> list[int]:
    """Seats by turn order; seats that never took a turn (the game ended first) follow in seat
    order after the last seat that did, as they would have played."""
    order = list(fact.turn_order)
    start = order[-1] + 1 if order else 0
    order += [s % num_players for s in range(start, start + num_players) if s % num_players not in order]
    return order


def positions(lines: Sequence[dict[str, Any]], facts: Sequence[GameFacts], num_players: int) -> list[dict[str, Any]]:
    """Win rate by turn order: position p is the seat that took the p-th first turn."""
    orders = [_turn_positions(fact, num_players) for fact in facts]
    rows = []
    for position in range(num_players):
        wins = sum(order[position] in line["winners"] for line, order in zip(lines, orders))
        low, high = wilson(wins, len(lines))
        rows.append(
            {
                "position": position,
                "win_rate": _num(wins / len(lines) if lines else math.nan),
                "low": _num(low),
                "high": _num(high),
                "wins": wins,
                "games": len(lines),
            }
        )
    return rows


def first_player_advantage(lines: Sequence[dict[str, Any]], facts: Sequence[GameFacts]) -> dict[str, Any]:
    scores = [
        _seat_score(fact.turn_order[0], line["ranks"]) - 0.5
        for line, fact in zip(lines, facts)
        if fact.turn_order and len(line["ranks"]) > 1
    ]
    value, low, high = bounded_mean(scores, -0.5, 0.5)
    return {"value": _num(value), "low": _num(low), "high": _num(high), "games": len(scores)}


def turn_order_is_seat_order(facts: Sequence[GameFacts], num_players: int) -> bool:
    """Whether seat s took the s-th first turn in every game (so seats and turn positions are the
    same thing, and a seat's edge cannot be told apart from its place in the turn order)."""
    return all(_turn_positions(fact, num_players) == list(range(num_players)) for fact in facts)


def capped(line: dict[str, Any], fact: GameFacts, params: dict[str, Any]) -> bool:
    if not line.get("finished", True):
        return True
    if "max_plies" in params and len(line["actions"]) >= int(params["max_plies"]):
        return True
    return bool("max_rounds" in params and fact.rounds >= int(params["max_rounds"]))


def _histogram(values: Sequence[int]) -> dict[str, Any]:
    lo, hi = int(min(values)), int(max(values))
    step = max(1, math.ceil((hi - lo + 1) / HISTOGRAM_BINS))
    counts = np.bincount([(v - lo) // step for v in values]).tolist()
    return {"start": lo, "step": step, "counts": [int(c) for c in counts]}


def distribution(values: Sequence[int]) -> dict[str, Any]:
    """mean, median, p10, p90 (each with `_low`/`_high`), min, max and a histogram."""
    if not values:
        return {"mean": None, "median": None, "p10": None, "p90": None}
    mean, low, high = mean_interval(values, minimum=0.0)
    out: dict[str, Any] = {"mean": _num(mean), "mean_low": _num(low), "mean_high": _num(high)}
    for name, q in QUANTILES:
        value, q_low, q_high = quantile_interval(values, q)
        out.update({name: _num(value), f"{name}_low": _num(q_low), f"{name}_high": _num(q_high)})
    out.update(min=int(min(values)), max=int(max(values)), histogram=_histogram(values))
    return out


def branching(facts: Sequence[GameFacts]) -> dict[str, Any]:
    value, low, high = ratio_interval([f.legal_at_decisions for f in facts], [f.decisions for f in facts])
    if not math.isnan(low):  # a decision has at least two legal actions
        low, high = max(low, 2.0), max(high, 2.0)
    plies = sum(f.plies for f in facts)
    forced = plies - sum(f.decisions for f in facts)
    return {
        "branching": _num(value),
        "branching_low": _num(low),
        "branching_high": _num(high),
        "forced_share": _num(forced / plies if plies else math.nan),
    }


def drama(lines: Sequence[dict[str, Any]], facts: Sequence[GameFacts]) -> Optional[dict[str, Any]]:
    if not any(f.scored for f in facts):
        return None
    out: dict[str, Any] = {}
    changes = [f.lead_changes for f in facts if f.lead_changes is not None]
    leads = [f.winner_leads_from for f in facts if f.winner_leads_from is not None]
    margins = [f.margin for f in facts if f.margin is not None]
    for key, values, interval in (
        ("lead_changes", changes, mean_interval(changes, minimum=0.0)),
        ("winner_leads_from", leads, bounded_mean(leads)),  # a share of the turns
        ("margin", margins, mean_interval(margins)),
    ):
        mean, low, high = interval
        out[key] = {"mean": _num(mean), "low": _num(low), "high": _num(high), "games": len(values)}
    return out


def self_play_metrics(
    lines: Sequence[dict[str, Any]], facts: Sequence[GameFacts], num_players: int, params: dict[str, Any]
) -> dict[str, Any]:
    """Every self-play metric of one variant (see the module docstring)."""
    n = len(lines)
    draws = sum(not line["winners"] for line in lines)
    caps = sum(capped(line, fact, params) for line, fact in zip(lines, facts))
    draw = rate(draws, n)
    cap = rate(caps, n)
    return {
        "games": n,
        "seats": seats(lines, num_players),
        "positions": positions(lines, facts, num_players),
        "turn_order_is_seat_order": turn_order_is_seat_order(facts, num_players) if lines else None,
        "first_player_advantage": first_player_advantage(lines, facts) if num_players > 1 else None,
        "draw_rate": draw["rate"],
        "draw_rate_low": draw["low"],
        "draw_rate_high": draw["high"],
        "capped_rate": cap["rate"],
        "capped_rate_low": cap["low"],
        "capped_rate_high": cap["high"],
        "length": {
            "plies": distribution([f.plies for f in facts]),
            "decisions": distribution([f.decisions for f in facts]),
            "turns": distribution([f.turns for f in facts]),
        },
        **branching(facts),
        "drama": drama(lines, facts),
    }


def _head_to_head(line: dict[str, Any], first: str, second: str) -> tuple[float, int, int, int]:
    """(first's score, pairs, pairs first won, pairs second won) over the game's seat pairs (a
    seat of the first agent, a seat of the second). A pair finishing level counts half in a drawn
    game and not at all in a game someone else won (two losers tied behind the winner did not
    play each other to a draw: counting them would pull every score towards 1/2 at 3+ players)."""
    ranks = line["ranks"]
    drawn = not line["winners"]
    seats_a = [s for s, a in enumerate(line["agents"]) if a == first]
    seats_b = [s for s, a in enumerate(line["agents"]) if a == second]
    first_won = sum(ranks[a] < ranks[b] for a in seats_a for b in seats_b)
    second_won = sum(ranks[b] < ranks[a] for a in seats_a for b in seats_b)
    level = len(seats_a) * len(seats_b) - first_won - second_won if drawn else 0
    return first_won + 0.5 * level, first_won + second_won + level, first_won, second_won


def skill_metrics(lines: Sequence[dict[str, Any]], first: str, second: str) -> dict[str, Any]:
    """The first agent's score against the second, and the luck share, clustered by deal.

    The weaker agent is the one whose score's interval lies below 1/2 (none when it contains 1/2);
    the luck share is the share of head-to-head pairs it finished strictly ahead in."""
    by_deal: dict[int, np.ndarray] = defaultdict(lambda: np.zeros(4))
    for line in lines:
        by_deal[line["deal"]] += np.array(_head_to_head(line, first, second), dtype=float)
    units = np.array([by_deal[d] for d in sorted(by_deal)]) if by_deal else np.zeros((0, 4))
    score, low, high, effective = clustered_proportion(units[:, 0], units[:, 1], len(lines))
    weaker: Optional[str] = None
    luck = luck_low = luck_high = math.nan
    if not math.isnan(low) and not low <= 0.5 <= high:
        column = 3 if score > 0.5 else 2  # the pairs the weaker agent won
        weaker = second if score > 0.5 else first
        luck, luck_low, luck_high, _ = clustered_proportion(units[:, column], units[:, 1], len(lines))
    return {
        "score": _num(score),
        "low": _num(low),
        "high": _num(high),
        "games": len(lines),
        "deals": len(units),
        "effective_games": _num(effective),
        "agents": [first, second],
        "weaker": weaker,
        "luck_share": _num(luck),
        "luck_share_low": _num(luck_low),
        "luck_share_high": _num(luck_high),
    }
