"""Small helpers for writing SVG as text: escaping, elements, and the clickable-action marking
that the web app reads (``data-actions`` lists the legal actions a click on the element plays; the page styles
``[data-actions]`` as clickable).

Drawings are made to be read on a phone: at most about MAX_WIDTH units wide, with no text smaller
than MIN_FONT units, so that a 390 px screen shows them at 10 px text or more. The document
says its smallest text size (``data-min-font``): the page never shrinks a board below that (it
scrolls it instead).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from html import escape
from typing import Any, Optional

# Seat colours, used by every drawing so a seat looks the same across games.
SEAT_COLOURS = ["#d9534f", "#337ab7", "#5cb85c", "#f0ad4e", "#9b59b6", "#16a085"]
SEAT_NAMES = ["red", "blue", "green", "yellow", "purple", "teal"]
# The seat colours for text on light paper: darker, so that text keeps a contrast of 4.5:1 or more.
SEAT_TEXT = ["#a93226", "#1f4e79", "#1e6b1e", "#7e5109", "#6c3483", "#0e6655"]
INK = "#333"
PAPER = "#fdfaf3"
LAST = "#e67e22"  # the latest move's highlight (class ts-last)
LAST_TEXT = "#8c3800"  # the latest move in words: its hue, dark enough for text on white
MAX_WIDTH = 440
MIN_FONT = 12
_FONT_SIZE = re.compile(r'font-size="([\d.]+)"')


def _luminance(colour: str) -> float:
    """WCAG relative luminance of '#rrggbb' or '#rgb'."""
    h = colour.lstrip("#")
    h = "".join(c * 2 for c in h) if len(h) == 3 else h
    linear = [
        c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
        for c in (int(h[i : i + 2], 16) / 255 for i in (0, 2, 4))
    ]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def ink_on(fill: str) -> str:
    """Black or white, whichever contrasts more with `fill`: text on a coloured piece (a seat's
    disc) then keeps the 4.5:1 of WCAG AA on any colour."""
    light = _luminance(fill)
    return "#000" if (light + 0.05) / 0.05 >= 1.05 / (light + 0.05) else "#fff"


def attrs(values: Mapping[str, Any]) -> str:
    out = []
    for key, value in values.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        out.append(f'{name}="{escape(str(value), quote=True)}"')
    return " ".join(out)


def el(tag: str, content: str = "", **values: Any) -> str:
    """An element; `content` is already SVG (use text() for plain text)."""
    a = attrs(values)
    head = f"<{tag} {a}" if a else f"<{tag}"
    return f"{head}/>" if not content else f"{head}>{content}</{tag}>"


def seat_panel(y: float, width: float, height: float, seat: int, viewer: Optional[int], stroke_width: float = 1) -> str:
    """The rounded box behind one seat's cards in the table drawings: tinted for the viewer's own
    seat, edged in the seat's colour."""
    return el(
        "rect",
        x=4,
        y=y,
        width=width - 8,
        height=height,
        rx=8,
        fill="#fff8e1" if seat == viewer else "#f4f6f7",
        stroke=SEAT_COLOURS[seat],
        stroke_width=stroke_width,
    )


def text(x: float, y: float, content: str, size: float = 12, anchor: str = "middle", **values: Any) -> str:
    values.setdefault("font_family", "sans-serif")
    values.setdefault("fill", INK)
    return el(
        "text",
        escape(content),
        x=_n(x),
        y=_n(y),
        font_size=_n(size),
        text_anchor=anchor,
        dominant_baseline="central",
        **values,
    )


def title(content: str) -> str:
    """A tooltip for the element it is placed in."""
    return f"<title>{escape(content)}</title>"


def clickable(actions: Optional[Mapping[int, str]], wanted: Iterable[int]) -> dict[str, Any]:
    """Attributes marking an element as playing `wanted` actions, restricted to the legal ones in
    `actions` ({action: label}); empty when none is legal (the element is then not clickable)."""
    if not actions:
        return {}
    legal = [a for a in wanted if a in actions]
    if not legal:
        return {}
    return {
        "data_actions": ",".join(str(a) for a in legal),
        "data_labels": " | ".join(actions[a] for a in legal),
        "cursor": "pointer",
    }


def svg(width: float, height: float, content: str, label: str) -> str:
    """A complete SVG document scaled to its container (viewBox) with an accessible label and
    its smallest text size."""
    sizes = [float(size) for size in _FONT_SIZE.findall(content)]
    smallest = _n(min(sizes)) if sizes else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="ts-board" viewBox="0 0 {_n(width)} {_n(height)}" '
        f'width="{_n(width)}" height="{_n(height)}" role="img" aria-label="{escape(label, quote=True)}"'
        + (f' data-min-font="{smallest}">' if smallest else ">")
        + f"{el('rect', x=0, y=0, width=_n(width), height=_n(height), fill=PAPER, rx=8)}{content}</svg>"
    )


def _n(value: float) -> str:
    """Numbers without trailing zeros, so documents stay short and stable."""
    if isinstance(value, int):
        return str(value)
    return f"{value:.2f}".rstrip("0").rstrip(".")
