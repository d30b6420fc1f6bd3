"""Tic-tac-toe as SVG: the 3x3 grid from the history (actions are cells 0-8, x moves first)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Optional

from tablesearch.render._svg import INK, LAST, SEAT_COLOURS, clickable, el, svg, text, title

LEGEND = "x is player 0 (moves first), o is player 1. The latest move has an orange frame; a line marks the win."
HOW_TO_PLAY = "Click an empty cell to play there."
TEXT_LEGEND = "rows top to bottom: x player 0, o player 1, . empty; cells are numbered 0-8 row by row."

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
CELL = 90
PAD = 15


def board(state: Any) -> list[int]:
    """Cell owners (-1 empty) from the history: every action is a cell, players alternate."""
    cells = [-1] * 9
    for ply, action in enumerate(state.history()):
        cells[action] = ply % 2
    return cells


def winning_line(cells: list[int]) -> Optional[tuple[int, int, int]]:
    for line in LINES:
        a, b, c = (cells[i] for i in line)
        if a >= 0 and a == b == c:
            return line
    return None


def _centre(cell: int) -> tuple[float, float]:
    return PAD + (cell % 3 + 0.5) * CELL, PAD + (cell // 3 + 0.5) * CELL


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
    latest = last[1] if last else None
    parts = []
    for cell in range(9):
        x, y = PAD + (cell % 3) * CELL, PAD + (cell // 3) * CELL
        parts.append(
            el(
                "rect",
                title(f"cell {cell}" + (" (the latest move)" if cell == latest else "")),
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
                **clickable(actions, [cell]),
            )
        )
        if cells[cell] >= 0:
            parts.append(_mark(cell, cells[cell]))
    line = winning_line(cells)
    if line:
        (x1, y1), (x2, y2) = _centre(line[0]), _centre(line[2])
        parts.append(
            el("line", x1=x1, y1=y1, x2=x2, y2=y2, stroke=INK, stroke_width=5, stroke_linecap="round", opacity=0.7)
        )
    size = 2 * PAD + 3 * CELL
    parts.append(text(size / 2, size + 12, _status(state, line, cells), 13))
    return svg(size, size + 26, "".join(parts), "tic-tac-toe board")


def _status(state: Any, line: Optional[tuple[int, int, int]], cells: list[int]) -> str:
    if line:
        return f"player {cells[line[0]]} ({'xo'[cells[line[0]]]}) wins"
    if state.is_terminal():
        return "draw"
    return f"player {state.current_player()} ({'xo'[state.current_player()]}) to move"
