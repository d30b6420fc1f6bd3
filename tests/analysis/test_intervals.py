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


def test_ratio_interval_covers_a_clustered_ratio():
    # Clusters (deals) of 1..5 trials share a success probability drawn from Beta(3, 7) (mean 0.3),
    # so trials within a cluster are correlated; the true ratio is 0.3.
    rng = np.random.default_rng(2)
    covered = 0
    for _ in range(REPS):
        sizes = rng.integers(1, 6, size=150)
        hits = rng.binomial(sizes, rng.beta(3, 7, size=150))
        _, low, high = intervals.proportion_ratio_interval(hits, sizes)
        covered += low <= 0.3 <= high
    assert covered >= 180, covered


def test_proportion_interval_stays_in_range_and_is_a_point_without_spread():
    value, low, high = intervals.proportion_ratio_interval([2, 2, 2], [2, 2, 2])
    assert value == 1 and 0 < low < 1 and high == 1
    assert intervals.proportion_ratio_interval([1, 1, 1], [2, 2, 2]) == (0.5, 0.5, 0.5)


def test_difference_test_is_antisymmetric_and_reads_the_standard_errors():
    a, b = (0.5, 0.4, 0.6), (0.7, 0.6, 0.8)
    diff, low, high, p = intervals.difference_test(a, b)
    assert diff == pytest.approx(0.2)
    assert high - low == pytest.approx(np.sqrt(2) * 0.2, rel=1e-9)
    assert intervals.difference_test(b, a)[3] == pytest.approx(p)
    # Each standard error is 0.1 / 1.96 = 0.0510; z = 0.2 / (0.0510 * sqrt 2) = 2.77, p = 0.0056.
    assert p == pytest.approx(0.00557, abs=1e-4)
