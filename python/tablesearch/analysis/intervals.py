"""95% intervals and tests used by the balance lab.

Every interval here is two-sided at `LEVEL` (95%) and lies inside the range its quantity can take:
- proportions over independent games (win, draw and cap rates): Wilson's interval, which stays
  inside [0, 1] and behaves at 0% and 100%;
- means of a bounded quantity (a seat's score, in [0, 1]): Wilson's interval on the mean rescaled
  to [0, 1] (`bounded_mean`). A quantity in [0, 1] with mean p has variance at most p (1 - p), the
  variance of a win-or-loss, so this interval is conservative; it is never zero-width, however
  alike the few games were;
- means of a quantity bounded on one side only (lengths, counts): the normal interval, cut at the
  bound (the true mean cannot lie beyond it, so cutting never drops it);
- proportions over the games of duplicate deals (the skill score, the luck share): games of one
  deal share their luck, so the deal is the unit of sampling (`clustered_proportion`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Optional

import numpy as np
from numpy.typing import ArrayLike

from tablesearch.statistics import LEVEL, Z, mean_interval, wilson_count
from tablesearch.statistics import wilson as wilson_at

__all__ = ["LEVEL", "Z", "mean_interval", "wilson", "wilson_at"]


def wilson(successes: float, trials: int) -> tuple[float, float]:
    """Wilson's 95% interval for a proportion; (nan, nan) with no trials."""
    if trials <= 0:
        return math.nan, math.nan
    return wilson_count(successes, trials)


def bounded_mean(values: Sequence[float], minimum: float = 0.0, maximum: float = 1.0) -> tuple[float, float, float]:
    """(mean, low, high) for values that lie in [minimum, maximum], one per independent game:
    Wilson's interval for the mean rescaled to [0, 1] over as many trials as values (conservative:
    see the module docstring). (nan, nan, nan) with no values."""
    x = np.asarray(values, dtype=float)
    if len(x) == 0:
        return math.nan, math.nan, math.nan
    width = maximum - minimum
    mean = float(x.mean())
    low, high = wilson_at(min(1.0, max(0.0, (mean - minimum) / width)), len(x))
    return mean, minimum + width * low, minimum + width * high


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


def clustered_proportion(
    numerators: ArrayLike, denominators: ArrayLike, games: int
) -> tuple[float, float, float, float]:
    """(p, low, high, effective games) for p = sum(numerators) / sum(denominators), a proportion
    measured over clusters (one numerator/denominator pair per deal) that hold `games` games.

    The interval is Wilson's at an effective number of games n = p (1 - p) / se**2, where se is the
    cluster-robust standard error (`ratio_interval`), held between the number of deals (each deal
    is at least one independent observation) and `games` (no game counts more than once). When
    every deal gives the same proportion (se = 0, which includes p = 0 or 1), the data say nothing
    of how a deal's games go together, so n is the number of deals: the interval never narrows to
    a point, nor rests on more than the deals allow. nan throughout with no trials."""
    value, low, high = ratio_interval(numerators, denominators)
    deals = len(np.asarray(denominators))
    if math.isnan(value):
        return value, math.nan, math.nan, math.nan
    se = 0.0 if math.isnan(low) else (high - low) / (2 * Z)
    n = float(deals)
    if se > 0 and 0.0 < value < 1.0:
        n = min(float(max(games, deals)), max(n, value * (1 - value) / se**2))
    lo, hi = wilson_at(value, n)
    return value, lo, hi, n
