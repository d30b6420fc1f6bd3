"""Connect four as SVG: 6 rows by 7 columns from the observation (actions are columns 0-6, red
moves first), and its moves and ending in players' words: red and blue discs, columns 1-7."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Optional

from tablesearch.games.description import description_of
from tablesearch.render._svg import LAST, SEAT_COLOURS, SEAT_NAMES, clickable, el, svg, text, title
from tablesearch.render.moves import seat_name

# The board's size and the planes of the observation, from the game's description
# (cpp/games/connect_four).
_GAME = description_of("connect_four")
ROWS, COLS = _GAME.constant("rows"), _GAME.constant("columns")
COLUMNS = _GAME.action("column")
CELL = 56
PAD = 12
TOP = 22  # the column numbers above the board
# Players number the columns 1-7 from the left; the actions keep OpenSpiel's 0-6 (docs/games.md).
LEGEND = (
    "Red moves first (seat 1), blue second (seat 2); columns are numbered 1-7 from the left, as in the move "
    "log. The latest disc has an orange ring; black rings mark a four."
)
HOW_TO_PLAY = "Click a column to drop a disc."
# The text board (the native state string) draws x and o; the terminal's move list names column 4
# "x3" (action 3).
TEXT_LEGEND = (
    "the top line is the top row: x red (player 0, moves first), o blue (player 1), . empty; columns are 1-7 "
    "from the left, and the move list names column 4 as action 3 (x3 or o3)."
)


def colour(player: int) -> str:
    """The colour of the player's discs as the board draws them ("red", "blue")."""
    return SEAT_NAMES[player]


def action_name(state: Any, action: int) -> str:
    """ "column 4" for action 3: players count the columns from 1."""
    return f"column {COLUMNS.item(action) + 1}"


def describe_move(before: Any, player: int, action: int, viewer: Optional[int]) -> str:
    """ "P0 drops a red disc in column 4"."""
    return f"{seat_name(player)} drops a {colour(player)} disc in {action_name(before, action)}"


def board(state: Any) -> list[list[int]]:
    """grid[row][col] with row 0 at the bottom; -1 empty. Read from the observation's plane of each
    player's discs (rows bottom first)."""
    planes = state.observation_tensor(0).ravel()
    grid = [[-1] * COLS for _ in range(ROWS)]
    for player in range(2):
        for square, disc in enumerate(planes[_GAME.observation("player").span(player)]):
            if disc > 0:
                grid[square // COLS][square % COLS] = player
    return grid


def fours(grid: list[list[int]]) -> set[tuple[int, int]]:
    """The cells of every four in a row."""
    out: set[tuple[int, int]] = set()
    for r in range(ROWS):
        for c in range(COLS):
            p = grid[r][c]
            if p < 0:
                continue
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + k * dr, c + k * dc) for k in range(4)]
                if all(0 <= rr < ROWS and 0 <= cc < COLS and grid[rr][cc] == p for rr, cc in cells):
                    out.update(cells)
    return out


def draw(
    state: Any,
    viewer: Optional[int] = None,
    actions: Optional[Mapping[int, str]] = None,
    last: Optional[tuple[int, int]] = None,
) -> str:
    grid = board(state)
    won = fours(grid)
    latest = None
    if last is not None:  # the top disc of the latest move's column
        played = COLUMNS.item(last[1])
        column_of_last = [r for r in range(ROWS) if grid[r][played] >= 0]
        latest = (column_of_last[-1], played) if column_of_last else None
    width, height = 2 * PAD + COLS * CELL, TOP + 2 * PAD + ROWS * CELL
    top = TOP + PAD
    parts = [el("rect", x=PAD, y=top, width=COLS * CELL, height=ROWS * CELL, rx=10, fill="#f2d16b")]
    for c in range(COLS):
        column = [text(PAD + (c + 0.5) * CELL, TOP / 2 + 4, str(c + 1), 14, font_weight="bold", fill="#555")]
        for r in range(ROWS):
            x, y = PAD + (c + 0.5) * CELL, top + (ROWS - r - 0.5) * CELL
            p = grid[r][c]
            is_last = (r, c) == latest
            column.append(
                el(
                    "circle",
                    cx=x,
                    cy=y,
                    r=CELL * 0.4,
                    fill=SEAT_COLOURS[p] if p >= 0 else "#fff",
                    stroke="#222" if (r, c) in won else LAST if is_last else "#b89b3c",
                    stroke_width=5 if (r, c) in won or is_last else 1,
                    class_=" ".join(name for name, on in (("ts-last", is_last), ("ts-deciding", (r, c) in won)) if on)
                    or None,
                )
            )
        # The whole column is the click target, so a click anywhere in it drops a disc.
        column.append(
            el(
                "rect",
                title(f"column {c + 1}"),
                x=PAD + c * CELL,
                y=0,
                width=CELL,
                height=top + ROWS * CELL,
                fill="#000",
                fill_opacity=0,
                data_column=c,
                **clickable(actions, [COLUMNS[c]]),
            )
        )
        parts.append(el("g", "".join(column)))
    if state.is_terminal():
        winner = grid[next(iter(won))[0]][next(iter(won))[1]] if won else -1
        status = f"{colour(winner)} wins" if winner >= 0 else "draw"
    else:
        status = f"{colour(state.current_player())} to move"
    parts.append(text(width / 2, height + 10, status, 13))
    return svg(width, height + 24, "".join(parts), "connect four board")


def ending(state: Any) -> str:
    """Four in a row (its colour and seat: "four in a row for red (P0)"), or a full board."""
    grid = board(state)
    won = fours(grid)
    if not won:
        return "the board is full with no four in a row"
    r, c = min(won)
    return f"four in a row for {colour(grid[r][c])} ({seat_name(grid[r][c])})"
