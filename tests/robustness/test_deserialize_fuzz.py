"""Deserialization of truncated, mutated and garbage text, for every game and player count.

Hypothesis builds the inputs from real serializations (random points of seeded games, and
resampled worlds): cut short, a character replaced, or JSON fields changed (history entries,
seed, params, `fields`: values out of range or off by one, wrong lengths, a scalar as a list,
swapped or renamed fields, unknown keys). A fresh interpreter then deserializes them all, so that a crash
fails the test (naming the input) instead of killing the run. Each input must be rejected with
ValueError or TypeError and a message, or give a sound state: one that round-trips, answers
every query, can be searched, and plays to an end with zero-sum returns.
Budget: 40 derandomized inputs per game configuration, 40 more on games with `fields`."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from helpers.game_configs import CONFIGS, IDS
from helpers.hostile import EDGE_INTS, json_lines, load, play_random, run_isolated

INPUTS = settings(max_examples=40, deadline=None, derandomize=True, database=None, phases=[Phase.generate])

CHILD = """
import json, math, random, sys
import tablesearch as ts
from tablesearch import mcts

job = json.load(sys.stdin)
game = ts.load_game(job["name"], **job["params"])

def check_sound(state):
    text = state.serialize()
    assert game.deserialize_state(text).serialize() == text, "an accepted state does not round-trip"
    for p in range(game.num_players()):
        state.information_state_string(p)
        if game.observation_shape() is not None:
            state.observation_tensor(p)
        world = state.resample_from_infostate(p, 1)
        assert game.deserialize_state(world.serialize()).serialize() == world.serialize()
    if not state.is_terminal() and not state.is_chance_node():
        mcts.search(state, iterations=20, seed=0)
        if game.has_hidden_information():
            mcts.search(state, iterations=20, seed=0, algorithm="pimc", determinizations=2)
    rng = random.Random(0)
    for _ in range(20000):
        if state.is_terminal():
            break
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            assert math.isclose(sum(probs), 1.0), "chance outcomes do not sum to 1"
            state.apply_action(rng.choices(actions, weights=probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert state.is_terminal(), "an accepted state never ends"
    assert math.isclose(sum(state.returns()), 0.0, abs_tol=1e-9), "returns are not zero-sum"

for i, text in enumerate(job["texts"]):
    print("input", i, repr(text[:2000]), file=sys.stderr, flush=True)  # the last one names a crash
    try:
        state = game.deserialize_state(text)
    except (ValueError, TypeError) as error:
        print(json.dumps({"i": i, "rejected": type(error).__name__, "message": str(error)}), flush=True)
        continue
    check_sound(state)
    print(json.dumps({"i": i, "accepted": True}), flush=True)
"""

small_ints = st.one_of(st.integers(-2, 70), st.sampled_from(EDGE_INTS))
json_junk = st.recursive(
    st.none() | st.booleans() | small_ints | st.floats(allow_nan=False) | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=6,
)


def mutate_list(values: list, data) -> list:
    """A changed copy of an integer array: a value off by a little or out of range, a value
    added or dropped, two values swapped, or the whole array cut or doubled. (An earlier
    mutation may have left junk there instead of a list: it is mutated as an empty list.)"""
    values = list(values) if isinstance(values, list) else []
    how = data.draw(st.sampled_from(["set", "nudge", "insert", "drop", "swap", "cut", "double", "junk"]))
    i = data.draw(st.integers(0, max(len(values) - 1, 0)))
    if how == "set" and values:
        values[i] = data.draw(small_ints)
    elif how == "nudge" and values:
        values[i] += data.draw(st.sampled_from([-1, 1, -8, 8]))
    elif how == "insert":
        values.insert(i, data.draw(small_ints))
    elif how == "drop" and values:
        del values[i]
    elif how == "swap" and len(values) > 1:
        j = data.draw(st.integers(0, len(values) - 1))
        values[i], values[j] = values[j], values[i]
    elif how == "cut":
        values = values[:i]
    elif how == "double":
        values = values + values
    elif how == "junk" and values:
        values[i] = data.draw(json_junk)
    return values


def mutate_scalar(value, data):
    """A changed scalar field: a value off by a little or out of range, the value as a list (format
    1's shape, refused in format 2), or junk."""
    how = data.draw(st.sampled_from(["set", "nudge", "list", "junk"]))
    if how == "set":
        return data.draw(small_ints)
    if how == "nudge" and type(value) is int:
        return value + data.draw(st.sampled_from([-1, 1, -8, 8]))
    if how == "list":
        return [value]
    return data.draw(json_junk)


def mutate_fields(fields: dict, data) -> dict:
    names = sorted(fields)
    if not names:
        return fields
    how = data.draw(st.sampled_from(["array", "array", "array", "swap", "rename", "delete", "add", "junk"]))
    name = data.draw(st.sampled_from(names))
    if how == "array":
        value = fields[name]
        fields[name] = mutate_list(value, data) if isinstance(value, list) else mutate_scalar(value, data)
    elif how == "swap":
        other = data.draw(st.sampled_from(names))
        fields[name], fields[other] = fields[other], fields[name]
    elif how == "rename":
        fields[name + "_"] = fields.pop(name)
    elif how == "delete":
        del fields[name]
    elif how == "add":
        fields[data.draw(st.text(min_size=1, max_size=6))] = data.draw(st.lists(small_ints, max_size=3))
    else:
        fields[name] = data.draw(json_junk)
    return fields


def mutate_doc(doc: dict, data) -> None:
    keys = ["format", "game", "params", "seed", "history", "history", "history", "extra"]
    if "fields" in doc:
        keys += ["fields"] * 6
    key = data.draw(st.sampled_from(keys))
    how = data.draw(st.sampled_from(["edit", "edit", "edit", "delete", "junk"]))
    if how == "delete" and key in doc:
        del doc[key]
    elif how == "junk" or key in ("format", "game", "extra"):
        doc[key] = data.draw(json_junk)
    elif key == "seed":
        doc[key] = data.draw(st.one_of(small_ints, st.integers(0, 2**64 + 5), json_junk))
    elif key == "params" and isinstance(doc.get("params"), dict):
        params = doc["params"]
        name = data.draw(st.sampled_from(sorted(params) + ["players", "bogus"]))
        params[name] = data.draw(st.one_of(small_ints, json_junk))
    elif key == "history" and isinstance(doc.get("history"), list):
        doc["history"] = mutate_list(doc["history"], data)
    elif key == "fields" and isinstance(doc.get("fields"), dict) and doc["fields"]:
        doc["fields"] = mutate_fields(doc["fields"], data)


def mutate(text: str, data) -> str:
    how = data.draw(st.sampled_from(["truncate", "character", "json", "json", "json", "json"]))
    if how == "truncate":
        return text[: data.draw(st.integers(0, len(text) - 1))]
    if how == "character":
        i = data.draw(st.integers(0, len(text) - 1))
        return text[:i] + data.draw(st.characters()) + text[i + 1 :]
    doc = json.loads(text)
    for _ in range(data.draw(st.integers(1, 3))):
        mutate_doc(doc, data)
    return json.dumps(doc)


def real_serializations(game) -> list[str]:
    """States at random points of three seeded games, and resampled worlds of them."""
    texts = []
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        while True:
            texts.append(state.serialize())
            if not state.is_terminal():
                player = max(state.current_player(), 0)
                texts.append(state.resample_from_infostate(player, seed).serialize())
            if state.is_terminal():
                break
            play_random(state, rng, rng.randint(1, 40))
    return texts


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_mutated_text_is_rejected_or_gives_a_sound_state(config):
    game = load(config)
    bases = real_serializations(game)
    texts = []

    @INPUTS
    @given(data=st.data())
    def collect(data):
        texts.append(mutate(data.draw(st.sampled_from(bases)), data))

    collect()
    if any("fields" in json.loads(text) for text in bases):
        # The riskiest input: arrays read straight into a game's state. 40 more, changing only them.
        @INPUTS
        @given(data=st.data())
        def collect_fields(data):
            doc = json.loads(data.draw(st.sampled_from([t for t in bases if "fields" in json.loads(t)])))
            for _ in range(data.draw(st.integers(1, 3))):
                doc["fields"] = mutate_fields(doc["fields"], data) if isinstance(doc["fields"], dict) else {}
            texts.append(json.dumps(doc))

        collect_fields()
    garbage = ["", "{", "null", "[]", "0", '"x"', "{}", "\x00", "[" * 5000, '{"format": 1}']
    texts += garbage
    name, params = config
    proc = run_isolated(CHILD, stdin=json.dumps({"name": name, "params": params, "texts": texts}))
    results = json_lines(proc.stdout)
    assert [r["i"] for r in results] == list(range(len(texts)))
    for result in results:
        if "rejected" in result:
            assert result["message"], f"{result['rejected']} without a message for {texts[result['i']]!r}"
    assert all("rejected" in r for r in results[-len(garbage) :])
    # The mutations must mostly be caught, or this test would exercise little of the validation.
    assert sum("rejected" in r for r in results) >= len(texts) // 3
