"""Gummiland positions built from chosen fields (docs/rules/gummiland.md), for the rule tests
and the tactics suite: the tile table as the rules page gives it, the actions' numbers, and
`position`, which builds a state through helpers.positions (so the game validates it)."""

from __future__ import annotations

import tablesearch as ts
from helpers import positions

# The tile table as the rules page gives it, in the native table's row order (gummiland_tiles.h):
# (printed name, copies). Tile ids are the rows expanded in order; copy k of a starting row
# belongs to player k.
ROWS = [
    ("S>A:1", 2),
    ("A>L:1", 2),
    ("L>S:1", 2),
    ("SS>A:2", 1),
    ("SS>L:2", 1),
    ("AA>L:2", 1),
    ("AA>S:2", 1),
    ("LL>S:2", 1),
    ("LL>A:2", 1),
    ("SA>L:2", 1),
    ("SA>M:2", 1),
    ("SL>A:2", 1),
    ("SL>M:2", 1),
    ("AL>S:2", 1),
    ("AL>M:2", 1),
    ("SAL>M:3", 3),
    ("SSA>S:3", 1),
    ("AAL>A:3", 1),
    ("SLL>L:3", 1),
    ("SSS:4", 1),
    ("AAA:4", 1),
    ("LLL:4", 1),
    ("SAL:4", 2),
    ("SSAL:5", 1),
    ("SAAL:5", 1),
    ("SALL:5", 1),
    ("SA>TidyUp:2", 1),
    ("AL>TidyUp:2", 1),
    ("SAL>TidyUp:3", 2),
    ("SA>Doublon:2", 1),
    ("AL>Doublon:2", 1),
    ("SAL>Doublon:3", 2),
    ("SA>Selection:2", 1),
    ("AL>Selection:2", 1),
    ("SAL>Selection:3", 2),
    ("S:1", 4),
    ("A:1", 4),
    ("L:1", 4),
    ("Taste:1", 4),
    ("Gum:1", 4),
    ("Exchange:1", 4),
    ("TidyUp:1", 4),
    ("Doublon:1", 4),
    ("Selection:1", 4),
]
NUM_WILD_ROWS = 35
REGIONS = ["pineapple", "orange", "blackberry"]
EXOTIC_REGION = {"TidyUp": 0, "Doublon": 1, "Selection": 2}

TILE_NAME, TILE_OWNER = [], []
for _row, (_name, _count) in enumerate(ROWS):
    for _copy in range(_count):
        TILE_NAME.append(_name)
        TILE_OWNER.append(_copy if _row >= NUM_WILD_ROWS else -1)
ROW_OF_NAME = {name: row for row, (name, _) in enumerate(ROWS)}

# Actions (gummiland.h).
END = 0
PILE = [1, 2, 3, 4]
USE = {"Taste": 5, "Gum": 6, "Exchange": 7, "TidyUp": 8, "Doublon": 9, "Selection": 10}
CLS = {
    "greedy": 11,
    "S": 12,
    "A": 13,
    "L": 14,
    "M": 15,
    "Taste": 16,
    "Gum": 17,
    "Exchange": 18,
    "TidyUp": 19,
    "Doublon": 20,
    "Selection": 21,
    "ActiveGum": 22,
}
PLAYER = [23, 24, 25, 26]


def TYPE(name):
    return 27 + ROW_OF_NAME[name]


PHASES = {
    "main": 0,
    "pay": 1,
    "slide": 2,
    "gum_copy": 3,
    "exchange": 4,
    "tidy_player": 5,
    "tidy_tile": 6,
    "select_pile": 7,
    "select_tile": 8,
}


def region_of(tile):
    """The region of an exotic tile (its reward names it), None for other tiles."""
    return EXOTIC_REGION.get(TILE_NAME[tile].split(">")[-1].split(":")[0])


def in_play(tile, players, regions):
    reg = region_of(tile)
    if reg is not None and REGIONS[reg] not in regions:
        return False
    return TILE_OWNER[tile] < players


def position(players=2, regions="", piles=None, fronts=None, boxes=None, unknown=None, spare=None, **scalars):
    """A state built from fields. Tiles are named as printed ("SS>A:2", "Taste:1"); starting tiles
    go to the player whose zone names them. piles: 4 lists, bottom first; boxes: next out first.
    Starting tiles not named go to the top of their owner's box; wild tiles not named go below the
    named pile tiles (spare=None) or to the top of player `spare`'s box. Other keywords override
    fields (current, captures_left, doubled, ...); params= passes game parameters."""
    game = ts.load_game("gummiland", players=players, regions=regions, **scalars.pop("params", {}))
    free = [t for t in range(len(TILE_NAME)) if in_play(t, players, regions)]

    def take(name, owner):
        for t in free:
            if TILE_NAME[t] == name and TILE_OWNER[t] in (-1, owner):
                free.remove(t)
                return t
        raise AssertionError(f"no free tile {name} for player {owner}")

    pile_lists = [[take(n, -1) for n in pile] for pile in (piles or [[], [], [], []])]
    front_lists = [[take(n, p) for n in (fronts or {}).get(p, [])] for p in range(players)]
    box_lists = [[take(n, p) for n in (boxes or {}).get(p, [])] for p in range(players)]
    for t in list(free):
        if TILE_OWNER[t] >= 0:
            box_lists[TILE_OWNER[t]].append(t)
        elif spare is not None:
            box_lists[spare].append(t)
        else:
            reg = region_of(t)
            if reg is None:
                k = min(range(4), key=lambda k: len(pile_lists[k]))
            else:
                k = next(k for k in range(4) if all(region_of(x) != reg for x in pile_lists[k]))
            pile_lists[k].insert(0, t)
        free.remove(t)
    exotic = [sum(1 << region_of(t) for t in pile if region_of(t) is not None) for pile in pile_lists]
    fields = {
        "round": 0,
        "current": 0,
        "over": 0,
        "phase": 0,
        "captures_left": 1,
        "doubled": 0,
        "gum_as": 0,
        "target": -1,
        "exchanged": 0,
        "in_use": -1,
        "pile_known": [0, 0, 0, 0],
        "pile_exotic": exotic,
        "pile_seen": [0, 0, 0, 0],
        "box_unknown": list(unknown or [0] * players),
        "pending": [],
        "used": [],
    }
    for k in range(4):
        fields[f"pile{k}"] = pile_lists[k]
    for p in range(players):
        fields[f"box{p}"] = box_lists[p]
        fields[f"front{p}"] = front_lists[p]
    fields.update(scalars)
    return positions.position(game, fields=fields)


def names(ids):
    return [TILE_NAME[t] for t in ids]


def play(state, *actions):
    for a in actions:
        assert a in state.legal_actions(), f"action {a} is not legal in\n{state}"
        state.apply_action(a)
    return state


def capture(state, k, *pay):
    """Captures pile k's top paying with the given classes, then slides in any order."""
    play(state, PILE[k], *[CLS[c] for c in pay])
    while state.fields()["phase"] == PHASES["slide"]:
        play(state, state.legal_actions()[0])
    return state


def stall_piles():
    """Piles whose tops no one can pay for with starting tiles (greedy SSAL, SAAL, SALL, LLL)."""
    return [["SSAL:5"], ["SAAL:5"], ["SALL:5"], ["LLL:4"]]
