"""Seat verdicts: a seat is flagged when its whole interval lies off its fair share, and where seat
s always takes the s-th turn the words say that seat and turn order cannot be told apart."""

from __future__ import annotations

import tablesearch as ts
from tablesearch.analysis.verdicts import seat_verdict


def test_seat_verdicts_by_where_the_interval_lies():
    fair = 1 / 3  # the 20% band around it: 26.7% to 40%
    assert seat_verdict({"low": 0.41, "high": 0.5}, fair) == "unbalanced: favoured"
    assert seat_verdict({"low": 0.2, "high": 0.26}, fair) == "unbalanced: handicapped"
    assert seat_verdict({"low": 0.34, "high": 0.45}, fair) == "slightly favoured"
    assert seat_verdict({"low": 0.22, "high": 0.3}, fair) == "slightly handicapped"
    assert seat_verdict({"low": 0.3, "high": 0.4}, fair) == "fair"


def test_random_tic_tac_toe_flags_the_first_seat():
    # Random tic-tac-toe: the first player wins ~58%, the second ~29%, draws ~13%; with 200
    # games seat 0's edge is real and flagged. Seat 0 always moves first, so the first-mover
    # verdict speaks of seat 0 and says that seat and turn order cannot be told apart.
    data = ts.analyze("tic_tac_toe", agents=["random"], games=200, workers=1, progress=False).to_dict()
    texts = data["verdicts"]
    assert any(t.startswith("seat 0 wins") and "favoured" in t for t in texts)
    assert data["variants"][0]["turn_order_is_seat_order"] is True
    edge = [t for t in texts if "seat 0, which moves first in every game" in t]
    assert len(edge) == 1 and "edge for seat 0" in edge[0] and "cannot be told apart" in edge[0]
    assert not any("first-player advantage" in t for t in texts)


def test_three_player_wetland_says_seats_are_turn_order_and_drops_the_repeated_column():
    # 300 random games on the triangle: no seat wins 20% more or less than its share for certain.
    report = ts.analyze("wetland", {"players": 3}, agents=["random"], games=300, workers=1, progress=False)
    data = report.to_dict()
    assert not any("unbalanced" in t for t in data["verdicts"])
    assert data["variants"][0]["turn_order_is_seat_order"] is True
    text = str(report)
    assert "seat and turn order are the same here" in text and "win rate by position" not in text
    from tablesearch.analysis.report_html import render_html

    page = render_html(data)
    assert "seat and turn order are the same here" in page and "win rate by position" not in page
