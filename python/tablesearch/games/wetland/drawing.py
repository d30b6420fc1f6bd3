"""Wetland as SVG: the tiles (four coloured squares each) with their rotation arrows, the
special tile, and every player's A and B tokens; click an arrow to rotate that tile, or an arrow
beside one of your tokens to move it.

Everything is read from the observation tensor, its planes by the names of the game's description
(cpp/games/wetland/wetland_description.cc), and the state's fields (`state.fields()`: tiles,
player, actions_left).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Optional

from tablesearch.games.description import description_of
from tablesearch.render._svg import INK, LAST, SEAT_COLOURS, clickable, el, ink_on, svg, text, title

# The action numbers and names, from the game's description (cpp/games/wetland).
_GAME = description_of("wetland")
ROTATE, MOVE = _GAME.action("rotate"), _GAME.action("move")
MOVES = _GAME.enum("move")  # "A north", ...: token then direction

SQ = 64
PAD = 30
LEGEND = (
    "Each tile is four squares; a square's colour is the player who may stand on it (white: anyone, hatched: "
    "nobody). The circular arrow on a tile rotates it a quarter turn that way, carrying the tokens on it. Tokens "
    "are discs marked A and B in their player's colour: join your A and B on neighbouring squares to win. A tile "
    "that cannot turn now shows a cross. The latest move is framed in orange (the tile turned, or the token moved); "
    "at the end a green bar joins the winner's A and B."
)
JOINED = "#1e6b1e"  # the bar joining the winner's tokens: not the latest move's orange
HOW_TO_PLAY = "On your turn click a tile's arrow, or one of the small arrows beside your tokens."
TEXT_LEGEND = (
    "each tile is a box: its top squares, '(row,col) tN cw|ccw' (tile N and its arrow), its bottom squares; "
    "a square shows its colour (R B G Y = players 0-3, * colourless, # no entry) and a token on it "
    "(0A = player 0's A)."
)
# The squares a token moves to, in the order of the description's moves of each token.
DIRS = [(-1, 0), (0, 1), (1, 0), (0, -1)]  # north, east, south, west
WAYS = {"north": "up", "east": "right", "south": "down", "west": "left"}  # as the board shows them
# Each tile cell (row * 3 + column of the grid) by where it lies on the board of 2, 3 and 4 players.
TILE_NAMES = {
    2: {0: "top-left", 1: "top-right", 3: "bottom-left", 4: "bottom-right"},
    3: {0: "top", 3: "middle-left", 4: "middle-right", 6: "bottom-left", 7: "bottom-middle", 8: "bottom-right"},
    4: {
        **{0: "top-left", 1: "top-middle", 2: "top-right", 3: "middle-left", 4: "centre", 5: "middle-right"},
        **{6: "bottom-left", 7: "bottom-middle", 8: "bottom-right"},
    },
}


def action_name(state: Any, action: int) -> str:
    """A move as the board shows it: "turn the top-left tile clockwise" (the native name counts tile
    cells from 0: "rotate tile (0,0) clockwise"), "move B up"."""
    if action in ROTATE:
        where = TILE_NAMES[state.num_players()].get(ROTATE.item(action), f"tile {ROTATE.item(action) + 1}")
        way = str(state.action_to_string(action)).rsplit(" ", 1)[-1]  # the tile's arrow: (counter-)clockwise
        return f"turn the {where} tile {way}"
    token, direction = MOVES[MOVE.item(action)].split()
    return f"move {token} {WAYS[direction]}"


def describe_move(before: Any, player: int, action: int, viewer: Optional[int]) -> str:
    """ "P0 turns the top-left tile clockwise", "P1 moves B up"."""
    verb, rest = action_name(before, action).split(" ", 1)
    return f"P{player} {verb}s {rest}"


class _Planes:
    """The observation tensor's planes (the same for every observer), read by the names of the
    game's description (cpp/games/wetland/wetland_description.cc)."""

    def __init__(self, state: Any) -> None:
        self.layout = description_of(state.get_game())
        self.size = self.layout.constant("board width")
        self.flat = state.observation_tensor(0).ravel().tolist()

    def at(self, r: int, c: int, name: str, block: int = 0, part: Optional[str] = None) -> float:
        """Square (r, c) of a plane: of stretch `name`'s block `block` (its part `part`)."""
        return float(self.flat[self.layout.observation(name).span(block, part).start + r * self.size + c])

    def content(self, r: int, c: int) -> int:
        """What square (r, c) is, as a value of the description's "square" enum (-1: off the board)."""
        return next((k for k in range(len(self.layout.enum("square"))) if self.at(r, c, "square", k) > 0), -1)

    def token(self, player: int, token: int) -> tuple[int, int]:
        """The square (row, column) of the player's A (token 0) or B (token 1)."""
        squares = ((r, c) for r in range(self.size) for c in range(self.size))
        return next((r, c) for r, c in squares if self.at(r, c, "tokens", player, "AB"[token]) > 0)


def _xy(r: float, c: float) -> tuple[float, float]:
    return PAD + c * SQ, PAD + r * SQ


def draw(
    state: Any,
    viewer: Optional[int] = None,
    actions: Optional[Mapping[int, str]] = None,
    last: Optional[tuple[int, int]] = None,
) -> str:
    planes = _Planes(state)
    fields = state.fields()
    width = height = 2 * PAD + planes.size * SQ
    parts = [_squares(planes)]
    parts += [_tile(planes, cell, last, actions) for cell, tile in enumerate(fields["tiles"]) if tile >= 0]
    winner = fields["winner"] if state.is_terminal() else -1
    if winner >= 0:
        parts.append(_joined(planes, winner))
    mover = -1 if state.is_terminal() else state.current_player()
    for p in range(state.get_game().num_players()):
        for token in range(2):
            parts.append(_token(planes, p, token, last, actions if p == mover else None))
    parts.append(text(width / 2, 14, _status(state, fields), 13, font_weight="bold"))
    return svg(width, height, "".join(parts), "Wetland board")


def _squares(planes: _Planes) -> str:
    """Every square of the board in its colour (hatched: no entry), under the hatch's pattern."""
    hatch = el(
        "pattern",
        el("rect", width=8, height=8, fill="#555") + el("line", x1=0, y1=8, x2=8, y2=0, stroke="#999", stroke_width=2),
        id="ts-wetland-hatch",
        width=8,
        height=8,
        patternUnits="userSpaceOnUse",
    )
    parts = [el("defs", hatch)]
    for r in range(planes.size):
        for c in range(planes.size):
            colour = planes.content(r, c)
            if colour < 0:
                continue
            x, y = _xy(r, c)
            fill = SEAT_COLOURS[colour] if colour < 4 else "#fff" if colour == 4 else "url(#ts-wetland-hatch)"
            name = (
                f"seat {colour + 1}'s colour"
                if colour < 4
                else "colourless: any token"
                if colour == 4
                else "reminder: no entry"
            )
            parts.append(
                el(
                    "rect",
                    title(f"a square: {name}"),
                    x=x + 1,
                    y=y + 1,
                    width=SQ - 2,
                    height=SQ - 2,
                    fill=fill,
                    fill_opacity=0.55 if colour < 4 else 1,
                    stroke="#fff",
                    stroke_width=2,
                )
            )
    return "".join(parts)


def _tile(planes: _Planes, cell: int, last: Optional[tuple[int, int]], actions: Optional[Mapping[int, str]]) -> str:
    """A tile's thick outline (orange if the latest move turned it) and its rotation arrow in the
    middle, or a cross if it cannot turn now."""
    tr, tc = divmod(cell, planes.layout.constant("tile cells per row"))
    left = _row_start(planes, 2 * tr) + 2 * tc
    x, y = _xy(2 * tr, left)
    turned = last is not None and last[1] == ROTATE[cell]
    outline = el(
        "rect",
        x=x,
        y=y,
        width=2 * SQ,
        height=2 * SQ,
        fill="none",
        stroke=LAST if turned else INK,
        stroke_width=6 if turned else 4,
        rx=4,
        class_="ts-last" if turned else None,
    )
    cx, cy = x + SQ, y + SQ
    cw, ccw = (planes.at(2 * tr, left, name) > 0 for name in ("clockwise", "counter-clockwise"))
    if cw or ccw:
        return outline + _rotation_arrow(cx, cy, cw, cell, actions)
    cross = f"M{cx - 7} {cy - 7} L{cx + 7} {cy + 7} M{cx - 7} {cy + 7} L{cx + 7} {cy - 7}"
    return outline + el("path", d=cross, stroke=INK, stroke_width=3)


def _joined(planes: _Planes, winner: int) -> str:
    """The winner's joined A and B: a bar between them, under the tokens."""
    (ar, ac), (br, bc) = planes.token(winner, 0), planes.token(winner, 1)
    (x1, y1), (x2, y2) = _xy(ar + 0.5, ac + 0.5), _xy(br + 0.5, bc + 0.5)
    return el(
        "line",
        title(f"seat {winner + 1}'s A and B joined"),
        x1=x1,
        y1=y1,
        x2=x2,
        y2=y2,
        stroke=JOINED,
        stroke_width=12,
        stroke_linecap="round",
        class_="ts-deciding",
    )


def _token(
    planes: _Planes, p: int, token: int, last: Optional[tuple[int, int]], actions: Optional[Mapping[int, str]]
) -> str:
    """Player p's token (0: A, 1: B) on its square, framed if it moved last, with the arrows of
    its legal moves when `actions` are the mover's."""
    r, c = planes.token(p, token)
    x, y = _xy(r + 0.5, c + 0.5)
    moved = last is not None and last[0] == p and last[1] in MOVE and MOVE.item(last[1]) // len(DIRS) == token
    disc = el(
        "g",
        title(f"seat {p + 1}'s {'AB'[token]}" + (" (moved last)" if moved else ""))
        + el(
            "circle",
            cx=x,
            cy=y,
            r=17,
            fill=SEAT_COLOURS[p],
            stroke=LAST if moved else INK,
            stroke_width=5 if moved else 2,
        )
        + text(x, y, "AB"[token], 15, fill=ink_on(SEAT_COLOURS[p]), font_weight="bold"),
        class_="ts-token ts-last" if moved else "ts-token",
        data_seat=p,
        data_token="AB"[token],
    )
    return disc + (_move_arrows(x, y, token, actions) if actions else "")


def _status(state: Any, fields: Mapping[str, Any]) -> str:
    if state.is_terminal():
        winner = fields["winner"]
        return f"player {winner} wins" if winner >= 0 else "draw: the round cap is reached"
    left = fields["actions_left"]
    return f"player {fields['player']} to move, {left} action{'s' if left != 1 else ''} left"


def ending(state: Any) -> str:
    """Why the game ended: whose A and B joined (the drawing's green bar shows where); or the round cap."""
    winner = state.fields()["winner"]
    if winner < 0:
        return "the round cap is reached with no A and B joined"
    return f"P{winner}'s A and B are side by side"


def _row_start(planes: _Planes, row: int) -> int:
    """The first square column of a row of tiles: a row of the triangle starts half a tile (one
    square) to the right of the row below it; the tiles of a row lie side by side from there."""
    return next(c for c in range(planes.size) if planes.content(row, c) >= 0)


def _rotation_arrow(cx: float, cy: float, clockwise: bool, cell: int, actions: Optional[Mapping[int, str]]) -> str:
    r = 16
    # Three quarters of a circle from the top, ending at 9 o'clock (clockwise) or 3 o'clock
    # (counter-clockwise), where the motion points up: the arrowhead points up there.
    ex = cx - r if clockwise else cx + r
    path = f"M{cx:.0f} {cy - r:.0f} A{r} {r} 0 1 {1 if clockwise else 0} {ex:.0f} {cy:.0f}"
    head = f"M{ex - 6:.0f} {cy + 3:.0f} L{ex:.0f} {cy - 5:.0f} L{ex + 6:.0f} {cy + 3:.0f}"
    label = "turn clockwise" if clockwise else "turn counter-clockwise"
    return el(
        "g",
        title(label)
        + el("circle", cx=cx, cy=cy, r=r + 8, fill="#fff", fill_opacity=0.85, stroke="#999")
        + el("path", d=path, fill="none", stroke=INK, stroke_width=3)
        + el("path", d=head, fill="none", stroke=INK, stroke_width=3),
        class_="ts-rotate",
        data_tile=cell,
        **clickable(actions, [ROTATE[cell]]),
    )


def _move_arrows(x: float, y: float, token: int, actions: Mapping[int, str]) -> str:
    out = []
    for d, (dr, dc) in enumerate(DIRS):
        action = MOVE[len(DIRS) * token + d]
        if action not in actions:
            continue
        ax, ay = x + dc * 26, y + dr * 26
        tip = (ax + dc * 7, ay + dr * 7)
        left = (ax - dr * 7 - dc * 3, ay + dc * 7 - dr * 3)
        right = (ax + dr * 7 - dc * 3, ay - dc * 7 - dr * 3)
        pts = " ".join(f"{px:.0f},{py:.0f}" for px, py in (tip, left, right))
        out.append(
            el(
                "polygon",
                title(f"move {'AB'[token]} {WAYS[MOVES[len(DIRS) * token + d].split()[1]]}"),
                points=pts,
                fill=INK,
                stroke="#fff",
                class_="ts-move",
                **clickable(actions, [action]),
            )
        )
    return "".join(out)
