"""The statistics of the balance lab: known values, and coverage of the 95% intervals measured by
simulation (200 repetitions each: a 95% interval covers 190 +- 6 (1 sigma) of them; the tests
ask for at least 180, more than 3 sigma below nominal)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from tablesearch.analysis import intervals

REPS = 200


def test_wilson_known_values():
    assert intervals.wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    low, high = intervals.wilson(0, 10)
    assert low == 0 and high == pytest.approx(0.2775, abs=1e-4)
    assert all(math.isnan(x) for x in intervals.wilson(0, 0))  # no games, no interval


def test_holm_known_values():
    assert intervals.holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert intervals.holm([None, 0.5]) == [None, 0.5]


def test_quantile_interval_covers_the_true_median_and_deciles():
    rng = np.random.default_rng(1)
    from scipy import stats

    for q in (0.5, 0.1, 0.9):
        truth = float(stats.geom.ppf(q, 1 / 15))  # a discrete, skewed law, like game lengths
        covered = 0
        for _ in range(REPS):
            sample = rng.geometric(1 / 15, size=300)
            _, low, high = intervals.quantile_interval(sample, q)
            covered += low <= truth <= high
        assert covered >= 180, (q, covered)


def test_clustered_proportion_covers_a_clustered_ratio():
    # Clusters (deals) of 1..5 trials share a success probability drawn from Beta(3, 7) (mean 0.3),
    # so trials within a cluster are correlated; the true ratio is 0.3.
    rng = np.random.default_rng(2)
    covered = 0
    for _ in range(REPS):
        sizes = rng.integers(1, 6, size=150)
        hits = rng.binomial(sizes, rng.beta(3, 7, size=150))
        _, low, high, _ = intervals.clustered_proportion(hits, sizes, int(sizes.sum()))
        covered += low <= 0.3 <= high
    assert covered >= 180, covered


def test_clustered_proportion_covers_duplicate_deals():
    # Duplicate deals of 2 games: the deal's luck L ~ N(0, 1) helps the first agent in one seating
    # and hurts it in the other (P(win) = Phi(0.3 + L), then Phi(0.3 - L)), so a deal's two games
    # are negatively correlated. 60 deals; the true rate, E Phi(0.3 + L), is Phi(0.3 / sqrt 2).
    from scipy import stats

    truth = float(stats.norm.cdf(0.3 / np.sqrt(2)))
    rng = np.random.default_rng(3)
    covered = 0
    for _ in range(REPS):
        luck = rng.normal(size=60)
        wins = (rng.random(60) < stats.norm.cdf(0.3 + luck)).astype(int)
        wins += rng.random(60) < stats.norm.cdf(0.3 - luck)
        _, low, high, effective = intervals.clustered_proportion(wins, np.full(60, 2), 120)
        assert 60 <= effective <= 120
        covered += low <= truth <= high
    assert covered >= 180, covered


def test_clustered_proportion_rests_on_the_deals_when_every_deal_gives_the_same_result():
    # Every deal 1 (all pairs won): as Wilson's interval over the 3 deals, not over the 6 pairs.
    value, low, high, effective = intervals.clustered_proportion([2, 2, 2], [2, 2, 2], 6)
    assert (value, high, effective) == (1, 1, 3) and low == pytest.approx(intervals.wilson(3, 3)[0])
    # Every deal exactly one half (Candy Land's duplicate deals): no zero-width interval.
    value, low, high, effective = intervals.clustered_proportion([1] * 50, [2] * 50, 100)
    assert value == 0.5 and effective == 50 and (low, high) == pytest.approx(intervals.wilson(25, 50))
    # Never more effective games than games, never fewer than deals.
    _, _, _, effective = intervals.clustered_proportion([1, 1, 1, 2], [2, 2, 2, 2], 8)
    assert 4 <= effective <= 8


def test_bounded_mean_stays_in_range_and_is_never_a_point():
    # Issue 25: a 4-game analysis printed a score of 75.0% [26.0, 124.0].
    value, low, high = intervals.bounded_mean([1, 1, 1, 0])
    assert value == 0.75 and (low, high) == pytest.approx(intervals.wilson(3, 4))
    value, low, high = intervals.bounded_mean([0.25] * 4)  # was 25.0% [25.0, 25.0]
    assert low < 0.25 < high
    value, low, high = intervals.bounded_mean([0.5, 0.5, 0.5], -0.5, 0.5)  # first-player advantage
    assert value == 0.5 and high == 0.5 and -0.5 < low < 0.5
    assert all(math.isnan(x) for x in intervals.bounded_mean([]))


def test_bounded_mean_covers_a_seat_score():
    # A seat's score in a 3-player game: 1 (won), 1/4 (lost, tied with the other loser), 0; the
    # true mean of P = (0.3, 0.6, 0.1) is 0.45.
    rng = np.random.default_rng(4)
    covered = 0
    for _ in range(REPS):
        scores = rng.choice([1.0, 0.25, 0.0], p=[0.3, 0.6, 0.1], size=40)
        _, low, high = intervals.bounded_mean(scores)
        covered += low <= 0.45 <= high
    assert covered >= 180, covered


def test_mean_interval_is_cut_at_the_bounds():
    mean, low, high = intervals.mean_interval([1, 100], minimum=0.0)  # lengths: never below 0
    assert mean == 50.5 and low == 0.0 and high > 100


def test_difference_test_is_antisymmetric_and_reads_the_standard_errors():
    a, b = (0.5, 0.4, 0.6), (0.7, 0.6, 0.8)
    diff, low, high, p = intervals.difference_test(a, b)
    assert diff == pytest.approx(0.2)
    assert high - low == pytest.approx(np.sqrt(2) * 0.2, rel=1e-9)
    assert intervals.difference_test(b, a)[3] == pytest.approx(p)
    # Each standard error is 0.1 / 1.96 = 0.0510; z = 0.2 / (0.0510 * sqrt 2) = 2.77, p = 0.0056.
    assert p == pytest.approx(0.00557, abs=1e-4)
