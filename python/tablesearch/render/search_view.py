"""What a search found, as rows and as an HTML table with a bar chart (Jupyter and the web app).

Reads only the SearchResult (and, for move names, the searched state): nothing here runs during a
search. Without the state, the names the search stored on the result are used
(``result.action_labels``, ``result.principal_variation_labels``).

The numbers: a row's visits count every visit of that move in the tree, including visits kept
from earlier searches when the tree is reused, so they may add up to more than this search's
iterations (`summary` says how many were kept); a row's value is the mean return, after that
move, of the player who was to move at the root.
"""

from __future__ import annotations

from html import escape
from typing import Any, Optional

from tablesearch.render.moves import action_name

FASTEST_TIMED = 0.05  # seconds: a search shorter than this gets no iterations-per-second figure


def rows(result: Any, state: Any = None, limit: Optional[int] = None) -> list[dict[str, Any]]:
    """One dict per root action, most visited first: action, label, visits, share, value."""
    policy = result.policy()
    out = []
    for stat in sorted(result.stats, key=lambda s: (-s.visits, -s.value, s.action)):
        out.append(
            dict(
                action=stat.action,
                label=_label(result, state, stat.action),
                visits=stat.visits,
                share=policy.get(stat.action, 0.0),
                value=stat.value,
            )
        )
    return out[:limit] if limit else out


def principal_variation(result: Any, state: Any = None) -> list[str]:
    """The most visited line of play from the root, each move with the seat making it
    ("P1: x4"), walked on a copy of `state`; without a state, the names stored on the result."""
    if state is None:
        stored = list(getattr(result, "principal_variation_labels", None) or [])
        return stored or [str(a) for a in (getattr(result, "principal_variation", None) or [result.best_action])]
    return name_line(state, list(getattr(result, "principal_variation", None) or [result.best_action]))


def name_line(state: Any, line: list[int]) -> list[str]:
    """`line` played from `state` (on a copy) as "P<seat>: <move>" texts, up to its first move
    that is not a legal decision there (an information-set search's line may leave the state)."""
    return [f"P{seat}: {name}" for seat, name in line_moves(state, line)]


def line_moves(state: Any, line: list[int]) -> list[tuple[int, str]]:
    """`line` as (seat, move name) pairs, walked as name_line walks it."""
    out = []
    walk = state.clone()
    for action in line:
        if walk.is_terminal() or walk.is_chance_node() or action not in walk.legal_actions():
            break
        out.append((int(walk.current_player()), action_name(walk, action)))
        walk.apply_action(action)
    return out


def summary(algorithm: str, iterations: int, elapsed: float, nodes: int, root_visits: int) -> str:
    """ "mcts: 2,000 iterations in 0.31 s (6,452/s), 1,988 nodes", saying how many root visits the
    tree kept from earlier searches (tree reuse) when the visits add up to more than iterations.
    Searches too short to time give no rate."""
    if elapsed < 0.01:
        timing = "in under 0.01 s"
    else:
        timing = f"in {elapsed:.2f} s"
        if elapsed >= FASTEST_TIMED:
            timing += f" ({iterations / elapsed:,.0f}/s)"
    text = f"{algorithm}: {iterations:,} iterations {timing}, {nodes:,} nodes"
    kept = root_visits - iterations
    if kept > 0:
        text += f"; the visits include {kept:,} kept from earlier searches (tree reuse)"
    return text


def _label(result: Any, state: Any, action: int) -> str:
    if state is None:
        return str(getattr(result, "action_labels", {}).get(action, action))
    try:
        return action_name(state, action)
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
    text = summary(
        result.algorithm, result.iterations, result.elapsed, result.nodes, sum(s.visits for s in result.stats)
    )
    text += f"; best: {_label(result, state, result.best_action)}"
    pv = principal_variation(result, state)
    if len(pv) > 1:
        text += "; principal variation: " + " → ".join(pv)
    if result.proven_value is not None:
        text += f"; proven value {result.proven_value:+g}"
    return (
        '<div class="ts-search"><table><thead><tr><th style="text-align:left">move</th><th>visits</th>'
        '<th style="text-align:left">share</th><th>value for the player to move</th></tr></thead><tbody>'
        + "".join(body)
        + "</tbody></table>"
        + (f"<p>… and {more} more</p>" if more > 0 else "")
        + f"<p>{escape(text)}</p></div>"
    )
