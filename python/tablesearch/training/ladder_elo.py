"""Ratings on the ladder's Elo scale: the rungs placed once by matches between neighbours (the
lowest at 0), then the network's player rated against those fixed ratings, so that every
evaluation of a run, and of a resumed run, is on one scale.

The player's rating maximises the Bradley-Terry likelihood of its scores against the rungs plus
the prior the tournaments use (DEFAULT_PRIOR_DRAWS virtual draws against each rung, which keeps
the rating finite when it wins every game); its 95% interval comes from a Bayesian bootstrap
over games (Exp(1) weights, Gamma weights on the prior), as `tournaments.ratings.bootstrap_elo`.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from tablesearch.statistics import DEFAULT_PRIOR_DRAWS, bradley_terry_against, percentile_interval, wilson
from tablesearch.tournaments.ratings import fit_elo


def rung_ratings(neighbour_scores: Sequence[Sequence[float]]) -> list[float]:
    """Elo of each rung, the first at 0, from the scores of rung i+1 against rung i in each game
    (`neighbour_scores[i]`)."""
    k = len(neighbour_scores) + 1
    wins = np.zeros((k, k))
    for i, scores in enumerate(neighbour_scores):
        total = float(np.sum(scores))
        wins[i + 1, i] += total
        wins[i, i + 1] += len(scores) - total
    elo = fit_elo(wins)
    return [float(e - elo[0]) for e in elo]


def ladder_elo(
    scores: Sequence[Sequence[float]],
    ratings: Sequence[float],
    resamples: int = 1000,
    seed: int = 0,
    prior_draws: float = DEFAULT_PRIOR_DRAWS,
) -> tuple[float, float, float]:
    """(Elo, low, high): the rating, with its 95% interval, of a player whose scores against the
    rung of Elo `ratings[j]` are `scores[j]` (one per game, 1 win, 0.5 draw, 0 loss)."""
    anchors = np.asarray(ratings, dtype=float)
    game_rung = np.concatenate([np.full(len(s), j) for j, s in enumerate(scores)]).astype(int)
    game_score = np.concatenate([np.asarray(s, dtype=float) for s in scores])
    k = len(anchors)

    def fit(game_weights: np.ndarray, prior_weights: np.ndarray) -> np.ndarray:
        wins = np.zeros((game_weights.shape[0], k))
        played = np.zeros_like(wins)
        for j in range(k):
            mask = game_rung == j
            wins[:, j] = game_weights[:, mask] @ game_score[mask] + prior_weights[:, j] / 2
            played[:, j] = game_weights[:, mask].sum(axis=1) + prior_weights[:, j]
        return bradley_terry_against(wins, played, anchors)

    best = float(fit(np.ones((1, len(game_score))), np.full((1, k), prior_draws))[0])
    rng = np.random.default_rng(seed)
    samples = fit(rng.exponential(size=(resamples, len(game_score))), rng.gamma(prior_draws, size=(resamples, k)))
    low, high = percentile_interval(samples)
    return best, float(low), float(high)


def score_interval(scores: Sequence[float]) -> tuple[float, float, float]:
    """(mean score, low, high): the Wilson 95% interval of the mean per-game score (a draw counts
    as half a win), which stays inside [0, 1] and is not empty when every game was won."""
    mean = float(np.mean(scores))
    return (mean, *wilson(mean, len(scores)))
