"""Gnomi as SVG: every seat's hand (mushrooms right side up and composted, gnomes awake and
asleep) and the table (whose turn, the effect under way, its target, the named colour), and the
same in words for a terminal (`describe`); the move log is gnomi/moves.py's.

Read from the state's fields (`state.fields()`). A card's face is drawn only if the viewer knows it (its
``known`` mask; viewer None: everything): other cards are drawn as backs with their public id, so
a page for one seat holds no face that seat has not seen. Drawn from a state resampled for the
viewer, the unknown faces in the state are guesses anyway. Small dots under a card show who knows
its face (public). Clicking a card plays the legal action that names it (several: the page asks
which).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Optional

from tablesearch.games.description import description_of
from tablesearch.render._svg import (
    INK,
    LAST,
    SEAT_COLOURS,
    SEAT_NAMES,
    SEAT_TEXT,
    clickable,
    el,
    seat_panel,
    svg,
    text,
    title,
)

# The game's names, tables and action numbers, from its description (cpp/games/gnomi).
_GAME = description_of("gnomi")
GNOMES = _GAME.column("gnomes", "id")
MUSHROOMS = _GAME.column("mushrooms", "colour")
PHASES = _GAME.enum("phase")
EFFECTS = _GAME.enum("effect")
POOL, RESERVE = _GAME.constant("pool"), _GAME.constant("reserve")
MATCH_GAMES = _GAME.constant("match games")
USE1, USE2, USE_GNOME = _GAME.action("use 1"), _GAME.action("use 2"), _GAME.action("use gnome")
PASS_M, PASS_G = _GAME.action("pass mushroom"), _GAME.action("pass gnome")
TARGET, PICK_M, PICK_G = _GAME.action("target"), _GAME.action("pick mushroom"), _GAME.action("pick gnome")
COLOUR = _GAME.action("colour")
DONE, NO_REACTION = _GAME.action("done").first, _GAME.action("no reaction").first
TAKE_GOLDEN, DECLINE_GOLDEN = _GAME.action("take golden").first, _GAME.action("decline golden").first
M, G = USE1.count, USE_GNOME.count  # mushroom and gnome cards

# How the drawing shows them, by name (tests/games/test_description.py checks every name has one).
GNOME_GLYPHS = {
    "hans": "H",
    "sprout": "S",
    "wake": "W",
    "lullaby": "L",
    "thief": "T",
    "peek": "P",
    "earmuffs": "E",
    "compost": "C",
    "golden": "G",
}
MUSHROOM_FILL = {
    "orange": "#e67e22",
    "white": "#f4f4f4",
    "blue": "#3498db",
    "red": "#e74c3c",
    "purple": "#8e44ad",
    "gold": "#f1c40f",
}
EFFECT_NAMES = {"give": "ask", "steal": "random take"}  # effects named as the log names their moves
# What each gnome does when used (docs/rules/gnomi.md), for the legend and the cards' labels.
ABILITIES = {
    "hans": "Hans the Destroyer: name a colour; every other player composts their mushrooms of it",
    "sprout": "Sprouter: turn up to 2 of your composted mushrooms right side up",
    "wake": "Alarm Gnome: wake one of your other sleeping gnomes",
    "lullaby": "Lullaby Gnome: another player puts one of their awake gnomes to sleep",
    "thief": "Pickpocket: take 2 random right-side-up mushrooms from another player",
    "peek": "Peeker: another player reveals 2 mushrooms; you take 1",
    "earmuffs": "Earmuffs: when an action targets you, cancel it (used on others' turns)",
    "compost": "Composter: another player composts one of their mushrooms",
    "golden": "Golden Gnome (2 gold): as the Sprouter",
}

LEGEND = (
    "One band per seat: mushrooms (right side up, then composted: upside down, dashed brown rim) and gnomes "
    "(awake, then asleep: faded, with a z). A face is shown only if you know it; other cards are backs with a '?' and "
    "their public number (m3, g7). Dots under a card show who knows its face, in the seats' colours ("
    + ", ".join(f"P{p} {name}" for p, name in enumerate(SEAT_NAMES))
    + "). Gnomes by letter: "
    + "; ".join(f"{GNOME_GLYPHS[g]} {ABILITIES[g]}" for g in GNOMES)
    + ". The cards and the seat of the latest move have a solid orange frame; tap a card to read what it is."
)
HOW_TO_PLAY = (
    "Click one of your cards (or a seat's name, to target it) to play; when a card allows several moves the page "
    "asks which."
)
TEXT_LEGEND = (
    "the first line says whose turn it is and what is under way; then one line per seat with its cards by group "
    "(mushrooms up, composted, gnomes awake, asleep), a card as its face and its public number: 'orange m3', "
    "'? m7' when you do not know the face. Gnome letters: "
    + ", ".join(f"{GNOME_GLYPHS[g]} {ABILITIES[g]}" for g in GNOMES)
    + "."
)

CW, CH = 40, 54  # a card
GAP = 4
WIDTH = 440
PER_LINE = 9  # cards in a row of a seat's band
LINE_H = CH + 14  # a row of cards with the knowledge dots under it


Fields = Mapping[str, Any]
"""A state's fields (`state.fields()`): an int for a scalar field, a list of ints for an array."""


def _fields(state: Any) -> Fields:
    fields: Fields = state.fields()
    return fields


def _knows(known: int, viewer: Optional[int]) -> bool:
    return viewer is None or bool((known >> viewer) & 1)


def _who_knows(known: int, n: int) -> str:
    return ",".join(f"P{p}" for p in range(n) if (known >> p) & 1) or "nobody"


def under_way(f: Fields, n: int) -> str:
    """What the game waits for, in words ("P0 used 1 orange mushroom: whom to ask for orange?")."""
    turn, phase, effect, target, colour = f["turn"], f["phase"], f["effect"], f["target"], f["colour"]
    name = PHASES[phase]
    c = MUSHROOMS[colour] if colour >= 0 else "?"
    gnome = ABILITIES.get(EFFECTS[effect], "gnome").split(":")[0]  # "Pickpocket"
    used = {
        "give": f"asks P{target} for {c}",
        "steal": f"takes a random mushroom from P{target}",
        "hans": f"uses Hans the Destroyer on {c}",
    }.get(EFFECTS[effect], f"uses the {gnome} on P{target}")
    words = {
        "turn": f"P{turn} chooses a move",
        "use 1 target": f"P{turn} used 1 {c} mushroom: whom to ask for {c}?",
        "use 2 second": f"P{turn} uses 2 mushrooms: which is the second?",
        "use 2 target": f"P{turn} used 2 mushrooms: whom to take a random mushroom from?",
        "hans colour": f"P{turn} used Hans: which colour must the others compost?",
        "sprout": f"P{turn} may sprout up to 2 composted mushrooms",
        "wake": f"P{turn} wakes a sleeping gnome",
        "effect target": f"P{turn} used the {gnome}: whom to target?",
        "react": f"P{turn} {used}: P{target} may cancel it with an Earmuffs gnome",
        "lullaby choice": f"P{target} puts an awake gnome to sleep (Lullaby Gnome)",
        "peek reveal": f"P{target} reveals 2 mushrooms to P{turn} (Peeker)",
        "peek take": f"P{turn} takes one of the revealed mushrooms",
        "compost choice": f"P{target} composts a mushroom (Composter)",
        "steal": f"a random mushroom is taken from P{target}",
        "golden choice": f"P{_awaiting(f)} won game {f['game'] + 1}: takes a golden gnome or not, in secret",
        "game over": "game over",
    }
    return words.get(name, name)


def _awaiting(f: Fields) -> int:
    """The winner offered a golden gnome now (the lowest seat still awaiting its offer)."""
    awaiting: int = f["awaiting"]
    return (awaiting & -awaiting).bit_length() - 1


def golden_gnomes_seen(f: Fields, seat: int, viewer: Optional[int]) -> int:
    """The golden gnomes `viewer` knows `seat` to hold (None: all): those in its hand whose face
    the viewer knows, and, for the seat itself, those it took that wait for the next deal."""
    golden = GNOMES.index("golden")
    held = sum(
        1
        for i in range(G)
        if f["gnome_holder"][i] == seat and f["gnome_face"][i] == golden and _knows(f["gnome_known"][i], viewer)
    )
    if viewer is None or viewer == seat:
        kept, settled = f["offer_kept"], f["settled"]
        held += sum(1 for i, s in enumerate(f["offer_seat"]) if s == seat and i >= settled and (kept >> i) & 1)
    return held


def _cards_of(f: Fields, seat: int, mushrooms: bool) -> list[tuple[int, bool]]:
    """(card, right side up) of the seat's mushrooms or gnomes: right side up first."""
    prefix = "mushroom" if mushrooms else "gnome"
    mine = [i for i in range(M if mushrooms else G) if f[f"{prefix}_holder"][i] == seat]
    return [(i, True) for i in mine if f[f"{prefix}_up"][i]] + [(i, False) for i in mine if not f[f"{prefix}_up"][i]]


def _face(f: Fields, kind: str, index: int, viewer: Optional[int]) -> Optional[str]:
    prefix = "mushroom" if kind == "m" else "gnome"
    if not _knows(f[f"{prefix}_known"][index], viewer):
        return None
    return str(MUSHROOMS[f["mushroom_face"][index]] if kind == "m" else GNOMES[f["gnome_face"][index]])


def _card(
    x: float,
    y: float,
    kind: str,
    index: int,
    face: Optional[str],
    up: bool,
    known: int,
    n: int,
    actions: Optional[Mapping[int, str]],
    wanted: list[int],
    latest: bool,
) -> str:
    name = f"{kind}{index}"
    if face is None:
        what = "face unknown to you"
    elif kind == "g":
        what = f"{GNOME_GLYPHS[face]}, {ABILITIES[face]}"
    else:
        what = f"a {face} mushroom"
    label = f"{name}: {what}; known to {_who_knows(known, n)}"
    if kind == "m":
        label += "" if up else " (composted)"
        body = _mushroom(x, y, face, up)
    else:
        label += "" if up else " (asleep)"
        body = _gnome(x, y, face, up)
    light = face is None and (up or kind == "m")  # white letters on a dark back
    if face is None:
        body += text(x + CW / 2, y + CH / 2 - 4, "?", 18, fill="#fff" if light else INK, font_weight="bold")
    id_y = y + CH - 8 if kind == "g" or up or face is None else y + 9
    body += text(x + CW / 2, id_y, name, 12, fill="#fff" if light else INK)
    if latest:
        body += el(
            "rect", x=x - 3, y=y - 3, width=CW + 6, height=CH + 6, rx=7, fill="none", stroke=LAST, stroke_width=3
        )
    dots = "".join(
        el("circle", cx=x + 5 + 6 * p, cy=y + CH + 6, r=2.5, fill=SEAT_COLOURS[p]) for p in range(n) if (known >> p) & 1
    )
    extra = dict(data_card=name, data_face=face) if face else dict(data_card=name)
    return el(
        "g",
        title(label) + body + dots,
        class_="ts-card ts-last" if latest else "ts-card",
        **extra,
        **clickable(actions, wanted),
    )


def _mushroom(x: float, y: float, face: Optional[str], up: bool) -> str:
    """A mushroom card's body: its cap and stalk (upside down when composted), or its back."""
    body = el(
        "rect",
        x=x,
        y=y,
        width=CW,
        height=CH,
        rx=5,
        fill="#fffdf5" if face else "#5d6d7e",
        stroke="#7b4a12" if not up else INK,
        stroke_width=3 if not up else 1,
        stroke_dasharray=None if up else "6 3",  # a composted rim, unlike the latest move's solid frame
    )
    if face:
        cap_y = y + (18 if up else CH - 18)
        body += el(
            "path",
            d=f"M{x + 5} {cap_y} A15 13 0 0 {1 if up else 0} {x + CW - 5} {cap_y} Z",
            fill=MUSHROOM_FILL[face],
            stroke=INK,
            stroke_width=1,
        )
        body += el(
            "rect",
            x=x + CW / 2 - 5,
            y=cap_y if up else cap_y - 14,
            width=10,
            height=14,
            fill="#f5e6c8",
            stroke=INK,
            stroke_width=0.8,
        )
    return body


def _gnome(x: float, y: float, face: Optional[str], up: bool) -> str:
    """A gnome card's body: its hat and letter (faded with a z when asleep), or its back."""
    golden = face == "golden"
    unseen = "#5d6d7e" if up else "#aeb6bf"  # an unseen gnome asleep: lighter, its letters dark
    body = el(
        "rect",
        x=x,
        y=y,
        width=CW,
        height=CH,
        rx=5,
        fill=("#fdebd0" if golden else "#eafaf1") if face else unseen,
        stroke=INK,
        opacity=1 if up or not face else 0.55,
    )
    if face:
        body += el(
            "path",
            d=f"M{x + 9} {y + 20} L{x + CW / 2} {y + 4} L{x + CW - 9} {y + 20} Z",
            fill="#f1c40f" if golden else "#c0392b",
        )
        body += text(x + CW / 2, y + 30, GNOME_GLYPHS[face], 16, font_weight="bold")
    if not up:
        body += text(x + CW - 7, y + 9, "z", 13, fill="#2c3e50", font_weight="bold")
    return body


def _latest(last: Optional[tuple[int, int]]) -> tuple[Optional[str], Optional[int]]:
    """The card ("m3", "g7") or seat (TARGET: its number) the latest move named."""
    if last is None:
        return None, None
    action = last[1]
    for cards, kind in (
        (USE1, "m"),
        (USE2, "m"),
        (USE_GNOME, "g"),
        (PASS_M, "m"),
        (PASS_G, "g"),
        (PICK_M, "m"),
        (PICK_G, "g"),
    ):
        if action in cards:
            return f"{kind}{cards.item(action)}", None
    if action in TARGET:
        return None, TARGET.item(action)
    return None, last[0]  # a colour, done or no reaction: the seat that chose it


def _rows(
    parts: list[str],
    y: float,
    mushrooms: list[tuple[int, bool]],
    gnomes: list[tuple[int, bool]],
    f: Fields,
    n: int,
    viewer: Optional[int],
    actions: Optional[Mapping[int, str]],
    latest_card: Optional[str],
) -> float:
    """Draws a seat's cards from y on, mushrooms then gnomes (on one line when they fit, with a
    space between); returns the y below them."""
    if not mushrooms and not gnomes:
        parts.append(text(14, y + 9, "no cards", 12, anchor="start", fill="#566573"))
        return y + 22
    one_line = len(mushrooms) + len(gnomes) < PER_LINE
    slots: list[tuple[str, int, bool, int]] = [("m", i, up, k) for k, (i, up) in enumerate(mushrooms)]
    first_gnome = len(mushrooms) + 1 if one_line and mushrooms else (-(-len(mushrooms) // PER_LINE) * PER_LINE)
    slots += [("g", i, up, first_gnome + k) for k, (i, up) in enumerate(gnomes)]
    for kind, i, up, slot in slots:
        line, col = divmod(slot, PER_LINE)
        prefix = "mushroom" if kind == "m" else "gnome"
        wanted = [USE1[i], USE2[i], PASS_M[i], PICK_M[i]] if kind == "m" else [USE_GNOME[i], PASS_G[i], PICK_G[i]]
        parts.append(
            _card(
                12 + col * (CW + GAP),
                y + line * LINE_H,
                kind,
                i,
                _face(f, kind, i, viewer),
                up,
                f[f"{prefix}_known"][i],
                n,
                actions,
                wanted,
                latest_card == f"{kind}{i}",
            )
        )
    return y + (max(slot for *_, slot in slots) // PER_LINE + 1) * LINE_H


def draw(
    state: Any,
    viewer: Optional[int] = None,
    actions: Optional[Mapping[int, str]] = None,
    last: Optional[tuple[int, int]] = None,
) -> str:
    f = _fields(state)
    n = state.get_game().num_players()
    params = state.get_game().parameters()
    latest_card, latest_seat = _latest(last)
    target, out, winners = f["target"], f["out"], f["winners"]
    mover = -1 if state.is_terminal() or state.is_chance_node() else state.current_player()
    games = MATCH_GAMES if params.get("golden") else 1
    parts = [
        text(
            12,
            16,
            (f"game {f['game'] + 1} of {games} · " if games > 1 else "") + f"round {f['round'] + 1}",
            14,
            anchor="start",
            font_weight="bold",
        )
    ]
    if state.is_terminal():
        done = "game over: " + ", ".join(f"P{p}" for p in range(n) if (winners >> p) & 1) + " won"
        parts.append(text(12, 36, done, 13, anchor="start"))
    else:
        parts.append(text(12, 36, under_way(f, n), 13, anchor="start"))
    y = _buttons(parts, actions, 50.0)
    for s in range(n):
        top = y
        mushrooms, gnomes = _cards_of(f, s, True), _cards_of(f, s, False)
        rows: list[str] = []
        below = _rows(rows, top + 44, mushrooms, gnomes, f, n, viewer, actions, latest_card)
        height = below - top + 4
        parts.append(seat_panel(top, WIDTH, height, s, viewer, stroke_width=3 if s == mover else 1))
        up_m = sum(1 for _, up in mushrooms if up)
        awake = sum(1 for _, up in gnomes if up)
        gold = golden_gnomes_seen(f, s, viewer)
        name = (
            f"P{s}"
            + (" (you)" if s == viewer else "")
            + (" · out" if (out >> s) & 1 else "")
            + (" · target" if s == target and not state.is_terminal() else "")
            + (f" · {gold} golden" if gold else "")
        )
        parts.append(_seat_tag(name, s, top, s == latest_seat, actions))
        counts = (
            f"mushrooms {up_m} up, {len(mushrooms) - up_m} composted · "
            f"gnomes {awake} awake, {len(gnomes) - awake} asleep"
        )
        parts.append(text(14, top + 32, counts, 12, anchor="start", fill="#566573"))
        parts.extend(rows)
        y = top + height + 6
    pool_m = sum(1 for h in f["mushroom_holder"] if h == POOL)
    pool_g = sum(1 for h in f["gnome_holder"] if h == POOL)
    parts.append(
        text(
            12, y + 10, f"out of play, unseen: {pool_m} mushrooms, {pool_g} gnomes", 12, anchor="start", fill="#566573"
        )
    )
    key = [f"{GNOME_GLYPHS[g]} {ABILITIES[g].split(':')[0].split()[0]}" for g in GNOMES]  # "W Alarm"
    for k, chunk in enumerate((key[:5], key[5:])):
        parts.append(text(12, y + 30 + 18 * k, ("gnomes: " if k == 0 else "") + " · ".join(chunk), 12, anchor="start"))
    return svg(WIDTH, y + 62, "".join(parts), "Gnomi table")


def _buttons(parts: list[str], actions: Optional[Mapping[int, str]], y: float) -> float:
    """The table's buttons from y on (colour names for hans, done, no reaction, the golden
    choice), wrapped to the width; returns the y below them. A row is kept for them even when
    there are none, so that the table does not grow and shrink as turns pass."""
    buttons = _table_buttons(actions)
    bx = 12
    for a, label in buttons:
        w = 16 + 8 * len(label)
        if bx + w > WIDTH - 8:
            bx, y = 12, y + 30
        parts.append(
            el(
                "g",
                el("rect", x=bx, y=y, width=w, height=26, rx=5, fill="#fff", stroke=INK)
                + text(bx + w / 2, y + 13, label, 13),
                data_button=label,
                **clickable(actions, [a]),
            )
        )
        bx += w + 6
    return y + 36


def _seat_tag(name: str, seat: int, top: float, latest: bool, actions: Optional[Mapping[int, str]]) -> str:
    """A seat's name at the top of its band (framed if the latest move named it); clicking it
    targets the seat."""
    tag = text(14, top + 14, name, 14, anchor="start", font_weight="bold", fill=SEAT_TEXT[seat])
    if latest:
        w = 9 * len(name) + 12
        tag += el(
            "rect", x=8, y=top + 3, width=w, height=23, rx=6, fill="none", stroke=LAST, stroke_width=3, class_="ts-last"
        )
    return el("g", tag, data_seat=seat, **clickable(actions, [TARGET[seat]]))


def _table_buttons(actions: Optional[Mapping[int, str]]) -> list[tuple[int, str]]:
    if not actions:
        return []
    out = []
    for a in sorted(actions):
        if a in COLOUR:
            out.append((a, MUSHROOMS[COLOUR.item(a)]))
        elif a == DONE:
            out.append((a, "done"))
        elif a == NO_REACTION:
            out.append((a, "no reaction"))
        elif a == TAKE_GOLDEN:
            out.append((a, "take the golden gnome"))
        elif a == DECLINE_GOLDEN:
            out.append((a, "decline it"))
    return out


def describe(state: Any, viewer: Optional[int]) -> str:
    """The table in words, as `viewer` knows it (None: everything): whose turn and what is under
    way, then each seat's cards by group, a card as its face and number ("orange m3", "? m7")."""
    f = _fields(state)
    n = state.get_game().num_players()
    games = MATCH_GAMES if state.get_game().parameters().get("golden") else 1
    head = f"Gnomi, round {f['round'] + 1}" + (f" of game {f['game'] + 1} of {games}" if games > 1 else "")
    if state.is_terminal():
        winners = " and ".join(f"P{p}" for p in range(n) if (f["winners"] >> p) & 1)
        head += f": game over, {winners} won"
    else:
        head += f": {under_way(f, n)}"
    lines = [head]
    for s in range(n):
        groups = []
        for kind, cards, (up_name, down_name) in (
            ("m", _cards_of(f, s, True), ("mushrooms up", "composted")),
            ("g", _cards_of(f, s, False), ("gnomes awake", "asleep")),
        ):
            for name, up in ((up_name, True), (down_name, False)):
                shown = [f"{_face(f, kind, i, viewer) or '?'} {kind}{i}" for i, u in cards if u == up]
                groups.append(f"{name}: {', '.join(shown) or '-'}")
        extra = (" (you)" if s == viewer else "") + (" (out)" if (f["out"] >> s) & 1 else "")
        gold = golden_gnomes_seen(f, s, viewer)
        extra += f" ({gold} golden gnomes)" if gold else ""
        lines.append(f"P{s}{extra}: " + "; ".join(groups))
    pool_m = sum(1 for h in f["mushroom_holder"] if h == POOL)
    pool_g = sum(1 for h in f["gnome_holder"] if h == POOL)
    lines.append(
        f"Out of play, unseen: {pool_m} mushrooms, {pool_g} gnomes. Gnomes: "
        + ", ".join(f"{GNOME_GLYPHS[g]} {g}" for g in GNOMES)
    )
    return "\n".join(lines)
