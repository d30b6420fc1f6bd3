"""Seats as a page names them: "You" for the page's own seat, else the seat's label ("Medium AI"),
told apart by its seat number, counted from 1, where another seat has the same label ("Medium AI
(seat 3)").

The games write seats as "P<n>" (their move logs, their endings); `named` puts the page's names in
their place, so that the log, the status and the ending read alike. The viewer's own seat takes
the second person: "You drop a red disc", "asks you for blue", "your A and B joined".
"""

from __future__ import annotations

import html
import re
from collections import Counter
from typing import Optional

YOU = "You"

# A seat token, its possessive, and the word after it (a verb when the seat is a clause's subject).
_TOKEN = re.compile(r"\bP(\d+)\b('s)?( [a-z]+)?")
_IRREGULAR = {"is": "are", "has": "have", "was": "were", "does": "do", "goes": "go"}


def seat_names(labels: list[str], viewer: Optional[int]) -> list[str]:
    """Each seat's name for `viewer`'s page (None: a spectator, who is none of them)."""
    others = Counter(label for p, label in enumerate(labels) if p != viewer)
    return [
        YOU if p == viewer else f"{label} (seat {p + 1})" if others[label] > 1 else label
        for p, label in enumerate(labels)
    ]


def named(text: str, names: list[str]) -> str:
    """`text` with each "P<n>" replaced by seat n's name (`seat_names`). "You" has a capital only
    at the start (a log line's parts after "; " are clauses of one sentence); a verb whose subject
    it is (after the start, "; ", ": " or "(") agrees with it."""

    def name(match: re.Match[str]) -> str:
        seat, own, word = int(match.group(1)), match.group(2) or "", match.group(3) or ""
        if seat >= len(names):  # not one of this game's seats
            return match.group(0)
        if names[seat] != YOU:
            if own and names[seat].endswith(")"):  # "Medium AI's (seat 3)", not "... (seat 3)'s"
                label, _, told_apart = names[seat].rpartition(" (")
                return f"{label}'s ({told_apart}{word}"
            return names[seat] + own + word
        before = text[: match.start()]
        you = ("Your" if own else YOU) if before == "" else ("your" if own else "you")
        subject = not own and (before == "" or before.endswith(("; ", ": ", "(")))
        return you + (" " + _agree(word[1:]) if subject and word else word)

    return _TOKEN.sub(name, text)


def _agree(verb: str) -> str:
    """The form of a third-person verb that goes with "you": "drops" -> "drop", "is" -> "are"."""
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith(("ches", "shes", "sses", "xes", "zes")):
        return verb[:-2]
    if verb.endswith("ies"):
        return verb[:-3] + "y"
    if verb.endswith("s") and not verb.endswith("ss"):
        return verb[:-1]
    return verb


_TEXT = re.compile(r">([^<]+)<")  # an SVG element's text (a label, a tooltip), never an attribute
_PLAYER = re.compile(r"\bplayer (\d+)\b")


def named_in_drawing(svg: str, names: list[str]) -> str:
    """A drawing's texts with the seats as `named` names them ("P1" and "player 1" alike; the
    viewer's "P0 (you)" is "You")."""

    def one(match: re.Match[str]) -> str:
        text = _PLAYER.sub(lambda m: f"P{m[1]}", html.unescape(match.group(1)))
        text = named(text, names).replace(f"{YOU} (you)", YOU)
        return ">" + html.escape(text, quote=False) + "<"

    return _TEXT.sub(one, svg)
