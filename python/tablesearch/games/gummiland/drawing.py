"""Gummiland as SVG: the four piles (top tile face up, size, exotic tiles still inside), and for
every player the tiles in front, the Gummibox (known tiles in order, '?' for the unknown ones),
Gummiz and specials.

Read from the information state text of the viewer (``str(state)`` for everything), which holds
exactly what that seat knows, so the drawing cannot show more. Tiles are written as the game
writes them: "SS>L:2" costs two S fruit, gives an L reward and 2 Gummiz; "SAL:4" is a greedy tile
(no reward); "Taste:1" a starting tile; "=L" a Chewing gum copying L this turn; "*" used this turn.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Optional

from tablesearch.render._svg import INK, SEAT_COLOURS, clickable, el, svg, text, title

REWARDS = ["", "S", "A", "L", "M", "Taste", "Gum", "Exchange", "TidyUp", "Doublon", "Selection"]
FRUIT = {"S": "#e74c3c", "A": "#27ae60", "L": "#f1c40f", "M": "#8e44ad"}
SPECIAL_FILL = "#d6eaf8"
LEGEND = (
    "Four piles in the middle: the top tile face up (fruit it costs on the left, what it gives after '>', Gummiz "
    "in the star), the number of tiles under it, and the exotic regions still inside. Each player has tiles in "
    "front and a Gummibox: its next tiles out on the left, '?' for tiles nobody has seen. Click a pile's top tile "
    "to capture it, one of your tiles to use or pay with it; other choices are the buttons under the board."
)
TEXT_LEGEND = (
    "tiles read 'SS>L:2' (costs S S, gives L, 2 Gummiz), 'SAL:4' (a greedy tile: no reward), 'Taste:1' (a "
    "starting tile); '=L' after a Chewing gum is what it copies this turn; '*' marks tiles used this turn; "
    "a box lists its next tile out first, '?' for tiles nobody has seen."
)

TILE = re.compile(
    r"^(?P<cost>[SAL]*)(?P<arrow>>)?(?P<reward>[A-Za-z]*):(?P<gummiz>\d+)(?:=(?P<gum>\w+))?(?P<used>\*)?$"
)


@dataclass
class Tile:
    text: str
    cost: str = ""
    reward: str = ""
    gummiz: int = 0
    gum_as: str = ""
    used: bool = False
    known: bool = True

    @staticmethod
    def parse(word: str) -> Tile:
        if word == "?":
            return Tile("?", known=False)
        m = TILE.match(word)
        if not m:
            return Tile(word)
        return Tile(word, m["cost"], m["reward"], int(m["gummiz"]), m["gum"] or "", bool(m["used"]))

    @property
    def tile_class(self) -> int:
        """The game's tile class (actions 11 + class): the reward index, 11 for an active gum."""
        if self.reward == "Gum" and self.gum_as:
            return 11
        return REWARDS.index(self.reward) if self.reward in REWARDS else -1


@dataclass
class Pile:
    size: int = 0
    top: Optional[Tile] = None
    exotic: str = ""
    order: list[Tile] = field(default_factory=list)


@dataclass
class PlayerView:
    gummiz: int = 0
    specials: int = 0
    front: list[Tile] = field(default_factory=list)
    box: list[Tile] = field(default_factory=list)


@dataclass
class Table:
    header: str = ""
    decision: str = ""
    captures: str = ""
    piles: list[Pile] = field(default_factory=list)
    players: list[PlayerView] = field(default_factory=list)
    in_use: str = ""


def parse(info: str) -> Table:
    """The table from the game's text view (see gummiland_view.cc)."""
    table = Table()
    lines = info.splitlines()
    current: Optional[PlayerView] = None
    for line in lines:
        if line.startswith("Gummiland"):
            table.header = line
        elif line.startswith("Round "):
            table.decision = line.split("; ", 1)[-1]
        elif line.startswith("Captures left"):
            table.captures = line
        elif line.startswith("Pile "):
            body = line.split(": ", 1)[1]
            pile = Pile()
            if body != "empty":
                parts = body.split("; ")
                m = re.match(r"(\d+) tiles, top (\S+)", parts[0])
                if m:
                    pile.size, pile.top = int(m[1]), Tile.parse(m[2])
                for part in parts[1:]:
                    if part.startswith("exotic: "):
                        pile.exotic = part[len("exotic: ") :]
                    elif part.startswith("order (bottom first):"):
                        pile.order = [Tile.parse(w) for w in part.split(":", 1)[1].split()]
            table.piles.append(pile)
        elif line.startswith("Player "):
            m = re.match(r"Player \d+: (-?\d+) Gummiz, (\d+) specials", line)
            current = PlayerView(int(m[1]), int(m[2])) if m else PlayerView()
            table.players.append(current)
        elif line.startswith("  front:") and current is not None:
            words = line.split(":", 1)[1].split()
            current.front = [] if words == ["nothing"] else [Tile.parse(w) for w in words]
        elif line.startswith("  box (") and current is not None:
            current.box = [Tile.parse(w) for w in line.split(":", 1)[1].split()]
        elif line.startswith("In use: "):
            table.in_use = line[len("In use: ") :]
    return table


def _tile(x: float, y: float, tile: Tile, w: float = 58, h: float = 44, **extra: Any) -> str:
    if not tile.known:
        return el(
            "g",
            title("a tile nobody has seen")
            + el("rect", x=x, y=y, width=w, height=h, rx=5, fill="#5d6d7e", stroke=INK)
            + text(x + w / 2, y + h / 2, "?", 16, fill="#fff"),
            class_="ts-tile ts-hidden",
            **extra,
        )
    special = tile.reward not in ("", "S", "A", "L", "M")
    if w < 40:  # a small tile (in a box): reward and Gummiz only
        fill = SPECIAL_FILL if special else "#fef9e7"
        short = (tile.reward[:4] or "—") if tile.reward else "grd"
        return el(
            "g",
            title(f"tile {tile.text}")
            + el("rect", x=x, y=y, width=w, height=h, rx=4, fill=fill, stroke=INK)
            + text(x + w / 2, y + 11, short, 8, fill=FRUIT.get(tile.reward, INK), font_weight="bold")
            + text(x + w / 2, y + 23, f"{tile.gummiz}★", 8),
            class_="ts-tile",
            data_tile=tile.text,
            **extra,
        )
    fill = SPECIAL_FILL if special else "#fef9e7" if tile.cost else "#fdebd0"
    parts = [
        el(
            "rect",
            x=x,
            y=y,
            width=w,
            height=h,
            rx=5,
            fill=fill,
            stroke=INK,
            stroke_width=2 if tile.used else 1,
            stroke_dasharray="4 2" if tile.used else None,
        )
    ]
    for i, fruit in enumerate(tile.cost):
        parts.append(el("circle", cx=x + 8 + 9 * i, cy=y + 10, r=4, fill=FRUIT[fruit], stroke=INK, stroke_width=0.5))
    reward = tile.reward + (f"={tile.gum_as}" if tile.gum_as else "")
    if reward:
        colour = FRUIT.get(tile.reward, INK)
        parts.append(
            text(
                x + w / 2,
                y + 26,
                ("→ " if tile.cost else "") + reward,
                10 if len(reward) > 5 else 12,
                fill=colour if tile.reward in FRUIT else INK,
                font_weight="bold",
            )
        )
    else:
        parts.append(text(x + w / 2, y + 26, "greedy", 9, fill="#7f8c8d"))
    parts.append(
        el("circle", cx=x + w - 9, cy=y + 9, r=7, fill="#f9e79f", stroke="#b7950b")
        + text(x + w - 9, y + 9, str(tile.gummiz), 9, font_weight="bold")
    )
    if tile.used:
        parts.append(text(x + 6, y + h - 7, "used", 8, anchor="start", fill="#7f8c8d"))
    return el("g", title(f"tile {tile.text}") + "".join(parts), class_="ts-tile", data_tile=tile.text, **extra)


def draw(state: Any, viewer: Optional[int] = None, actions: Optional[Mapping[int, str]] = None) -> str:
    info = str(state) if viewer is None else state.information_state_string(viewer)
    table = parse(info)
    n = len(table.players)
    width = 900
    top = 200
    row_h = 128
    height = top + n * row_h + 20
    parts = [
        text(12, 16, table.decision, 13, anchor="start", font_weight="bold"),
        text(12, 34, table.captures, 11, anchor="start", fill="#566573"),
    ]
    if table.in_use:
        parts.append(text(420, 34, f"in use: {table.in_use}", 11, anchor="start"))
    for k, pile in enumerate(table.piles):
        x, y = 20 + k * 160, 56
        stack = "".join(
            el("rect", x=x + 4 * i, y=y + 4 * i, width=80, height=60, rx=6, fill="#d5dbdb", stroke="#aab7b8")
            for i in range(min(pile.size, 4) - 1, 0, -1)
        )
        label = f"pile {k}: {pile.size} tiles" + (f", exotic {pile.exotic}" if pile.exotic else "")
        content = stack
        if pile.top is not None:
            content += _tile(x, y, pile.top, 80, 60)
        else:
            content += el(
                "rect", x=x, y=y, width=80, height=60, rx=6, fill="none", stroke="#aab7b8", stroke_dasharray="4 3"
            )
        content += text(x + 40, y + 82, f"pile {k} · {pile.size}", 11)
        if pile.exotic:
            content += text(x + 40, y + 97, f"exotic: {pile.exotic}", 9, fill="#7d3c98")
        if pile.order:
            content += text(x + 40, y + 111, "order known", 9, fill="#1e8449")
        parts.append(el("g", title(label) + content, class_="ts-pile", data_pile=k, **clickable(actions, [1 + k])))
    for q, player in enumerate(table.players):
        y = top + q * row_h
        parts.append(
            el(
                "rect",
                x=6,
                y=y,
                width=width - 12,
                height=row_h - 8,
                rx=8,
                fill="#fff8e1" if q == viewer else "#f4f6f7",
                stroke=SEAT_COLOURS[q],
            )
        )
        name = f"P{q}" + (" (you)" if q == viewer else "")
        parts.append(
            el(
                "g",
                text(16, y + 16, name, 13, anchor="start", font_weight="bold", fill=SEAT_COLOURS[q])
                + text(16, y + 34, f"{player.gummiz} Gummiz", 11, anchor="start")
                + text(16, y + 50, f"{player.specials} specials", 11, anchor="start"),
                data_seat=q,
                **clickable(actions, [23 + q]),
            )
        )
        parts.append(text(110, y + 12, "in front", 9, anchor="start", fill="#566573"))
        for i, tile in enumerate(player.front):
            cls = tile.tile_class
            wanted = ([cls] if 5 <= cls <= 10 else []) + ([11 + cls] if cls >= 0 else [])
            parts.append(_tile(110 + (i % 12) * 62, y + 18 + (i // 12) * 48, tile, **clickable(actions, wanted)))
        box_x = 110
        box_y = y + 18 + 48 * ((len(player.front) - 1) // 12 + 1) + 14
        parts.append(text(box_x, box_y, f"box ({len(player.box)}), next out first:", 9, anchor="start", fill="#566573"))
        for i, tile in enumerate(player.box[:20]):
            parts.append(_tile(box_x + 130 + i * 34, box_y - 10, tile, 30, 30))
        if len(player.box) > 20:
            parts.append(text(box_x + 130 + 20 * 34 + 10, box_y + 5, f"+{len(player.box) - 20}", 10))
    return svg(width, height, "".join(parts), "Gummiland table")
