"""95% intervals and tests used by the balance lab.

Every interval here is two-sided at `LEVEL` (95%). Games of one deal share their luck (duplicate
deals), so quantities measured over several games of a deal are treated as one cluster: the unit
of sampling is the deal, and ratio estimates (total over total) get the cluster-robust (delta
method) standard error. Proportions over independent games get Wilson's interval, which stays
inside [0, 1] and behaves at 0% and 100%.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Optional

import numpy as np
from numpy.typing import ArrayLike

LEVEL = 0.95
Z = 1.959963984540054  # the normal quantile of 0.975 (scipy.stats is imported only where needed: it is slow)


def wilson(successes: float, trials: int) -> tuple[float, float]:
    """Wilson's 95% interval for a proportion; (nan, nan) with no trials."""
    if trials <= 0:
        return math.nan, math.nan
    p = successes / trials
    centre = (p + Z * Z / (2 * trials)) / (1 + Z * Z / trials)
    half = Z * math.sqrt(p * (1 - p) / trials + Z * Z / (4 * trials * trials)) / (1 + Z * Z / trials)
    low = 0.0 if successes <= 0 else max(0.0, min(p, centre - half))
    high = 1.0 if successes >= trials else min(1.0, max(p, centre + half))
    return low, high


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """(mean, low, high): the normal-approximation interval mean +- z * s / sqrt(n)."""
    x = np.asarray(values, dtype=float)
    if len(x) == 0:
        return math.nan, math.nan, math.nan
    mean = float(x.mean())
    if len(x) == 1:
        return mean, math.nan, math.nan
    half = Z * float(x.std(ddof=1)) / math.sqrt(len(x))
    return mean, mean - half, mean + half


def ratio_interval(numerators: ArrayLike, denominators: ArrayLike) -> tuple[float, float, float]:
    """(ratio, low, high) for sum(numerators) / sum(denominators), one pair per cluster (a deal or
    a game), with the delta-method standard error of a ratio estimator over clusters."""
    y = np.asarray(numerators, dtype=float)
    x = np.asarray(denominators, dtype=float)
    if len(x) == 0 or x.sum() <= 0:
        return math.nan, math.nan, math.nan
    ratio = float(y.sum() / x.sum())
    n = len(x)
    if n == 1:
        return ratio, math.nan, math.nan
    residuals = y - ratio * x
    se = math.sqrt(n / (n - 1) * float((residuals**2).sum())) / float(x.sum())
    return ratio, ratio - Z * se, ratio + Z * se


def quantile_interval(values: Sequence[float], q: float) -> tuple[float, float, float]:
    """(quantile, low, high): the sample quantile (linear interpolation, as numpy) and the
    distribution-free interval between order statistics whose ranks bound n*q with 95%
    binomial probability (exact ranks from the binomial distribution)."""
    x = np.sort(np.asarray(values, dtype=float))
    n = len(x)
    if n == 0:
        return math.nan, math.nan, math.nan
    from scipy import stats

    value = float(np.quantile(x, q))
    lower_rank = int(stats.binom.ppf((1 - LEVEL) / 2, n, q))  # 0-based index of the lower bound
    upper_rank = int(stats.binom.ppf(0.5 + LEVEL / 2, n, q))  # 0-based index of the upper bound
    low = float(x[max(0, min(n - 1, lower_rank - 1))]) if lower_rank >= 1 else float(x[0])
    high = float(x[min(n - 1, upper_rank)])
    return value, min(low, value), max(high, value)


def difference_test(a: tuple[float, float, float], b: tuple[float, float, float]) -> tuple[float, float, float, float]:
    """(difference b - a, low, high, two-sided p-value) for two independent estimates given as
    (value, low, high) 95% intervals: each standard error is read back from its interval's
    half-width, and the difference is tested with a normal (Wald) test. With a zero standard
    error on both sides the p-value is 0 if they differ, 1 if not."""
    value = b[0] - a[0]
    se = math.sqrt(sum(((x[2] - x[1]) / (2 * Z)) ** 2 for x in (a, b) if not math.isnan(x[1])))
    if math.isnan(value):
        return math.nan, math.nan, math.nan, math.nan
    if se == 0:
        return value, value, value, 0.0 if value != 0 else 1.0
    p = math.erfc(abs(value) / se / math.sqrt(2))  # two-sided normal tail
    return value, value - Z * se, value + Z * se, p


def holm(p_values: Sequence[Optional[float]]) -> list[Optional[float]]:
    """Holm's step-down adjustment: adjusted p-values that keep the chance of calling any true
    null difference real at 5% across the whole family of comparisons. None/nan stay None."""
    indexed = [(p, i) for i, p in enumerate(p_values) if p is not None and not math.isnan(p)]
    indexed.sort()
    m = len(indexed)
    adjusted: list[Optional[float]] = [None] * len(p_values)
    running = 0.0
    for rank, (p, i) in enumerate(indexed):
        running = max(running, min(1.0, (m - rank) * p))
        adjusted[i] = running
    return adjusted


def proportion_ratio_interval(numerators: ArrayLike, denominators: ArrayLike) -> tuple[float, float, float]:
    """Like ratio_interval, for a ratio that is a proportion (0..1): Wilson's interval at the
    effective sample size p (1 - p) / se**2 that the clustered standard error implies, so the
    interval stays inside [0, 1]. At p = 0 or 1 (no spread to measure) it is Wilson's interval
    over all the trials; with spread-free clusters strictly inside (0, 1) it is the point."""
    value, low, high = ratio_interval(numerators, denominators)
    if math.isnan(value):
        return value, low, high
    trials = float(np.sum(denominators))
    if value <= 0.0 or value >= 1.0:
        lo, hi = wilson(value * trials, int(round(trials)))
        return value, lo, hi
    if math.isnan(low):
        return value, low, high
    se = (high - low) / (2 * Z)
    if se == 0:
        return value, value, value
    n_eff = value * (1 - value) / se**2
    z2 = Z * Z
    centre = (value + z2 / (2 * n_eff)) / (1 + z2 / n_eff)
    half = Z * math.sqrt(value * (1 - value) / n_eff + z2 / (4 * n_eff * n_eff)) / (1 + z2 / n_eff)
    return value, max(0.0, centre - half), min(1.0, centre + half)
