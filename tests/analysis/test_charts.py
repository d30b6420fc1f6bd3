"""The HTML report's charts: axis ticks at round values (issue 29: ticks at 16/33/49/66% put the 50%
fair-share line above a "49%" tick; a histogram tick of 7.7 was labelled 8), and a labelled
histogram x axis."""

from __future__ import annotations

import math
import re

import pytest

from tablesearch.analysis import svg_charts


def _ticks(svg):
    return re.findall(r'<text class="tick"[^>]*>([^<]+)</text>', svg)


def _is_round_step(step):
    mantissa = step / 10 ** math.floor(math.log10(step))
    return any(math.isclose(mantissa, m) for m in (1, 2, 5))


@pytest.mark.parametrize("span, step", [(0.66, 0.2), (1.0, 0.5), (7.7, 2), (120, 50), (3, 1), (0.08, 0.02)])
def test_nice_steps(span, step):
    assert svg_charts.nice_step(span) == pytest.approx(step)


@pytest.mark.parametrize("highs", [[0.49, 0.66, 0.3], [0.07, 0.02], [0.97, 1.0]])
def test_seat_chart_ticks_are_round_and_reach_the_highest_bar(highs):
    rows = [{"seat": i, "win_rate": h * 0.9, "low": h * 0.8, "high": h} for i, h in enumerate(highs)]
    svg = svg_charts.seat_chart({"seats": rows, "num_players": len(rows), "draw_rate": 0.0}, "v")
    values = [float(t.rstrip("%")) / 100 for t in _ticks(svg)]
    steps = {round(b - a, 9) for a, b in zip(values, values[1:])}
    assert values[0] == 0 and len(steps) == 1 and _is_round_step(steps.pop())
    assert max(highs + [1 / len(rows)]) <= values[-1] + 1e-9 and values[-1] <= 1.0


def test_histogram_ticks_are_round_and_its_axes_are_labelled():
    histogram = {"start": 3, "step": 15, "counts": [32, 56, 52, 52, 35, 26, 13, 9, 6, 4, 3, 4, 3, 1, 1, 1, 0, 0, 0, 1]}
    svg = svg_charts.histogram_chart(histogram, "h", "plies")
    ticks = [float(t) for t in _ticks(svg)]  # the y axis first, then the x axis
    assert ticks == [0, 20, 40, 60] + [100, 200, 300]  # counts up to 56; lengths 3 to 302
    assert "game length in plies (bins of" in svg and ">games</text>" in svg
