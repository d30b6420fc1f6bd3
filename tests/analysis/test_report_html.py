"""The HTML report shows exactly the JSON's numbers, opens offline, and the JSON has the keys the
issue names. One small analysis (tic-tac-toe, 3 variants of nothing: a Wetland player sweep is
used so that comparisons, drama-free variants and several seats appear) feeds every test."""

from __future__ import annotations

import json
import math
import re
from html.parser import HTMLParser

import pytest

import tablesearch as ts


@pytest.fixture(scope="module")
def report():
    # 12 random self-play games and 12 skill games per variant: small, but every section appears.
    return ts.analyze(
        "wetland",
        agents=["mcts:iterations=8", "random"],
        games=12,
        sweep={"players": [2, 3]},
        workers=1,
        progress=False,
    )


@pytest.fixture(scope="module")
def scored_report():
    # Gnomi reports scores, so the drama section appears.
    return ts.analyze("gnomi", agents=["random"], games=10, workers=1, progress=False)


def _lookup(data, key):
    for part in key.split("."):
        data = data[int(part)] if isinstance(data, list) else data[part]
    return data


class _Figures(HTMLParser):
    """Collects elements carrying data-key, their value attribute and their text; and every
    piece of text outside them (with whether it is an axis tick)."""

    def __init__(self):
        super().__init__()
        self.stack = []  # (tag, attrs, text parts)
        self.figures = []
        self.loose_text = []
        self.tags = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        self.stack.append((tag, dict(attrs), []))

    def handle_startendtag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        attrs = dict(attrs)
        if "data-key" in attrs:
            self.figures.append((attrs, ""))

    def handle_endtag(self, tag):
        while self.stack:
            open_tag, attrs, parts = self.stack.pop()
            text = "".join(parts)
            if "data-key" in attrs:
                self.figures.append((attrs, text))
            elif self.stack:
                self.stack[-1][2].append(text)
            if open_tag == tag:
                break

    def handle_data(self, data):
        inside_figure = any("data-key" in attrs for _, attrs, _ in self.stack)
        in_tick = any(attrs.get("class") == "tick" for _, attrs, _ in self.stack)
        in_style = any(tag in ("style", "title") for tag, _, _ in self.stack)
        if self.stack:
            self.stack[-1][2].append(data)
        if not inside_figure and not in_tick and not in_style:
            self.loose_text.append(data)


def _check_shown(text, value):
    """The shown text is the JSON value as the report formats it."""
    if value is None:
        assert text == "-"
        return
    if isinstance(value, bool):
        assert text == json.dumps(value)
        return
    if isinstance(value, str):
        assert text == value
        return
    if text.endswith("%"):
        shown, scale = float(text[:-1]), 100.0
    else:
        shown, scale = float(text), 1.0
    decimals = len(text.rstrip("%").partition(".")[2])
    assert abs(shown - scale * value) <= 0.5 * 10**-decimals + 1e-9, (text, value)


@pytest.mark.parametrize("which", ["report", "scored_report"])
def test_every_number_in_the_html_equals_the_json(which, request):
    report = request.getfixturevalue(which)
    data = json.loads(report.to_json())
    from tablesearch.analysis.report_html import render_html

    page = render_html(data)
    parser = _Figures()
    parser.feed(page)
    assert len(parser.figures) > 50
    for attrs, text in parser.figures:
        expected = _lookup(data, attrs["data-key"])
        raw = attrs.get("value", attrs.get("data-value"))
        if raw is not None:  # a figure: its value attribute is the JSON value, exactly
            assert (raw if isinstance(expected, str) else json.loads(raw)) == expected, attrs
            if text:
                _check_shown(text, expected)
        else:  # text copied from the JSON
            assert text == expected, attrs["data-key"]
    # No number is shown that is not tied to the JSON (axis ticks aside).
    loose = " ".join(parser.loose_text)
    assert not re.search(r"\d", loose), re.findall(r".{20}\d.{20}", loose)


def test_the_html_opens_offline(report, tmp_path):
    path = tmp_path / "report.html"
    report.write_html(path)
    page = path.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "<svg" in page
    parser = _Figures()
    parser.feed(page)
    for tag, attrs in parser.tags:
        assert tag not in ("script", "link", "iframe", "img", "object", "embed"), tag
        for name, value in attrs.items():
            assert name not in ("src", "href") or not value or value.startswith("#"), (tag, name, value)
    assert (
        "url(" not in page
        and "@import" not in page
        and "http://" not in page.replace('xmlns="http://www.w3.org/2000/svg"', "")
        and "https://" not in page
    )


def test_json_has_the_keys_the_issue_names(report):
    data = json.loads(report.to_json())
    assert data["agents"] == ["mcts:iterations=8", "random"]
    assert [v["params"]["players"] for v in data["variants"]] == [2, 3]
    for v in data["variants"]:
        assert len(v["seats"]) == v["params"]["players"]
        for seat in v["seats"]:
            assert {"seat", "win_rate", "low", "high"} <= set(seat)
            assert seat["low"] <= seat["win_rate"] <= seat["high"]
        assert 0 <= v["draw_rate"] <= 1
        for metric in ("plies", "decisions"):
            assert {"mean", "median", "p10", "p90"} <= set(v["length"][metric])
            d = v["length"][metric]
            assert d["p10"] <= d["median"] <= d["p90"]
        assert v["branching"] > 1
        assert {"score", "low", "high"} <= set(v["skill"])
        assert 0 <= v["skill"]["low"] <= v["skill"]["score"] <= v["skill"]["high"] <= 1
    assert data["comparisons"], "two variants are compared"
    assert all(isinstance(row["real"], bool) for row in data["comparisons"])


def test_json_is_strict_and_round_trips(report, tmp_path):
    path = tmp_path / "r.json"
    text = report.to_json(path)
    assert json.loads(path.read_text()) == json.loads(text)
    assert "NaN" not in text and "Infinity" not in text
    assert not any(
        isinstance(x, float) and math.isnan(x)
        for x in json.loads(text)["variants"][0]["seats"][0].values()
        if not isinstance(x, str)
    )
