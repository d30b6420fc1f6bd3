"""Exact figures where a game has them (its extras' ``exact_figures``, `tablesearch.games.extras`),
and whether the simulated figures' intervals contain them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Optional

from tablesearch.games.extras import game_extras


def figures(game: str, params: Mapping[str, Any]) -> Optional[dict[str, Any]]:
    """The exact figures of a variant (`params`: the loaded game's full parameters), or None
    where the game has none for it."""
    exact = game_extras(game).exact_figures
    return exact(params) if exact is not None else None


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
