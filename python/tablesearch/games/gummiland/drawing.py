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

from tablesearch.games.description import description_of
from tablesearch.render._svg import INK, LAST, SEAT_TEXT, clickable, el, seat_panel, svg, text, title

# The rewards and action numbers, from the game's description (cpp/games/gummiland).
_GAME = description_of("gummiland")
REWARDS = _GAME.enum("reward")  # as tiles print them
SPECIALS = _GAME.enum("special")
ACTIVE_GUM = _GAME.constant("active gum")  # the tile class of a Chewing gum copying a fruit
PILE, USE, TILE_CLASS, PLAYER = (_GAME.action(name) for name in ("pile", "use special", "tile class", "player"))
SLIDE_PHASE = _GAME.enum("phase").index("slide")
FRUIT = {"S": "#b03a2e", "A": "#1a6e3d", "L": "#6e5a07", "M": "#6c3483"}  # text on any tile at 4.5:1 or more
FRUIT_NAMES = {"S": "strawberry", "A": "apple", "L": "lemon", "M": "any one fruit"}
GREY_TEXT = "#566573"
SPECIAL_FILL = "#d6eaf8"
LEGEND = (
    "Four piles at the top: the top tile face up (the fruits it costs as letters at its top left: S strawberry "
    "in red, A apple in green, L lemon in yellow-brown; what it gives after the arrow, M being any one fruit; "
    "its Gummiz in the yellow circle), the number of tiles in the pile, and the exotic regions still inside (+). "
    "Each player has tiles in front and a Gummibox: its next 6 tiles out first, '?' for tiles nobody has seen; "
    "a box tile shows its reward and its Gummiz if more than 1. Tiles paid and captured wait above the piles, "
    "numbered in the order they slide into the box (1 comes out first). The latest move is framed in orange (the pile "
    "captured from, the tile used, or the player)."
)
HOW_TO_PLAY = (
    "Click a pile's top tile to capture it (with a way to pay, if there are several), one of your tiles to use "
    "it; then slide the numbered tiles into your box as numbered with one button, or click them in the order "
    "you want. Ending the turn and other choices are buttons under the board."
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
        cost, reward = m["cost"], m["reward"]
        if not m["arrow"] and not reward and len(cost) == 1:  # a starting fruit tile ("S:1"), not a greedy one
            cost, reward = "", cost
        elif not m["arrow"] and cost + reward in REWARDS:  # a starting special tile: "Selection:1", not S + "election"
            cost, reward = "", cost + reward
        return Tile(word, cost, reward, int(m["gummiz"]), m["gum"] or "", bool(m["used"]))

    @property
    def tile_class(self) -> int:
        """The game's tile class (TILE_CLASS actions): the reward index, ACTIVE_GUM for an active gum."""
        if self.reward == "Gum" and self.gum_as:
            return int(ACTIVE_GUM)
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


def _tile(x: float, y: float, tile: Tile, w: float = 64, h: float = 48, **extra: Any) -> str:
    latest = extra.pop("latest", False)
    ring = (
        el("rect", x=x - 3, y=y - 3, width=w + 6, height=h + 6, rx=7, fill="none", stroke=LAST, stroke_width=3)
        if latest
        else ""
    )
    cls = "ts-tile ts-last" if latest else "ts-tile"
    if not tile.known:
        return el(
            "g",
            title("a tile nobody has seen")
            + el("rect", x=x, y=y, width=w, height=h, rx=5, fill="#5d6d7e", stroke=INK)
            + text(x + w / 2, y + h / 2, "?", 16, fill="#fff", font_weight="bold"),
            class_=cls + " ts-hidden",
            **extra,
        )
    special = tile.reward not in ("", "S", "A", "L", "M")
    if h < 40:  # a low tile (in a box): its reward, in full, and its Gummiz unless 1 (every starting tile's)
        fill = SPECIAL_FILL if special else "#fef9e7"
        name = shown_reward(tile.reward) or "greedy"
        return el(
            "g",
            title(tile_words(tile))
            + el("rect", x=x, y=y, width=w, height=h, rx=4, fill=fill, stroke=INK)
            + text(
                x + (w - (12 if tile.gummiz != 1 else 0)) / 2,
                y + h / 2,
                name,
                12,
                fill=FRUIT.get(tile.reward, INK),
                font_weight="bold",
            )
            + (text(x + w - 7, y + h / 2, str(tile.gummiz), 12, fill=FRUIT["L"]) if tile.gummiz != 1 else "")
            + ring,
            class_=cls,
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
    for i, fruit in enumerate(tile.cost):  # letters, not colour alone, say the fruits
        parts.append(text(x + 5 + 9 * i, y + 10, fruit, 12, anchor="start", fill=FRUIT[fruit], font_weight="bold"))
    reward = shown_reward(tile.reward) + (f"={tile.gum_as}" if tile.gum_as else "")
    if reward:
        arrow = "→ " if tile.cost and len(reward) <= 5 else ""
        colour = FRUIT.get(tile.reward, INK) if tile.reward in FRUIT else INK
        parts.append(
            text(x + w / 2, y + 27, arrow + reward, 13 if len(reward) <= 5 else 12, fill=colour, font_weight="bold")
        )
    else:
        parts.append(text(x + w / 2, y + 27, "greedy", 12, fill=GREY_TEXT))
    parts.append(
        el("circle", cx=x + w - 10, cy=y + 10, r=8, fill="#f9e79f", stroke="#b7950b")
        + text(x + w - 10, y + 10, str(tile.gummiz), 12, font_weight="bold")
    )
    if tile.used:
        parts.append(text(x + 5, y + h - 8, "used", 12, anchor="start", fill=GREY_TEXT))
    return el("g", title(tile_words(tile)) + "".join(parts) + ring, class_=cls, data_tile=tile.text, **extra)


def tile_words(tile: Tile) -> str:
    """A tile read out: "a tile; costs strawberry, apple; gives lemon; 2 Gummiz"."""
    if not tile.known:
        return "a tile nobody has seen"
    parts = ["a tile"]
    if tile.cost:
        parts.append("costs " + ", ".join(FRUIT_NAMES[f] for f in tile.cost))
    gives = FRUIT_NAMES.get(tile.reward, shown_reward(tile.reward)) if tile.reward else "no reward (greedy)"
    copies = FRUIT_NAMES.get(tile.gum_as, shown_reward(tile.gum_as))
    parts.append(f"gives {gives}" + (f", copying {copies} this turn" if tile.gum_as else ""))
    parts.append(f"{tile.gummiz} Gummiz" + (", used this turn" if tile.used else ""))
    return "; ".join(parts)


WIDTH = 440
FRONT_PER_LINE = 6  # tiles in front, per line
BOX_PER_LINE = 6  # low tiles of a box, per line (wide enough for "Selection" at 12 units)
BOX_SHOWN = 6  # box tiles drawn, the next out first (the rest are counted)


def shown_reward(short: str) -> str:
    """A reward as a tile shows it: its fruit's letter (the legend's), a special's name ("Tidy Up";
    the game prints "TidyUp"), Chewing gum as "Gum"."""
    return {"TidyUp": "Tidy Up"}.get(short, short)


def _latest(last: Optional[tuple[int, int]]) -> tuple[Optional[int], Optional[int], Optional[int]]:
    """(pile, tile class, seat) that the latest move named: a capture's pile, the class of a tile
    paid, slid, copied or exchanged (among the mover's tiles), or else the mover or the target."""
    if last is None:
        return None, None, None
    player, action = last
    if action in PILE:
        return PILE.item(action), None, None
    if action in TILE_CLASS:
        return None, TILE_CLASS.item(action), player
    if action in PLAYER:
        return None, None, PLAYER.item(action)
    return None, None, player


def _actions_of_class(cls: int) -> list[int]:
    """The actions that name a tile of class `cls` in front: using its special, and the class."""
    special = REWARDS[cls] if 0 <= cls < len(REWARDS) else ""
    return ([USE[SPECIALS.index(special)]] if special in SPECIALS else []) + ([TILE_CLASS[cls]] if cls >= 0 else [])


def _wrap(words: str, limit: int) -> list[str]:
    lines = [""]
    for word in words.split(" "):
        if lines[-1] and len(lines[-1]) + 1 + len(word) > limit:
            lines.append(word)
        else:
            lines[-1] = f"{lines[-1]} {word}".strip()
    return lines


def _piles_from_one(text: str) -> str:
    """The game's text with its piles counted from 1, as the page counts them."""
    return re.sub(r"\bpile (\d)", lambda m: f"pile {int(m[1]) + 1}", text)


def draw(
    state: Any,
    viewer: Optional[int] = None,
    actions: Optional[Mapping[int, str]] = None,
    last: Optional[tuple[int, int]] = None,
) -> str:
    info = str(state) if viewer is None else state.information_state_string(viewer)
    table = parse(info)
    latest_pile, latest_class, latest_seat = _latest(last)
    parts = []
    y = 16.0
    for k, line in enumerate(_wrap(_piles_from_one(table.decision), 58)):
        parts.append(text(12, y, line, 13, anchor="start", font_weight="bold" if k == 0 else None))
        y += 18
    parts.append(text(12, y, table.captures, 12, anchor="start", fill=GREY_TEXT))
    y += 18
    if table.in_use:
        parts.append(text(12, y, f"in use: {table.in_use}", 12, anchor="start"))
        y += 18
    to_slide = sliding(state, table)
    if to_slide:
        parts.append(_slide_row(y, to_slide, actions))
        y += 84
    y = _piles(parts, table.piles, y, latest_pile, actions)
    for q, player in enumerate(table.players):
        inner, bottom = _player_band(player, q, y, viewer, (latest_seat, latest_class), bool(to_slide), actions)
        parts.append(seat_panel(y, WIDTH, bottom - y + 6, q, viewer))
        parts.extend(inner)
        y = bottom + 12
    return svg(WIDTH, y + 4, "".join(parts), "Gummiland table")


def _piles(
    parts: list[str], piles: list[Pile], y: float, latest: Optional[int], actions: Optional[Mapping[int, str]]
) -> float:
    """The piles side by side from y on (a stack, the top tile, its size and exotic regions under
    it); returns the y below them."""
    lines_below = 0
    for k, pile in enumerate(piles):
        x = 12 + k * 106
        stack = "".join(
            el("rect", x=x + 4 * i, y=y + 4 * i, width=80, height=60, rx=6, fill="#d5dbdb", stroke="#aab7b8")
            for i in range(min(pile.size, 4) - 1, 0, -1)
        )
        label = f"pile {k + 1}: {pile.size} tiles" + (f", exotic {pile.exotic}" if pile.exotic else "")
        content = stack
        if pile.top is not None:
            content += _tile(x, y, pile.top, 80, 60, latest=k == latest)
        else:
            content += el(
                "rect", x=x, y=y, width=80, height=60, rx=6, fill="none", stroke="#aab7b8", stroke_dasharray="4 3"
            )
        below = [f"pile {k + 1} · {pile.size}"]
        below += [f"+ {region}" for region in pile.exotic.split(",") if region]
        if pile.order:
            below.append("order known")
        for i, line in enumerate(below):
            colour = INK if i == 0 else "#1e6b3a" if line == "order known" else "#6c3483"
            content += text(x + 40, y + 80 + 15 * i, line, 12, fill=colour)
        lines_below = max(lines_below, len(below))
        parts.append(el("g", title(label) + content, class_="ts-pile", data_pile=k, **clickable(actions, [PILE[k]])))
    return y + 80 + 15 * lines_below + 6


def _player_band(
    player: PlayerView,
    q: int,
    top: float,
    viewer: Optional[int],
    latest: tuple[Optional[int], Optional[int]],
    slide_phase: bool,
    actions: Optional[Mapping[int, str]],
) -> tuple[list[str], float]:
    """Player q's band from `top`: name, Gummiz and specials, tiles in front, the box; with the
    y where the band's content ends. `latest`: the seat and tile class the latest move named;
    `slide_phase`: tiles wait above the piles to slide in (then these tiles are only used)."""
    latest_seat, latest_class = latest
    inner: list[str] = []
    name = f"P{q}" + (" (you)" if q == viewer else "")
    # The score at the right edge: a page names the seat in full ("Medium AI (seat 3)").
    head = text(14, top + 15, name, 14, anchor="start", font_weight="bold", fill=SEAT_TEXT[q]) + text(
        WIDTH - 14, top + 15, f"{player.gummiz} Gummiz · {player.specials} specials", 12, anchor="end"
    )
    if q == latest_seat and latest_class is None:
        head += el(
            "rect",
            x=8,
            y=top + 3,
            width=9 * len(name) + 12,
            height=24,
            rx=6,
            fill="none",
            stroke=LAST,
            stroke_width=3,
            class_="ts-last",
        )
    inner.append(el("g", head, data_seat=q, **clickable(actions, [PLAYER[q]])))
    ty = top + 36
    if player.front:
        inner.append(text(12, ty, "in front:", 12, anchor="start", fill=GREY_TEXT))
        marked = False
        for i, tile in enumerate(player.front):
            cls = tile.tile_class
            # In the slide phase the numbered tiles above the piles slide; these are only used.
            wanted = [a for a in _actions_of_class(cls) if not slide_phase or a not in TILE_CLASS]
            mark = q == latest_seat and cls == latest_class and not marked
            marked = marked or mark
            row, col = divmod(i, FRONT_PER_LINE)
            inner.append(_tile(12 + col * 68, ty + 10 + row * 54, tile, latest=mark, **clickable(actions, wanted)))
        ty += 10 + ((len(player.front) - 1) // FRONT_PER_LINE + 1) * 54 + 8
    else:
        inner.append(text(12, ty, "nothing in front", 12, anchor="start", fill=GREY_TEXT))
        ty += 14
    inner.append(text(12, ty, f"box ({len(player.box)}), next out first:", 12, anchor="start", fill=GREY_TEXT))
    for i, tile in enumerate(player.box[:BOX_SHOWN]):
        row, col = divmod(i, BOX_PER_LINE)
        inner.append(_tile(12 + col * 68, ty + 10 + row * 34, tile, 64, 30))
    shown = min(len(player.box), BOX_SHOWN)
    ty += 10 + (((shown - 1) // BOX_PER_LINE + 1) * 34 if shown else 0)
    if len(player.box) > BOX_SHOWN:
        inner.append(text(12, ty + 6, f"and {len(player.box) - BOX_SHOWN} more", 12, anchor="start"))
        ty += 16
    return inner, ty


def sliding(state: Any, table: Table) -> list[Tile]:
    """The tiles waiting to slide into the mover's box, in the order listed (empty outside that
    decision)."""
    if state.is_terminal() or int(state.fields()["phase"]) != SLIDE_PHASE or ": " not in table.decision:
        return []
    return [Tile.parse(word) for word in table.decision.rsplit(": ", 1)[1].split()]


def _slide_row(y: float, tiles: list[Tile], actions: Optional[Mapping[int, str]]) -> str:
    """The tiles to slide in, numbered in the order the one-button choice slides them (1 comes out
    of the box first); a click on one slides it in next."""
    parts = [text(12, y + 2, "into the box in this order (1 comes out first), or click the next:", 12, anchor="start")]
    for i, tile in enumerate(tiles):
        x = 12 + i * 70
        parts.append(
            el(
                "g",
                _tile(x, y + 14, tile)
                + el("circle", cx=x + 6, cy=y + 58, r=9, fill="#fff", stroke=INK)
                + text(x + 6, y + 58, str(i + 1), 12, font_weight="bold"),
                class_="ts-sliding",
                data_order=i + 1,
                **clickable(actions, [TILE_CLASS[tile.tile_class]] if tile.tile_class >= 0 else []),
            )
        )
    return "".join(parts)


def ending(state: Any) -> str:
    """The Gummiz of each player (and the specials, where Gummiz tie)."""
    players = parse(str(state)).players
    gummiz = ", ".join(f"P{q} {p.gummiz} Gummiz" for q, p in enumerate(players))
    best = max(p.gummiz for p in players)
    if sum(p.gummiz == best for p in players) > 1:
        gummiz += "; tied on Gummiz, then specials: " + ", ".join(f"P{q} {p.specials}" for q, p in enumerate(players))
    return gummiz
