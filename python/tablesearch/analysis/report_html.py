"""The balance report as one self-contained HTML file: inline CSS, inline SVG charts, no scripts,
no external resource (it opens offline). Every figure comes from the JSON data, tagged with its
key (see `html_figures`), so the page shows exactly the numbers of ``report.to_json()``."""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

from tablesearch.analysis.html_figures import ci, fig, text
from tablesearch.analysis.svg_charts import histogram_chart, seat_chart, skill_chart

STYLE = """
body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}
table{border-collapse:collapse;margin:.6em 0}td,th{padding:.25em .7em;border-bottom:1px solid #ddd;text-align:right}
th{background:#f3f3f3}td:first-child,th:first-child{text-align:left}.charts{display:flex;flex-wrap:wrap;gap:1em}
.verdicts li{margin:.2em 0}.real{font-weight:bold}svg text{font-size:11px;fill:#222}section{margin-bottom:2.5em}
.note{color:#555;font-size:.9em}
"""


def _seats(v: Mapping[str, Any], key: str) -> str:
    by_turn = not v.get("turn_order_is_seat_order")  # else the positions repeat the seats
    rows = []
    for i, (row, pos) in enumerate(zip(v["seats"], v["positions"])):
        k, p = f"{key}.seats.{i}", f"{key}.positions.{i}"
        score = (
            ci(
                f"{k}.score",
                row["score"],
                row["score_low"],
                row["score_high"],
                "pct",
                f"{k}.score_low",
                f"{k}.score_high",
            )
            if "score" in row
            else "-"
        )
        turn = (
            f"<td>{fig(f'{p}.position', pos['position'], 'int')}</td>"
            f"<td>{ci(f'{p}.win_rate', pos['win_rate'], pos['low'], pos['high'])}</td>"
            if by_turn
            else ""
        )
        rows.append(
            f"<tr><td>{fig(f'{k}.seat', row['seat'], 'int')}</td>"
            f"<td>{ci(f'{k}.win_rate', row['win_rate'], row['low'], row['high'])}</td>"
            f"<td>{fig(f'{k}.wins', row['wins'], 'int')}</td><td>{score}</td>{turn}</tr>"
        )
    head = "<th>turn position</th><th>win rate by position</th>" if by_turn else ""
    note = (
        ""
        if by_turn
        else "<p class='note'>Seat s took the s-th turn in every game: seat and turn order are the same here.</p>"
    )
    return (
        f"<table><tr><th>seat</th><th>win rate</th><th>wins</th><th>score</th>{head}</tr>"
        + "".join(rows)
        + "</table>"
        + note
    )


def _lengths(v: Mapping[str, Any], key: str) -> str:
    rows = []
    for metric in ("plies", "turns", "decisions"):
        d = v["length"][metric]
        if d.get("mean") is None:
            continue
        k = f"{key}.length.{metric}"
        cells = [ci(f"{k}.mean", d["mean"], d["mean_low"], d["mean_high"], "f1", f"{k}.mean_low", f"{k}.mean_high")]
        for q in ("median", "p10", "p90"):
            cells.append(ci(f"{k}.{q}", d[q], d[f"{q}_low"], d[f"{q}_high"], "f0", f"{k}.{q}_low", f"{k}.{q}_high"))
        cells += [fig(f"{k}.min", d["min"], "int"), fig(f"{k}.max", d["max"], "int")]
        rows.append(f"<tr><td>{metric}</td>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    return (
        "<table><tr><th>length</th><th>mean</th><th>median</th><th>lower decile</th>"
        "<th>upper decile</th><th>min</th><th>max</th></tr>" + "".join(rows) + "</table>"
    )


def _scalar(v: Mapping[str, Any], key: str, name: str, kind: str) -> str:
    """A variant-level figure with its `name_low`/`name_high` siblings."""
    return ci(
        f"{key}.{name}", v[name], v[f"{name}_low"], v[f"{name}_high"], kind, f"{key}.{name}_low", f"{key}.{name}_high"
    )


def _figures(v: Mapping[str, Any], key: str) -> str:
    items = [
        f"draw rate {_scalar(v, key, 'draw_rate', 'pct')}",
        f"games that hit a cap {_scalar(v, key, 'capped_rate', 'pct')}",
        f"branching (mean legal actions at decisions) {_scalar(v, key, 'branching', 'f2')}",
        f"plies with one legal action {fig(f'{key}.forced_share', v['forced_share'], 'pct')}",
    ]
    fpa = v.get("first_player_advantage")
    if fpa:
        who = (
            "edge of the first seat, which moves first in every game (its score minus one half) "
            if v.get("turn_order_is_seat_order")
            else "first-player advantage (score of the first to move minus one half) "
        )
        items.insert(0, who + ci(f"{key}.first_player_advantage.value", fpa["value"], fpa["low"], fpa["high"], "pct"))
    skill = v.get("skill")
    if skill:
        k = f"{key}.skill"
        items.append(
            f"skill: {text(f'{k}.agents.0', skill['agents'][0])} scores "
            f"{ci(f'{k}.score', skill['score'], skill['low'], skill['high'])} against "
            f"{text(f'{k}.agents.1', skill['agents'][1])} over "
            f"{fig(f'{k}.games', skill['games'], 'int')} games on {fig(f'{k}.deals', skill['deals'], 'int')} "
            f"deals (the interval counts {fig(f'{k}.effective_games', skill['effective_games'], 'f0')} "
            "independent games)"
        )
        if skill.get("weaker") is None:
            items.append("neither agent is weaker: no luck share")
        else:
            items.append(
                f"luck share (the weaker agent, {text(f'{k}.weaker', skill['weaker'])}, finishes ahead) "
                + ci(
                    f"{k}.luck_share",
                    skill["luck_share"],
                    skill["luck_share_low"],
                    skill["luck_share_high"],
                    "pct",
                    f"{k}.luck_share_low",
                    f"{k}.luck_share_high",
                )
            )
    drama = v.get("drama")
    if drama:
        k = f"{key}.drama"
        items.append(
            "lead changes per game "
            + ci(
                f"{k}.lead_changes.mean",
                drama["lead_changes"]["mean"],
                drama["lead_changes"]["low"],
                drama["lead_changes"]["high"],
                "f2",
            )
        )
        items.append(
            "the winner leads for good from (share of the turns) "
            + ci(
                f"{k}.winner_leads_from.mean",
                drama["winner_leads_from"]["mean"],
                drama["winner_leads_from"]["low"],
                drama["winner_leads_from"]["high"],
                "pct",
            )
        )
        items.append(
            "final margin (winner's score minus the next best) "
            + ci(f"{k}.margin.mean", drama["margin"]["mean"], drama["margin"]["low"], drama["margin"]["high"], "f2")
        )
    return "<ul>" + "".join(f"<li>{item}</li>" for item in items) + "</ul>"


def _exact(v: Mapping[str, Any], key: str) -> str:
    e = v.get("exact")
    if not e:
        return ""
    k = f"{key}.exact"
    cells = [f"<li>source: {text(f'{k}.source', e['source'])}</li>"]
    p = e["length"]["plies"]
    cells.append(
        "<li>plies: mean "
        + fig(f"{k}.length.plies.mean", p["mean"], "f3")
        + ", median "
        + fig(f"{k}.length.plies.median", p["median"], "f0")
        + ", lower decile "
        + fig(f"{k}.length.plies.p10", p["p10"], "f0")
        + ", upper decile "
        + fig(f"{k}.length.plies.p90", p["p90"], "f0")
        + "</li>"
    )
    if "seats" in e:
        cells.append(
            "<li>win rate by seat: "
            + ", ".join(fig(f"{k}.seats.{i}.win_rate", s["win_rate"], "pct") for i, s in enumerate(e["seats"]))
            + "</li>"
        )
    return "<h3>Exact figures</h3><ul>" + "".join(cells) + "</ul>"


def _variant(v: Mapping[str, Any], i: int) -> str:
    key = f"variants.{i}"
    params = ", ".join(
        f"{html.escape(name)}="
        + (
            text(f"{key}.params.{name}", value)
            if isinstance(value, str)
            else fig(f"{key}.params.{name}", value, "f3" if isinstance(value, float) else "int")
        )
        for name, value in v["params"].items()
    )
    verdicts = "".join(text(f"{key}.verdicts.{j}", verdict, tag="li") for j, verdict in enumerate(v["verdicts"]))
    charts = []
    if v["num_players"] > 1:
        charts.append(seat_chart(v, key))
    hist = v["length"]["plies"].get("histogram")
    if hist:
        charts.append(histogram_chart(hist, f"{key}.length.plies.histogram", "plies"))
    return (
        f"<section><h2>{text(f'{key}.label', v['label'])}</h2><p class='note'>{params}; "
        f"{fig(f'{key}.games', v['games'], 'int')} self-play games</p>"
        f"<ul class='verdicts'>{verdicts}</ul><div class='charts'>{''.join(charts)}</div>"
        + (_seats(v, key) if v["num_players"] > 1 else "")
        + _figures(v, key)
        + _lengths(v, key)
        + _exact(v, key)
        + "</section>"
    )


def _comparisons(rows: list[Mapping[str, Any]], alpha: float) -> str:
    if not rows:
        return ""
    body = []
    for i, row in enumerate(rows):
        k = f"comparisons.{i}"
        body.append(
            f"<tr class='{'real' if row['real'] else ''}'><td>{text(f'{k}.metric', row['metric'])}</td>"
            f"<td>{text(f'{k}.a', row['a'])}</td><td>{text(f'{k}.b', row['b'])}</td>"
            f"<td>{ci(f'{k}.difference', row['difference'], row['low'], row['high'], 'f3')}</td>"
            f"<td>{fig(f'{k}.p_holm', row['p_holm'], 'f4')}</td>"
            f"<td>{'real' if row['real'] else 'no'}</td></tr>"
        )
    return (
        "<section><h2>Differences between variants</h2><p class='note'>second minus first, with its interval; "
        f"p-values adjusted together by Holm's method; real when below {fig('alpha', alpha, 'f2')}</p>"
        "<table><tr><th>figure</th><th>first</th><th>second</th><th>difference</th><th>p (Holm)</th>"
        "<th>real?</th></tr>" + "".join(body) + "</table></section>"
    )


def render_html(data: Mapping[str, Any]) -> str:
    """The HTML page of a report's JSON data."""
    title = f"Balance of {data['game']}"
    measured = any(v.get("skill") for v in data["variants"])
    gap = (
        f"the skill gap is {text('agents.0', data['agents'][0])} against {text('agents.1', data['agents'][1])}, "
        "seats rotated over duplicate deals"
        if measured
        else "the skill gap is not measured (one agent)"
    )
    head = (
        f"<h1>Balance of {text('game', data['game'])}</h1><p>{text('agents.0', data['agents'][0])} plays "
        f"itself in every seat; {gap}. Intervals are {fig('confidence', data['confidence'], 'pct0')} intervals, "
        "shown in brackets after each figure; the median and deciles of a length are sample quantiles with "
        "distribution-free intervals.</p>"
    )
    skill = ""
    if any(v.get("skill") for v in data["variants"]):
        skill = f"<section><h2>Skill gap by variant</h2>{skill_chart(data['variants'])}</section>"
    verdicts = "".join(text(f"verdicts.{j}", verdict, tag="li") for j, verdict in enumerate(data["verdicts"]))
    body = (
        head
        + f"<section><h2>Findings</h2><ul class='verdicts'>{verdicts}</ul></section>"
        + skill
        + "".join(_variant(v, i) for i, v in enumerate(data["variants"]))
        + _comparisons(data["comparisons"], data["alpha"])
    )
    return (
        f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
        f"<style>{STYLE}</style></head><body>{body}</body></html>\n"
    )
