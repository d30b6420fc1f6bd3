"""The evaluation ladder: ratings on its fixed scale, score intervals, and matches that play the
same games whole or in pieces."""

import numpy as np
import pytest

import tablesearch as ts
from tablesearch.tournaments.ratings import elo_to_score
from tablesearch.tournaments.runner import GameRef
from tablesearch.training.ladder import Player, play_match, rungs
from tablesearch.training.ladder_elo import ladder_elo, rung_ratings, score_interval


def scores_for(score, games):
    """`games` results whose mean is `score` (wins and losses, one draw to round)."""
    wins = int(round(score * games * 2)) / 2
    whole = int(wins)
    return [1.0] * whole + ([0.5] if wins > whole else []) + [0.0] * (games - whole - (wins > whole))


def test_rungs_are_placed_by_their_neighbour_scores():
    ratings = rung_ratings([scores_for(elo_to_score(200), 4000), scores_for(elo_to_score(100), 4000)])
    assert ratings[0] == 0.0
    assert ratings == pytest.approx([0, 200, 300], abs=6)  # 4,000 games each: the prior moves them < 1 Elo


def test_a_player_is_rated_against_the_fixed_rungs():
    """A player 300 Elo above the lowest rung scores 0.849 against it and 0.760 against a rung at
    100: with 1,000 games each, its rating is 300 within a few points and inside its interval."""
    scores = [scores_for(elo_to_score(300), 1000), scores_for(elo_to_score(200), 1000)]
    elo, low, high = ladder_elo(scores, [0.0, 100.0])
    assert elo == pytest.approx(300, abs=8)
    assert low < 300 < high and high - low < 80
    # Fewer games, a wider interval; no games lost, still a finite rating (the prior's draws).
    few = ladder_elo([s[::50] for s in scores], [0.0, 100.0])
    assert few[2] - few[1] > 2 * (high - low)
    assert np.isfinite(ladder_elo([[1.0] * 10], [0.0])).all()


def test_score_intervals_stay_in_zero_to_one_and_are_not_empty_for_a_clean_sweep():
    assert score_interval([1.0] * 20) == pytest.approx((1.0, 0.839, 1.0), abs=1e-3)  # Wilson
    mean, low, high = score_interval([1.0, 0.5, 0.0, 0.5])
    assert (mean, 0 < low < 0.5 < high < 1) == (0.5, True)


def test_a_match_in_pieces_plays_the_same_games():
    ref = GameRef.of("tic_tac_toe")
    strong, weak = Player("uct", 200), Player("uct", 2)
    whole = play_match(ref, strong, weak, 8, seed=3)
    pieces = play_match(ref, strong, weak, 4, seed=3) + play_match(ref, strong, weak, 4, seed=3, first_deal=2)
    assert whole == pieces
    assert len(whole) == 8 and np.mean(whole) > 0.6  # 200 iterations beat 2 at tic-tac-toe


def test_the_ladder_searches_as_the_game_needs():
    assert {p.algorithm for p in rungs((10, 100), ts.load_game("connect_four"))} == {"uct"}
    assert [p.name for p in rungs((10, 100), ts.load_game("leduc_poker"))] == ["ismcts-10", "ismcts-100"]
