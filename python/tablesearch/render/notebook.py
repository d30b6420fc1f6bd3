"""Jupyter display: ``state._repr_svg_()`` draws a native state with the web app's drawings
(everything shown: a notebook is the analyst's own view), and ``SearchResult._repr_html_`` (in
mcts.py) shows the root actions as a table with a bar chart."""

from __future__ import annotations

from typing import Any


def _repr_svg_(state: Any) -> str:
    from tablesearch.render import draw

    return draw(state)


def install(state_class: Any) -> None:
    """Gives the native State class its notebook display."""
    state_class._repr_svg_ = _repr_svg_
