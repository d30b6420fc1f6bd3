"""Self-play reads only what the mover may know (the leak test), plays games of every kind, and
refuses games it cannot learn."""

import dataclasses

import numpy as np
import pytest

pytest.importorskip("jax")
pytest.importorskip("optax")

import tablesearch as ts  # noqa: E402
from helpers import compiled_games, py_games  # noqa: E402
from tablesearch import mcts  # noqa: E402
from tablesearch.models import Model  # noqa: E402
from tablesearch.tournaments.runner import GameRef  # noqa: E402
from tablesearch.training.self_play import SelfPlaySettings, decide, play_game, self_play_algorithm  # noqa: E402


def settings_for(game, algorithm=None, simulations=200):
    algorithm = algorithm or self_play_algorithm("auto", game)
    return SelfPlaySettings(GameRef.of(game), algorithm, simulations, 0, 0.3, 0.25)


def indistinguishable_pairs(game, count):
    """Decision states paired with another world of the mover's information set that differs."""
    pairs, seed = [], 0
    while len(pairs) < count and seed < 300:
        rng = np.random.default_rng(seed)
        state = game.new_initial_state(seed)
        seed += 1
        for _ in range(int(rng.integers(1, 14))):
            if state.is_terminal():
                break
            if state.is_chance_node():
                actions, weights = zip(*state.chance_outcomes())
                state.apply_action(actions[rng.choice(len(actions), p=np.array(weights) / sum(weights))])
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        if state.is_terminal() or state.is_chance_node() or len(state.legal_actions()) < 2:
            continue
        other = state.resample_from_infostate(state.current_player(), seed)
        if (other.fields(), other.history()) != (state.fields(), state.history()):
            pairs.append((state, other))
    return pairs


def same_decision(a, b):
    return (
        np.array_equal(a.observation, b.observation)
        and np.array_equal(a.policy, b.policy)
        and (a.mover, a.action) == (b.mover, b.action)
    )


@pytest.mark.parametrize("name, params", [("leduc_poker", {}), ("gnomi", {"players": 3})])
def test_self_play_decisions_pass_the_leak_test(name, params):
    """States the mover cannot tell apart give the same recorded position and the same move,
    with the same seed: self-play learns from the mover's information only."""
    game = ts.load_game(name, **params)
    model = Model.for_game(game, hidden=(16,), seed=1)
    settings = settings_for(game)
    assert settings.algorithm == "ismcts-puct"
    pairs = indistinguishable_pairs(game, 5)
    assert len(pairs) >= 4
    for seed, (a, b) in enumerate(pairs):
        da = decide(a, model, settings, np.random.default_rng(seed), explore=True)
        db = decide(b, model, settings, np.random.default_rng(seed), explore=True)
        assert same_decision(da, db)


def test_the_leak_test_catches_a_self_play_search_that_reads_hidden_cards():
    """With UCT, which searches the true world, the same pairs give different decisions."""
    game = ts.load_game("leduc_poker")
    model = Model.for_game(game, hidden=(16,), seed=1)
    settings = settings_for(game, "uct")
    pairs = indistinguishable_pairs(game, 5)
    differing = sum(
        not same_decision(
            decide(a, model, settings, np.random.default_rng(s), explore=True),
            decide(b, model, settings, np.random.default_rng(s), explore=True),
        )
        for s, (a, b) in enumerate(pairs)
    )
    assert differing >= 2


def kinds():
    compiled_games.register()
    py_games.register()
    cases = [
        ("tic_tac_toe", {}),  # perfect information
        ("leduc_poker", {"players": 3}),  # hidden information, 3 players, chance
        ("gnomi", {"players": 4}),  # 4 players, hidden information
        ("py_nim", {}),  # written in Python
        ("openspiel:tic_tac_toe", {}),
    ]
    if compiled_games.available():
        cases.append(("compiled_pig", {}))  # compiled rules, chance nodes
    return cases


@pytest.mark.parametrize("name, params", kinds())
def test_self_play_games_of_every_kind(name, params):
    if name.startswith("openspiel:"):
        pytest.importorskip("pyspiel")
    game = ts.load_game(name, **params)
    model = Model.for_game(game, hidden=(8,), seed=0)
    settings = settings_for(game, simulations=8)
    positions = play_game(game, model, settings, seed=5)
    assert len(positions) > 0
    assert positions.observations.shape[1] == int(np.prod(game.observation_shape()))
    np.testing.assert_allclose(positions.policies.sum(axis=1), 1.0, rtol=1e-5)
    assert not (positions.policies * ~positions.legal).any()  # no visits to illegal actions
    assert set(positions.movers.tolist()) <= set(range(game.num_players()))
    assert (np.abs(positions.values) <= 1.0 + 1e-6).all()
    assert (positions.values == positions.values[0]).all()  # one outcome per game, for every position
    again = play_game(game, model, settings, seed=5)
    np.testing.assert_array_equal(positions.policies, again.policies)  # the seed decides everything


def test_value_targets_are_the_returns_scaled_to_the_utility_range():
    """Leduc's returns are whole chips in -13..13: scaled, each target is a multiple of 1/13,
    and the targets of a game sum to zero as the chips do."""
    game = ts.load_game("leduc_poker")
    model = Model.for_game(game, hidden=(8,), seed=0)
    settings = settings_for(game, simulations=8)
    targets = np.concatenate([play_game(game, model, settings, seed).values for seed in range(6)])
    chips = targets * 13
    np.testing.assert_allclose(chips, np.round(chips), atol=1e-5)
    np.testing.assert_allclose(targets.sum(axis=1), 0.0, atol=1e-6)
    assert 0 < np.abs(targets).max() <= 1.0


def test_a_search_value_weight_mixes_the_search_value_into_the_target():
    """With weight w a position's target is (1 - w) x the game's outcome + w x the search's value
    of the position: the same game (same seed) with w = 0 and w = 0.5 differs by half the search value."""
    game = ts.load_game("connect_four")
    model = Model.for_game(game, hidden=(16,), seed=0)
    outcome = play_game(game, model, settings_for(game, simulations=30), seed=3)
    mixed_settings = dataclasses.replace(settings_for(game, simulations=30), search_value_weight=0.5)
    mixed = play_game(game, model, mixed_settings, seed=3)
    assert np.array_equal(outcome.observations, mixed.observations)
    assert np.unique(outcome.values, axis=0).shape[0] == 1  # one outcome for the whole game
    search_values = 2 * mixed.values - outcome.values
    assert np.abs(search_values).max() <= 1.0 + 1e-6
    assert np.unique(np.round(search_values, 5), axis=0).shape[0] > 3  # a value per position


def test_a_game_without_choices_is_refused():
    with pytest.raises(ValueError, match="candyland offers its players no choices"):
        ts.train("candyland", out="unused-folder", steps=1)


@pytest.mark.skipif("gumbel" not in mcts.ALGORITHMS, reason="this build has no Gumbel root search")
def test_gumbel_self_play_learns_the_improved_policy(tmp_path):
    """With --search gumbel the target is the search's improved policy (not its visit shares) and
    the move is the action its sequential halving chose, as in mctx's gumbel_muzero_policy."""
    game = ts.load_game("connect_four")
    model = Model.for_game(game, hidden=(16,), seed=1)
    settings = settings_for(game, "gumbel", simulations=32)
    state = game.new_initial_state()
    decision = decide(state, model, settings, np.random.default_rng(0), explore=True)
    seed = int(np.random.default_rng(0).integers(0, 2**63 - 1))  # the first draw decide makes
    result = mcts.search(state, seed=seed, evaluator=model, **settings.search_options())
    expected = np.zeros(game.num_distinct_actions())
    for stat, share in zip(result.stats, result.improved_policy):
        expected[stat.action] = share
    np.testing.assert_allclose(decision.policy, expected / expected.sum(), rtol=1e-6)
    visits = np.array([s.visits for s in result.stats], dtype=float)
    assert not np.allclose(decision.policy[[s.action for s in result.stats]], visits / visits.sum())
    assert decision.action == result.best_action
    run = ts.train("connect_four", out=tmp_path, steps=1, search="gumbel", simulations=16, games_per_step=2,
                   ladder=(1,), eval_games=2, hidden=(16,))  # fmt: skip
    assert run.steps == 1 and run.evaluations[-1]["player"] == "gumbel-16+model"
