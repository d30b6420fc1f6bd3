"""The statistics every result of the library is reported with, written once: Wilson's interval
for a proportion or a bounded mean, Bradley-Terry ratings on the Elo scale (free, or against
fixed anchors), and percentile intervals of a Bayesian bootstrap.

Tournaments (tournaments/ratings.py), the balance lab (analysis/intervals.py) and training's
ladder (training/ladder_elo.py) take these and add only what is theirs.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import NormalDist
from typing import Any

import numpy as np

ELO_PER_NAT = 400.0 / math.log(10.0)
DEFAULT_PRIOR_DRAWS = 2.0
LEVEL = 0.95


def z_score(confidence: float = LEVEL) -> float:
    """The normal quantile of a two-sided interval at `confidence` (1.96 at 95%)."""
    return NormalDist().inv_cdf(0.5 + confidence / 2.0)


Z = z_score(LEVEL)


def wilson(p: float, n: float, confidence: float = LEVEL) -> tuple[float, float]:
    """Wilson's interval for a proportion `p` observed over `n` trials (`n` need not be whole: an
    effective sample size); it stays inside [0, 1] and always holds `p`."""
    z = Z if confidence == LEVEL else z_score(confidence)
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def wilson_count(successes: float, trials: int, confidence: float = LEVEL) -> tuple[float, float]:
    """Wilson's interval of `successes` in `trials` (trials > 0), exactly 0 or 1 at the ends."""
    low, high = wilson(successes / trials, trials, confidence)
    return 0.0 if successes <= 0 else low, 1.0 if successes >= trials else high


def mean_interval(
    values: Sequence[float], minimum: float = -math.inf, maximum: float = math.inf
) -> tuple[float, float, float]:
    """(mean, low, high): the normal-approximation interval mean +- z * s / sqrt(n), cut to
    [minimum, maximum], the range the quantity can take. No interval (nan) from one value."""
    x = np.asarray(values, dtype=float)
    if len(x) == 0:
        return math.nan, math.nan, math.nan
    mean = float(x.mean())
    if len(x) == 1:
        return mean, math.nan, math.nan
    half = Z * float(x.std(ddof=1)) / math.sqrt(len(x))
    return mean, max(minimum, mean - half), min(maximum, mean + half)


def bradley_terry(wins: np.ndarray, prior_draws: float = DEFAULT_PRIOR_DRAWS) -> np.ndarray:
    """Bradley-Terry ratings (Elo scale, each row centred on 0) of many win matrices at once:
    `wins[b, i, j]` is the (weighted) comparisons i won against j, a draw half to each; shape
    (B, k, k) -> (B, k). A prior of `prior_draws` virtual draws between every pair keeps ratings
    finite when one agent wins every comparison.

    Newton's method on the concave log-likelihood, all B problems in step (a bootstrap of 1000
    resamples takes milliseconds). The first agent's rating is held at 0 during the fit, then all
    are centred. Raises ValueError if the fit does not converge (an agent won every comparison
    and there is no prior)."""
    wins = np.asarray(wins, dtype=float)
    batch, k = wins.shape[0], wins.shape[1]
    if k == 1:
        return np.zeros((batch, 1))
    wins = wins + (prior_draws / 2.0) * (1.0 - np.eye(k))
    played = wins + np.swapaxes(wins, 1, 2)
    r = np.zeros((batch, k))
    for _ in range(200):
        p = 1.0 / (1.0 + np.exp(-(r[:, :, None] - r[:, None, :])))
        grad = np.sum(played * p - wins, axis=2)  # of the negative log-likelihood
        hess = -played * p * (1.0 - p)
        idx = np.arange(k)
        hess[:, idx, idx] = -np.sum(hess, axis=2)
        step = np.linalg.solve(hess[:, 1:, 1:], grad[:, 1:, None])[:, :, 0]
        step = np.clip(step, -2.0, 2.0)  # damp the first steps of a lopsided fit
        r[:, 1:] -= step
        if np.max(np.abs(step)) < 1e-10:
            break
    else:
        raise ValueError("the ratings do not converge: some agent won every comparison and prior_draws is 0")
    elo: np.ndarray = r * ELO_PER_NAT
    centred: np.ndarray = elo - elo.mean(axis=1, keepdims=True)
    return centred


def bradley_terry_against(wins: np.ndarray, played: np.ndarray, anchors_elo: np.ndarray) -> np.ndarray:
    """The Elo of one player per row of `wins` and `played` ([B, k]) against k opponents of fixed
    Elo `anchors_elo`: the maximum of sum_j wins_j log s(r - a_j) + (played_j - wins_j) log s(a_j - r),
    by Newton's method (the problem is concave)."""
    anchors = np.asarray(anchors_elo, dtype=float) / ELO_PER_NAT
    r = np.zeros(wins.shape[0])
    for _ in range(100):
        p = 1.0 / (1.0 + np.exp(-(r[:, None] - anchors[None, :])))
        grad = np.sum(wins - played * p, axis=1)
        hess = np.sum(played * p * (1.0 - p), axis=1)
        step = np.clip(grad / hess, -2.0, 2.0)
        r += step
        if np.max(np.abs(step)) < 1e-10:
            break
    result: np.ndarray = r * ELO_PER_NAT
    return result


def percentile_interval(samples: Any, confidence: float = LEVEL, axis: int = 0) -> tuple[Any, Any]:
    """(low, high): the central `confidence` share of bootstrap `samples` along `axis`."""
    tail = (1.0 - confidence) / 2.0 * 100.0
    return np.percentile(samples, tail, axis=axis), np.percentile(samples, 100.0 - tail, axis=axis)
