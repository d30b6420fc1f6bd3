"""The game descriptions native games export (cpp/core/description.h), checked against what the
games do: the observation layout tiles the tensor, the action ranges name real actions, the
declared fields are the serialized ones, in their ranges; and, where a description names a part
of the observation, the floats there say what the fields say."""

from __future__ import annotations

import math

import pytest

import tablesearch as ts
from helpers.game_configs import CONFIGS, IDS
from helpers.random_walk import random_steps
from tablesearch.games.description import description_of

NATIVE = [(c, i) for c, i in zip(CONFIGS, IDS) if c[0] in ts._core.list_games()]
# The words an action range may be "of" beside the description's own enums and tables.
GENERIC_ITEMS = {"", "seat", "pile", "mushroom card", "gnome card", "cell", "column"}


@pytest.fixture(params=[c for c, _ in NATIVE], ids=[i for _, i in NATIVE])
def config(request):
    return request.param


def test_the_observation_stretches_tile_the_tensor(config):
    name, params = config
    game = ts.load_game(name, **params)
    stretches = description_of(game).observation_stretches()
    if not stretches:
        pytest.skip(f"{name} declares no observation layout")
    offset = 0
    for s in stretches:
        assert s.offset == offset, f"{s.name} starts at {s.offset}, after the stretches before it end at {offset}"
        offset += s.size * s.count
        covered = sorted(s.parts.values())
        for (start, size), (following, _) in zip(covered, covered[1:] + [(s.size, 0)]):
            assert 0 <= start and start + size <= following, f"{s.name}: parts overlap or leave the block"
    assert offset == math.prod(game.observation_shape())


def test_the_action_ranges_are_actions_of_the_game(config):
    name, params = config
    game = ts.load_game(name, **params)
    d = description_of(game)
    ranges = sorted(d.actions(), key=lambda r: r.first)
    for r, following in zip(ranges, ranges[1:]):
        assert r.end <= following.first, f"action ranges {r.name!r} and {following.name!r} overlap"
    for r in ranges:
        assert 0 <= r.first and r.end <= game.num_distinct_actions(), r
        if r.of not in GENERIC_ITEMS:
            items = d.table(r.of) if r.of in d.tables() else d.enum(r.of)
            assert len(items) >= r.count, f"{r.name!r} has {r.count} actions for {len(items)} {r.of}"


def test_the_declared_fields_are_the_serialized_fields_in_range(config):
    name, params = config
    declared = description_of(ts.load_game(name, **params)).fields
    for state, _, _ in random_steps(name, params, seed=3, limit=300):
        fields = state.fields()
        assert list(fields) == list(declared)
        for key, value in fields.items():
            spec = declared[key]
            # A scalar field is an int, any other a list of ints.
            assert type(value) is (int if spec["scalar"] else list), (key, value)
            values = [value] if spec["scalar"] else value
            assert all(type(v) is int for v in values), (key, values)
            if spec["size"] is None:
                assert len(values) <= spec["max_size"], key
            else:
                assert len(values) == spec["size"], key
            assert all(spec["min"] <= v <= spec["max"] for v in values), (key, values, spec)


def test_a_field_typed_by_an_enum_or_table_holds_its_rows():
    for name in ("gnomi", "gummiland"):
        d = description_of(name)
        for key, spec in d.fields.items():
            kind = spec["type"]
            if kind in d.enums():
                assert spec["max"] < len(d.enum(kind)), (name, key)
            elif kind in d.tables():
                assert spec["max"] < len(d.table(kind)), (name, key)


@pytest.mark.parametrize("players", [2, 4])
def test_gnomi_observation_parts_read_what_the_fields_say(players):
    d = description_of(ts.load_game("gnomi", players=players))
    seat = d.observation("seat")
    phases = d.enum("phase")
    for state, _, _ in random_steps("gnomi", {"players": players}, seed=players, limit=200):
        f = state.fields()
        for observer in range(players):
            obs = state.observation_tensor(observer)
            for r in range(players):
                s = (observer + r) % players
                held_up = sum(1 for h, up in zip(f["mushroom_holder"], f["mushroom_up"]) if h == s and up)
                assert sum(obs[seat.span(r, "mushrooms up")]) == held_up
                awake = sum(1 for h, up in zip(f["gnome_holder"], f["gnome_up"]) if h == s and up)
                assert sum(obs[seat.span(r, "gnomes awake")]) == awake
            if phases[f["phase"]] not in ("game over", "golden choice"):
                turn = (f["turn"] - observer) % players
                assert list(obs[seat.every("whose turn")]) == [float(r == turn) for r in range(players)]
            phase = obs[d.observation("phase").span()]
            if phases[f["phase"]] != "game over":
                assert phases[list(phase).index(1.0)] == phases[f["phase"]]
            for kind in ("mushroom", "gnome"):  # each card: who holds it, its side, its face if known
                cards = d.observation(f"{kind} card")
                for i, holder in enumerate(f[f"{kind}_holder"]):
                    held = [0.0] * players
                    if holder >= 0:
                        held[(holder - observer) % players] = 1.0
                    assert list(obs[cards.span(i, "held by")]) == held
                    assert obs[cards.span(i, "right side up")][0] == float(holder >= 0 and f[f"{kind}_up"][i])
                    face = list(obs[cards.span(i, "face")])
                    known = f[f"{kind}_known"][i] >> observer & 1
                    assert face.index(1.0) == (f[f"{kind}_face"][i] if known else len(face) - 1)


def test_unknown_names_are_refused_naming_the_declared_ones():
    d = description_of("gnomi")
    with pytest.raises(KeyError, match="its enums: phase, effect, ability"):
        d.enum("colour")
    with pytest.raises(KeyError, match="use 1"):
        d.action("use 3")
    with pytest.raises(IndexError, match="0..27"):
        d.action("use 1")[28]
    with pytest.raises(TypeError, match="native games"):
        description_of(object())


def test_gnomi_drawing_has_a_picture_and_words_for_every_declared_name():
    """The drawing keys what it adds (glyphs, colours, ability texts, the words for what is under
    way) by the names the game declares: a card or phase added to the C++ tables without them
    fails here, not as a KeyError on a page."""
    from tablesearch.games.gnomi import drawing

    d = description_of("gnomi")
    gnomes, colours = set(d.column("gnomes", "id")), set(d.column("mushrooms", "colour"))
    assert set(drawing.GNOME_GLYPHS) == gnomes and set(drawing.ABILITIES) == gnomes
    assert set(drawing.MUSHROOM_FILL) == colours
    assert set(drawing.EFFECT_NAMES) <= set(d.enum("effect"))
    for phase, name in enumerate(d.enum("phase")):
        fields = dict(turn=0, phase=phase, effect=1, target=1, colour=0, awaiting=1, game=0)
        assert drawing.under_way(fields, 2) != name or name == "game over", f"no words for phase {name!r}"


def test_the_other_drawings_have_a_picture_for_every_declared_name():
    """Candy Land paints every colour the game declares and names every card kind; Gummiland's
    fruit colours are rewards it declares; Leduc names every bet."""
    from tablesearch.games.candyland import drawing as candyland
    from tablesearch.games.gummiland import drawing as gummiland
    from tablesearch.games.leduc_poker import drawing as leduc

    board = description_of("candyland")
    assert set(candyland.COLOURS) == set(board.constant("colour letters"))
    assert len(candyland.CARD_NAMES) == len(board.table("cards")) == board.facts["max_legal_actions"]
    assert set(gummiland.FRUIT) <= set(description_of("gummiland").enum("reward"))
    bets = description_of("leduc_poker").enum("bet")
    assert sorted(leduc.ACTION_NAMES) == sorted(leduc.ACTION_VERBS) == list(range(len(bets)))
    assert len(leduc.RANKS) >= ts.load_game("leduc_poker").max_players() + 1  # players + 1 ranks


@pytest.mark.parametrize("players", [1, 3])
def test_candyland_observation_parts_read_where_the_pieces_stand(players):
    from tablesearch.games.candyland.drawing import _positions

    d = description_of(ts.load_game("candyland", players=players))
    for state, player, _ in random_steps("candyland", {"players": players}, seed=players, limit=120):
        cells, pile, turn, drawing = _positions(state)
        text = str(state)
        for seat, cell in enumerate(cells):
            assert f"seat {seat}: {'START' if cell == 0 else cell}" in text
        assert sum(pile) > 0 and drawing == (player == ts.CHANCE)
        if player is not None and player != ts.CHANCE:
            assert turn == player
    assert d.observation("cell").count == players
