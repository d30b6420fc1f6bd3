"""Wetland as SVG: the tiles (four coloured squares each) with their rotation arrows, the
special tile, and every player's A and B tokens; click an arrow to rotate that tile, or an arrow
beside one of your tokens to move it.

Everything is read from the observation tensor (planes documented in cpp/games/wetland/wetland.h)
and the state's fields (`state.fields()`: tiles, player, actions_left).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Optional

from tablesearch.render._svg import INK, LAST, SEAT_COLOURS, clickable, el, ink_on, svg, text, title

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
DIRS = [(-1, 0, "north"), (0, 1, "east"), (1, 0, "south"), (0, -1, "west")]


def _planes(state: Any) -> tuple[list[list[list[float]]], int]:
    obs = state.observation_tensor(0)
    return obs.tolist(), obs.shape[1]


def draw(
    state: Any,
    viewer: Optional[int] = None,
    actions: Optional[Mapping[int, str]] = None,
    last: Optional[tuple[int, int]] = None,
) -> str:
    planes, size = _planes(state)
    n = state.get_game().num_players()
    fields = state.fields()
    width = height = 2 * PAD + size * SQ
    parts = []
    hatch = el(
        "pattern",
        el("rect", width=8, height=8, fill="#555") + el("line", x1=0, y1=8, x2=8, y2=0, stroke="#999", stroke_width=2),
        id="ts-wetland-hatch",
        width=8,
        height=8,
        patternUnits="userSpaceOnUse",
    )
    parts.append(el("defs", hatch))

    def xy(r: float, c: float) -> tuple[float, float]:
        return PAD + c * SQ, PAD + r * SQ

    for r in range(size):
        for c in range(size):
            colour = next((k for k in range(6) if planes[k][r][c] > 0), -1)
            if colour < 0:
                continue
            x, y = xy(r, c)
            fill = SEAT_COLOURS[colour] if colour < 4 else "#fff" if colour == 4 else "url(#ts-wetland-hatch)"
            name = (
                f"player {colour}'s colour"
                if colour < 4
                else "colourless: any token"
                if colour == 4
                else "reminder: no entry"
            )
            parts.append(
                el(
                    "rect",
                    title(f"square ({r},{c}): {name}"),
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
    # Tiles: thick outlines and the rotation arrow in the middle.
    tiles = fields["tiles"]
    for cell, tile in enumerate(tiles):
        if tile < 0:
            continue
        tr, tc = divmod(cell, 3)
        left = _row_start(planes, 2 * tr) + 2 * tc
        x, y = xy(2 * tr, left)
        turned = last is not None and last[1] == cell
        parts.append(
            el(
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
        )
        cx, cy = x + SQ, y + SQ
        cw, ccw = planes[6][2 * tr][left] > 0, planes[7][2 * tr][left] > 0
        if cw or ccw:
            parts.append(_rotation_arrow(cx, cy, cw, cell, actions))
        else:  # a drawn cross: this tile cannot turn now
            parts.append(
                el(
                    "path",
                    d=f"M{cx - 7} {cy - 7} L{cx + 7} {cy + 7} M{cx - 7} {cy + 7} L{cx + 7} {cy - 7}",
                    stroke=INK,
                    stroke_width=3,
                )
            )
    # The winner's joined A and B: a bar between them, under the tokens.
    winner = fields["winner"][0] if state.is_terminal() else -1
    if winner >= 0:
        (ar, ac), (br, bc) = _token_squares(planes, winner)
        (x1, y1), (x2, y2) = xy(ar + 0.5, ac + 0.5), xy(br + 0.5, bc + 0.5)
        parts.append(
            el(
                "line",
                title(f"player {winner}'s A and B joined"),
                x1=x1,
                y1=y1,
                x2=x2,
                y2=y2,
                stroke=JOINED,
                stroke_width=12,
                stroke_linecap="round",
                class_="ts-deciding",
            )
        )
    # Tokens.
    mover = -1 if state.is_terminal() else state.current_player()
    for p in range(n):
        for token in range(2):
            plane = planes[8 + 2 * p + token]
            for r in range(size):
                for c in range(size):
                    if plane[r][c] > 0:
                        x, y = xy(r + 0.5, c + 0.5)
                        moved = last is not None and last[0] == p and last[1] >= 9 and (last[1] - 9) // 4 == token
                        parts.append(
                            el(
                                "g",
                                title(f"player {p}'s {'AB'[token]}" + (" (moved last)" if moved else ""))
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
                        )
                        if actions and p == mover:  # only the mover's tokens move
                            parts.append(_move_arrows(x, y, token, actions))
    player = fields["player"][0]
    if state.is_terminal():
        winner = fields["winner"][0]
        status = f"player {winner} wins" if winner >= 0 else "draw: the round cap is reached"
    else:
        left = fields["actions_left"][0]
        status = f"player {player} to move, {left} action{'s' if left != 1 else ''} left"
    parts.append(text(width / 2, 14, status, 13, font_weight="bold"))
    return svg(width, height, "".join(parts), "Wetland board")


def _token_squares(planes: list[list[list[float]]], player: int) -> list[tuple[int, int]]:
    """The squares (row, column) of the player's A and B."""
    out = []
    for token in range(2):
        plane = planes[8 + 2 * player + token]
        out.append(next((r, c) for r, row in enumerate(plane) for c, v in enumerate(row) if v > 0))
    return out


def ending(state: Any) -> str:
    """Why the game ended: whose A and B joined, and where; or the round cap."""
    winner = state.fields()["winner"][0]
    if winner < 0:
        return "the round cap is reached with no A and B joined"
    (ar, ac), (br, bc) = _token_squares(_planes(state)[0], winner)
    return f"P{winner}'s A and B joined on squares ({ar},{ac}) and ({br},{bc})"


def _row_start(planes: list[list[list[float]]], row: int) -> int:
    """The first square column of a row of tiles: a row of the triangle starts half a tile (one
    square) to the right of the row below it; the tiles of a row lie side by side from there."""
    return next(c for c in range(len(planes[0][row])) if any(planes[k][row][c] > 0 for k in range(6)))


def _rotation_arrow(cx: float, cy: float, clockwise: bool, cell: int, actions: Optional[Mapping[int, str]]) -> str:
    r = 16
    # Three quarters of a circle from the top, ending at 9 o'clock (clockwise) or 3 o'clock
    # (counter-clockwise), where the motion points up: the arrowhead points up there.
    ex = cx - r if clockwise else cx + r
    path = f"M{cx:.0f} {cy - r:.0f} A{r} {r} 0 1 {1 if clockwise else 0} {ex:.0f} {cy:.0f}"
    head = f"M{ex - 6:.0f} {cy + 3:.0f} L{ex:.0f} {cy - 5:.0f} L{ex + 6:.0f} {cy + 3:.0f}"
    label = "rotate clockwise" if clockwise else "rotate counter-clockwise"
    return el(
        "g",
        title(label)
        + el("circle", cx=cx, cy=cy, r=r + 8, fill="#fff", fill_opacity=0.85, stroke="#999")
        + el("path", d=path, fill="none", stroke=INK, stroke_width=3)
        + el("path", d=head, fill="none", stroke=INK, stroke_width=3),
        class_="ts-rotate",
        data_tile=cell,
        **clickable(actions, [cell]),
    )


def _move_arrows(x: float, y: float, token: int, actions: Mapping[int, str]) -> str:
    out = []
    for d, (dr, dc, name) in enumerate(DIRS):
        action = 9 + 4 * token + d
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
                title(f"move {'AB'[token]} {name}"),
                points=pts,
                fill=INK,
                stroke="#fff",
                class_="ts-move",
                **clickable(actions, [action]),
            )
        )
    return "".join(out)
