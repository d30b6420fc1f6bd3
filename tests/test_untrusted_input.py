"""Serialized states are untrusted input: every field is validated, and histories are replayed
through the rules (or, where `fields` carry the position, checked to hold actions of the game)."""
from __future__ import annotations

import json

import pytest

import tablesearch as ts


def serialized(name):
    return json.loads(ts.load_game(name).new_initial_state(0).serialize())


FIELD_GAMES = [name for name in ts.list_games() if "fields" in serialized(name)]


@pytest.mark.parametrize("name", FIELD_GAMES)
def test_unknown_fields_are_refused(name):
    doc = serialized(name)
    doc["fields"]["bogus"] = [0]
    with pytest.raises(ValueError, match="unknown field 'bogus'"):
        ts.load_game(name).deserialize_state(json.dumps(doc))


@pytest.mark.parametrize("name", [n for n in FIELD_GAMES if not ts.load_game(n).has_chance()])
def test_history_beside_fields_holds_only_actions_of_the_game(name):
    game = ts.load_game(name)
    doc = serialized(name)
    doc["history"] = [game.num_distinct_actions()]
    with pytest.raises(ValueError, match="history entry 0 is"):
        game.deserialize_state(json.dumps(doc))
    doc["history"] = [game.num_distinct_actions() - 1]
    assert game.deserialize_state(json.dumps(doc)).history() == doc["history"]


@pytest.mark.parametrize("name", ts.list_games())
@pytest.mark.parametrize("fmt", [True, 1.0, "1", 2, None])
def test_format_must_be_the_integer_1(name, fmt):
    doc = serialized(name)
    doc["format"] = fmt
    with pytest.raises(ValueError):
        ts.load_game(name).deserialize_state(json.dumps(doc))


@pytest.mark.parametrize("name", ts.list_games())
def test_out_of_range_history_entries_are_named_as_given(name):
    doc = serialized(name)
    doc["history"] = [2**40]  # used to be reported as "illegal action -1"
    with pytest.raises(ValueError, match="1099511627776"):
        ts.load_game(name).deserialize_state(json.dumps(doc))
