"""What a search found, as rows and as an HTML table with a bar chart (Jupyter and the web app).

Reads only the SearchResult (and, for move names, the searched state): nothing here runs during a
search.
"""

from __future__ import annotations

from html import escape
from typing import Any, Optional


def rows(result: Any, state: Any = None, limit: Optional[int] = None) -> list[dict[str, Any]]:
    """One dict per root action, most visited first: action, label, visits, share, value."""
    policy = result.policy()
    out = []
    for stat in sorted(result.stats, key=lambda s: (-s.visits, -s.value, s.action)):
        out.append(
            dict(
                action=stat.action,
                label=_label(state, stat.action),
                visits=stat.visits,
                share=policy.get(stat.action, 0.0),
                value=stat.value,
            )
        )
    return out[:limit] if limit else out


def principal_variation(result: Any, state: Any = None) -> list[str]:
    """The most visited line of play from the root, as move names where the state can name them
    (the line is walked on a copy of `state`; without one, action numbers)."""
    line = list(getattr(result, "principal_variation", None) or [result.best_action])
    if state is None:
        return [str(a) for a in line]
    names = []
    walk = state.clone()
    for action in line:
        if walk.is_terminal() or action not in walk.legal_actions():
            break
        names.append(walk.action_to_string(action))
        walk.apply_action(action)
    return names


def _label(state: Any, action: int) -> str:
    if state is None:
        return str(action)
    try:
        return str(state.action_to_string(action))
    except (ValueError, TypeError):
        return str(action)


def html(result: Any, state: Any = None, limit: int = 20) -> str:
    """A table of the root actions (visits, share as a bar, mean value) with a summary line."""
    body = []
    for row in rows(result, state, limit):
        bar = (
            f'<div style="background:#337ab7;height:10px;width:{row["share"] * 160:.0f}px;'
            'display:inline-block;vertical-align:middle"></div>'
        )
        body.append(
            f'<tr><td style="text-align:left">{escape(row["label"])}</td><td>{row["visits"]:,}</td>'
            f'<td style="text-align:left">{bar} {row["share"]:.1%}</td><td>{row["value"]:+.3f}</td></tr>'
        )
    more = len(result.stats) - min(limit, len(result.stats))
    summary = (
        f"{escape(result.algorithm)}: {result.iterations:,} iterations in {result.elapsed:.2f} s "
        f"({result.iterations_per_second:,.0f}/s), {result.nodes:,} nodes; best: "
        f"{escape(_label(state, result.best_action))}"
    )
    pv = principal_variation(result, state)
    if len(pv) > 1:
        summary += "; principal variation: " + escape(" → ".join(pv))
    if result.proven_value is not None:
        summary += f"; proven value {result.proven_value:+g}"
    return (
        '<div class="ts-search"><table><thead><tr><th style="text-align:left">move</th><th>visits</th>'
        '<th style="text-align:left">share</th><th>value</th></tr></thead><tbody>'
        + "".join(body)
        + "</tbody></table>"
        + (f"<p>… and {more} more</p>" if more > 0 else "")
        + f"<p>{summary}</p></div>"
    )
