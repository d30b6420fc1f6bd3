"""Small inline SVG charts for the HTML report (no plotting library, no scripts).

Axis tick labels carry class "tick" (they are the scale, not figures); every figure written on a
chart is a `html_figures.fig(..., tag="tspan")` tied to its JSON key.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from tablesearch.analysis.html_figures import fig, text

WIDTH, HEIGHT = 420, 220
LEFT, RIGHT, TOP, BOTTOM = 48, 12, 16, 36


def _frame(body: str, title: str, height: int = HEIGHT) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" role="img"><title>{title}</title>{body}</svg>'
    )


def nice_step(span: float, ticks: int = 4) -> float:
    """A round step (1, 2 or 5 times a power of ten) that cuts `span` into about `ticks` parts."""
    raw = max(span, 1e-12) / ticks
    power = 10.0 ** math.floor(math.log10(raw))
    return next(m * power for m in (1, 2, 5, 10) if m * power >= raw * (1 - 1e-9))


def round_ticks(start: float, end: float, integer: bool = False) -> list[float]:
    """Round values from the first multiple of a nice step at or after `start` up to `end`."""
    step = max(1.0, nice_step(end - start)) if integer else nice_step(end - start)
    first = math.ceil(start / step - 1e-9) * step
    return [first + i * step for i in range(int((end - first) / step + 1e-9) + 1)]


def _y_axis(data_max: float, percent: bool, height: int = HEIGHT, cap: float = math.inf) -> tuple[str, Any, float]:
    """The axis line and round ticks from 0 to the first tick at or above `data_max` (at most
    `cap`); returns (svg, y(value), top)."""
    step = nice_step(data_max) if percent else max(1.0, nice_step(data_max))
    top = min(cap, step * max(1, math.ceil(data_max / step - 1e-9)))
    plot_h = height - TOP - BOTTOM

    def y(value: float) -> float:
        return TOP + plot_h * (1 - value / top)

    parts = [
        f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{TOP + plot_h}" stroke="#444"/>',
        f'<line x1="{LEFT}" y1="{TOP + plot_h}" x2="{WIDTH - RIGHT}" y2="{TOP + plot_h}" stroke="#444"/>',
    ]
    for i in range(int(top / step + 1e-9) + 1):
        value = i * step
        label = f"{100 * value:g}%" if percent else f"{value:g}"
        parts.append(
            f'<line x1="{LEFT - 4}" y1="{y(value):.1f}" x2="{WIDTH - RIGHT}" y2="{y(value):.1f}" '
            f'stroke="#ddd"/><text class="tick" x="{LEFT - 6}" y="{y(value) + 4:.1f}" '
            f'text-anchor="end">{label}</text>'
        )
    return "".join(parts), y, top


def seat_chart(v: Mapping[str, Any], key: str) -> str:
    """Each seat's win rate with its 95% interval; the dashed line is the fair share."""
    rows = v["seats"]
    fair = (1 - (v.get("draw_rate") or 0.0)) / max(v["num_players"], 1)
    highest = max([0.1, fair] + [r["high"] or r["win_rate"] or 0 for r in rows])
    axis, y, _ = _y_axis(highest, True, cap=1.0)
    plot_w = WIDTH - LEFT - RIGHT
    step = plot_w / max(len(rows), 1)
    parts = [axis]
    parts.append(
        f'<line x1="{LEFT}" y1="{y(fair):.1f}" x2="{WIDTH - RIGHT}" y2="{y(fair):.1f}" '
        f'stroke="#c33" stroke-dasharray="5,4"/>'
    )
    for i, row in enumerate(rows):
        cx = LEFT + step * (i + 0.5)
        rate = row["win_rate"] or 0.0
        w = min(step * 0.6, 60)
        parts.append(
            f'<rect x="{cx - w / 2:.1f}" y="{y(rate):.1f}" width="{w:.1f}" height="{y(0) - y(rate):.1f}" '
            f'fill="#4a7ab5"/>'
        )
        if row["low"] is not None:
            parts.append(
                f'<line x1="{cx:.1f}" y1="{y(row["low"]):.1f}" x2="{cx:.1f}" y2="{y(row["high"]):.1f}" '
                f'stroke="#111" stroke-width="1.5"/>'
            )
            for bound in (row["low"], row["high"]):
                parts.append(
                    f'<line x1="{cx - 6:.1f}" y1="{y(bound):.1f}" x2="{cx + 6:.1f}" y2="{y(bound):.1f}" '
                    f'stroke="#111" stroke-width="1.5"/>'
                )
        label_y = min(y(row["high"] if row["high"] is not None else rate), y(rate)) - 4
        parts.append(
            f'<text x="{cx + 8:.1f}" y="{max(label_y, TOP + 8):.1f}" font-size="11">'
            f"{fig(f'{key}.seats.{i}.win_rate', row['win_rate'], 'pct', tag='tspan')}</text>"
        )
        parts.append(
            f'<text x="{cx:.1f}" y="{HEIGHT - BOTTOM + 16}" text-anchor="middle">seat '
            f"{fig(f'{key}.seats.{i}.seat', row['seat'], 'int', tag='tspan')}</text>"
        )
    return _frame("".join(parts), "win rate by seat with 95% intervals; dashed: fair share")


def histogram_chart(histogram: Mapping[str, Any], key: str, unit: str) -> str:
    """Games per length bin (bins of `step` lengths from `start`), with round ticks on both axes."""
    counts = histogram["counts"]
    axis, y, _ = _y_axis(max(counts) if counts else 1, False)
    plot_w = WIDTH - LEFT - RIGHT
    w = plot_w / max(len(counts), 1)
    parts = [axis]
    for i, count in enumerate(counts):
        x = LEFT + i * w
        parts.append(
            f'<rect x="{x + 1:.1f}" y="{y(count):.1f}" width="{max(w - 2, 1):.1f}" '
            f'height="{y(0) - y(count):.1f}" fill="#6a9a4a" data-key="{key}.counts.{i}" '
            f'data-value="{count}"/>'
        )
    start, step = int(histogram["start"]), int(histogram["step"])
    end = start + step * len(counts)  # the last bin holds lengths up to end - 1

    def x_of(length: float) -> float:  # a bin's left edge is its first length
        return LEFT + plot_w * (length - start) / (end - start)

    for value in round_ticks(start, end - 1, integer=True):
        parts.append(
            f'<line x1="{x_of(value):.1f}" y1="{HEIGHT - BOTTOM}" x2="{x_of(value):.1f}" '
            f'y2="{HEIGHT - BOTTOM + 4}" stroke="#444"/><text class="tick" x="{x_of(value):.1f}" '
            f'y="{HEIGHT - BOTTOM + 15}" text-anchor="middle">{value:g}</text>'
        )
    bins = f"bins of {fig(f'{key}.step', step, 'int', tag='tspan')}" if step > 1 else "one bin per length"
    parts.append(
        f'<text x="{LEFT + plot_w / 2:.1f}" y="{HEIGHT - 4}" text-anchor="middle">game length in {unit} ({bins})</text>'
    )
    parts.append(
        f'<text x="12" y="{TOP + (HEIGHT - TOP - BOTTOM) / 2:.1f}" text-anchor="middle" '
        f'transform="rotate(-90 12 {TOP + (HEIGHT - TOP - BOTTOM) / 2:.1f})">games</text>'
    )
    return _frame("".join(parts), f"games by length in {unit}")


def skill_chart(variants: Sequence[Mapping[str, Any]]) -> str:
    """The first agent's score against the second per variant, with 95% intervals; 50% marked."""
    rows = [(i, v) for i, v in enumerate(variants) if v.get("skill") and v["skill"]["score"] is not None]
    row_h = 28
    height = TOP + BOTTOM + row_h * max(len(rows), 1)
    left = 150
    plot_w = WIDTH - left - RIGHT

    def x(value: float) -> float:
        return left + plot_w * value

    parts = [
        f'<line x1="{x(0.5):.1f}" y1="{TOP}" x2="{x(0.5):.1f}" y2="{height - BOTTOM}" stroke="#c33" '
        f'stroke-dasharray="5,4"/>'
    ]
    for i in range(5):
        value = i / 4
        parts.append(
            f'<text class="tick" x="{x(value):.1f}" y="{height - BOTTOM + 14}" '
            f'text-anchor="middle">{100 * value:.0f}%</text>'
        )
    for r, (i, v) in enumerate(rows):
        s = v["skill"]
        cy = TOP + row_h * (r + 0.5)
        parts.append(
            f'<text x="{left - 8}" y="{cy + 4:.1f}" text-anchor="end" font-size="11">'
            f"{text(f'variants.{i}.label', v['label'], tag='tspan')}</text>"
        )
        if s["low"] is not None:
            parts.append(
                f'<line x1="{x(s["low"]):.1f}" y1="{cy:.1f}" x2="{x(s["high"]):.1f}" y2="{cy:.1f}" '
                f'stroke="#111" stroke-width="1.5"/>'
            )
        parts.append(f'<circle cx="{x(s["score"]):.1f}" cy="{cy:.1f}" r="4" fill="#4a7ab5"/>')
        parts.append(
            f'<text x="{min(x(s["score"]) + 8, WIDTH - 40):.1f}" y="{cy - 6:.1f}" font-size="11">'
            f"{fig(f'variants.{i}.skill.score', s['score'], 'pct', tag='tspan')}</text>"
        )
    return _frame("".join(parts), "skill gap: score of the first agent against the second", height)
