"""An AI's search in words a player understands: a chance to win for each move it considered,
how sure it is of its choice, and the line it expects.

The search's numbers: a move's value is the thinking seat's mean return over the simulated games
through that move; its share is the part of the look-ahead (visits) spent on it. Where a game's
results are a win and losses (returns 1 for the winner, the losers share -1, draws and shared wins
between: `win_scale`), the value is turned into the chance to win, a draw counting as half a win
(in a game of n players, a loser gets -1/(n-1)); its margin is the 95% normal interval of a share
over that many simulated games. Other games (played for chips, say) show the expected result as it is.
"""

from __future__ import annotations

import math
from typing import Any, Optional

SURE = 0.7  # the chosen move's share of the look-ahead above which the AI is "sure"
ENOUGH_VISITS = 20  # fewer simulated games give no interval worth showing ("50% ± 100%"): words instead
FAIRLY_SURE = 0.4


def win_scale(game: Any) -> Optional[float]:
    """A loser's return in a game whose results are a win and losses summing to zero (-1 with two
    players, -1/(n-1) with n), or None for other games."""
    n = int(game.num_players())
    if n < 2 or game.max_utility() != 1.0 or game.utility_sum() != 0.0:
        return None
    return -1.0 / (n - 1)


def win_chance(value: float, loser: float) -> float:
    """The chance to win that a mean return of `value` stands for (draws count half)."""
    return min(1.0, max(0.0, (value - loser) / (1.0 - loser)))


def margin(chance: float, visits: int) -> float:
    """Half the 95% interval of a chance estimated from `visits` simulated games."""
    return 1.96 * math.sqrt(max(chance * (1 - chance), 0.0) / visits) if visits > 0 else 1.0


def rows_in_words(rows: list[dict[str, Any]], loser: Optional[float]) -> list[dict[str, Any]]:
    """Each row with `win` (0-1, or None) and `margin` added, and `text`: "62% ± 4% to win",
    "expected +0.40", or "not looked at enough" (and no margin) for a move of fewer than
    ENOUGH_VISITS simulated games."""
    out = []
    for row in rows:
        row = dict(row)
        if loser is None:
            row.update(win=None, margin=None, text=f"expected {row['value']:+.2f}")
        elif row["visits"] < ENOUGH_VISITS:
            row.update(win=round(win_chance(row["value"], loser), 4), margin=None, text="not looked at enough")
        else:
            chance = win_chance(row["value"], loser)
            plus = margin(chance, row["visits"])
            row.update(win=round(chance, 4), margin=round(plus, 4), text=f"{chance:.0%} ± {plus:.0%} to win")
        out.append(row)
    return out


def confidence(rows: list[dict[str, Any]]) -> dict[str, str]:
    """How sure the search is of its most looked-at move: {level, text}."""
    if not rows:
        return dict(level="", text="")
    best = rows[0]
    share = best["share"]
    if len(rows) == 1 or share >= SURE:
        level = "sure"
    elif share >= FAIRLY_SURE:
        level = "fairly sure"
    else:
        level = "unsure"
    text = f"{level}: {share:.0%} of its look-ahead went to {best['label']}"
    if level == "unsure" and len(rows) > 1:
        text += f", {rows[1]['share']:.0%} to {rows[1]['label']}"
    return dict(level=level, text=text)


def expected_line(pv: list[str], seats: list[int], stop_at: Optional[list[int]] = None) -> list[str]:
    """The moves the search expects after its own (the principal variation from its second
    move), up to the first move of a seat in `stop_at` (a human still playing: that would be
    their own best move, found for them)."""
    out = []
    for text, seat in list(zip(pv, seats))[1:]:
        if stop_at is not None and seat in stop_at:
            break
        out.append(text)
    return out
