"""PettingZoo AEC environments for every game and player count. Skipped without the pettingzoo
extra. Budget: a few seconds (api_test plays one game per configuration)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="needs the pettingzoo extra: pip install '.[pettingzoo]' in the clone")

from pettingzoo.test import api_test, seed_test  # noqa: E402

import tablesearch as ts  # noqa: E402
from helpers.game_configs import CONFIGS, IDS  # noqa: E402
from tablesearch import _core  # noqa: E402
from tablesearch.interop.pettingzoo import env, raw_env  # noqa: E402

# PettingZoo's api_test warns about any Dict observation space, although action masks need one
# (its own classic games are allow-listed by name), and about an all-zero observation, which
# py_nim legitimately gives (no stones left). Any other warning fails the test.
EXPECTED_WARNINGS = (
    "Observation space for each agent probably should be",
    "Observation is not a NumPy array",
    "Observation numpy array is all zeros",
)


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_api_test_passes(config, recwarn):
    name, params = config
    if ts.load_game(name, **params).observation_shape() is None:
        with pytest.raises(ValueError, match="has no observation tensors"):
            env(name, **params)
        return
    api_test(env(name, **params), num_cycles=1000)
    unexpected = [str(w.message) for w in recwarn if not str(w.message).startswith(EXPECTED_WARNINGS)]
    assert unexpected == []


def random_games() -> list[str]:
    """The native games with chance outcomes or a setup drawn from the seed."""
    games = [ts.load_game(name) for name in _core.list_games()]
    return [g.name for g in games if g.has_chance() or str(g.new_initial_state(0)) != str(g.new_initial_state(1))]


@pytest.mark.parametrize("name", random_games())
def test_equal_seeds_replay_equal_games(name):
    seed_test(lambda: env(name), num_cycles=50)  # chance outcomes and seeded setups


def test_different_seeds_deal_differently():
    deals = set()
    for seed in range(6):
        e = env("gnomi")
        e.reset(seed=seed)
        deals.add(e.observe("player_0")["observation"].tobytes())
    assert len(deals) > 1


def test_observations_are_the_seats_own_and_masks_the_legal_actions():
    e = raw_env("leduc_poker")
    e.reset(seed=3)
    state = e.state_
    for agent, player in (("player_0", 0), ("player_1", 1)):
        observed = e.observe(agent)
        np.testing.assert_array_equal(observed["observation"], state.observation_tensor(player))
        assert observed["observation"] in e.observation_space(agent)["observation"]
    mover = e.agent_selection
    assert mover == f"player_{state.current_player()}"
    assert list(np.flatnonzero(e.observe(mover)["action_mask"])) == state.legal_actions()
    other = "player_1" if mover == "player_0" else "player_0"
    assert not e.observe(other)["action_mask"].any()


def test_rewards_are_the_returns_at_the_end():
    e = env("tic_tac_toe")
    e.reset(seed=0)
    for cell in (0, 3, 1, 4, 2):  # x completes the top row
        e.step(cell)
    assert all(e.terminations.values())
    assert e.rewards == {"player_0": 1.0, "player_1": -1.0}
    assert e.last()[1] == e.rewards[e.agent_selection]
    for _ in range(2):
        e.step(None)
    assert e.agents == []


def test_illegal_actions_and_bad_arguments_are_refused():
    e = env("connect_four")
    e.reset(seed=0)
    for _ in range(6):
        e.step(0)
    with pytest.raises(ValueError, match="legal actions: 1, 2, 3, 4, 5, 6"):
        e.step(0)
    with pytest.raises(ValueError, match="int action"):
        e.step("3")
    with pytest.raises(ValueError, match="render_mode"):
        env("connect_four", render_mode="rgb_array")
    with pytest.raises(ValueError, match="unknown game"):
        env("no_such_game")


def test_render_shows_the_board(capsys):
    e = env("tic_tac_toe", render_mode="ansi")
    e.reset(seed=0)
    e.step(4)
    assert e.render() == "...\n.x.\n..."
    human = env("tic_tac_toe", render_mode="human")
    human.reset(seed=0)
    human.step(0)
    assert "x.." in capsys.readouterr().out


@pytest.mark.filterwarnings("ignore:Observation")
def test_an_openspiel_game_through_pettingzoo():
    pytest.importorskip("pyspiel", reason="needs the openspiel extra")
    api_test(env("openspiel:kuhn_poker"), num_cycles=100)
