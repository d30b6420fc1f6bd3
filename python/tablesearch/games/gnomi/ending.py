"""Why a game of Gnomi ended, in words (the extras' ``ending``, read by the web app's endings)."""

from __future__ import annotations

from typing import Any

from tablesearch.games.gnomi.drawing import Fields


def _up_cards(f: Fields, seat: int) -> int:
    """The seat's cards right side up: mushrooms not composted and gnomes awake."""
    return sum(
        1
        for kind in ("mushroom", "gnome")
        for holder, up in zip(f[f"{kind}_holder"], f[f"{kind}_up"])
        if holder == seat and up
    )


def ending(state: Any) -> str:
    """The gold of each player after a golden match; the round cap with the cards right side up
    of each player still in; else who was the last with a card right side up."""
    params = state.get_game().parameters()
    f = state.fields()
    if params["golden"]:
        gold = ", ".join(f"P{p} {s:g}" for p, s in enumerate(state.scores()))
        return f"the most gold after three games: {gold}"
    returns = list(state.returns())
    winners = [p for p, r in enumerate(returns) if r == max(returns)]
    if f["round"] >= params["max_rounds"]:
        still_in = [p for p in range(len(returns)) if not (f["out"] >> p) & 1]
        counts = ", ".join(f"P{p} {_up_cards(f, p)}" for p in still_in)
        return f"the round cap ({params['max_rounds']}) is reached; cards right side up: {counts}"
    if len(winners) == 1:
        return f"P{winners[0]} is the last with a card right side up"
    return " and ".join(f"P{p}" for p in winners) + " went out together, last"
