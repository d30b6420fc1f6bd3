"""Worlds consistent with the whole trajectory, for every game with hidden information.

`resample_from_infostate(p, seed)` must return a world in which every observation p made along
the game would have been the same. Each check here rebuilds the world's own past: its initial
state (the deal the world implies) and its history, replayed step by step beside the true game,
comparing what p observes at every step (information-state string, observation tensor, how p saw
each action). No game-specific expectation is written here; only how to find a world's deal for
games that draw their deal from the seed rather than from chance nodes in the history.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

import tablesearch as ts
from helpers import py_games
from helpers.game_configs import CONFIGS, IDS
from helpers.positions import position

GAMES_PER_CONFIG = 3
STATES_PER_GAME = 4  # spread over the game, the terminal state included
WORLDS_PER_STATE = 2
MAX_PLIES = 20_000


def _gummiland_deal(game, truth, world):
    """Tiles are physical: the world holds tile phi(t) where the true game holds t, so the world's
    deal is the true deal with every tile t replaced by phi(t) (hidden tiles never leave their
    pile or box, so this is a deal of the same shape)."""
    t, w = truth.fields(), world.fields()
    t0 = game.new_initial_state(truth.seed()).fields()
    lists = [k for k in t if k.startswith(("pile", "box", "front")) and k[-1].isdigit()] + ["pending"]
    phi = {}
    for name in lists:
        for a, b in zip(t[name], w[name]):
            if a >= 0:
                phi[a] = b
    if t["in_use"] >= 0:
        phi[t["in_use"]] = w["in_use"]
    deal = dict(t0)
    for name in lists:
        deal[name] = [phi.get(a, a) if a >= 0 else a for a in t0[name]]
    deal["in_use"] = phi.get(t0["in_use"], t0["in_use"]) if t0["in_use"] >= 0 else t0["in_use"]
    return position(game, seed=truth.seed(), fields=deal)


def _gnomi_deal(game, truth, world):
    """Cards are physical and keep their faces within a game: the world's deal is the true deal
    with the world's face on every card."""
    t, w = truth.fields(), world.fields()
    if t["game"] != 0:
        pytest.skip("golden re-deals are drawn from a seed kept in the state, not from the history")
    deal = game.new_initial_state(truth.seed()).fields()
    deal["mushroom_face"] = w["mushroom_face"]
    deal["gnome_face"] = w["gnome_face"]
    return position(game, seed=truth.seed(), fields=deal)


# Games whose deal comes from the seed. Every other game deals by chance nodes, which the world's
# history holds (rewritten by the resampler), so its deal is the game's initial state.
DEALS = {"gummiland": _gummiland_deal, "gnomi": _gnomi_deal}


def world_start(game, truth, world):
    if game.name in DEALS:
        return DEALS[game.name](game, truth, world)
    return game.new_initial_state(world.seed())


def observed(state, p: int, shape):
    tensor = None if shape is None else np.asarray(state.observation_tensor(p)).tobytes()
    return (state.current_player(), state.is_terminal(), state.information_state_string(p), tensor)


def random_trajectory(game, seed: int) -> list:
    rng = random.Random(seed)
    state = game.new_initial_state(seed)
    states = [state.clone()]
    for _ in range(MAX_PLIES):
        if state.is_terminal():
            return states
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, weights=probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        states.append(state.clone())
    pytest.fail(f"{game} did not end within {MAX_PLIES} plies")


def check_world(game, truth, world, p: int) -> None:
    """Replays the world's past beside the true one; p must observe the same at every step."""
    shape = game.observation_shape()
    t_hist, w_hist = truth.history(), world.history()
    assert len(w_hist) == len(t_hist), "a world has the true game's number of actions"
    real = game.new_initial_state(truth.seed())
    replay = world_start(game, truth, world)
    for i, (ta, wa) in enumerate(zip(t_hist, w_hist)):
        assert observed(replay, p, shape) == observed(real, p, shape), f"step {i}: player {p} would see a difference"
        assert wa in replay.legal_actions(), f"step {i}: the world's action {wa} is not legal in its own past"
        assert replay.observed_action(p, wa) == real.observed_action(p, ta), f"step {i}: action seen differently"
        real.apply_action(ta)
        replay.apply_action(wa)
    assert observed(replay, p, shape) == observed(real, p, shape), "the end of the history differs for the player"
    assert replay.information_state_string(p) == world.information_state_string(p)


def hidden_configs() -> list:
    configs = [(c, i) for c, i in zip(CONFIGS, IDS) if ts.load_game(c[0], **c[1]).has_hidden_information()]
    configs += [
        (("gummiland", {"regions": "pineapple,orange,blackberry"}), "gummiland-all-regions"),
        (("py_peek", {}), "py_peek"),
    ]
    return configs


HIDDEN = hidden_configs()


@pytest.fixture(params=[c for c, _ in HIDDEN], ids=[i for _, i in HIDDEN])
def game(request):
    if "py_peek" not in ts.list_games():
        ts.register_game("py_peek", py_games.Peek)  # a Python game with hidden information
    name, params = request.param
    return ts.load_game(name, **params)


def sampled_states(game, seed: int) -> list:
    states = random_trajectory(game, seed)
    picks = np.linspace(0, len(states) - 1, STATES_PER_GAME).round().astype(int)
    return [states[i] for i in sorted(set(picks))]


def test_resampled_worlds_agree_with_every_past_observation(game):
    checked = 0
    for seed in range(GAMES_PER_CONFIG):
        for state in sampled_states(game, seed):
            for p in range(game.num_players()):
                for k in range(WORLDS_PER_STATE):
                    check_world(game, state, state.resample_from_infostate(p, 1000 * seed + k), p)
                    checked += 1
    assert checked > 0


def test_information_state_keeps_everything_observed(game):
    """Perfect recall: replay the true history on another deal p cannot tell apart at the start
    (a world resampled from the initial state). Once p's observations differ at some step, p's
    information-state strings must differ at every later step: the string forgets nothing."""
    shape = game.observation_shape()
    diverged_games = 0
    for seed in range(2 * GAMES_PER_CONFIG):
        truth_states = random_trajectory(game, seed)
        history = truth_states[-1].history()
        for p in range(game.num_players()):
            other = truth_states[0].resample_from_infostate(p, 7 + seed)
            real = truth_states[0].clone()
            diverged = False
            for action in history:
                if action not in other.legal_actions():
                    break
                same = observed(other, p, shape) == observed(real, p, shape)
                if diverged:
                    assert other.information_state_string(p) != real.information_state_string(p), (
                        "player p saw a difference earlier, yet the strings are equal again"
                    )
                diverged = diverged or not same or other.observed_action(p, action) != real.observed_action(p, action)
                other.apply_action(action)
                real.apply_action(action)
            diverged_games += diverged
    if game.name in DEALS:
        assert diverged_games > 0, "another deal should show itself to someone sooner or later"
