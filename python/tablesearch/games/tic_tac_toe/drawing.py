"""Tic-tac-toe as SVG: the 3x3 grid from the observation (actions are cells 0-8, X moves first), its
rows and columns numbered 1-3 as the moves name them; and its moves and ending in players' words:
"X in row 2, column 3" (the native move names count from 0: x(1,2))."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Optional

from tablesearch.games.description import description_of
from tablesearch.render._svg import INK, LAST, SEAT_COLOURS, clickable, el, svg, text, title
from tablesearch.render.moves import seat_name

# The board's size, its lines and the planes of the observation, from the game's description
# (cpp/games/tic_tac_toe).
_GAME = description_of("tic_tac_toe")
SIDE = _GAME.constant("rows")
CELLS = _GAME.action("cell")  # cell i, row by row

LEGEND = (
    "X moves first (seat 1), O second (seat 2). Moves name a cell by its row and column, numbered 1-3 beside "
    "the board. The latest move has an orange frame; a line marks the win."
)
HOW_TO_PLAY = "Click an empty cell to play there."
TEXT_LEGEND = "rows top to bottom: x player 0, o player 1, . empty; cells are numbered 0-8 row by row."

LINES = [tuple(row["cells"]) for row in _GAME.table("lines")]
CELL = 90
PAD = 15
MARGIN = 22  # the row numbers on the left, the column numbers on top


def board(state: Any) -> list[int]:
    """Cell owners (-1 empty), read from the observation's plane of each player's marks."""
    planes = state.observation_tensor(0).ravel()
    cells = [-1] * CELLS.count
    for player in range(2):
        for cell, mark in enumerate(planes[_GAME.observation(f"player {player}").span()]):
            if mark > 0:
                cells[cell] = player
    return cells


def winning_line(cells: list[int]) -> Optional[tuple[int, int, int]]:
    for line in LINES:
        a, b, c = (cells[i] for i in line)
        if a >= 0 and a == b == c:
            return line
    return None


def _centre(cell: int) -> tuple[float, float]:
    return MARGIN + PAD + (cell % SIDE + 0.5) * CELL, MARGIN + PAD + (cell // SIDE + 0.5) * CELL


MARKS = "XO"  # seat 0's mark, seat 1's


def cell_name(cell: int) -> str:
    """ "row 2, column 3" for cell 5: players count rows and columns from 1."""
    return f"row {cell // SIDE + 1}, column {cell % SIDE + 1}"


def action_name(state: Any, action: int) -> str:
    return cell_name(CELLS.item(action))


def describe_move(before: Any, player: int, action: int, viewer: Optional[int]) -> str:
    """ "P0 puts an X in row 2, column 3"."""
    return f"{seat_name(player)} puts an {MARKS[player]} in {action_name(before, action)}"


def line_name(line: tuple[int, int, int]) -> str:
    """ "row 2", "column 1", "the diagonal from the top left" or "... from the top right"."""
    a, b, _ = line
    if b - a == 1:
        return f"row {a // SIDE + 1}"
    if b - a == SIDE:
        return f"column {a % SIDE + 1}"
    return "the diagonal from the top left" if a == 0 else "the diagonal from the top right"


def _mark(cell: int, owner: int) -> str:
    x, y = _centre(cell)
    r = CELL * 0.3
    colour = SEAT_COLOURS[owner]
    if owner == 0:
        return el(
            "line", x1=x - r, y1=y - r, x2=x + r, y2=y + r, stroke=colour, stroke_width=9, stroke_linecap="round"
        ) + el("line", x1=x - r, y1=y + r, x2=x + r, y2=y - r, stroke=colour, stroke_width=9, stroke_linecap="round")
    return el("circle", cx=x, cy=y, r=r, fill="none", stroke=colour, stroke_width=9)


def draw(
    state: Any,
    viewer: Optional[int] = None,
    actions: Optional[Mapping[int, str]] = None,
    last: Optional[tuple[int, int]] = None,
) -> str:
    cells = board(state)
    latest = CELLS.item(last[1]) if last else None
    parts = []
    for k in range(SIDE):
        parts.append(text(MARGIN + PAD + (k + 0.5) * CELL, MARGIN / 2 + 6, str(k + 1), 13, fill="#555"))
        parts.append(text(MARGIN / 2 + 4, MARGIN + PAD + (k + 0.5) * CELL, str(k + 1), 13, fill="#555"))
    for cell in range(CELLS.count):
        x, y = MARGIN + PAD + (cell % SIDE) * CELL, MARGIN + PAD + (cell // SIDE) * CELL
        owner = "empty" if cells[cell] < 0 else MARKS[cells[cell]]
        parts.append(
            el(
                "rect",
                title(f"{cell_name(cell)}: {owner}" + (" (the latest move)" if cell == latest else "")),
                x=x + 2,
                y=y + 2,
                width=CELL - 4,
                height=CELL - 4,
                rx=6,
                fill="#fff",
                stroke=LAST if cell == latest else "#ccc",
                stroke_width=4 if cell == latest else None,
                class_="ts-last" if cell == latest else None,
                data_cell=cell,
                **clickable(actions, [CELLS[cell]]),
            )
        )
        if cells[cell] >= 0:
            parts.append(_mark(cell, cells[cell]))
    line = winning_line(cells)
    if line:
        (x1, y1), (x2, y2) = _centre(line[0]), _centre(line[2])
        parts.append(
            el(
                "line",
                title("three in a row"),
                x1=x1,
                y1=y1,
                x2=x2,
                y2=y2,
                stroke=INK,
                stroke_width=5,
                stroke_linecap="round",
                opacity=0.7,
                class_="ts-deciding",
            )
        )
    size = MARGIN + 2 * PAD + SIDE * CELL
    parts.append(text(size / 2, size + 12, _status(state, line, cells), 13))
    return svg(size, size + 26, "".join(parts), "tic-tac-toe board")


def ending(state: Any) -> str:
    """Three in a row (and where), or a full board."""
    cells = board(state)
    line = winning_line(cells)
    if line is None:
        return "the board is full with no three in a row"
    return f"three in a row for {MARKS[cells[line[0]]]}: {line_name(line)}"


def _status(state: Any, line: Optional[tuple[int, int, int]], cells: list[int]) -> str:
    if line:
        return f"{MARKS[cells[line[0]]]} wins"
    if state.is_terminal():
        return "draw"
    return f"{MARKS[state.current_player()]} to move"
