"""3-player Wetland: seat 1's tokens start closer and it wins far more than its share. 300 random
self-play games: seat 1 wins about 72% against a fair share of 33%, so its whole 95% interval
lies above the 20% tolerance band and the report flags it (and only the seats that differ)."""

from __future__ import annotations

import tablesearch as ts


def test_three_player_wetland_flags_seat_one():
    report = ts.analyze("wetland", {"players": 3}, agents=["random"], games=300, workers=1, progress=False)
    data = report.to_dict()
    flagged = [text for text in data["verdicts"] if text.startswith("seat 1 wins") and "unbalanced: favoured" in text]
    assert len(flagged) == 1
    assert not any(text.startswith("seat 0 wins") and "favoured" in text for text in data["verdicts"])
    seat1 = data["variants"][0]["seats"][1]
    assert seat1["low"] > (1 - data["variants"][0]["draw_rate"]) / 3 * 1.2
    assert "seat 1 wins" in str(report)


def test_random_tic_tac_toe_flags_the_first_seat():
    # Random tic-tac-toe: the first player wins ~58%, the second ~29%, draws ~13%; with 200
    # games the first player's edge is real and flagged, the words say which seat.
    data = ts.analyze("tic_tac_toe", agents=["random"], games=200, workers=1, progress=False).to_dict()
    texts = data["verdicts"]
    assert any(t.startswith("seat 0 wins") and "favoured" in t for t in texts)
    assert any("first-player advantage" in t for t in texts)
