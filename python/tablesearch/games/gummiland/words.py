"""Gummiland's tiles and moves in the players' words, the names of docs/rules/gummiland.md: fruits
by name (the rules' letters S, A, L, M are strawberry, apple, lemon, multi-flavoured), piles
counted from 1, a wild tile by its cost and what it gives ("strawberry + apple → lemon (2
Gummiz)"), a tile on its trained side by its reward ("an apple", "Taste", "a greedy tile").

The native names (``action_to_string``: "capture SA>L:2 from pile 1", "pay with A") are the
game's notation for the text display and the recorded playthroughs; `action_name` and `said`
translate them, so that every move has one source of truth. `consequences` tells the move log what
a move did besides itself.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any, Callable, Optional

from tablesearch.games.gummiland.drawing import Table, Tile, parse

FRUITS = {"S": "strawberry", "A": "apple", "L": "lemon", "M": "multi-flavoured"}
PLURAL = {"strawberry": "strawberries"}
SPECIALS = {"Gum": "Chewing gum", "TidyUp": "Tidy Up"}  # the rest print as the rules name them


def reward(short: str) -> str:
    """A reward as the rules name it: "apple", "Chewing gum"; "" for none."""
    return FRUITS.get(short) or SPECIALS.get(short, short)


def _a(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word


def one(name: str) -> str:
    """A tile on its trained side by the name of its class or reward ("A", "Taste", "greedy
    tile", "Chewing gum (as S)"): "an apple", "the Taste tile", "a greedy tile", "Chewing gum (as
    apple)"."""
    found = re.fullmatch(r"Chewing gum \(as (\w+)\)", name)
    if found:
        return f"Chewing gum (as {reward(found[1])})"
    if name in FRUITS:
        return _a(FRUITS[name]) + (" tile" if name == "M" else "")
    return _a(name) if name == "greedy tile" else f"the {reward(name)} tile"


def several(names: list[str]) -> str:
    """Tiles by class or reward name, alike ones counted: "2 apples and the Taste tile"."""
    parts = []
    for name, n in Counter(names).items():
        said = one(name)
        if n > 1:
            noun = said.split(" ", 1)[1] if said.startswith(("a ", "an ", "the ")) else said
            said = f"{n} {PLURAL.get(noun, noun + 's')}"
        parts.append(said)
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def class_of(tile: Tile) -> str:
    """The name of a tile's class as the native moves write it: its reward ("A", "Chewing gum"),
    or "greedy tile"."""
    return SPECIALS.get(tile.reward, tile.reward) or "greedy tile"


def trained(tile: Tile) -> str:
    """A tile as it lies in front or comes out of a box: by its reward ("an apple")."""
    return one(class_of(tile))


def wild(text: str) -> str:
    """A pile's tile by its cost, what it gives and its Gummiz, from its printed form ("SSA>S:3":
    "2 strawberries + apple → strawberry (3 Gummiz)"; greedy "SAL:4": "greedy strawberry + apple
    + lemon (4 Gummiz)")."""
    tile = Tile.parse(text)
    counted = Counter(tile.cost)
    cost = " + ".join(
        FRUITS[f] if n == 1 else f"{n} {PLURAL.get(FRUITS[f], FRUITS[f] + 's')}" for f, n in counted.items()
    )
    if not tile.reward:
        return f"greedy {cost} ({tile.gummiz} Gummiz)"
    return f"{cost} → {reward(tile.reward)} ({tile.gummiz} Gummiz)"


def pile(k: str) -> str:
    return f"pile {int(k) + 1}"


# The native name of each move (gummiland_view.cc) and its words, as the player making it says them.
_MOVES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], str]]] = [
    (re.compile(r"capture (\S+) from pile (\d)"), lambda m: f"capture {wild(m[1])} from {pile(m[2])}"),
    (re.compile(r"pay with (.+)"), lambda m: f"pay with {one(m[1])}"),
    (re.compile(r"slide (.+) into the box next"), lambda m: f"slide in {one(m[1])}"),
    (re.compile(r"Chewing gum copies (.+)"), lambda m: f"let Chewing gum copy {reward(m[1])}"),
    (re.compile(r"exchange (.+)"), lambda m: f"exchange {one(m[1])}"),
    (re.compile(r"tidy up player (\d)"), lambda m: f"tidy up P{m[1]}"),
    (re.compile(r"tidy (.+) into player (\d)'s box"), lambda m: f"put {one(m[1])} into P{m[2]}'s box"),
    (re.compile(r"look through pile (\d)"), lambda m: f"look through {pile(m[1])}"),
    (re.compile(r"put (\S+) on top of pile (\d)"), lambda m: f"put {wild(m[1])} on top of {pile(m[2])}"),
    (re.compile(r"end turn"), lambda m: "end the turn"),
]
_THIRD = {"pay": "pays", "tidy": "tidies", "let": "lets", "put": "puts"}


def words(native: str) -> str:
    """A move's native name in the player's words ("use Taste" and "stop exchanging" as they are)."""
    for pattern, say in _MOVES:
        found = pattern.fullmatch(native)
        if found:
            return say(found)
    return native


def action_name(state: Any, action: int) -> str:
    return words(str(state.action_to_string(action)))


def said(state: Any, action: int) -> str:
    """The move as the log tells it, without its subject: "captures ...", "ends the turn"."""
    verb, _, rest = action_name(state, action).partition(" ")
    return f"{_THIRD.get(verb, verb + 's')} {rest}"


def describe_move(before: Any, player: int, action: int, viewer: Optional[int]) -> str:
    """Every action is public (cpp/games/gummiland/gummiland.h): "P0 captures ... from pile 2"."""
    return f"P{player} {said(before, action)}"


def _table_for(state: Any, viewer: Optional[int]) -> Table:
    return parse(str(state) if viewer is None else state.information_state_string(viewer))


def consequences(before: Any, after: Any, player: int, action: int, viewer: Optional[int]) -> list[str]:
    """What the move did besides itself, from the viewer's view: tiles coming out of a box (the
    tickle that starts a turn, Taste, an exchange), Gummiz scored, a pile's new top tile."""
    was, now = _table_for(before, viewer), _table_for(after, viewer)
    lines = []

    def plain(tile: Tile) -> str:  # the tile itself, without this turn's marks ('*' used, '=L' copying)
        return tile.text.rstrip("*").split("=")[0]

    for q, (old, new) in enumerate(zip(was.players, now.players)):
        gained = list(new.front)
        for tile in old.front:
            same = next((t for t in gained if plain(t) == plain(tile)), None)
            if same is not None:
                gained.remove(same)
        if gained:  # a tile reaches the front only from its owner's box
            told = several([class_of(t) for t in gained])
            lines.append(f"{told} {'comes' if len(gained) == 1 else 'come'} out of P{q}'s box")
        if new.gummiz != old.gummiz:
            lines.append(f"P{q} scores {new.gummiz - old.gummiz:+d} Gummiz ({new.gummiz} in all)")
    for k, (old_pile, new_pile) in enumerate(zip(was.piles, now.piles)):
        old_top = old_pile.top.text if old_pile.top else None
        new_top = new_pile.top.text if new_pile.top else None
        if old_top != new_top:
            lines.append(f"pile {k + 1} now shows {wild(new_top)}" if new_top else f"pile {k + 1} is empty")
    if after.is_terminal():
        returns = after.returns()
        best = max(returns)
        winners = [f"P{q}" for q, r in enumerate(returns) if r == best]
        lines.append("game over: a draw" if len(winners) == len(returns) else f"game over: {' and '.join(winners)} won")
    return lines
