"""The serialization module (tablesearch.games.serialization): one format for native and Python
games, its versions, its validation messages, pickling, and the test-only positions helper.
(Hostile and fuzzed texts are in tests/robustness.)"""

from __future__ import annotations

import json
import pickle
import random

import numpy as np
import pytest

import tablesearch as ts
from helpers import compiled_games
from helpers.positions import position, with_fields
from tablesearch import _core
from tablesearch.games import serialization

# Written by tablesearch before serialization moved into one Python module (the C++ bindings
# built the JSON then), in format 1 (every field a list): they must keep loading, and serialize
# back to the same text in the current format.
EARLIER_TEXTS = [
    '{"format": 1, "game": "connect_four", "params": {}, "seed": 0, "history": []}',
    '{"format": 1, "game": "leduc_poker", "params": {"players": 8}, "seed": 0, "history": [15, 12, 6, 3, 9, 7, '
    "14, 4, 2, 1, 2, 0, 0, 1, 0, 0, 1, 0, 5, 1, 2, 1, 2, 0, 1]}",
    '{"format": 1, "game": "wetland", "params": {"max_rounds": 100, "players": 2}, "seed": 0, "history": [4, 4, 0, '
    '3, 14, 4, 4, 3, 4, 3, 16, 1, 1, 3, 1, 0, 3, 16, 1, 3, 0, 0, 3, 4, 12], "fields": {"tiles": [5, 3, -1, 4, 1, '
    '-1, -1, -1, -1], "orientations": [3, 1, 0, 3, 3, 0, 0, 0, 0], "tokens": [6, 18, 13, 7], "player": [1], '
    '"actions_left": [2], "extras_counted": [0], "turns": [7], "winner": [1]}}',
    '{"format": 1, "game": "py_nim", "params": {"stones": 7}, "seed": 5, "history": [1, 2]}',
]


@pytest.mark.parametrize("text", EARLIER_TEXTS, ids=lambda t: json.loads(t)["game"])
def test_earlier_texts_load_and_serialize_unchanged_but_for_the_format(text):
    doc = json.loads(text)
    game = ts.load_game(doc["game"], **doc["params"])
    state = game.deserialize_state(text)
    assert state.serialize() == json.dumps(as_format_2(game, doc))
    assert state.history() == doc["history"] and state.seed() == doc["seed"]


def as_format_2(game, doc):
    """A format-1 document in format 2: its scalar fields' lists of one as ints."""
    fields = doc.get("fields", {})
    scalars = {name for name, spec in game.description()["fields"].items() if spec["scalar"]} if fields else set()
    upgraded = {name: values[0] if name in scalars else values for name, values in fields.items()}
    return dict(doc, format=2, **({"fields": upgraded} if fields else {}))


def test_native_and_python_games_write_the_same_format():
    native = ts.load_game("wetland").new_initial_state(3)
    python = ts.load_game("py_nim", stones=7).new_initial_state(3)
    python.apply_action(1)
    n, p = json.loads(native.serialize()), json.loads(python.serialize())
    assert list(n) == list(serialization.KEYS)  # fields last, where the game has them
    assert list(p) == list(serialization.KEYS[:-1]) and python.fields() == {}
    assert n["format"] == p["format"] == serialization.FORMAT == 2
    assert p == {"format": 2, "game": "py_nim", "params": {"stones": 7}, "seed": 3, "history": [1]}
    assert n["fields"] == native.fields() and n["params"] == native.get_game().parameters()


@pytest.mark.parametrize("name, params", [("connect_four", {}), ("wetland", {}), ("py_nim", {"stones": 7})])
def test_a_document_without_a_version_is_the_current_format(name, params):
    game = ts.load_game(name, **params)
    state = game.new_initial_state(1)
    state.apply_action(state.legal_actions()[0])
    doc = json.loads(state.serialize())
    del doc["format"]
    assert game.deserialize_state(json.dumps(doc)).serialize() == state.serialize()


@pytest.mark.parametrize("name, params", [("connect_four", {}), ("py_nim", {"stones": 7})])
def test_versions_other_than_the_ones_read_are_refused_by_name(name, params):
    game = ts.load_game(name, **params)
    doc = json.loads(game.new_initial_state(1).serialize())
    with pytest.raises(ValueError, match=r"format 3: newer than this version of tablesearch reads \(format 2\)"):
        game.deserialize_state(json.dumps(dict(doc, format=3)))
    for bad in (0, -1):
        with pytest.raises(ValueError, match=f"format {bad}; expected 1 to 2"):
            game.deserialize_state(json.dumps(dict(doc, format=bad)))
    for bad in (True, 1.0, "1", None, [1]):
        with pytest.raises(ValueError, match="format .*expected an int, 1 to 2"):
            game.deserialize_state(json.dumps(dict(doc, format=bad)))
    assert game.deserialize_state(json.dumps(dict(doc, format=1))).serialize() == json.dumps(doc)


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: d.update(extra=1), "unknown key 'extra' in serialized state; valid: format, game, params, seed"),
        (lambda d: d.pop("history"), "lacks 'history'"),
        (lambda d: d.update(game="tic_tac_toe"), "for game 'tic_tac_toe', not 'connect_four'"),
        (lambda d: d.update(game=7), "'game' must be a game name"),
        (lambda d: d.update(params={"players": 3}), r"parameters \{'players': 3\} differ from this game's \{\}"),
        (lambda d: d.update(params=[]), "'params' must be an object, got an array"),
        (lambda d: d.update(seed=-1), r"'seed' must be in \[0, 2\*\*64\), got -1"),
        (lambda d: d.update(seed=2**64), r"'seed' must be in \[0, 2\*\*64\)"),
        (lambda d: d.update(seed="7"), "'seed' must be an int .*got a string '7'"),
        (lambda d: d.update(history={}), "'history' must be a list of ints, got an object"),
        (lambda d: d.update(history=[3, True]), "history entry 1 must be an int, got a boolean True"),
        (lambda d: d.update(history=[3, -2]), "history entry 1 is -2, which is never a legal action"),
        (lambda d: d.update(history=[3] * 7), "history entry 6: "),  # a full column: the rules refuse it
        (lambda d: d.update(fields={"board": [0]}), "does not take serialized 'fields'"),
    ],
)
def test_each_problem_is_named(change, message):
    game = ts.load_game("connect_four")
    doc = json.loads(game.new_initial_state(0).serialize())
    change(doc)
    with pytest.raises(ValueError, match=message):
        game.deserialize_state(json.dumps(doc))


def test_fields_are_checked_before_the_game_reads_them():
    game = ts.load_game("wetland")
    doc = json.loads(game.new_initial_state(0).serialize())
    for fields, message in (
        ([], "'fields' must be an object of ints and int lists, got an array"),
        ({"turns": 2.0}, "field 'turns' must be an int or a list of ints, got a number 2.0"),
        ({"turns": True}, "field 'turns' must be an int or a list of ints, got a boolean True"),
        ({"turns": "2"}, "field 'turns' must be an int or a list of ints, got a string '2'"),
        ({"turns": None}, "field 'turns' must be an int or a list of ints, got null"),
        ({"turns": 2**63}, "field 'turns' is 9223372036854775808, outside the int64 range"),
        ({"tiles": [2.0]}, "field 'tiles' value 0 must be an int, got a number 2.0"),
        ({"tiles": [2**63]}, "field 'tiles' value 0 is 9223372036854775808, outside the int64 range"),
        ({"tiles": [2**700]}, "value 0 is <an int of 701 bits>"),
        ({"\ud800": [1]}, r"field name '\\ud800' is not valid Unicode text"),
        (dict(doc["fields"], turns=-5), "field 'turns' holds -5"),  # the game's own checks
        (dict(doc["fields"], turns=[2]), r"field 'turns' is a single int, not a list"),
        (dict(doc["fields"], tiles=5), r"field 'tiles' is a list of 9 ints, not a single int"),
        (dict(doc["fields"], tiles=[5]), r"field 'tiles' is a list of 9 ints, got 1 value"),
    ):
        with pytest.raises(ValueError, match=message):
            game.deserialize_state(json.dumps(dict(doc, fields=fields)))


def test_format_1_fields_are_lists():
    game = ts.load_game("wetland")
    doc = dict(json.loads(EARLIER_TEXTS[2]))
    for fields, message in (
        (dict(doc["fields"], turns=7), "field 'turns' must be a list of ints in format 1, got a number"),
        (dict(doc["fields"], turns=[7, 7]), "field 'turns' is a single int, not a list"),
        (dict(doc["fields"], tiles=[5]), r"field 'tiles' is a list of 9 ints, got 1 value"),
    ):
        with pytest.raises(ValueError, match=message):
            game.deserialize_state(json.dumps(dict(doc, fields=fields)))


NATIVE_FIELD_GAMES = [name for name in _core.list_games() if _core.load_game(name, {}).description()["fields"]]


def played_states(game, seed=0, plies=60):
    """A seeded random game's states, a resampled world beside each (the worlds fields exist for)."""
    rng = random.Random(seed)
    state = game.new_initial_state(seed)
    for _ in range(plies):
        yield state
        if state.is_terminal():
            return
        yield state.resample_from_infostate(max(state.current_player(), 0), seed)
        outcomes = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply_action(rng.choice(outcomes))


@pytest.mark.parametrize("name", NATIVE_FIELD_GAMES)
def test_states_round_trip_and_format_1_documents_load_to_equal_states(name):
    game = ts.load_game(name)
    scalars = {field for field, spec in game.description()["fields"].items() if spec["scalar"]}
    for state in played_states(game):
        text = state.serialize()
        again = game.deserialize_state(text)
        assert again.serialize() == text and again.fields() == state.fields() and str(again) == str(state)
        doc = json.loads(text)
        old = {field: [value] if field in scalars else value for field, value in doc["fields"].items()}
        earlier = game.deserialize_state(json.dumps(dict(doc, format=1, fields=old)))
        assert earlier.serialize() == text and earlier.fields() == state.fields()


def test_restore_takes_fields_as_fields_gives_them():
    game = ts.load_game("wetland")
    state = game.new_initial_state(3)
    fields = state.fields()
    assert game.restore(3, [], fields).fields() == fields
    assert game.restore(3, [], dict(fields, turns=np.int64(4))).fields()["turns"] == 4  # any integer
    for value, message in (
        ([4], "field 'turns' is a single int, not a list"),
        (True, "field 'turns' must be an int or a list of ints, got bool True"),
        (4.0, "field 'turns' must be an int or a list of ints, got float 4.0"),
        ("4", "field 'turns' must be an int or a list of ints, got str '4'"),
        (2**64, r"field 'turns' holds an int outside the int64 range \[-2\*\*63, 2\*\*63\)"),
        (10**5000, "field 'turns' holds an int outside the int64 range"),
    ):
        with pytest.raises(ValueError, match=message):
            game.restore(3, [], dict(fields, turns=value))
    for value, message in ((5, "field 'tiles' is a list of 9 ints, not a single int"), ([True] * 9, "got bool")):
        with pytest.raises(ValueError, match=message):
            game.restore(3, [], dict(fields, tiles=value))


def test_text_that_is_not_a_str_or_too_long_is_refused():
    game = ts.load_game("connect_four")
    with pytest.raises(TypeError, match="expects a JSON str, got bytes"):
        game.deserialize_state(b"{}")
    with pytest.raises(ValueError, match="too long"):
        game.deserialize_state(" " * (serialization.MAX_TEXT_LENGTH + 1))
    with pytest.raises(ValueError, match="not valid JSON"):
        game.deserialize_state("{")
    with pytest.raises(ValueError, match="must be a JSON object, got an array"):
        game.deserialize_state("[]")


def test_restore_rebuilds_from_the_parts():
    game = ts.load_game("connect_four")
    state = game.restore(4, [3, 3, 2])
    assert state.history() == [3, 3, 2] and state.seed() == 4
    with pytest.raises(ValueError, match="history entry 6: illegal action 0"):
        game.restore(0, [0] * 7)
    with pytest.raises(TypeError, match="seed"):
        game.restore(None, [])
    with pytest.raises(TypeError, match="history must be a list"):
        game.restore(0, 3)
    wetland = ts.load_game("wetland")
    with pytest.raises(ValueError, match="not valid Unicode text"):
        wetland.restore(0, [], {"\ud800": [1]})
    python = ts.load_game("py_nim", stones=7)
    assert python.restore(2, [1, 2]).history() == [1, 2]
    with pytest.raises(TypeError, match="seed"):
        python.restore(None, [])
    with pytest.raises(ValueError, match="history entry 1: illegal action 9"):
        python.restore(2, [1, 9])
    with pytest.raises(ValueError, match="Python game: it does not take serialized 'fields'"):
        python.restore(2, [], {"stones": [3]})


@pytest.mark.parametrize(
    "name, params, plies",
    [
        ("connect_four", {}, 5),
        ("wetland", {}, 9),
        ("gnomi", {"players": 3}, 12),
        ("py_nim", {"stones": 9}, 2),
        pytest.param("compiled_leduc_poker", {}, 4, marks=compiled_games.needs_numba),
        pytest.param("compiled_pig", {"target": 30}, 6, marks=compiled_games.needs_numba),
    ],
)
def test_games_and_states_pickle_through_the_serialized_form(name, params, plies):
    game = ts.load_game(name, **params)
    state = game.new_initial_state(11)
    for _ in range(plies):
        state.apply_action(state.legal_actions()[-1])
    again = pickle.loads(pickle.dumps(state))
    assert again.serialize() == state.serialize() and str(again) == str(state)
    assert again.get_game().parameters() == game.parameters()
    assert repr(pickle.loads(pickle.dumps(game))) == repr(game)
    world = state.resample_from_infostate(0, 3)
    assert pickle.loads(pickle.dumps(world)).serialize() == world.serialize()


def test_positions_helper_builds_validated_positions():
    game = ts.load_game("wetland")
    state = position(game, turns=3, player=1)
    assert state.fields()["turns"] == 3 and state.fields()["player"] == 1 and state.current_player() == 1
    assert {k: v for k, v in state.fields().items() if k not in ("turns", "player")} == {
        k: v for k, v in game.new_initial_state(0).fields().items() if k not in ("turns", "player")
    }
    later = with_fields(state, actions_left=1)
    assert later.fields() == dict(state.fields(), actions_left=1)
    with pytest.raises(ValueError, match="unknown field 'bogus'"):
        position(game, bogus=[1])
    with pytest.raises(ValueError, match="field 'turns' holds -1"):
        position(game, turns=-1)
    replayed = position(ts.load_game("connect_four"), seed=3, history=[3, 3])
    assert replayed.history() == [3, 3] and replayed.seed() == 3
    with pytest.raises(ValueError, match="does not take serialized 'fields'"):
        position(ts.load_game("connect_four"), board=[0])
