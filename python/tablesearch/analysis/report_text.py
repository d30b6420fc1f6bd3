"""The balance report as terminal tables (rich; plain text when piped), from its JSON data."""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any, Optional

from rich import box
from rich.console import Console
from rich.table import Table

from tablesearch.analysis.verdicts import interval, num, pct


def _table(title: str) -> Table:
    return Table(box=box.SIMPLE_HEAD, title=title, title_justify="left", title_style="bold", min_width=len(title))


def _with(value: Optional[float], low: Optional[float], high: Optional[float], digits: int = 1) -> str:
    if value is None:
        return "-"
    if low is None or high is None:
        return num(value, digits)
    return f"{value:.{digits}f} [{low:.{digits}f}, {high:.{digits}f}]"


def _seats_table(v: Mapping[str, Any]) -> Table:
    by_turn = not v.get("turn_order_is_seat_order")  # else the positions repeat the seats
    title = "Win rate by seat (95% intervals)" + (" and by turn order" if by_turn else "")
    table = _table(title)
    names = ("seat", "win rate", "score") + (("position", "win rate by position") if by_turn else ())
    for name in names:
        table.add_column(name, justify="right")
    for row, pos in zip(v["seats"], v["positions"]):
        score = pct(row.get("score")) + interval(row.get("score_low"), row.get("score_high")) if "score" in row else "-"
        cells = [str(row["seat"]), pct(row["win_rate"]) + interval(row["low"], row["high"]), score]
        if by_turn:
            cells += [str(pos["position"]), pct(pos["win_rate"]) + interval(pos["low"], pos["high"])]
        table.add_row(*cells)
    return table


def _length_table(v: Mapping[str, Any]) -> Table:
    table = _table("Length (95% intervals)")
    for name in ("", "mean", "median", "p10", "p90", "min", "max"):
        table.add_column(name, justify="right")
    for key in ("plies", "turns", "decisions"):
        d = v["length"][key]
        if d.get("mean") is None:
            continue
        table.add_row(
            key,
            _with(d["mean"], d["mean_low"], d["mean_high"]),
            *(_with(d[q], d[f"{q}_low"], d[f"{q}_high"], 0) for q in ("median", "p10", "p90")),
            str(d["min"]),
            str(d["max"]),
        )
    return table


def render_variant(v: Mapping[str, Any], console: Console) -> None:
    params = ", ".join(f"{k}={val}" for k, val in v["params"].items())
    console.print(
        f"[bold]{v['label']}[/bold]" + (f" ({params})" if params else "") + f": {v['games']} self-play games",
        highlight=False,
    )
    if v["num_players"] > 1:
        console.print(_seats_table(v))
        if v.get("turn_order_is_seat_order"):
            console.print(
                "seat s took the s-th turn in every game: seat and turn order are the same here", highlight=False
            )
    fpa = v.get("first_player_advantage")
    lines = [
        f"draws {pct(v['draw_rate'])}{interval(v['draw_rate_low'], v['draw_rate_high'])}, "
        f"capped {pct(v['capped_rate'])}{interval(v['capped_rate_low'], v['capped_rate_high'])}"
    ]
    if fpa and fpa["value"] is not None:
        first = (
            "seat 0's edge (first in every game; " if v.get("turn_order_is_seat_order") else "first-player advantage ("
        )
        lines.append(
            f"{first}score - 50%) {100 * fpa['value']:+.1f} points"
            + ("" if fpa["low"] is None else f" [{100 * fpa['low']:+.1f}, {100 * fpa['high']:+.1f}]")
        )
    lines.append(
        "branching (legal actions at decisions) "
        + _with(v["branching"], v["branching_low"], v["branching_high"], 2)
        + f", forced plies {pct(v['forced_share'])}"
    )
    skill = v.get("skill")
    if skill:
        luck = (
            f"; luck share (pairs the weaker, {skill['weaker']}, won) "
            f"{pct(skill['luck_share'])}{interval(skill['luck_share_low'], skill['luck_share_high'])}"
            if skill.get("weaker") is not None
            else "; neither agent is weaker"
        )
        lines.append(
            f"skill: {skill['agents'][0]} scores {pct(skill['score'])}{interval(skill['low'], skill['high'])} "
            f"against {skill['agents'][1]} over {skill['games']} games on {skill['deals']} deals "
            f"(the interval counts {num(skill['effective_games'], 0)} independent games){luck}"
        )
    drama = v.get("drama")
    if drama:
        lines.append(
            "drama: lead changes "
            + _with(drama["lead_changes"]["mean"], drama["lead_changes"]["low"], drama["lead_changes"]["high"], 2)
            + ", winner leads for good from "
            + pct(drama["winner_leads_from"]["mean"])
            + interval(drama["winner_leads_from"]["low"], drama["winner_leads_from"]["high"])
            + " of the turns, margin "
            + _with(drama["margin"]["mean"], drama["margin"]["low"], drama["margin"]["high"], 2)
        )
    for line in lines:
        console.print(line, highlight=False)
    console.print(_length_table(v))
    figures = v.get("exact")
    if figures:
        plies = figures["length"]["plies"]
        text = f"exact ({figures['source']}): plies mean {plies['mean']:.3f}, median {plies['median']:.0f}"
        if "seats" in figures:
            text += ", seats " + ", ".join(pct(s["win_rate"]) for s in figures["seats"])
        console.print(text, highlight=False)
    for verdict in v["verdicts"]:
        console.print(f"  * {verdict}", highlight=False)
    console.print()


def render(data: Mapping[str, Any], console: Console) -> None:
    measured = any(v.get("skill") for v in data["variants"])
    gap = f"{data['agents'][0]} against {data['agents'][1]}" if measured else "not measured (one agent)"
    console.print(
        f"[bold]Balance of {data['game']}[/bold]: {data['agents'][0]} in self-play; skill gap {gap}",
        highlight=False,
    )
    for v in data["variants"]:
        render_variant(v, console)
    if data["comparisons"]:
        table = _table("Differences between variants (second minus first; Holm-adjusted)")
        for name in ("figure", "first", "second", "difference [95%]", "p (Holm)", "real"):
            table.add_column(name, justify="right")
        for row in data["comparisons"]:
            table.add_row(
                row["metric"],
                row["a"],
                row["b"],
                _with(row["difference"], row["low"], row["high"], 3),
                "-" if row["p_holm"] is None else f"{row['p_holm']:.2g}",
                "yes" if row["real"] else "no",
            )
        console.print(table)


def render_text(data: Mapping[str, Any], width: int = 120) -> str:
    buffer = io.StringIO()
    render(data, Console(file=buffer, width=width, color_system=None, force_terminal=False))
    return buffer.getvalue()
