"""Rule-level fuzz for Gummiland and Gnomi (issue 17): random games in which every legal action is
tried at every step and the rules' invariants are checked after each, natively (api/rule_fuzz.h;
the invariants are each game's check_step: tile and card conservation, Gummiz totals, no player
acting while out, turn order, the end conditions, once-per-turn specials, ...). Every end position
is also serialized and read back.

The suite plays a few games per configuration (about 15 s in all on one core). After a rule
change, run the long version, thousands of games per player count and region set:

    TABLESEARCH_FUZZ_GAMES=2000 python -m pytest tests/games/test_rule_fuzz.py -m slow

(the `slow` test runs only then; it takes about 20 minutes on one core).
"""

from __future__ import annotations

import itertools
import json
import os
import random

import pytest

import tablesearch as ts

REGIONS = ["pineapple", "orange", "blackberry"]
REGION_SETS = [",".join(c) for k in range(4) for c in itertools.combinations(REGIONS, k)]
CONFIGS = (
    [("gummiland", {"players": p, "regions": r}, 20) for p in (2, 3, 4) for r in REGION_SETS]
    + [("gnomi", {"players": p}, 150) for p in range(2, 7)]
    + [("gnomi", {"players": p, "golden": True}, 15) for p in (2, 4, 6)]
)
IDS = [f"{name}-" + "-".join(f"{k}={v}" for k, v in params.items()) for name, params, _ in CONFIGS]


@pytest.mark.parametrize("name, params, games", CONFIGS, ids=IDS)
def test_rules_hold_at_every_step_of_random_games(name, params, games):
    counts = ts.load_game(name, **params).fuzz_rules(games, seed=17)
    assert counts["games"] == games and counts["round_trips"] == games
    assert counts["checks"] > counts["plies"] > games  # several actions tried per step


@pytest.mark.slow
@pytest.mark.skipif("TABLESEARCH_FUZZ_GAMES" not in os.environ, reason="set TABLESEARCH_FUZZ_GAMES for the long run")
@pytest.mark.parametrize("name, params, games", CONFIGS, ids=IDS)
def test_rules_hold_long_run(name, params, games):
    n = int(os.environ["TABLESEARCH_FUZZ_GAMES"])
    counts = ts.load_game(name, **params).fuzz_rules(n, seed=int(os.environ.get("TABLESEARCH_FUZZ_SEED", "1")))
    assert counts["games"] == n


def test_a_broken_invariant_is_reported_with_its_game():
    """Games without rule checks say so."""
    with pytest.raises(ValueError, match="has no rule checks"):
        ts.load_game("tic_tac_toe").fuzz_rules(1)
    with pytest.raises(ValueError, match="games must be >= 0"):
        ts.load_game("gnomi").fuzz_rules(-1)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_end_of_random_play_round_trips_through_the_public_api(players):
    """Through serialize()/deserialize_state (JSON included), every region set: 16 games each."""
    for regions in REGION_SETS:
        game = ts.load_game("gummiland", players=players, regions=regions)
        for seed in range(16 if players == 2 else 8):
            rng = random.Random(seed)
            state = game.new_initial_state(seed)
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
            text = state.serialize()
            json.loads(text)
            restored = game.deserialize_state(text)
            assert restored.serialize() == text and restored.returns() == state.returns()
