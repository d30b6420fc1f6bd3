"""Tic-tac-toe with a strong agent (MCTS, 1,000 iterations a move): perfect play draws, and it
crushes random. 40 self-play games and 40 games against random (20 duplicate deals); the claims
hold for the lower ends of the 95% intervals, not just the estimates (which rest on 40 games at
most: no interval counts more independent games than were played)."""

from __future__ import annotations

import tablesearch as ts


def test_tic_tac_toe_draws_in_self_play_and_beats_random():
    report = ts.analyze(
        "tic_tac_toe", agents=["mcts:iterations=1000", "random"], games=40, workers=1, progress=False
    ).to_dict()
    v = report["variants"][0]
    assert v["games"] == 40 and v["skill"]["games"] == 40
    assert v["draw_rate_low"] >= 0.8, v["draw_rate"]
    assert v["skill"]["low"] >= 0.85, v["skill"]  # Wilson's lower end for 39.5 of 40 games is 0.89
    assert any(text.startswith("drawish") for text in v["verdicts"])
    assert any(text.startswith("skill dominates") for text in v["verdicts"])
