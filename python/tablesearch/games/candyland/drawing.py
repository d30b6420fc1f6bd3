"""Candy Land as SVG: the 134-space track winding up the board, its six picture spaces, the
shortcuts, the three sticky spaces, the pieces and the draw pile.

The board data comes from the game's description (tablesearch.games.description); positions,
the draw pile and the turn from the observation tensor, read by the layout it declares.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Optional

from tablesearch.games.description import description_of
from tablesearch.render._svg import INK, LAST, SEAT_COLOURS, clickable, el, ink_on, svg, text, title

# The board and the cards, from the game's description (cpp/games/candyland/candyland_data.h).
_GAME = description_of("candyland")
TRACK = _GAME.constant("track")  # cells 1..134, a colour letter each; K = picture (pink)
COLOUR_NAMES = dict(zip(_GAME.constant("colour letters"), _GAME.enum("colour")))
_LETTERS = {name: letter for letter, name in COLOUR_NAMES.items()}
COLOURS = {  # how the drawing paints each colour, by its letter
    "R": "#e74c3c",
    "P": "#8e44ad",
    "Y": "#f1c40f",
    "B": "#3498db",
    "O": "#e67e22",
    "G": "#27ae60",
    "K": "#f8a5c2",
}
PICTURES = {row["cell"]: (row["character"], row["picture"]) for row in _GAME.table("pictures")}
SHORTCUTS = {row["entry"]: (row["exit"], row["name"]) for row in _GAME.table("shortcuts")}
STICKY = {row["cell"]: (_LETTERS[row["colour"]], row["name"]) for row in _GAME.table("sticky")}
CARDS = _GAME.table("cards")
CARD_NAMES = [card["picture"] or ("double " if card["double"] else "") + card["colour"] for card in CARDS]
CASTLE = _GAME.constant("castle")
NUM_CELLS = CASTLE + 1
PER_ROW = 10
CELL = 38
PAD = 20
TOP = 86  # room for the status line and the castle above the track

LEGEND = (
    "The track winds up from GO (the start, bottom left) to the Candy Castle (top); every tenth space is "
    "numbered. Pink spaces with a picture are the picture cards' spaces; dashed arcs are the shortcuts (taken "
    "only by landing on their start); spaces with a thick black border and a dot are sticky: a piece there waits "
    "for a card of that space's colour. The piece that moved last has an orange ring. Under the board: the cards "
    "left in the draw pile."
)
HOW_TO_PLAY = (
    "Drawing is your only move, so it is played for you; untick 'play moves that leave no choice for me' to "
    "click 'draw' yourself."
)
TEXT_LEGEND = (
    "seat N: the space each piece is on (0 is START, 134 the last space before the Castle), with its colour; "
    "the draw pile lists the cards left (R P Y B O G single, RR ... double, then the picture cards)."
)


def cell_xy(cell: int) -> tuple[float, float]:
    """Centre of a track cell: rows of PER_ROW from the bottom, alternating direction."""
    row, k = divmod(cell, PER_ROW)
    col = k if row % 2 == 0 else PER_ROW - 1 - k
    rows = (NUM_CELLS + PER_ROW - 1) // PER_ROW
    return PAD + (col + 0.5) * CELL, TOP + (rows - 1 - row + 0.5) * CELL


def cell_colour(cell: int) -> str:
    """'R', 'P', ... 'K' (picture), or '' for START."""
    return TRACK[cell - 1] if cell >= 1 else ""


def _picture(kind: str, x: float, y: float) -> str:
    """A small drawing of a picture space's sweet."""
    if kind == "plum":
        return el("circle", cx=x, cy=y + 2, r=8, fill="#6c3483") + el(
            "path", d=f"M{x} {y - 6} q4 -6 8 -4", stroke="#27ae60", stroke_width=2, fill="none"
        )
    if kind == "candy cane":
        return el(
            "path", d=f"M{x - 3} {y + 10} L{x - 3} {y - 4} a5 5 0 0 1 10 0", stroke="#fff", stroke_width=5, fill="none"
        ) + el(
            "path",
            d=f"M{x - 3} {y + 10} L{x - 3} {y - 4} a5 5 0 0 1 10 0",
            stroke="#c0392b",
            stroke_width=5,
            fill="none",
            stroke_dasharray="3 3",
        )
    if kind == "gumdrop":
        return el(
            "path",
            d=f"M{x - 9} {y + 8} Q{x - 9} {y - 10} {x} {y - 10} Q{x + 9} {y - 10} {x + 9} {y + 8} Z",
            fill="#e84393",
            stroke="#fff",
            stroke_width=1.5,
        )
    if kind == "nut":
        return el("ellipse", cx=x, cy=y, rx=7, ry=10, fill="#a0522d", stroke="#5d2e0f", stroke_width=1.5)
    if kind == "lollipop":
        return el("line", x1=x, y1=y, x2=x, y2=y + 13, stroke="#fff", stroke_width=2.5) + el(
            "circle", cx=x, cy=y - 3, r=8, fill="#ff7675", stroke="#fff", stroke_width=2
        )
    # snowflake
    return "".join(
        el("line", x1=x - 9 * dx, y1=y - 9 * dy, x2=x + 9 * dx, y2=y + 9 * dy, stroke="#fff", stroke_width=2.5)
        for dx, dy in ((1, 0), (0.5, 0.87), (-0.5, 0.87))
    )


def _positions(state: Any) -> tuple[list[int], list[float], int, bool]:
    """(cell per seat, cards left per kind, seat to move or -1, drawing now) from the tensor."""
    n = state.get_game().num_players()
    obs = [float(v) for v in state.observation_tensor(0).reshape(-1)]
    layout = description_of(state.get_game())
    blocks = [obs[layout.observation("cell").span(p)] for p in range(n)]
    cells = [max(range(NUM_CELLS), key=block.__getitem__) for block in blocks]
    pile = obs[layout.observation("draw pile").span()]
    turn = next((p for p, flag in enumerate(obs[layout.observation("turn").span()]) if flag > 0), -1)
    return cells, pile, turn, obs[layout.observation("drawing").span()][0] > 0


def draw(
    state: Any,
    viewer: Optional[int] = None,
    actions: Optional[Mapping[int, str]] = None,
    last: Optional[tuple[int, int]] = None,
) -> str:
    cells, pile, turn, drawing = _positions(state)
    rows = (NUM_CELLS + PER_ROW - 1) // PER_ROW
    width = 2 * PAD + PER_ROW * CELL
    height = TOP + rows * CELL + 170  # the draw pile's six rows end 158 below the track
    parts = _track() + _shortcuts() + [_castle()]
    parts += _pieces(cells, turn, last[0] if last else None, state.is_terminal())
    y0 = TOP + rows * CELL + 16
    parts += _pile(pile, y0)
    parts.append(text(width / 2, 16, _status(state, cells, turn, drawing), 14, font_weight="bold"))
    if actions:
        parts.append(
            el(
                "g",
                el("rect", x=width - PAD - 90, y=y0 - 16, width=90, height=30, rx=6, fill="#fff", stroke=INK)
                + text(width - PAD - 45, y0 - 1, "draw", 14, font_weight="bold"),
                data_button="draw",
                **clickable(actions, list(actions)),
            )
        )
    return svg(width, height, "".join(parts), "Candy Land board")


def _track() -> list[str]:
    """The path behind the cells (so the winding reads as one track), then every cell."""
    points = " ".join(f"{x:.0f},{y:.0f}" for x, y in (cell_xy(c) for c in range(NUM_CELLS)))
    parts = [
        el("polyline", points=points, fill="none", stroke="#e8d9b5", stroke_width=CELL * 0.9, stroke_linejoin="round")
    ]
    for cell in range(NUM_CELLS):
        parts.append(_cell(cell))
    return parts


def _cell(cell: int) -> str:
    """One space: its colour, picture, sticky mark and number (every tenth), with a title."""
    x, y = cell_xy(cell)
    s = CELL - 6
    if cell == 0:
        return el(
            "rect", title("START"), x=x - s / 2, y=y - s / 2, width=s, height=s, rx=6, fill="#fff", stroke=INK
        ) + text(x, y - 7, "GO", 12, font_weight="bold")
    letter = cell_colour(cell)
    sticky = STICKY.get(cell)
    label = f"space {cell}: {COLOUR_NAMES[letter]}"
    if cell in PICTURES:
        label += f", {PICTURES[cell][0]} ({PICTURES[cell][1]})"
    if sticky:
        label += f"; sticky ({sticky[1]}): a piece here waits for a {COLOUR_NAMES[sticky[0]]} card"
    if cell in SHORTCUTS:
        label += f"; shortcut ({SHORTCUTS[cell][1]}) to space {SHORTCUTS[cell][0]}"
    out = el(
        "rect",
        title(label),
        x=x - s / 2,
        y=y - s / 2,
        width=s,
        height=s,
        rx=6,
        fill=COLOURS[letter],
        stroke=INK if sticky else "#fff",
        stroke_width=4 if sticky else 1.5,
        data_cell=cell,
        class_="ts-sticky" if sticky else None,
    )
    if cell in PICTURES:
        out += _picture(PICTURES[cell][1], x, y)
    if sticky:
        out += el("circle", cx=x, cy=y, r=5, fill=INK) + el("circle", cx=x, cy=y, r=2, fill="#fff")
    if cell % 10 == 0:
        out += text(
            x,
            y - s / 2 + 7,
            str(cell),
            12,
            fill="#fff",
            font_weight="bold",
            stroke=INK,
            stroke_width=2.5,
            paint_order="stroke",
        )
    return out


def _shortcuts() -> list[str]:
    parts = []
    for start, (end, name) in SHORTCUTS.items():
        (x1, y1), (x2, y2) = cell_xy(start), cell_xy(end)
        parts.append(
            el(
                "path",
                title(f"{name}: space {start} to {end}"),
                d=f"M{x1:.0f} {y1:.0f} Q{(x1 + x2) / 2 + 60:.0f} {(y1 + y2) / 2:.0f} {x2:.0f} {y2:.0f}",
                fill="none",
                stroke="#8e44ad",
                stroke_width=3,
                stroke_dasharray="6 4",
                opacity=0.8,
            )
        )
    return parts


def _castle() -> str:
    """The castle above the last space."""
    cx, _ = cell_xy(CASTLE)
    return el(
        "g",
        title("the Candy Castle")
        + el("rect", x=cx - 26, y=TOP - 52, width=52, height=34, fill="#fd79a8", stroke=INK)
        + el("path", d=f"M{cx - 26} {TOP - 52} l8 -10 l8 10 l10 -12 l10 12 l8 -10 l8 10", fill="#fd79a8", stroke=INK)
        + text(cx, TOP - 35, "Castle", 12, font_weight="bold"),
    )


def _pieces(cells: list[int], turn: int, moved: Optional[int], over: bool) -> list[str]:
    """One disc per seat, side by side when they share a space."""
    parts = []
    for p, cell in enumerate(cells):
        x, y = cell_xy(cell)
        sharing = [q for q, c in enumerate(cells) if c == cell]
        k, m = sharing.index(p), len(sharing)
        dx = (k - (m - 1) / 2) * 9
        won = over and cell == CASTLE
        if p == moved:
            parts.append(el("circle", cx=x + dx, cy=y + 4, r=15, fill="none", stroke=LAST, stroke_width=4))
        parts.append(
            el(
                "circle",
                title(
                    f"player {p}: space {cell}" + (" (won)" if won else "") + (" (moved last)" if p == moved else "")
                ),
                cx=x + dx,
                cy=y + 4,
                r=11,
                fill=SEAT_COLOURS[p],
                stroke="#fff" if p != turn else INK,
                stroke_width=3,
                class_="ts-piece ts-last" if p == moved else "ts-piece",
                data_seat=p,
            )
        )
        parts.append(text(x + dx, y + 4, str(p), 12, fill=ink_on(SEAT_COLOURS[p]), font_weight="bold"))
    return parts


def _pile(pile: list[float], y0: float) -> list[str]:
    """The cards left in the draw pile, by kind."""
    parts = [text(PAD, y0, f"draw pile: {int(sum(pile))} cards", 13, anchor="start", font_weight="bold")]
    for kind, card in enumerate(CARDS):
        col, row = divmod(kind, 6)
        x, y = PAD + col * 136, y0 + 24 + row * 22
        colour = COLOURS[_LETTERS[card["colour"]]]
        single = not card["double"] and not card["picture"]
        chip = el("rect", x=x, y=y - 8, width=14 if single else 7, height=16, rx=2, fill=colour)
        if card["double"]:
            chip += el("rect", x=x + 8, y=y - 8, width=7, height=16, rx=2, fill=colour)
        parts.append(chip + text(x + 19, y, f"{CARD_NAMES[kind]} {int(pile[kind])}", 12, anchor="start"))
    return parts


def ending(state: Any) -> str:
    """Who reached the Candy Castle first (or the ply cap)."""
    return _status(state, _positions(state)[0], -1, False)


def _status(state: Any, cells: list[int], turn: int, drawing: bool) -> str:
    if state.is_terminal():
        winners = [p for p, c in enumerate(cells) if c == CASTLE]
        return f"P{winners[0]} reached the Candy Castle" if winners else "the ply cap is reached: a draw"
    return f"P{turn} " + ("draws a card" if drawing else "to draw")


def consequences(before: Any, after: Any, player: int, action: int, viewer: Optional[int]) -> list[str]:
    """Where the card sent the piece that drew it: "P0 moves from space 5 to 59 (Rainbow Trail)",
    "P1 stays stuck on 48 (Gooey Gumdrops)", "P2 reaches the Candy Castle"."""
    if player >= 0:
        return []  # the draw itself; the card (a chance outcome) moves the piece
    was, now = _positions(before)[0], _positions(after)[0]
    moved = [p for p in range(len(was)) if was[p] != now[p]]
    mover = moved[0] if moved else _positions(before)[2]  # nobody moved: the drawer is stuck
    if not 0 <= mover < len(was):
        return []
    start, end = was[mover], now[mover]
    if end == CASTLE:
        return [f"P{mover} reaches the Candy Castle"]
    if end == start:
        sticky = STICKY.get(start)
        return [f"P{mover} stays stuck on {start} ({sticky[1]})" if sticky else f"P{mover} stays on {start}"]
    place = f"{end} ({COLOUR_NAMES[cell_colour(end)]}" + (f", {PICTURES[end][0]})" if end in PICTURES else ")")
    trail = next((name for s, (e, name) in SHORTCUTS.items() if e == end and start < s), None)
    if trail:
        place += f" by the {trail}"
    elif end in STICKY:
        place += f": sticky, {STICKY[end][1]}"
    return [f"P{mover} moves {'back ' if end < start else ''}from {start} to {place}"]
