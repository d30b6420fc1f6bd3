"""How the HTML report shows a number from the JSON: every figure is an element carrying the key
it comes from and its exact JSON value, so a test (and a reader's script) can check that what is
shown is what the JSON holds.

In HTML text a figure is ``<data value="0.718" data-key="variants.0.seats.1.win_rate">71.8%</data>``;
inside SVG, ``<tspan data-key=... data-value=...>``. Formats: "pct" (x 100, one decimal, %),
"pct0" (x 100, no decimal, %), "f0".."f4" (fixed decimals), "int". Text copied from the JSON
(labels, verdicts) is an element with a data-key and no value, whose text is the JSON string.
"""

from __future__ import annotations

import html
import json
from typing import Any, Optional

MISSING = "-"


def format_value(value: Any, kind: str) -> str:
    if value is None:
        return MISSING
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if kind == "pct":
        return f"{100 * value:.1f}%"
    if kind == "pct0":
        return f"{100 * value:.0f}%"
    if kind == "int":
        return f"{int(value)}"
    if kind.startswith("f"):
        return f"{value:.{int(kind[1:])}f}"
    raise ValueError(f"unknown format {kind!r}")


def _value_attr(value: Any) -> str:
    return html.escape(value if isinstance(value, str) else json.dumps(value), quote=True)


def fig(key: str, value: Any, kind: str = "f1", tag: str = "data") -> str:
    """A figure in HTML text (tag "data") or in SVG (tag "tspan")."""
    if value is None:
        return MISSING
    attr = "value" if tag == "data" else "data-value"
    return (
        f'<{tag} {attr}="{_value_attr(value)}" data-key="{html.escape(key, quote=True)}">'
        f"{html.escape(format_value(value, kind))}</{tag}>"
    )


def ci(
    key: str,
    value: Any,
    low: Any,
    high: Any,
    kind: str = "pct",
    low_key: Optional[str] = None,
    high_key: Optional[str] = None,
) -> str:
    """value [low, high]; `low_key`/`high_key` default to key's siblings named low/high."""
    shown = fig(key, value, kind)
    if low is None or high is None:
        return shown
    parent = key.rsplit(".", 1)[0]
    bound_kind = "f1" if kind == "pct" else kind
    low_text = fig(low_key or f"{parent}.low", low, "pct" if kind == "pct" else bound_kind)
    high_text = fig(high_key or f"{parent}.high", high, "pct" if kind == "pct" else bound_kind)
    return f"{shown} [{low_text}, {high_text}]"


def text(key: str, value: str, tag: str = "span") -> str:
    """A string copied from the JSON."""
    return f'<{tag} data-key="{html.escape(key, quote=True)}">{html.escape(value)}</{tag}>'
