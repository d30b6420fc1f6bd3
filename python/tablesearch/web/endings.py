"""How a finished game is told on its pages: who won, why (the game's extras' ``ending``: "three
in a row", "P0 46 points, P1 42"), the score where the game keeps one, or who resigned, with the
seats named as the page names them (web/names.py: "you", "Medium AI"); and the returns of a game
ended by resignation."""

from __future__ import annotations

from typing import Any, Optional

from tablesearch.games.extras import game_extras
from tablesearch.web.names import named, seat_names


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def reason(state: Any) -> str:
    """Why the game ended in words, and its score where it keeps one ("" if the game says neither)."""
    told = game_extras(state.get_game().name).ending
    if told is not None:
        return str(told(state))
    scores, returns = list(state.scores()), list(state.returns())
    if scores != returns:
        return "score: " + ", ".join(f"P{p} {s:g}" for p, s in enumerate(scores))
    return ""


def resignation_returns(game: Any, resigned: int) -> list[float]:
    """The returns of a game `resigned` gave up: the lowest a loser gets, the others share the rest
    (games whose returns are a win and losses summing to zero: resign_allowed)."""
    n = game.num_players()
    return [-1.0 if p == resigned else 1.0 / (n - 1) for p in range(n)]


def resign_allowed(game: Any) -> bool:
    """Games whose results are a win (1) and losses summing to zero, so that a resignation has a
    result to record (not games played for chips, where folding is the way to give up)."""
    return bool(game.max_utility() == 1.0 and game.utility_sum() == 0.0 and game.num_players() >= 2)


def ending(
    state: Any, labels: list[str], viewer: Optional[int], resigned: Optional[int], returns: list[float]
) -> dict[str, Any]:
    """{status, winners, reason, result} of the finished game for `viewer`, the seats named from
    their `labels`: result is "won", "lost" or "drew" for a seat, None for a spectator."""
    best = max(returns)
    winners = [p for p, r in enumerate(returns) if r == best]
    draw = len(winners) == len(returns)
    why = f"P{resigned} resigned" if resigned is not None else reason(state)
    head = "a draw" if draw else _and([f"P{p}" for p in winners]) + " won"
    result = None if viewer is None else "drew" if draw else "won" if viewer in winners else "lost"
    names = seat_names(labels, viewer)
    status = named(f"game over: {head}" + (f" ({why})" if why else ""), names)
    return dict(status=status, winners=winners, reason=named(why, names), result=result)
