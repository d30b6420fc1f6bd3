"""Exact Candy Land figures under replacement draws: sanity checks that hold by construction or
by hand, and statistical agreement between the simulator and the exact figures."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

import tablesearch as ts
from tablesearch import mcts
from tablesearch.games.candyland import exact

SIGMAS = 4  # every statistical tolerance below is 4 standard errors of its estimate


def test_distribution_sums_to_one_minus_the_tail():
    for max_turns in (3, 50, 200):
        dist = exact.turn_distribution("64", max_turns=max_turns)
        assert len(dist.pmf) == max_turns + 1
        assert dist.pmf.sum() + dist.tail == pytest.approx(1.0, abs=1e-12)
    assert exact.turn_distribution("64", max_turns=3).tail == pytest.approx(1.0, abs=1e-15)
    assert exact.turn_distribution("64").tail < 1e-15


@pytest.mark.parametrize("deck, size", [("64", 64), ("66", 66)])
def test_shortest_game_probability_by_hand(deck, size):
    """No game is shorter than 4 turns, and every 4-turn game starts with Queen Frostine (to
    cell 104; from any other first card three moves of at most 13 cells fall short of 134).
    Cells 105-134 are five cycles Y B O G R P, so from a cell a double of the colour d cells on
    in the cycle (d = 1..6) moves 6 + d and each double colour gives a different d: three
    doubles win when d1 + d2 + d3 >= 12, which 81 of the 216 triples do (the 3d6 count).
    A single moves at most 6, so a single in a winning triple must be P with two PP, each move
    maximal: 3 orders. In both decks a double has 2 cards and P 8, so
    P(T = 4) = (1/N) * (81 * 2**3 + 3 * 8 * 2**2) / N**3 = 744 / N**4."""
    assert sum(1 for a in range(1, 7) for b in range(1, 7) for c in range(1, 7) if a + b + c >= 12) == 81
    pmf = exact.turn_distribution(deck, max_turns=10).pmf
    assert list(pmf[:4]) == [0.0, 0.0, 0.0, 0.0]
    assert pmf[4] == pytest.approx(744 / size**4, rel=1e-12)


def test_mean_from_linear_system_matches_distribution():
    dist = exact.turn_distribution("64")
    t = np.arange(len(dist.pmf))
    assert exact.mean_turns("64") == pytest.approx(float(t @ dist.pmf), rel=1e-10)
    variance = float(t**2 @ dist.pmf) - float(t @ dist.pmf) ** 2
    assert exact.variance_turns("64") == pytest.approx(variance, rel=1e-8)


@pytest.mark.parametrize("deck", ["64", "66", "64-later"])
def test_median_is_where_the_cdf_crosses_one_half(deck):
    cdf = exact.turn_distribution(deck).cdf()
    median = exact.median_turns(deck)
    assert cdf[median - 1] < 0.5 <= cdf[median]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_win_probabilities_sum_to_one_and_favour_early_seats(players):
    p = exact.win_probabilities(players, "64")
    assert len(p) == players and p.sum() == pytest.approx(1.0, abs=1e-12)
    assert all(p[i] > p[i + 1] for i in range(players - 1))


def test_two_player_seat_zero_wins_ties():
    """Seat 0 wins when T0 <= T1; by symmetry P(T0 < T1) = P(T1 < T0), so
    P(seat 0 wins) = (1 + P(T0 = T1)) / 2 with P(T0 = T1) = sum_t P(T = t)^2."""
    pmf = exact.turn_distribution("64").pmf
    assert exact.win_probabilities(2, "64")[0] == pytest.approx((1 + float(pmf @ pmf)) / 2, abs=1e-12)


def test_chain_covers_every_resting_cell():
    chain = exact.chain("64")
    assert set(chain.cells) == set(range(135)) - {5, 34}  # shortcut entries are never rested on
    assert np.allclose(chain.matrix.sum(axis=1), 1.0)


def test_bad_arguments_raise():
    with pytest.raises(ValueError, match="64, 66, 64-later"):
        exact.mean_turns("65")
    with pytest.raises(ValueError, match="between 1 and 4"):
        exact.win_probabilities(5)
    with pytest.raises(ValueError, match="max_turns"):
        exact.turn_distribution("64", max_turns=-1)


def test_report_shows_the_exact_figures():
    text = exact.report(2, "64")
    assert f"mean     {exact.mean_turns('64'):.6f}" in text
    assert f"median   {exact.median_turns('64')}" in text
    p = exact.win_probabilities(2, "64")
    assert f"seat 0  {p[0]:.8f}" in text and f"seat 1  {p[1]:.8f}" in text


def simulate(players, games, seed):
    """Plays seeded replacement-mode games through the state API (chance sampled from
    chance_outcomes); returns (turns of seat 0 per game, winner per game)."""
    game = ts.load_game("candyland", players=players, draw="replacement")
    rng = random.Random(seed)
    turns, winners = [], []
    for g in range(games):
        state = game.new_initial_state(g)
        count = 0
        while not state.is_terminal():
            seat = state.current_player()
            state.apply_action(0)
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, weights=probs)[0])
            count += seat == 0
        turns.append(count)
        winners.append(int(np.argmax(state.returns())) if players > 1 else 0)
    return np.array(turns), np.array(winners)


def test_simulated_solo_turns_match_the_exact_mean():
    """N = 3,000 solo games: the sample mean of T lies within 4 standard errors
    (4 * 26.14 / sqrt(3000) = 1.91 turns) of the exact mean."""
    n = 3000
    turns, _ = simulate(1, n, seed=11)
    tolerance = SIGMAS * math.sqrt(exact.variance_turns("64") / n)
    assert abs(turns.mean() - exact.mean_turns("64")) < tolerance
    assert turns.min() >= 4


def test_simulated_seat_win_rates_match_the_exact_probabilities():
    """N = 3,000 two-player games: each seat's win rate lies within 4 binomial standard
    errors (4 * sqrt(p (1 - p) / 3000) = 0.037) of the exact probability."""
    n = 3000
    _, winners = simulate(2, n, seed=12)
    for seat, p in enumerate(exact.win_probabilities(2, "64")):
        assert abs(np.mean(winners == seat) - p) < SIGMAS * math.sqrt(p * (1 - p) / n)


def test_native_playouts_match_the_exact_probabilities():
    """The native sampler (sample_chance, used by random playouts) plays N = 40,000 four-player
    games inside a search from the start; seat i's mean return is (4 p_i - 1) / 3, and each
    estimate lies within 4 standard errors (returns lie in [-1/3, 1], sd <= 2/3) of it."""
    n = 40_000
    state = ts.load_game("candyland", players=4, draw="replacement").new_initial_state(0)
    result = mcts.search(state, iterations=n, seed=3)
    for seat, p in enumerate(exact.win_probabilities(4, "64")):
        assert abs(result.root_values[seat] - (4 * p - 1) / 3) < SIGMAS * (2 / 3) / math.sqrt(n)
