"""Candy Land against its exact analysis: no skill, lengths as the Markov chain says, decks in the
exact order. Random agents in self-play (Candy Land has no decisions, so the agent does not
matter); 300 games per deck; tolerances are stated per test."""

from __future__ import annotations

import pytest

import tablesearch as ts
from tablesearch.games.candyland import exact as candyland_exact

GAMES = 300


@pytest.fixture(scope="module")
def decks():
    return ts.analyze(
        "candyland",
        {"draw": "replacement"},
        agents=["random"],
        games=GAMES,
        sweep={"deck": ["64", "66", "64-later"]},
        workers=1,
        progress=False,
    ).to_dict()


def test_skill_gap_interval_includes_one_half():
    # A searching agent against random, 2 players, 20 games (10 duplicate deals): each deal gives
    # both agents the same cards from seat 0 and seat 1, so the score is 1/2 exactly.
    report = ts.analyze(
        "candyland", agents=["mcts:iterations=10", "random"], games=20, workers=1, progress=False
    ).to_dict()
    skill = report["variants"][0]["skill"]
    assert skill["low"] <= 0.5 <= skill["high"]
    assert skill["games"] == 20 and skill["deals"] == 10
    assert any(v.startswith("no skill") for v in report["verdicts"])
    assert report["variants"][0]["length"]["decisions"]["max"] == 0
    assert report["variants"][0]["branching"] is None


def test_lengths_match_the_exact_analysis(decks):
    # Tolerance: 4 standard errors of the sample mean (read from its 95% interval).
    for v in decks["variants"]:
        deck = v["params"]["deck"]
        exact_mean = candyland_exact.length_summary(2, deck)["mean"]
        plies = v["length"]["plies"]
        se = (plies["mean_high"] - plies["mean_low"]) / (2 * 1.96)
        assert abs(plies["mean"] - exact_mean) <= 4 * se, (deck, plies["mean"], exact_mean)
        assert v["exact"]["length"]["plies"]["mean"] == pytest.approx(exact_mean)
        assert v["length"]["turns"]["mean"] == plies["mean"]  # one draw per turn
        for seat, exact_seat in zip(v["seats"], candyland_exact.win_probabilities(2, deck)):
            se = (seat["high"] - seat["low"]) / (2 * 1.96)
            assert abs(seat["win_rate"] - exact_seat) <= 4 * se
        assert set(v["exact_agreement"]) >= {"plies mean", "plies median", "seat 0 win rate"}


def test_the_deck_sweep_orders_decks_as_the_exact_figures(decks):
    means = {v["params"]["deck"]: v["length"]["plies"]["mean"] for v in decks["variants"]}
    exact = {deck: candyland_exact.length_summary(2, deck)["mean"] for deck in means}
    assert min(means, key=means.get) == min(exact, key=exact.get) == "64-later"
    real = {
        (row["a"], row["b"]) for row in decks["comparisons"] if row["metric"] == "mean length (plies)" and row["real"]
    }
    # 64-later is shorter than both others by ~10 plies, far beyond chance at 300 games each;
    # 64 and 66 differ by 0.08 plies exactly, far below what 300 games resolve, so no
    # difference between them is called real.
    assert real == {("deck=64", "deck=64-later"), ("deck=66", "deck=64-later")}


def test_draw_from_the_deck_has_no_exact_figures():
    report = ts.analyze("candyland", agents=["random"], games=10, workers=1, progress=False).to_dict()
    assert report["variants"][0]["params"]["draw"] == "deck"
    assert report["variants"][0]["exact"] is None
