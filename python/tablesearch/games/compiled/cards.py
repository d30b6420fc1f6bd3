"""Hidden cards for compiled games: numba helpers over a set of cards kept in the state array,
after the native ``ts::CardSet`` (cpp/core/cards.h) and TAG's ``PartialObservableDeck``
(docs/fast-python-games.md, "Hidden cards").

A set of N cards is three runs of N entries of the state, which a game passes as slices:

- ``face[c]``: card c's face (a row of the game's card table), -1 until it is dealt;
- ``holder[c]``: a seat, or a place the game names below 0 (a draw pile, a discard pile);
- ``known[c]``: who knows its face, bit p for player p.

Card c is always card c: where it is, and who knows its face, are public; its face is known to
the players in its mask. A game changes the set only through `deal`, `move` and `reveal`, and
writes what a player knows of it with `write_view`. Then `resample` redraws exactly the faces a
player does not know (from the copies it has not seen) and `rewrite_deals` makes the history's
deals agree with the world drawn: a world is consistent with the player's information state by
construction, and depends on nothing the player does not know.

Requires numba (``pip install ".[compiled]"`` in the clone).
"""

from __future__ import annotations

from typing import Any

from numba import njit

Array = Any  # a numpy array, or a slice of the state array (numba ignores the annotations)

__all__ = [
    "deal",
    "deal_outcomes",
    "everyone",
    "held",
    "knows",
    "move",
    "observed_face",
    "resample",
    "reveal",
    "rewrite_deals",
    "write_view",
]


@njit
def everyone(players: int) -> int:
    """The mask of all `players` players."""
    return (1 << players) - 1


@njit
def knows(known: Array, card: int, player: int) -> bool:
    """Whether `player` knows the face of `card`."""
    return bool((known[card] >> player) & 1)


@njit
def deal_outcomes(face: Array, copies: Array, actions: Array, probabilities: Array) -> int:
    """The faces the next card dealt can have, each with the chance that it is dealt: copies of
    each face (`copies[f]`) not yet dealt in `face`, over all the cards not yet dealt. Writes the
    faces (sorted) into `actions` and returns how many, as a game's `chance_outcomes` does."""
    left = copies.copy()
    for c in range(len(face)):
        if face[c] >= 0:
            left[face[c]] -= 1
    total = 0
    for f in range(len(left)):
        total += left[f]
    n = 0
    for f in range(len(left)):
        if left[f] > 0:
            actions[n] = f
            probabilities[n] = left[f] / total
            n += 1
    return n


@njit
def deal(face: Array, holder: Array, known: Array, card: int, card_face: int, to: int, knowers: int) -> None:
    """Deals `card` with face `card_face` to `to` (a seat, or a place below 0); `knowers` (a
    mask) see its face, and so does the seat it goes to."""
    face[card] = card_face
    holder[card] = to
    known[card] = knowers | (1 << to if to >= 0 else 0)


@njit
def move(holder: Array, known: Array, card: int, to: int, learners: int) -> None:
    """`card` goes to `to`; `learners` (a mask) see its face, and so does the seat it goes to.
    Nobody forgets a face."""
    holder[card] = to
    known[card] |= learners | (1 << to if to >= 0 else 0)


@njit
def reveal(known: Array, card: int, players: int) -> None:
    """Every one of `players` players sees the face of `card` (it is played face up)."""
    known[card] = (1 << players) - 1


@njit
def held(holder: Array, place: int) -> int:
    """How many cards `place` (a seat, or a place below 0) holds."""
    n = 0
    for c in range(len(holder)):
        if holder[c] == place:
            n += 1
    return n


@njit
def observed_face(knowers: int, observer: int, card_face: int, hidden: int) -> int:
    """How the deal of a card with face `card_face` looks to `observer` (a game's
    `observed_action`): the face if `observer` is in `knowers` (the mask that sees it), else
    `hidden`, the same for every face."""
    return card_face if (knowers >> observer) & 1 else hidden


@njit
def write_view(face: Array, holder: Array, known: Array, player: int, values: Array, at: int) -> int:
    """Writes what `player` knows of the cards into `values` from index `at` on: each card's
    holder, then each card's face if `player` knows it, else -1 (also -1 before it is dealt).
    Returns the index after them (`at` + 2 N)."""
    n = len(face)
    for c in range(n):
        values[at + c] = holder[c]
        values[at + n + c] = face[c] if (known[c] >> player) & 1 else -1
    return at + 2 * n


@njit
def resample(face: Array, known: Array, player: int, copies: Array, draws: Array) -> None:
    """Redraws, in a world copied from the state, the face of every dealt card `player` does not
    know, from the copies it has not seen (`copies[f]` of face f in the whole deck, less the faces
    it knows), card by card with one of `draws` each (as many draws as cards suffice). Faces
    `player` knows, holders and masks stay: its view (`write_view`) is unchanged. The world
    depends on what the player knows and on the draws alone, not on the faces it has not seen,
    so states it cannot tell apart give the same worlds from the same draws."""
    left = copies.copy()
    for c in range(len(face)):
        if face[c] >= 0 and (known[c] >> player) & 1:
            left[face[c]] -= 1
    total = 0
    for f in range(len(left)):
        total += left[f]
    for c in range(len(face)):
        if face[c] < 0 or (known[c] >> player) & 1:
            continue
        pick = draws[c] % total  # the pick-th copy not yet drawn
        f = 0
        while pick >= left[f]:
            pick -= left[f]
            f += 1
        face[c] = f
        left[f] -= 1
        total -= 1


@njit
def rewrite_deals(face: Array, history: Array, first: int) -> None:
    """Rewrites the deals in `history` to match the world's faces, for games that deal card c
    by the chance outcome `face[c]` at history index `first + c` (every card dealt so far, in
    card order)."""
    for c in range(len(face)):
        if face[c] < 0 or first + c >= len(history):
            break
        history[first + c] = face[c]
