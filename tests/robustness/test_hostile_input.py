"""What issue 9 asks every shipped game to show: each of these misuses raises ValueError or
TypeError with a message, never a crash and never silent acceptance. Runs on every game that
ts.list_games() names (native and registered Python games), so new games are covered unchanged."""

from __future__ import annotations

import json
import math
import random

import pytest

import tablesearch as ts
from helpers.hostile import play_random
from tablesearch import mcts

ALGORITHMS = ["auto", "uct", "ismcts", "pimc"]


def decision_state(game, seed=0):
    """The first state of a seeded random game where a player (not chance) is to move."""
    rng, state = random.Random(seed), game.new_initial_state(seed)
    while state.is_chance_node():
        play_random(state, rng, 1)
    assert not state.is_terminal()
    return state


def finished_state(game, seed=0):
    state = play_random(game.new_initial_state(seed), random.Random(seed), 100_000)
    assert state.is_terminal()
    return state


def illegal_history(game, state):
    """The state's serialization with an action appended that is illegal where it stands."""
    doc = json.loads(state.serialize())
    legal = set(state.legal_actions())
    doc["history"].append(next(a for a in range(10**6) if a not in legal))
    return doc


def case_illegal_actions(game):
    state = decision_state(game)
    for bad in (-1, 2**62, "1", None):
        yield lambda bad=bad: state.apply_action(bad)


def case_player_out_of_range(game):
    state = decision_state(game)
    for bad in (-1, game.num_players(), 99):
        yield lambda bad=bad: state.information_state_string(bad)
        yield lambda bad=bad: state.observation_tensor(bad)
        yield lambda bad=bad: state.resample_from_infostate(bad, 0)
        yield lambda bad=bad: state.observed_action(bad, state.legal_actions()[0])


def case_broken_json(game):
    text = decision_state(game).serialize()
    for bad in (text[:-1], text[: len(text) // 2], text.replace(":", "=", 1), "{", "not json", ""):
        yield lambda bad=bad: game.deserialize_state(bad)


def case_history_with_an_illegal_action(game):
    state = decision_state(game)
    # Replayed through the rules: an action id the game has, but not legal at that point.
    doc = illegal_history(game, state)
    doc.pop("fields", None)  # without fields a state is rebuilt from seed + history
    yield lambda text=json.dumps(doc): game.deserialize_state(text)  # noqa: B008 (binds this doc)
    # Ids no game state ever allows, with or without fields.
    for bad in (-1, 2**31, 2**62):
        doc = json.loads(state.serialize())
        doc["history"].append(bad)
        yield lambda text=json.dumps(doc): game.deserialize_state(text)  # noqa: B008 (binds this doc)


def case_negative_iterations(game):
    state = decision_state(game)
    for algorithm in ALGORITHMS:
        yield lambda algorithm=algorithm: mcts.search(state, iterations=-1, algorithm=algorithm)


def case_nan_uct_constant(game):
    state = decision_state(game)
    for algorithm in ALGORITHMS:
        yield lambda algorithm=algorithm: mcts.search(state, iterations=10, uct_c=math.nan, algorithm=algorithm)


def case_99_players(game):
    # A players parameter out of its range, or an unknown parameter where the game has none.
    yield lambda: ts.load_game(game.name, players=99)


def case_action_after_the_end(game):
    state = finished_state(game)
    for action in (0, 1, -1):
        yield lambda action=action: state.apply_action(action)


def case_search_on_a_finished_game(game):
    state = finished_state(game)
    for algorithm in ALGORITHMS:
        yield lambda algorithm=algorithm: mcts.search(state, iterations=10, algorithm=algorithm)


CASES = [
    case_illegal_actions,
    case_player_out_of_range,
    case_broken_json,
    case_history_with_an_illegal_action,
    case_negative_iterations,
    case_nan_uct_constant,
    case_99_players,
    case_action_after_the_end,
    case_search_on_a_finished_game,
]


@pytest.mark.parametrize("case", CASES, ids=[c.__name__[5:] for c in CASES])
@pytest.mark.parametrize("name", ts.list_games())
def test_misuse_raises_a_clear_error(name, case):
    game = ts.load_game(name)
    calls = list(case(game))
    assert calls
    for call in calls:
        with pytest.raises((ValueError, TypeError)) as error:
            call()
        assert str(error.value), f"{error.type.__name__} without a message"
