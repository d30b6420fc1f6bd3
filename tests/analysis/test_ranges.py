"""Every interval of a balance report, in its JSON, text and HTML forms, lies inside the range its
figure can take and contains its figure; no interval rests on more games than its deals allow;
small samples are called too small (issue 29, issue 25). Reports from a few games, where the old
intervals went astray (75.0% [26.0, 124.0], 25.0% [25.0, 25.0], 100% [92.1, 100] on 10 deals)."""

from __future__ import annotations

import html
import json
import math
import re

import pytest

import tablesearch as ts
from tablesearch.analysis.report_html import render_html

# The range of each figure, written here independently of the code. Keys are matched against the
# path of a figure in the JSON (list indices dropped).
RANGES = [
    (r"seats\.(win_rate|low|high|score|score_low|score_high)$", 0.0, 1.0),
    (r"positions\.(win_rate|low|high)$", 0.0, 1.0),
    (r"first_player_advantage\.(value|low|high)$", -0.5, 0.5),
    (r"(draw_rate|capped_rate)(_low|_high)?$", 0.0, 1.0),
    (r"length\.\w+\.(mean|median|p10|p90)(_low|_high)?$", 0.0, math.inf),
    (r"branching(_low|_high)?$", 2.0, math.inf),
    (r"skill\.(score|low|high|luck_share|luck_share_low|luck_share_high)$", 0.0, 1.0),
    (r"drama\.lead_changes\.(mean|low|high)$", 0.0, math.inf),
    (r"drama\.winner_leads_from\.(mean|low|high)$", 0.0, 1.0),
]
# (figure, low, high) triples to check for order, as sibling keys.
TRIPLES = [
    ("win_rate", "low", "high"),
    ("score", "score_low", "score_high"),
    ("value", "low", "high"),
    ("mean", "low", "high"),
    ("score", "low", "high"),
    ("luck_share", "luck_share_low", "luck_share_high"),
    ("difference", "low", "high"),
]


@pytest.fixture(scope="module")
def reports():
    few = dict(games=4, workers=1, progress=False)
    return [
        ts.analyze("tic_tac_toe", agents=["mcts:iterations=30", "random"], **few),
        ts.analyze("candyland", agents=["mcts", "random"], **few),
        ts.analyze("gnomi", {"players": 3}, agents=["random", "mcts:iterations=20"], **few),
        ts.analyze("wetland", agents=["random"], sweep={"players": [2, 3]}, **few),
    ]


def _walk(data, path=""):
    if isinstance(data, dict):
        yield path, data
        for key, value in data.items():
            yield from _walk(value, f"{path}.{key}" if path else key)
    elif isinstance(data, list):
        for value in data:
            yield from _walk(value, path)


def test_every_json_figure_lies_in_its_range_and_inside_its_interval(reports):
    checked = 0
    for report in reports:
        data = report.to_dict()
        for path, node in _walk(data):
            for key, value in node.items():
                if not isinstance(value, float):
                    continue
                for pattern, low, high in RANGES:
                    if re.search(pattern, f"{path}.{key}"):
                        assert low <= value <= high, (report.game, path, key, value)
                        checked += 1
            for figure, low, high in TRIPLES:
                if all(node.get(k) is not None for k in (figure, low, high)):
                    assert node[low] <= node[figure] <= node[high], (report.game, path, node)
                    assert node[low] < node[high] or path.endswith("decisions"), (report.game, path, node)
        for row in data["comparisons"]:
            if row["metric"] in ("draw rate", "first-player advantage", "skill score") and row["low"] is not None:
                assert -1 <= row["low"] <= row["difference"] <= row["high"] <= 1, row
    assert checked > 200


def test_no_interval_rests_on_more_games_than_its_deals_allow(reports):
    for report in reports:
        for v in report.to_dict()["variants"]:
            skill = v["skill"]
            if skill:
                assert skill["deals"] <= skill["effective_games"] <= skill["games"], skill


def test_every_percentage_in_the_text_and_html_lies_in_range(reports):
    # "X% [a, b]" (text) or "X% [a%, b%]" (HTML): rates and scores in [0, 100], the first-player
    # advantage in [-50, 50] (in the text, as "+x points [a, b]").
    number = r"\s*(-?\d+\.\d)\s*"
    shown = re.compile(rf"(?<![\d.]){number}%\s*\[{number}%?\s*,{number}%?\]")
    points = re.compile(r"([+-]\d+\.\d) points \[([+-]\d+\.\d), ([+-]\d+\.\d)\]")
    for report in reports:
        page = html.unescape(re.sub(r"<[^>]+>", " ", render_html(report.to_dict())))
        for text in (str(report), page):
            found = shown.findall(text)
            assert len(found) >= 3
            for value, low, high in found:
                assert -50.0 <= float(low) <= float(value) <= float(high) <= 100.0, (value, low, high)
            for value, low, high in points.findall(text):
                assert -50.0 <= float(low) <= float(value) <= float(high) <= 50.0, (value, low, high)


def test_the_text_says_how_many_deals_the_skill_rests_on_and_when_games_are_too_few(reports):
    text = str(reports[2])
    assert re.search(r"over \d+ games on \d+ deals", text)
    assert "too few games to judge" in text and "too few deals to judge skill" in text


def test_agents_that_score_alike_have_no_weaker_one(reports):
    candyland = reports[1].to_dict()  # every move is forced: mcts and random play alike
    skill = candyland["variants"][0]["skill"]
    assert skill["score"] == 0.5 and skill["weaker"] is None and skill["luck_share"] is None
    assert any(t.startswith("no skill") and "neither agent is weaker" in t for t in candyland["verdicts"])
    assert not any("luck" in t or "weaker agent" in t for t in candyland["verdicts"])
    assert "neither agent is weaker" in str(reports[1])
    assert "neither agent is weaker" in render_html(candyland)


def test_a_perfect_skill_score_on_few_deals_is_not_overstated():
    # The golden match case: every pair won, on 10 deals. The interval is Wilson's over 10 deals.
    from tablesearch.analysis import metrics

    lines = [
        {"deal": d, "agents": agents, "ranks": [1 if a == "A" else 2 for a in agents], "winners": [agents.index("A")]}
        for d in range(10)
        for agents in (["A", "B", "B"], ["B", "A", "B"], ["B", "B", "A"])
    ]
    skill = metrics.skill_metrics(lines, "A", "B")
    assert skill["score"] == 1 and skill["effective_games"] == 10
    assert skill["low"] == pytest.approx(ts.analysis.intervals.wilson(10, 10)[0])  # 0.722, not 0.921
    assert json.loads(json.dumps(skill))["deals"] == 10
