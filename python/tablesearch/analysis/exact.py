"""Exact figures where the game allows them, and what they honour.

Candy Land under ``draw="replacement"`` is a Markov chain (see `candyland_exact`): each seat's
win probability, the first-player advantage and the game length in plies (one draw per turn, so
plies = turns; there are no decisions) are exact. Under ``draw="deck"`` the cards left depend
on the whole history, so there is no exact figure and none is claimed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Optional

from tablesearch.games.candyland import exact as candyland_exact

EXACT_PARAMS = ("players", "deck", "draw", "max_plies")  # what the Candy Land figures can honour
NEGLIGIBLE = 1e-12  # a ply cap is honoured when the games it would stop have at most this probability


def candyland_scope(params: Mapping[str, Any], defaults: Mapping[str, Any]) -> tuple[int, str, str]:
    """(players, deck, description) for the exact analysis of Candy Land with `params` (the ones
    the user gave) over `defaults` (the game's), or ValueError naming what it cannot honour:
    ``draw=deck`` (no Markov chain), a ply cap that would stop games with probability above 1e-12,
    and any other parameter."""
    unknown = sorted(set(params) - set(EXACT_PARAMS))
    if unknown:
        raise ValueError(
            f"the exact analysis honours only {', '.join(EXACT_PARAMS)}; it cannot honour "
            f"{', '.join(f'{k}={params[k]}' for k in unknown)}"
        )
    draw = params.get("draw", "replacement")
    if draw != "replacement":
        raise ValueError(
            f"the exact analysis needs draw=replacement (every draw from the full deck, a Markov "
            f"chain); draw={draw} depends on the cards already drawn and has no exact figures here. "
            f"Run without --exact to estimate it from games"
        )
    players = int(params.get("players", defaults["players"]))
    deck = str(params.get("deck", defaults["deck"]))
    cap = int(params.get("max_plies", defaults["max_plies"]))
    tail = candyland_exact.tail_beyond(players, deck, cap // 2)  # a turn is two plies: draw, card
    if tail > NEGLIGIBLE:
        raise ValueError(
            f"max_plies={cap} stops a game with probability {tail:.3g}; the exact analysis is of the "
            f"game without a cap, so it honours only caps that stop games with probability "
            f"<= {NEGLIGIBLE:g}"
        )
    used = f"players={players}, deck={deck}, draw=replacement"
    if "draw" not in params:
        used += f" (the exact analysis needs draw=replacement; the game's default is draw={defaults['draw']})"
    return players, deck, used


def figures(game: str, params: Mapping[str, Any]) -> Optional[dict[str, Any]]:
    """The exact figures of a variant (`params`: the loaded game's full parameters), or None."""
    if game != "candyland" or params.get("draw") != "replacement":
        return None
    players, deck = int(params["players"]), str(params["deck"])
    if candyland_exact.tail_beyond(players, deck, int(params["max_plies"]) // 2) > NEGLIGIBLE:
        return None
    length = candyland_exact.length_summary(players, deck)
    out: dict[str, Any] = {
        "source": f"Markov chain over the board (deck {deck}, draws with replacement)",
        "length": {"plies": length, "turns": length, "decisions": {"mean": 0.0, "median": 0.0, "p10": 0.0, "p90": 0.0}},
        "skill": 0.5,
    }
    if players > 1:
        p = candyland_exact.win_probabilities(players, deck)
        out["seats"] = [{"seat": s, "win_rate": float(v)} for s, v in enumerate(p)]
        # Seat 0 beats everyone when it wins; otherwise it loses to the winner and ties the rest.
        out["first_player_advantage"] = float(p[0] + (1 - p[0]) * (players - 2) / (2 * (players - 1)) - 0.5)
    return out


def agreement(variant: Mapping[str, Any], exact: Mapping[str, Any]) -> dict[str, bool]:
    """For each exact figure, whether the simulated 95% interval contains it."""
    checks: dict[str, bool] = {}

    def inside(name: str, value: float, low: Optional[float], high: Optional[float]) -> None:
        if low is not None and high is not None:
            checks[name] = low - 1e-12 <= value <= high + 1e-12

    for row, exact_row in zip(variant.get("seats") or [], exact.get("seats", [])):
        inside(f"seat {row['seat']} win rate", exact_row["win_rate"], row["low"], row["high"])
    for metric in ("plies", "turns"):
        sample = variant["length"][metric]
        for stat in ("mean", "median", "p10", "p90"):
            if sample.get(stat) is not None:
                inside(
                    f"{metric} {stat}",
                    exact["length"][metric][stat],
                    sample.get(f"{stat}_low"),
                    sample.get(f"{stat}_high"),
                )
    if "first_player_advantage" in exact and variant.get("first_player_advantage"):
        fpa = variant["first_player_advantage"]
        inside("first-player advantage", exact["first_player_advantage"], fpa["low"], fpa["high"])
    skill = variant.get("skill")
    if skill:
        inside("skill", exact["skill"], skill["low"], skill["high"])
    return checks
