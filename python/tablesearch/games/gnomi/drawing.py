"""Gnomi as SVG: every seat's hand (mushrooms right side up and composted, gnomes awake and
asleep) and the table (whose turn, the effect under way, its target, the named colour).

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

from tablesearch.render._svg import INK, SEAT_COLOURS, clickable, el, svg, text, title

GNOMES = ["hans", "sprout", "wake", "lullaby", "thief", "peek", "earmuffs", "compost", "golden"]
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
MUSHROOMS = ["orange", "white", "blue", "red", "purple", "gold"]
MUSHROOM_FILL = {
    "orange": "#e67e22",
    "white": "#f4f4f4",
    "blue": "#3498db",
    "red": "#e74c3c",
    "purple": "#8e44ad",
    "gold": "#f1c40f",
}
PHASES = [
    "turn",
    "use 1 target",
    "use 2 second",
    "use 2 target",
    "hans colour",
    "sprout",
    "wake",
    "effect target",
    "react",
    "lullaby choice",
    "peek reveal",
    "peek take",
    "compost choice",
    "steal",
    "game over",
]
EFFECTS = ["-", "give", "steal", "lullaby", "thief", "peek", "compost", "hans"]
# Action numbering (cpp/games/gnomi/gnomi.h).
M, G = 28, 25
USE1, USE2, USE_GNOME, PASS_M, PASS_G, TARGET, PICK_M, PICK_G, COLOUR, DONE, NO_REACTION = (
    0,
    28,
    56,
    81,
    109,
    134,
    140,
    168,
    193,
    199,
    200,
)

LEGEND = (
    "One row per seat: mushrooms right side up, then composted (upside down, brown rim); gnomes awake, then asleep "
    "(grey, zzz). A face is shown only if you know it; '?' cards are backs with their public number (m3, g7). "
    "Dots under a card show who knows its face. Click one of your cards (or a seat's name, to target it) to play; "
    "when a card allows several moves the page asks which."
)
TEXT_LEGEND = (
    "each seat's line lists its cards by group (mushrooms up | composted | gnomes awake | asleep); a card reads "
    "'m3 orange{P0,P2}': card m3, its face (? if you do not know it) and, in braces, who knows the face. The "
    "header gives the phase of the turn, the effect under way, its target and the named colour."
)

CW, CH = 34, 46


def _fields(state: Any) -> dict[str, list[int]]:
    fields: dict[str, list[int]] = state.fields()
    return fields


def _knows(known: int, viewer: Optional[int]) -> bool:
    return viewer is None or bool((known >> viewer) & 1)


def _who_knows(known: int, n: int) -> str:
    return ",".join(f"P{p}" for p in range(n) if (known >> p) & 1) or "nobody"


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
) -> str:
    name = f"{kind}{index}"
    label = f"{name}: {face if face else 'face unknown to you'}; known to {_who_knows(known, n)}"
    if kind == "m":
        label += "" if up else " (composted)"
        fill = MUSHROOM_FILL[face] if face else "#9aa5b1"
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
        )
        cap_y = y + (16 if up else CH - 16)
        sweep = 1 if up else 0
        body += el(
            "path",
            d=f"M{x + 5} {cap_y} A12 {11} 0 0 {sweep} {x + CW - 5} {cap_y} Z",
            fill=fill,
            stroke=INK,
            stroke_width=1,
        )
        body += el(
            "rect",
            x=x + CW / 2 - 4,
            y=cap_y if up else cap_y - 12,
            width=8,
            height=12,
            fill="#f5e6c8",
            stroke=INK,
            stroke_width=0.8,
        )
    else:
        label += "" if up else " (asleep)"
        golden = face == "golden"
        body = el(
            "rect",
            x=x,
            y=y,
            width=CW,
            height=CH,
            rx=5,
            fill=("#fdebd0" if golden else "#eafaf1") if face else "#5d6d7e",
            stroke=INK,
            opacity=1 if up else 0.55,
        )
        body += el(
            "path",
            d=f"M{x + 8} {y + 20} L{x + CW / 2} {y + 4} L{x + CW - 8} {y + 20} Z",
            fill="#c0392b" if face and not golden else "#f1c40f" if golden else "#85929e",
        )
        if face:
            body += text(x + CW / 2, y + 30, GNOME_GLYPHS[face], 12, font_weight="bold")
        if not up:
            body += text(x + CW - 8, y + 8, "z", 10, fill="#2c3e50", font_weight="bold")
    body += text(
        x + CW / 2,
        y + CH - 6 if kind == "g" or up else y + 7,
        name if face else f"? {name}",
        8,
        fill=INK if face else "#fff",
    )
    dots = "".join(
        el("circle", cx=x + 4 + 5 * p, cy=y + CH + 4, r=2, fill=SEAT_COLOURS[p]) for p in range(n) if (known >> p) & 1
    )
    extra = dict(data_card=name, data_face=face) if face else dict(data_card=name)
    return el("g", title(label) + body + dots, class_="ts-card", **extra, **clickable(actions, wanted))


def draw(state: Any, viewer: Optional[int] = None, actions: Optional[Mapping[int, str]] = None) -> str:
    f = _fields(state)
    n = state.get_game().num_players()
    params = state.get_game().parameters()
    row_h = CH + 34
    width = 960
    top = 70
    height = top + n * row_h + 30
    parts = []
    turn, phase, effect = f["turn"][0], f["phase"][0], f["effect"][0]
    target, colour, out, winners = f["target"][0], f["colour"][0], f["out"][0], f["winners"][0]
    mover = -1 if state.is_terminal() or state.is_chance_node() else state.current_player()
    header = (
        f"game {f['game'][0] + 1} of {3 if params.get('golden') else 1} · round {f['round'][0] + 1} · "
        f"turn P{turn} · phase: {PHASES[phase]}"
    )
    if effect:
        header += f" · effect: {EFFECTS[effect]}"
    if target >= 0:
        header += f" → P{target}"
    if colour >= 0:
        header += f" · colour: {MUSHROOMS[colour]}"
    parts.append(text(12, 16, header, 13, anchor="start", font_weight="bold"))
    if state.is_terminal():
        parts.append(
            text(
                12,
                36,
                "game over: " + ", ".join(f"P{p}" for p in range(n) if (winners >> p) & 1) + " won",
                13,
                anchor="start",
            )
        )
    elif mover >= 0:
        parts.append(text(12, 36, f"P{mover} decides" + (" (you)" if mover == viewer else ""), 12, anchor="start"))
    # Table extras: colour names (hans), done and no reaction, as buttons.
    bx = 420
    for a, label in _table_buttons(actions):
        w = 8 + 7 * len(label)
        parts.append(
            el(
                "g",
                el("rect", x=bx, y=26, width=w, height=22, rx=5, fill="#fff", stroke=INK)
                + text(bx + w / 2, 37, label, 11),
                data_button=label,
                **clickable(actions, [a]),
            )
        )
        bx += w + 6
    groups = [("mushrooms", True), ("composted", False), ("awake", True), ("asleep", False)]
    for s in range(n):
        y = top + s * row_h
        is_out = (out >> s) & 1
        band = el(
            "rect",
            x=4,
            y=y - 4,
            width=width - 8,
            height=row_h - 6,
            rx=8,
            fill="#fff8e1" if s == viewer else "#f4f6f7",
            stroke=SEAT_COLOURS[s],
            stroke_width=3 if s == mover else 1,
        )
        parts.append(band)
        name = f"P{s}" + (" (you)" if s == viewer else "") + (" out" if is_out else "")
        gold = f["golden_gnomes"][s]
        parts.append(
            el(
                "g",
                text(14, y + 14, name, 13, anchor="start", font_weight="bold", fill=SEAT_COLOURS[s])
                + (text(14, y + 32, f"golden gnomes {gold}", 9, anchor="start") if gold else "")
                + (text(14, y + 46, "◀ target", 10, anchor="start") if s == target else ""),
                data_seat=s,
                **clickable(actions, [TARGET + s]),
            )
        )
        x = 100
        for g_index, (group, up) in enumerate(groups):
            mushrooms = g_index < 2
            kind = "m" if mushrooms else "g"
            count = M if mushrooms else G
            prefix = "mushroom" if mushrooms else "gnome"
            cards = [i for i in range(count) if f[f"{prefix}_holder"][i] == s and bool(f[f"{prefix}_up"][i]) == up]
            parts.append(text(x, y + 2, f"{group} {len(cards)}", 9, anchor="start", fill="#566573"))
            for k, i in enumerate(cards):
                known = f[f"{prefix}_known"][i]
                face = None
                if _knows(known, viewer):
                    face = MUSHROOMS[f["mushroom_face"][i]] if mushrooms else GNOMES[f["gnome_face"][i]]
                wanted = (
                    [USE1 + i, USE2 + i, PASS_M + i, PICK_M + i]
                    if mushrooms
                    else [USE_GNOME + i, PASS_G + i, PICK_G + i]
                )
                parts.append(_card(x + k * (CW + 3), y + 8, kind, i, face, up, known, n, actions, wanted))
            x += max(len(cards), 1) * (CW + 3) + 22
    pool_m = sum(1 for h in f["mushroom_holder"] if h == -1)
    pool_g = sum(1 for h in f["gnome_holder"] if h == -1)
    parts.append(
        text(
            12,
            height - 12,
            f"out of play, unseen: {pool_m} mushrooms, {pool_g} gnomes",
            10,
            anchor="start",
            fill="#566573",
        )
    )
    return svg(width, height, "".join(parts), "Gnomi table")


def _table_buttons(actions: Optional[Mapping[int, str]]) -> list[tuple[int, str]]:
    if not actions:
        return []
    out = []
    for a in sorted(actions):
        if COLOUR <= a < DONE:
            out.append((a, MUSHROOMS[a - COLOUR]))
        elif a == DONE:
            out.append((a, "done"))
        elif a == NO_REACTION:
            out.append((a, "no reaction"))
    return out
