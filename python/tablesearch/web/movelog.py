"""The move log as a page shows it: one line per action, the agents named once above it.

A game's moves come in small steps (a card used, a second card, whom to ask, the target's
reaction; a capture, its payment and where the tiles go; the card drawn after a draw).
A line holds one player's turn: the steps from a move of the turn's holder (its extras'
``turn_holder``, else the player to move) to the next turn, with the chance outcomes and the
reactions of other seats inside it. Within a line the seat's name is not repeated ("P1 uses 2
mushrooms: blue; takes a random mushroom from P2; P2 does not react"), nor a step said again
("turns the top tile clockwise twice"), nor the verb of the step before ("turns the top tile
clockwise, then the left tile counter-clockwise"). Each line says the move after its last step
(steps counted, chance outcomes included), so a replay can jump there.

Each step's text is the seat's own (views.log_line: what the viewer observed). The page's names
for the seats (web/names.py) replace the steps' "P<n>" here, step by step, so that a speaker's
verb agrees with "You" even where the speaker is not repeated ("You use...; ask Easy AI for blue").
"""

from __future__ import annotations

import re
from typing import Any, Optional

from tablesearch.games.extras import game_extras
from tablesearch.web.names import named

_SEAT = re.compile(r"^(P\d+):? ")


def turn_of(state: Any) -> int:
    """Whose turn the step from `state` belongs to (-1 for a chance outcome, which joins the line
    it follows)."""
    if state.is_chance_node():
        return -1
    holder = game_extras(state.get_game().name).turn_holder
    return int(holder(state)) if holder is not None else int(state.current_player())


def lines(steps: list[str], turns: list[int], names: Optional[list[str]] = None) -> list[dict[str, Any]]:
    """[{text, move}] from each step's text and turn (turn_of); `move` is the number of steps up
    to the end of the line. `names`: the seats' names on the page (web/names.py), else "P<n>"."""

    def say(text: str) -> str:
        return text if names is None else named(text, names)

    out: list[dict[str, Any]] = []
    line: list[list[list[Any]]] = []  # the line's clauses, each parts [text, times] (_told)
    current: Optional[int] = None
    speaker: Optional[str] = None
    last: Optional[str] = None  # the previous step's text without its subject, if it had one
    for move, (step, turn) in enumerate(zip(steps, turns)):
        text = say(step)
        who = _SEAT.match(step)
        body = text[len(say(who.group(0))) :] if who is not None else None  # as `text` names the subject
        if not out or (turn >= 0 and turn != current):
            line = [[[text, 1]]]
            out.append(dict(text="", move=0))
            current = turn if turn >= 0 else None
        elif who is not None and who.group(1) == speaker and body is not None:
            _merge(line, body, last)
        else:
            line.append([[text, 1]])
        speaker = who.group(1) if who else speaker
        last = body
        out[-1].update(text=_told(line), move=move + 1)
    return out


def _merge(line: list[list[list[Any]]], body: str, last: Optional[str]) -> None:
    """A step of the line's speaker, its subject dropped: the previous step again ("twice"), the
    same verb ("turn the top tile, then the left tile"), or a clause of its own; what the step
    did besides (after "; ") follows as clauses of their own."""
    head, _, besides = body.partition("; ")
    verb, _, rest = head.partition(" ")
    alone = last is not None and "; " not in last  # the previous step ends the line as it was
    if alone and head == last:
        line[-1][-1][1] += 1
    elif alone and rest and verb == str(last).partition(" ")[0]:
        line[-1].append([rest, 1])
    else:
        line.append([[head, 1]])
    if besides:
        line.append([[besides, 1]])


def _told(line: list[list[list[Any]]]) -> str:
    times = {1: "", 2: " twice"}
    return "; ".join(", then ".join(text + times.get(n, f" {n} times") for text, n in clause) for clause in line)


def _speaker(text: str) -> Optional[str]:
    match = _SEAT.match(text)
    return match.group(1) if match else None
