"""Leduc poker as SVG: each seat's card (a face only where the viewer may see it), the chips each
has put in, the public card, the pot and the betting rounds; fold/call/raise as buttons.

The drawing replays the state's history on a fresh state, so it reads nothing but public state
methods. For a viewer it must be given that viewer's view (a state resampled for the viewer): the
other seats' cards there are guesses, and are drawn face down anyway.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, Optional

from tablesearch.games.description import description_of
from tablesearch.render._svg import INK, LAST, LAST_TEXT, SEAT_COLOURS, clickable, el, ink_on, svg, text, title

LEGEND = (
    "Each seat shows its card (yours face up, the others face down until the game ends) and the chips it has "
    "put in the pot; the public card is dealt in the middle before round 2. Ranks J < Q < K (then A, 2, ... "
    "with more players); a pair with the public card beats any other hand. The latest bet is in orange."
)
HOW_TO_PLAY = "On your turn click fold, call (check when there is nothing to call) or raise under the table."
TEXT_LEGEND = (
    "cards are named by rank and suit: ranks J < Q < K (then A, 2, ... with more players), suits ♠ and ♥; you "
    "see your own card, the others' once the hand is over. 'chips in' is what a seat has put in the pot; a pair "
    "with the public card beats any other hand."
)

# The bets and chips, from the game's description (cpp/games/leduc_poker).
_GAME = description_of("leduc_poker")
BETS = _GAME.action("bet")
FOLD, CALL, RAISE = (BETS[_GAME.enum("bet").index(name)] for name in ("fold", "call", "raise"))
ACTION_NAMES = {BETS[i]: name.capitalize() for i, name in enumerate(_GAME.enum("bet"))}
ACTION_VERBS = {FOLD: "folds", CALL: "calls", RAISE: "raises"}
ANTE, RAISE_SIZES = _GAME.constant("ante"), _GAME.constant("raise sizes")
RANKS = "JQKA23456"  # how cards are named, by rank (card c has rank c // len(SUITS))
SUITS = "♠♥"[: _GAME.constant("suits")]


RANK_WORDS = ["jack", "queen", "king", "ace", "two", "three", "four", "five", "six"]
SUIT_WORDS = ["spades", "hearts"]


def card_name(card: int) -> str:
    """The card as its face shows it ("K♥"): the drawing and the text display."""
    return RANKS[card // len(SUITS)] + SUITS[card % len(SUITS)]


def card_words(card: int) -> str:
    """The card as players say it ("the king of hearts"): the move log and the ending."""
    return f"the {RANK_WORDS[card // len(SUITS)]} of {SUIT_WORDS[card % len(SUITS)]}"


def nothing_to_call(state: Any) -> bool:
    """The player to move has put in as much as anyone: a call adds nothing (a check)."""
    if state.is_terminal() or state.is_chance_node():
        return False
    chips = replay(state)["chips"]
    return bool(chips[state.current_player()] == max(chips))


def action_name(state: Any, action: int) -> str:
    """ "Check" for a call with nothing to call; else Fold, Call, Raise (chance: the card)."""
    if state.is_chance_node():
        return card_name(action)
    if action == CALL and nothing_to_call(state):
        return "Check"
    return ACTION_NAMES[action] if action in ACTION_NAMES else str(state.action_to_string(action))


def replay(state: Any) -> dict[str, Any]:
    """Cards, chips, folds and bets from the history (a fresh state tells deals from bets); each
    round's bets as (seat, verb), a call with nothing to call being "checks"."""
    game = state.get_game()
    n = game.num_players()
    fresh = game.new_initial_state()
    cards = [-1] * n
    public = -1
    chips = [ANTE] * n
    folded = [False] * n
    rounds: list[list[tuple[int, str]]] = [[], []]
    for action in state.history():
        if fresh.is_chance_node():
            if -1 in cards:
                cards[cards.index(-1)] = action
            else:
                public = action
        else:
            player = fresh.current_player()
            round_ = 0 if public < 0 else 1
            verb = "checks" if action == CALL and chips[player] == max(chips) else ACTION_VERBS[action]
            rounds[round_].append((player, verb))
            if action == FOLD:
                folded[player] = True
            elif action == CALL:
                chips[player] = max(chips)
            else:
                chips[player] = max(chips) + RAISE_SIZES[round_]
        fresh.apply_action(action)
    return dict(cards=cards, public=public, chips=chips, folded=folded, rounds=rounds, n=n)


def _card(x: float, y: float, card: int, face_up: bool, label: str) -> str:
    w, h = 46, 66
    if not face_up or card < 0:
        body = el(
            "rect",
            x=x - w / 2,
            y=y - h / 2,
            width=w,
            height=h,
            rx=6,
            fill="#345" if card >= 0 else "none",
            stroke="#234" if card >= 0 else "#bbb",
            stroke_dasharray=None if card >= 0 else "4 3",
        )
        pattern = (
            el(
                "rect",
                x=x - w / 2 + 5,
                y=y - h / 2 + 5,
                width=w - 10,
                height=h - 10,
                rx=4,
                fill="none",
                stroke="#7a9",
                stroke_width=1.5,
            )
            if card >= 0
            else ""
        )
        return el("g", title(label) + body + pattern, class_="ts-card-back")
    colour = "#c0392b" if card % 2 else INK
    return el(
        "g",
        title(label)
        + el("rect", x=x - w / 2, y=y - h / 2, width=w, height=h, rx=6, fill="#fff", stroke=INK)
        + text(x, y - 8, RANKS[card // 2], 26, fill=colour, font_weight="bold")
        + text(x, y + 18, SUITS[card % 2], 20, fill=colour),
        class_="ts-card-face",
        data_card=card_name(card),
    )


WIDTH = 440
CENTRE = (WIDTH / 2, 175)  # the table's centre


def draw(
    state: Any,
    viewer: Optional[int] = None,
    actions: Optional[Mapping[int, str]] = None,
    last: Optional[tuple[int, int]] = None,
) -> str:
    info = replay(state)
    width, height = WIDTH, WIDTH
    cx, cy = CENTRE
    parts = [el("ellipse", cx=cx, cy=cy, rx=200, ry=130, fill="#2e7d4f", stroke="#1d5434", stroke_width=8)]
    to_move = -1 if state.is_terminal() or state.is_chance_node() else state.current_player()
    for p in range(info["n"]):
        parts.append(_seat(info, p, viewer, to_move, last, viewer is None or state.is_terminal()))
    pot = sum(info["chips"])
    parts.append(
        _card(
            cx,
            cy - 10,
            info["public"],
            info["public"] >= 0,
            "public card" + (f": {card_name(info['public'])}" if info["public"] >= 0 else ": not dealt yet"),
        )
    )
    parts.append(text(cx, cy + 40, f"pot {pot}", 14, fill="#fff", font_weight="bold"))
    for r, bets in enumerate(info["rounds"]):
        line = ", ".join(f"P{p} {verb}" for p, verb in bets) or "-"
        parts.append(text(20, 348 + 18 * r, f"round {r + 1}: {line}", 12, anchor="start"))
    if actions:
        parts.append(_buttons(state, actions, cx))
    if state.is_terminal():
        returns = state.returns()
        parts.append(text(cx, 390, "result: " + ", ".join(f"P{p} {r:+g}" for p, r in enumerate(returns)), 14))
    return svg(width, height, "".join(parts), "Leduc poker table")


def _seat(
    info: dict[str, Any],
    p: int,
    viewer: Optional[int],
    to_move: int,
    last: Optional[tuple[int, int]],
    reveal: bool,
) -> str:
    """Player p around the table: its card (face up if `reveal`
    or p is the viewer), its chips in its colour, and its tag outside the rim (framed if it made
    the latest bet)."""
    cx, cy = CENTRE
    bets = info["rounds"][0] + info["rounds"][1]
    latest_verb = bets[-1][1] if bets else ""
    angle = math.pi / 2 + 2 * math.pi * p / info["n"]
    x, y = cx + 140 * math.cos(angle), cy + 95 * math.sin(angle)
    face_up = reveal or p == viewer
    card = info["cards"][p]
    who = f"player {p}" + (" (you)" if p == viewer else "")
    label = f"{who}: " + (
        card_name(card) if face_up and card >= 0 else "card face down" if card >= 0 else "no card yet"
    )
    parts = [_card(x - 30, y, card, face_up, label)]
    ring = el(
        "circle",
        cx=x + 28,
        cy=y,
        r=17,
        fill=SEAT_COLOURS[p],
        stroke="#fff" if p == to_move else "none",
        stroke_width=4,
    )
    chips = text(x + 28, y, str(info["chips"][p]), 13, fill=ink_on(SEAT_COLOURS[p]), font_weight="bold")
    parts.append(ring + chips)
    bet = last is not None and last[0] == p
    tag = (
        who
        + (" folded" if info["folded"][p] and not bet else "")
        + (f" {latest_verb}" if bet else "")
        + (" · to move" if p == to_move else "")
    )
    # Outside the table's rim: above it for the seats at the top, below for the others.
    ty = cy + 144 if y >= cy else cy - 144
    if bet:
        w = 8 * len(tag) + 12
        parts.append(
            el("rect", x=x - w / 2, y=ty - 11, width=w, height=22, rx=6, fill="#fff", stroke=LAST, stroke_width=3)
        )
    parts.append(
        text(x, ty, tag, 13, font_weight="bold", fill=LAST_TEXT if bet else INK, class_="ts-last" if bet else None)
    )
    return "".join(parts)


def _buttons(state: Any, actions: Mapping[int, str], cx: float) -> str:
    """A button per legal bet, under the table."""
    parts = []
    for i, (action, name) in enumerate(sorted((a, action_name(state, a)) for a in actions)):
        x = cx - 150 + i * 110
        parts.append(
            el(
                "g",
                el("rect", x=x, y=398, width=96, height=28, rx=6, fill="#f5f5f5", stroke=INK)
                + text(x + 48, 412, name, 13),
                data_button=name.lower(),
                **clickable(actions, [action]),
            )
        )
    return "".join(parts)


def consequences(before: Any, after: Any, player: int, action: int, viewer: Optional[int]) -> list[str]:
    """The end of a hand: the cards shown at a showdown (a fold shows none) and who wins the pot."""
    if not after.is_terminal():
        return []
    info = replay(after)
    returns = after.returns()
    won = [p for p, r in enumerate(returns) if r > 0]
    pot = sum(info["chips"])
    lines = []
    if sum(not f for f in info["folded"]) > 1:
        lines.append(f"showdown with {card_words(info['public'])} on the table")
        lines += [f"P{p} shows {card_words(c)}" for p, c in enumerate(info["cards"]) if not info["folded"][p]]
    if len(won) == 1:
        lines.append(f"P{won[0]} wins the pot of {pot} ({returns[won[0]]:+g})")
    else:
        lines.append(f"the pot of {pot} is split" if won else "no one wins")
    return lines


def describe(state: Any, viewer: Optional[int]) -> str:
    """The hand in words, as `viewer` knows it (None: everything): whose turn, the pot, each seat's
    card (the viewer's own; the others' only once the hand is over) and chips, the bets so far."""
    info = replay(state)
    reveal = viewer is None or state.is_terminal()
    rounds = info["rounds"]
    if state.is_terminal():
        head = "Leduc poker, the hand is over: " + ", ".join(f"P{p} {r:+g}" for p, r in enumerate(state.returns()))
    elif state.is_chance_node():
        head = "Leduc poker: dealing"
    else:
        head = f"Leduc poker, round {1 if info['public'] < 0 else 2}: P{state.current_player()} to act"
    lines = [head + f"; the pot holds {sum(info['chips'])}"]
    for p in range(info["n"]):
        card = info["cards"][p]
        seen = card_name(card) if card >= 0 and (reveal or p == viewer) else "a card face down" if card >= 0 else "-"
        who = f"P{p}" + (" (you)" if p == viewer else "") + (" folded" if info["folded"][p] else "")
        lines.append(f"{who}: {seen}, {info['chips'][p]} chips in")
    lines.append("Public card: " + (card_name(info["public"]) if info["public"] >= 0 else "not dealt yet"))
    for r, bets in enumerate(rounds):
        if bets:
            lines.append(f"Round {r + 1}: " + ", ".join(f"P{p} {verb}" for p, verb in bets))
    return "\n".join(lines)


def ending(state: Any) -> str:
    """How the hand ended: a fold (the last seat left takes the pot) or the showdown's cards."""
    info = replay(state)
    returns = state.returns()
    pot = sum(info["chips"])
    won = [p for p, r in enumerate(returns) if r > 0]
    left = [p for p in range(info["n"]) if not info["folded"][p]]
    if len(left) == 1:
        folded = ", ".join(f"P{p}" for p in range(info["n"]) if info["folded"][p])
        return f"{folded} folded: P{left[0]} takes the pot of {pot}"
    cards = "; ".join(f"P{p} shows {card_words(info['cards'][p])}" for p in left)
    result = f"P{won[0]} wins the pot of {pot}" if len(won) == 1 else f"the pot of {pot} is split"
    return f"showdown with {card_words(info['public'])} on the table; {cards}; {result}"
