"""Statistics of game results: Wilson intervals, Bradley-Terry ratings on the Elo scale, SPRT.

Finishing orders become pairwise comparisons: in a game of n players, each pair of seats held by
different agents is one comparison, won by the better rank, half to each on a tie, weighted
1/(n-1) so that every seat-game carries the weight of one two-player game. For two players this is
exactly Bradley-Terry with draws as half points; for more it is the pairwise (rank-breaking)
Bradley-Terry estimate of a Plackett-Luce model. The fit is the maximum of the likelihood plus a
prior of `prior_draws` virtual draws between every pair of agents (as BayesElo does), which keeps
ratings finite when one agent wins every game. Ratings are centred on a mean of 0.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Optional

import numpy as np

from tablesearch.statistics import DEFAULT_PRIOR_DRAWS, percentile_interval, wilson_count
from tablesearch.statistics import bradley_terry as fit_elo_batch


def wilson_interval(successes: int, trials: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion; (0, 1) when there are no trials."""
    if trials == 0:
        return (0.0, 1.0)
    return wilson_count(successes, trials, confidence)


def elo_to_score(elo: float) -> float:
    """The expected score of a player `elo` points stronger than its opponent."""
    return float(1.0 / (1.0 + 10.0 ** (-elo / 400.0)))


def score_to_elo(score: float) -> float:
    """The Elo difference that gives expected `score` (inf at 1, -inf at 0)."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def pairwise_wins(seats: Sequence[int], ranks: Sequence[int], num_agents: int) -> np.ndarray:
    """W[i, j]: the weighted comparisons agent i won against agent j in one game.

    `seats[s]` is the agent in seat s, `ranks[s]` its finishing rank (1 = best).
    """
    wins = np.zeros((num_agents, num_agents))
    n = len(seats)
    if n < 2:
        return wins
    weight = 1.0 / (n - 1)
    for s in range(n):
        for t in range(s + 1, n):
            a, b = seats[s], seats[t]
            if a == b:
                continue
            score = 1.0 if ranks[s] < ranks[t] else 0.5 if ranks[s] == ranks[t] else 0.0
            wins[a, b] += weight * score
            wins[b, a] += weight * (1.0 - score)
    return wins


def fit_elo(wins: np.ndarray, prior_draws: float = DEFAULT_PRIOR_DRAWS) -> np.ndarray:
    """Bradley-Terry ratings (Elo scale, mean 0) maximizing the likelihood of `wins`.

    `wins[i, j]` is the (weighted) number of comparisons i won against j; a draw counts half to
    each. Raises ValueError when the comparisons do not connect every agent (or one agent beats
    every other with no prior to hold it, so that no finite rating fits).
    """
    wins = np.asarray(wins, dtype=float)
    played = wins + wins.T + prior_draws * (1.0 - np.eye(len(wins)))
    if not _connected(played > 0):
        raise ValueError("the games do not connect every agent, so their ratings are not comparable")
    elo: np.ndarray = fit_elo_batch(wins[None], prior_draws)[0]
    return elo


def _connected(adjacent: np.ndarray) -> bool:
    seen, todo = {0}, [0]
    while todo:
        i = todo.pop()
        for j in np.flatnonzero(adjacent[i]):
            if j not in seen:
                seen.add(int(j))
                todo.append(int(j))
    return len(seen) == int(adjacent.shape[0])


def bootstrap_elo(
    unit_wins: np.ndarray,
    resamples: int = 1000,
    seed: int = 0,
    prior_draws: float = DEFAULT_PRIOR_DRAWS,
    confidence: float = 0.95,
) -> tuple[np.ndarray, np.ndarray]:
    """Percentile intervals of the ratings by a Bayesian bootstrap over units (deals).

    `unit_wins` holds one win matrix per unit. Each resample weighs every unit by an Exp(1) draw
    (Rubin's Bayesian bootstrap, the smooth form of resampling units with replacement) and the
    prior's virtual draws likewise, as if they were games: a Gamma(prior_draws) weight per pair.
    Reweighing the prior matters when an agent won every game: resampling the data alone would
    then give the same fit every time and an interval of zero width. Returns (low, high) per
    agent; the same seed gives the same intervals.
    """
    unit_wins = np.asarray(unit_wins, dtype=float)
    units, k = unit_wins.shape[0], unit_wins.shape[1]
    if units == 0:
        return np.full(k, -math.inf), np.full(k, math.inf)
    rng = np.random.default_rng(seed)
    weights = rng.exponential(size=(resamples, units))
    wins = np.tensordot(weights, unit_wins, axes=1)
    if prior_draws > 0:
        virtual = rng.gamma(prior_draws, size=(resamples, k, k))
        virtual = np.triu(virtual, 1)
        wins += (virtual + np.swapaxes(virtual, 1, 2)) / 2.0
    samples = fit_elo_batch(wins, prior_draws=0.0)
    low, high = percentile_interval(samples, confidence)
    return low, high


@dataclass(frozen=True)
class SprtResult:
    """The state of a sequential probability ratio test of H0: elo = elo0 against H1: elo = elo1."""

    llr: float
    lower: float  # accept H0 at or below
    upper: float  # accept H1 at or above
    units: int
    elo0: float
    elo1: float
    alpha: float
    beta: float

    @property
    def decision(self) -> Optional[str]:
        """ "H1" (the first agent is stronger by elo1), "H0" (not stronger than elo0) or None."""
        if self.llr >= self.upper:
            return "H1"
        if self.llr <= self.lower:
            return "H0"
        return None


def sprt(
    unit_scores: Sequence[float], elo0: float = 0.0, elo1: float = 20.0, alpha: float = 0.05, beta: float = 0.05
) -> SprtResult:
    """The generalized SPRT on scores of independent units (the normal approximation fishtest uses).

    Each unit is one deal: the first agent's mean score over the games of that deal, so duplicate
    deals give pentanomial-like units. LLR = N (s1 - s0)(2 m - s0 - s1) / (2 var), with s0, s1 the
    scores expected at elo0, elo1, m the mean unit score, and var the unit variance estimated with
    one virtual win and one virtual loss added, so that a short run of equal results cannot make
    it zero. Bounds are log(beta / (1 - alpha)) and log((1 - beta) / alpha).
    """
    if not elo1 > elo0:
        raise ValueError(f"SPRT needs elo1 > elo0, got elo0={elo0}, elo1={elo1}")
    for name, value in (("alpha", alpha), ("beta", beta)):
        if not 0.0 < value < 0.5:
            raise ValueError(f"SPRT {name} must be between 0 and 0.5, got {value}")
    lower, upper = math.log(beta / (1.0 - alpha)), math.log((1.0 - beta) / alpha)
    x = np.asarray(unit_scores, dtype=float)
    n = len(x)
    llr = 0.0
    if n:
        m = float(x.mean())
        var = (float(np.sum((x - m) ** 2)) + (1.0 - m) ** 2 + m**2) / (n + 2)
        s0, s1 = elo_to_score(elo0), elo_to_score(elo1)
        llr = n * (s1 - s0) * (2.0 * m - s0 - s1) / (2.0 * var)
    return SprtResult(llr, lower, upper, n, elo0, elo1, alpha, beta)
