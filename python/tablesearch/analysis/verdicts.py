"""Verdicts in words beside the numbers, with the thresholds they use (documented in
docs/balance.md; every threshold is in `THRESHOLDS`, which the JSON report carries too).

Seats: with draw rate d and n players, a seat's fair share of wins is f = (1 - d) / n. A seat is
"unbalanced" when its whole 95% interval lies outside [f (1 - t), f (1 + t)] (t = seat_tolerance:
more than 20% off its fair share for certain), "slightly favoured"/"slightly handicapped" when
its interval excludes f but not the whole band (a real but possibly small difference), and fair
otherwise. The first-player advantage (score of the first to move minus 1/2) is "none detected"
when its interval contains 0, "large" when its value is at least `large_first_player_advantage`,
"small" otherwise; where seat s takes the s-th turn in every game, the verdict speaks of seat 0
instead, whose edge cannot be told apart from moving first (nor from where it starts, in a game
whose seats start in different places). Skill: "no skill" when the first agent's score interval
contains 1/2 (then neither agent is weaker, and there is no luck share); else little / clear /
dominant skill by the score's value against `skill_levels`. Luck decides often when the luck
share is at least `luck_often`, rarely below `luck_rarely`. Fewer than `few_games` self-play
games, or deals behind the skill figure, are called too few to judge. A game "drags" when its
90th percentile length is at least `drag_ratio` times its median. It is "drawish" at a draw rate
of `drawish` or more. Caps: flagged when more than `capped` of games hit one. Drama: "decided
early" when the winner leads for good before `decided_early` of the turns, on average;
"tense" when only after `tense`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Optional

THRESHOLDS: dict[str, Any] = {
    "few_games": 30,
    "seat_tolerance": 0.2,
    "large_first_player_advantage": 0.1,
    "skill_levels": {"little": 0.5, "clear": 0.6, "dominant": 0.8},
    "luck_often": 0.3,
    "luck_rarely": 0.1,
    "drag_ratio": 2.0,
    "drawish": 0.5,
    "capped": 0.01,
    "decided_early": 0.25,
    "tense": 0.75,
}


def pct(value: Optional[float]) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def interval(low: Optional[float], high: Optional[float]) -> str:
    return "" if low is None or high is None else f" [{100 * low:.1f}, {100 * high:.1f}]"


def num(value: Optional[float], digits: int = 1) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def seat_verdict(row: Mapping[str, Any], fair: float) -> str:
    """ "unbalanced", "slightly favoured", "slightly handicapped" or "fair" (see the module)."""
    t = THRESHOLDS["seat_tolerance"]
    low, high = row["low"], row["high"]
    if low is None or high is None:
        return "fair"
    if low > fair * (1 + t):
        return "unbalanced: favoured"
    if high < fair * (1 - t):
        return "unbalanced: handicapped"
    if low > fair:
        return "slightly favoured"
    if high < fair:
        return "slightly handicapped"
    return "fair"


def _first_player_verdict(fpa: Mapping[str, Any], seat_is_turn: bool, where: str) -> str:
    score = f"{pct(0.5 + fpa['value'])}{interval(0.5 + fpa['low'], 0.5 + fpa['high'])}"
    large = abs(fpa["value"]) >= THRESHOLDS["large_first_player_advantage"]
    if seat_is_turn:
        # Seat s always takes the s-th turn: an edge of seat 0 may come from moving first or from
        # the seat itself (where it starts, what it holds); the games cannot tell which.
        said = f"seat 0, which moves first in every game, scores {score}{where}"
        if fpa["low"] <= 0 <= fpa["high"]:
            return f"no edge for moving first detected: {said}"
        side = "edge" if fpa["value"] > 0 else "handicap"
        return (
            f"{'large' if large else 'small'} {side} for seat 0: {said}; seats keep their place in the turn "
            "order, so seat, turn order (and starting position, where seats start apart) cannot be told apart"
        )
    said = f"the first player scores {score}"
    if fpa["low"] <= 0 <= fpa["high"]:
        return f"no first-player advantage detected{where}: {said}"
    side = "advantage" if fpa["value"] > 0 else "disadvantage"
    return f"{'large' if large else 'small'} first-player {side}{where}: {said}"


def variant_verdicts(v: Mapping[str, Any], num_players: int) -> list[str]:
    """The verdicts of one variant, most important first."""
    where = f" at {v['label']}" if v["label"] != "base" else ""
    draw = v.get("draw_rate") or 0.0
    out: list[str] = []
    if v["games"] < THRESHOLDS["few_games"]:
        out.append(
            f"too few games to judge{where}: {v['games']} self-play games (fewer than {THRESHOLDS['few_games']}); "
            "the intervals are wide, and a verdict below is a hint at most"
        )
    if num_players > 1:
        out += _seat_verdicts(v, (1 - draw) / num_players, where)
    out += _skill_verdicts(v.get("skill"), where)
    out += _length_verdicts(v, draw, where)
    out += _drama_verdicts(v.get("drama"), where)
    out += _exact_verdicts(v.get("exact_agreement"), where)
    return out


def _seat_verdicts(v: Mapping[str, Any], fair: float, where: str) -> list[str]:
    """Each seat winning more or less than its `fair` share, else that none does; then the
    first player's advantage."""
    out = []
    for row in v["seats"]:
        verdict = seat_verdict(row, fair)
        if verdict != "fair":
            out.append(
                f"seat {row['seat']} wins {pct(row['win_rate'])}{interval(row['low'], row['high'])}"
                f"{where} (fair share {pct(fair)}): {verdict}"
            )
    out = out or [
        f"no seat is flagged{where}: every seat wins about its fair share {pct(fair)} "
        f"(no interval lies outside {pct(THRESHOLDS['seat_tolerance'])} of it)"
    ]
    fpa = v.get("first_player_advantage")
    if fpa and fpa["value"] is not None and fpa["low"] is not None:
        out.append(_first_player_verdict(fpa, bool(v.get("turn_order_is_seat_order")), where))
    return out


def _skill_verdicts(skill: Optional[Mapping[str, Any]], where: str) -> list[str]:
    """How much the stronger agent's skill matters, and how often luck overturns it."""
    if not skill or skill["score"] is None:
        return []
    out = []
    first, second = skill["agents"]
    levels = THRESHOLDS["skill_levels"]
    deals = skill["deals"]
    text = (
        f"{first} scores {pct(skill['score'])}{interval(skill['low'], skill['high'])} against {second}{where}"
        f" ({skill['games']} games on {deals} deals)"
    )
    if deals < THRESHOLDS["few_games"]:
        out.append(f"too few deals to judge skill{where}: the skill figure rests on {deals} deals")
    if skill["low"] is not None and skill["low"] <= 0.5 <= skill["high"]:
        out.append(f"no skill: {text}; neither agent is weaker")
    elif skill["score"] < 0.5:
        out.append(f"the second agent is stronger: {text}")
    elif skill["score"] >= levels["dominant"]:
        out.append(f"skill dominates: {text}")
    elif skill["score"] >= levels["clear"]:
        out.append(f"skill matters: {text}")
    else:
        out.append(f"little skill: {text}")
    luck = skill.get("luck_share")
    if luck is not None and skill.get("weaker") is not None:
        luck_text = (
            f"the weaker agent ({skill['weaker']}) still wins {pct(luck)}"
            f"{interval(skill['luck_share_low'], skill['luck_share_high'])} of head-to-head pairs{where}"
        )
        if luck >= THRESHOLDS["luck_often"]:
            out.append(f"luck often decides: {luck_text}")
        elif luck < THRESHOLDS["luck_rarely"]:
            out.append(f"luck rarely overturns skill: {luck_text}")
        else:
            out.append(f"luck sometimes decides: {luck_text}")
    return out


def _length_verdicts(v: Mapping[str, Any], draw: float, where: str) -> list[str]:
    """Draws, games that hit a cap, games that drag, and games without a decision."""
    out = []
    if draw >= THRESHOLDS["drawish"]:
        out.append(f"drawish{where}: {pct(draw)}{interval(v['draw_rate_low'], v['draw_rate_high'])} of games are drawn")
    if (v.get("capped_rate") or 0.0) > THRESHOLDS["capped"]:
        out.append(
            f"{pct(v['capped_rate'])}{interval(v['capped_rate_low'], v['capped_rate_high'])} of games hit a cap"
            f"{where}: the game can stall"
        )
    plies = v["length"]["plies"]
    if plies.get("median") and plies["p90"] >= THRESHOLDS["drag_ratio"] * plies["median"]:
        out.append(
            f"drags{where}: one game in ten lasts {num(plies['p90'], 0)} plies or more, "
            f"{num(plies['p90'] / plies['median'])} times the median {num(plies['median'], 0)}"
        )
    if v.get("decisions_per_game") == 0 or (v["length"]["decisions"].get("max") == 0):
        out.append(f"no decisions{where}: every ply has one legal action, so play cannot matter")
    return out


def _drama_verdicts(drama: Optional[Mapping[str, Any]], where: str) -> list[str]:
    """When the winner takes the lead for good: early, mid-game, or late (tense)."""
    if not drama or drama["winner_leads_from"]["mean"] is None:
        return []
    lead = drama["winner_leads_from"]
    text = (
        f"the winner leads for good from {pct(lead['mean'])}{interval(lead['low'], lead['high'])} of the turns"
        f" on average, with {num(drama['lead_changes']['mean'])} lead changes per game{where}"
    )
    if lead["mean"] < THRESHOLDS["decided_early"]:
        return [f"decided early: {text}"]
    if lead["mean"] >= THRESHOLDS["tense"]:
        return [f"tense: {text}"]
    return [f"lead settles mid-game: {text}"]


def _exact_verdicts(checks: Optional[Mapping[str, bool]], where: str) -> list[str]:
    """Whether the exact figures (where a game has them) lie inside the simulated intervals."""
    if not checks:
        return []
    missed = [name for name, ok in checks.items() if not ok]
    if missed:
        return [
            f"exact figures outside the simulated 95% intervals{where}: {', '.join(missed)} "
            f"(about 1 in 20 such checks misses by chance)"
        ]
    return [f"all {len(checks)} exact figures lie inside the simulated 95% intervals{where}"]


def comparison_verdicts(
    rows: Sequence[Mapping[str, Any]],
    percent_metrics: tuple[str, ...] = ("draw rate", "first-player advantage", "skill score"),
) -> list[str]:
    """One line per real difference between variants."""
    out = []
    for row in rows:
        if not row["real"]:
            continue
        if row["metric"] in percent_metrics:
            diff = f"{100 * row['difference']:+.1f} points [{100 * row['low']:+.1f}, {100 * row['high']:+.1f}]"
        else:
            diff = f"{row['difference']:+.2f} [{row['low']:+.2f}, {row['high']:+.2f}]"
        out.append(
            f"{row['metric']}: {row['b']} differs from {row['a']} by {diff} (Holm-adjusted p = {row['p_holm']:.2g})"
        )
    return out
