"""Statistics against known values: Wilson, Bradley-Terry, the bootstrap, the SPRT."""

import math

import numpy as np
import pytest
from scipy import optimize

from tablesearch import statistics
from tablesearch.tournaments import ratings


def test_wilson_interval_known_values():
    # Wilson (1927) by hand: p = 0.8, n = 10, z = 1.95996.
    low, high = ratings.wilson_interval(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4) and high == pytest.approx(0.9433, abs=1e-4)
    low, high = ratings.wilson_interval(0, 20)
    assert low == 0.0 and high == pytest.approx(0.1611, abs=1e-4)
    assert ratings.wilson_interval(0, 0) == (0.0, 1.0)


def test_the_shared_wilson_interval_is_scipys():
    """tablesearch.statistics, which tournaments, the lab and the ladder all use, against scipy's
    Wilson interval at several levels, ends included."""
    from scipy.stats import binomtest

    for successes, trials, confidence in [(8, 10, 0.9), (3, 12, 0.95), (0, 7, 0.99), (40, 40, 0.95), (17, 51, 0.8)]:
        want = binomtest(successes, trials).proportion_ci(confidence, method="wilson")
        got = statistics.wilson_count(successes, trials, confidence)
        assert got == pytest.approx((want.low, want.high), abs=1e-12)


def test_a_rating_against_fixed_anchors_is_the_log_odds():
    # 75 of 100 against a player at 50 Elo: 50 + 400 log10(3); a row per problem, solved together.
    elo = statistics.bradley_terry_against(np.array([[75.0], [30.0]]), np.array([[100.0], [40.0]]), np.array([50.0]))
    assert elo == pytest.approx([50 + 400 * math.log10(3)] * 2, abs=1e-6)


def test_elo_score_conversions():
    assert ratings.elo_to_score(0) == 0.5
    assert ratings.elo_to_score(400) == pytest.approx(10 / 11)
    assert ratings.score_to_elo(0.75) == pytest.approx(400 * math.log10(3))


def test_two_agents_fit_is_the_log_odds():
    # 75 wins to 25: the difference is 400 log10(3) = 190.85 Elo, split evenly around 0.
    elo = ratings.fit_elo(np.array([[0, 75], [25, 0]]), prior_draws=0)
    assert elo == pytest.approx([95.424, -95.424], abs=1e-3)
    # The prior adds one virtual draw (half a win each way) per pair and virtual draw.
    elo = ratings.fit_elo(np.array([[0, 20], [0, 0]]), prior_draws=2)
    assert elo[0] - elo[1] == pytest.approx(400 * math.log10(21))


def test_fit_recovers_exact_bradley_terry_data():
    true = np.array([0.0, 100.0, 300.0, -50.0])
    wins = np.array(
        [[1000 * ratings.elo_to_score(a - b) if i != j else 0 for j, b in enumerate(true)] for i, a in enumerate(true)]
    )
    assert ratings.fit_elo(wins, prior_draws=0) == pytest.approx(true - true.mean(), abs=1e-6)


def test_fit_agrees_with_scipy_optimize():
    """The vectorized Newton fit against a plain scipy.optimize.minimize of the same likelihood."""
    rng = np.random.default_rng(4)
    wins = rng.integers(0, 30, size=(5, 5)).astype(float)
    np.fill_diagonal(wins, 0)
    prior = 2.0
    w = wins + prior / 2 * (1 - np.eye(5))

    def nll(free):
        r = np.concatenate(([0.0], free))
        return float(np.sum(w * np.logaddexp(0, -(r[:, None] - r[None, :]))))

    reference = np.concatenate(([0.0], optimize.minimize(nll, np.zeros(4), method="BFGS", tol=1e-12).x))
    reference = (reference - reference.mean()) * 400 / math.log(10)
    assert ratings.fit_elo(wins, prior) == pytest.approx(reference, abs=1e-3)


def test_pairwise_wins_from_a_finishing_order():
    # Four seats, agents [0, 1, 2, 0]; ranks: seat 1 first, seats 0 and 2 tie second, seat 3 last.
    wins = ratings.pairwise_wins([0, 1, 2, 0], [2, 1, 2, 4], 3)
    third = 1 / 3
    assert wins[1, 0] == pytest.approx(2 * third) and wins[0, 1] == 0  # agent 1 beat both seats of agent 0
    assert wins[0, 2] == pytest.approx(0.5 * third) and wins[2, 0] == pytest.approx(1.5 * third)  # tie + win
    assert wins[1, 2] == pytest.approx(third) and wins.sum() == pytest.approx(5 * third)  # 5 mixed pairs


def test_disconnected_agents_are_refused():
    wins = np.zeros((3, 3))
    wins[0, 1] = wins[1, 0] = 3
    with pytest.raises(ValueError, match="connect"):
        ratings.fit_elo(wins, prior_draws=0)
    with pytest.raises(ValueError, match="converge"):
        ratings.fit_elo(np.array([[0, 5], [0, 0]]), prior_draws=0)


def test_bootstrap_is_seeded_and_covers_the_truth():
    """200 independent games at a true 64% score (100 Elo): the 95% interval holds the fitted
    difference and its width is near the normal approximation's 2 * 1.96 * 0.178 nats (~121 Elo
    per agent, +-25%)."""
    rng = np.random.default_rng(1)
    won = rng.random(200) < 0.64
    units = np.zeros((200, 2, 2))
    units[won, 0, 1] = 1
    units[~won, 1, 0] = 1
    low, high = ratings.bootstrap_elo(units, resamples=1000, seed=3)
    again = ratings.bootstrap_elo(units, resamples=1000, seed=3)
    assert np.array_equal(low, again[0]) and np.array_equal(high, again[1])
    elo = ratings.fit_elo(units.sum(axis=0))
    assert np.all(low < elo) and np.all(elo < high)
    p = won.mean()
    expected = 2 * 1.96 * math.sqrt(1 / (200 * p * (1 - p))) * 400 / math.log(10) / 2
    assert high[0] - low[0] == pytest.approx(expected, rel=0.25)


def test_bootstrap_interval_is_not_empty_when_one_agent_won_everything():
    units = np.zeros((10, 2, 2))
    units[:, 0, 1] = 2  # ten deals, both games won by agent 0
    low, high = ratings.bootstrap_elo(units, resamples=500, seed=0)
    assert high[0] - low[0] > 100 and low[0] > 0


def test_sprt_llr_by_hand():
    scores = [1.0, 0.5, 0.75, 1.0]
    m = np.mean(scores)
    var = (np.sum((np.array(scores) - m) ** 2) + (1 - m) ** 2 + m**2) / 6
    s0, s1 = 0.5, ratings.elo_to_score(20)
    test = ratings.sprt(scores, elo0=0, elo1=20)
    assert test.llr == pytest.approx(4 * (s1 - s0) * (2 * m - s0 - s1) / (2 * var))
    assert test.upper == pytest.approx(math.log(0.95 / 0.05)) and test.lower == -test.upper
    assert test.decision is None
    assert ratings.sprt([1.0] * 14).decision == "H1"
    assert ratings.sprt([0.5] * 400).decision == "H0"
    with pytest.raises(ValueError, match="elo1 > elo0"):
        ratings.sprt([], elo0=5, elo1=5)
