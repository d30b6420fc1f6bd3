"""AI strength as named levels for the setup form, each an ordinary agent spec, with the Elo it
measured against the other levels in each game and player count (``levels.json``, written by
``python benchmarks/web_levels.py``: round-robin tournaments between the levels offered at that
player count, seats rotated, Elo with bootstrap 95% intervals, anchored so that the Beginner
level, random moves, is 0; record() and measurements() below are the file's one format).

The page offers the levels by name; the spec text stays available for programmers, and a seat
whose spec is a level's is named by that level ("Medium AI").
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional

import tablesearch as ts
from tablesearch.agents.specs import cached_model
from tablesearch.games.extras import game_extras
from tablesearch.games.search_defaults import search_defaults
from tablesearch.models.builtin import builtin_files
from tablesearch.safe_files import write_atomically

ELO_FILE = Path(__file__).with_name("levels.json")


@dataclass(frozen=True)
class Level:
    key: str
    name: str
    spec: str
    about: str


BEGINNER = Level("beginner", "Beginner", "random", "plays random legal moves")
SEARCHING = (("easy", "Easy"), ("medium", "Medium"), ("hard", "Hard"))
SIMULATIONS = (30, 300, 3000, 1000)
"""Easy, Medium and Hard: simulated games a move, and Expert's guided by the model, unless the
game's extras give its own (LEVEL_SIMULATIONS, or LEVEL_SIMULATIONS_BY_PLAYERS for a player count;
tablesearch.games.extras), chosen so that each level's Elo interval in levels.json lies above the
one below (None: no such level, more search playing no better there)."""
DEFAULT = "medium"


def _simulations(game: str, players: Optional[int]) -> tuple[Optional[int], ...]:
    extras = game_extras(game)
    own = extras.level_simulations_by_players.get(players) if players else None
    return own or extras.level_simulations or SIMULATIONS


def ladder(game: str, players: Optional[int] = None) -> tuple[Level, ...]:
    """The levels searching by simulations that `game` offers at `players` (None: its usual
    ones), Beginner first."""
    searching = tuple(
        Level(key, name, f"mcts:iterations={n}", f"looks {n:,} simulated games ahead per move")
        for (key, name), n in zip(SEARCHING, _simulations(game, players))
        if n is not None
    )
    return (BEGINNER, *searching)


@functools.lru_cache(maxsize=64)  # a seat's name asks at every page; bounded whatever names arrive
def _mixes_playouts(game: str, players: int) -> bool:
    """Whether the game's built-in model at `players` plays with playouts mixed in (playout_mix);
    False where no model ships, without loading anything for a game or count a request named."""
    return (game, players) in builtin_files() and bool(
        search_defaults(ts.load_game(game, players=players))["playout_mix"]
    )


def expert(game: str, players: int) -> Level:
    """The level of `game`'s built-in model at `players`, offered where one plays
    (tablesearch.models.builtin)."""
    given = _simulations(game, players)
    n = given[3] if len(given) > 3 and given[3] is not None else SIMULATIONS[3]
    about = f"a network trained by self-play guides {n:,} simulated games per move"
    if _mixes_playouts(game, players):
        about += ", each position it reaches valued by the network and by a game played out from there"
    return Level("expert", "Expert", f"mcts:model=builtin,iterations={n}", about)


def _ladders(game: str) -> list[tuple[tuple[Level, ...], Optional[list[int]]]]:
    """`game`'s ladders, each with the player counts it plays (None: any): the usual one, and one
    for each count whose extras give their own (LEVEL_SIMULATIONS_BY_PLAYERS)."""
    own = sorted(game_extras(game).level_simulations_by_players)
    if not own:
        return [(ladder(game), None)]
    (spec,) = (p for p in ts.load_game(game).parameter_specs() if p["name"] == "players")
    usual = [n for n in range(spec["min"], spec["max"] + 1) if n not in own]
    return [(ladder(game), usual), *((ladder(game, n), [n]) for n in own)]


def served_level(name: str) -> Level:
    """The level of a model file the server was started with (``serve --model NAME=PATH``)."""
    return Level(
        f"model:{name}",
        name,
        f"mcts:model={name},iterations=1000",
        f"the model {name!r} this server was started with guides 1,000 simulated games per move",
    )


def _offered(game: str, models: Mapping[str, str]) -> list[tuple[Level, Optional[list[int]]]]:
    """The levels for `game`, each with the player counts it plays (None: any): the named levels,
    Expert where a built-in model plays, then each model file of the server's made for `game`."""
    players = sorted(n for name, n in builtin_files() if name == game)
    offered = [(level, counts) for rungs, counts in _ladders(game) for level in rungs]
    experts: dict[Level, list[int]] = {}
    for n in players:
        experts.setdefault(expert(game, n), []).append(n)
    offered += experts.items()
    for name, path in sorted(models.items()):
        try:
            made_for = cached_model(path).game
        except ValueError:  # removed or replaced since the server started: a seat naming it says so
            continue
        if made_for.name == game:
            offered.append((served_level(name), [made_for.num_players]))
    return offered


@functools.cache
def _measured() -> dict[str, Any]:
    try:
        data: dict[str, Any] = json.loads(ELO_FILE.read_text())
    except (OSError, ValueError):
        return {}
    return data


def measurements(game: str) -> dict[int, dict[str, Any]]:
    """`game`'s measurements by player count: {players: {"elo": {level key: [elo, low, high]},
    "played": games, "measured": {"date", "commit", "machine"}}} ({} where none)."""
    return {int(n): figures for n, figures in _measured().get("games", {}).get(game, {}).items()}


def record(
    game: str,
    players: int,
    elo: Mapping[str, list[int]],
    played: int,
    measured: Mapping[str, str],
    *,
    notes: Mapping[str, str],
    how: str,
) -> None:
    """Writes the figures of `game` at `players` into levels.json (with the `notes` per game and
    `how` they were measured), read again just before, so that runs measuring other games or
    player counts at the same time keep theirs."""
    try:
        data: dict[str, Any] = json.loads(ELO_FILE.read_text())
    except (OSError, ValueError):
        data = {}
    entry = {"elo": dict(elo), "played": played, "measured": dict(measured)}
    data.setdefault("games", {}).setdefault(game, {})[str(players)] = entry
    data.update(notes=dict(notes), how=how)
    write_atomically(
        ELO_FILE, (json.dumps(data, indent=1, sort_keys=True) + "\n").encode()
    )  # a run stopped midway keeps the old file
    _measured.cache_clear()


def for_game(game: str, models: Optional[Mapping[str, str]] = None) -> list[dict[str, Any]]:
    """The levels with their Elo in `game` where it was measured: [{key, name, spec, about,
    players, elo}], players the player counts the level plays (None for any) and elo
    {players: {"elo", "low", "high"}} at each player count it was measured at (an Elo measured
    with one player count says nothing of another). `models`: the server's model files {name: path}."""
    measured = measurements(game)
    out = []
    for level, players in _offered(game, models or {}):
        elo = {
            str(n): dict(zip(("elo", "low", "high"), (round(x) for x in figures["elo"][level.key])))
            for n, figures in sorted(measured.items())
            if level.key in figures["elo"] and (players is None or n in players)
        }
        out.append(dict(key=level.key, name=level.name, spec=level.spec, about=level.about, players=players, elo=elo))
    return out


def note(game: str) -> str:
    """What the game's figures say beyond the numbers ("" if nothing)."""
    return str(_measured().get("notes", {}).get(game, ""))


def name_of(spec: str, game: str, players: int) -> Optional[str]:
    """ "Medium AI" for the spec of one of `game`'s levels at `players`, "Human" for a human, None
    for any other spec."""
    text = spec.strip()
    if text == "human":
        return "Human"
    named = next(
        (f"{level.name} AI" for level in (*ladder(game, players), expert(game, players)) if level.spec == text), None
    )
    served = re.fullmatch(r"mcts:model=([^,=:]+),iterations=1000", text)
    if named is None and served and served_level(served.group(1)).spec == text:
        return f"{served.group(1)} AI"
    return named
