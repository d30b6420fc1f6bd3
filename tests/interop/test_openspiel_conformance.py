"""The generic conformance suite (tests/games/test_conformance.py) on OpenSpiel games loaded as
"openspiel:NAME": its test functions are imported here and run with this module's `game`
fixture. Skipped without the openspiel extra. Budget: a few seconds."""

from __future__ import annotations

import pytest

pytest.importorskip("pyspiel", reason="needs the openspiel extra: pip install '.[openspiel]' in the clone")

import tablesearch as ts  # noqa: E402
from games.test_conformance import (  # noqa: E402,F401  (collected here again, on OpenSpiel games)
    test_bad_player_indices_raise,
    test_chance_outcomes_are_probabilities,
    test_clone_is_independent,
    test_illegal_actions_raise_and_leave_state_unchanged,
    test_legal_actions_sorted_unique_nonempty,
    test_observation_tensor_has_fixed_shape,
    test_random_playouts_end_with_zero_sum_returns,
    test_resample_keeps_information_state,
    test_serialize_round_trips,
)

# Perfect information; chance and hidden cards with OpenSpiel's resampling; hidden dice without it.
OPENSPIEL_GAMES = ["tic_tac_toe", "kuhn_poker", "leduc_poker(players=3)", "liars_dice", "phantom_ttt"]


@pytest.fixture(params=OPENSPIEL_GAMES)
def game(request):
    return ts.load_game("openspiel:" + request.param)
