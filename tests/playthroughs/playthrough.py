"""Recorded playthroughs (after OpenSpiel's): for each native game and player count, one seeded
random game with every seat's view along the way (in full at a few checkpoints, and at every step
the lines of each seat's view that the step changed, as text) and its returns, and a few seeded
searches per algorithm. Steps are numbered by move (every action, chance outcomes included, as
`State.move_number()` counts them; a ply is a player's decision). `make_record` plays and
records; `replay_record` replays a record's actions and recomputes everything else, so a change of
rules, observations, random streams or search results shows as a diff of the checked-in file.
scripts/regenerate_playthroughs.py rewrites the files; tests/playthroughs/test_playthroughs.py
compares."""

from __future__ import annotations

import difflib
import json
import math
import random
from pathlib import Path
from typing import Any

import tablesearch as ts
from tablesearch import _core, mcts

HERE = Path(__file__).parent
SEED = 0
SEARCH_ITERATIONS = 200
SEARCH_SEED = 1
# Fixed playout options, so that a change of a game's tuned defaults does not count as a change of
# behaviour here.
SEARCH_OPTIONS: dict[str, Any] = dict(rollout_cutoff=None, playout="random", score_weight=0.0)
CHECKPOINTS = 4  # full views at the start, the end and about this many points between


def configs() -> list[tuple[str, dict[str, int]]]:
    """Every native game at every player count it accepts."""
    out = []
    for name in _core.list_games():
        counts = [(s["min"], s["max"]) for s in ts.parameter_specs(name) if s["name"] == "players"]
        if not counts:
            out.append((name, {}))
        for lo, hi in counts:
            out += [(name, {"players": p}) for p in range(lo, hi + 1)]
    return out


def path_of(name: str, params: dict[str, int]) -> Path:
    players = params.get("players")
    return HERE / f"{name}{f'_{players}p' if players else ''}.json"


def view_change(before: list[str], after: list[str]) -> list[str]:
    """The lines of a view that a step changed: each old line as "- line", each new one as
    "+ line" (a diff without context); empty if the view did not change."""
    out: list[str] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=before, b=after, autojunk=False).get_opcodes():
        if tag != "equal":
            out += [f"- {line}" for line in before[i1:i2]] + [f"+ {line}" for line in after[j1:j2]]
    return out


def seen_changes(before: list[list[str]], after: list[list[str]]) -> dict[str, list[str]]:
    """How a step changed each seat's view, seats with the same change together ("P0 P2": the
    lines), seats whose view did not change left out."""
    groups: dict[tuple[str, ...], list[int]] = {}
    for seat, (old, new) in enumerate(zip(before, after)):
        change = view_change(old, new)
        if change:
            groups.setdefault(tuple(change), []).append(seat)
    return {" ".join(f"P{s}" for s in seats): list(change) for change, seats in groups.items()}


def random_action(state: Any, rng: random.Random) -> int:
    if state.is_chance_node():
        r, outcomes = rng.random(), state.chance_outcomes()
        for action, p in outcomes:
            r -= p
            if r < 0:
                return int(action)
        return int(outcomes[-1][0])
    actions = state.legal_actions()
    return int(actions[rng.randrange(len(actions))])


def play_actions(name: str, params: dict[str, int]) -> list[int]:
    """The seeded random game: chance by its probabilities, every player uniformly at random."""
    state = ts.load_game(name, **params).new_initial_state(SEED)
    rng = random.Random(SEED)
    while not state.is_terminal():
        state.apply_action(random_action(state, rng))
    return list(state.history())


def searches(state: Any, move: int) -> list[dict[str, Any]]:
    """One seeded search per algorithm at this decision: its choice and every root action's visits."""
    out = []
    for algorithm in (a for a in mcts.ALGORITHMS if a != "auto"):
        result = mcts.search(
            state, iterations=SEARCH_ITERATIONS, seed=SEARCH_SEED, algorithm=algorithm, **SEARCH_OPTIONS
        )
        out.append(
            {
                "move": move,
                "algorithm": algorithm,
                "best_action": result.best_action,
                "visits": {str(s.action): s.visits for s in result.stats},
            }
        )
    return out


def replay_record(name: str, params: dict[str, int], actions: list[int]) -> dict[str, Any]:
    """Replays `actions` and records what each seat sees along the way (how each step changed
    every seat's view, and the whole views at checkpoints), the returns, and the searches at the
    first decision and at the decision nearest the middle of the game."""
    game = ts.load_game(name, **params)
    state = game.new_initial_state(SEED)
    n = game.num_players()
    every = max(1, math.ceil(len(actions) / CHECKPOINTS))
    steps, views, decisions, search_results = [], {}, [], []
    seen = [state.information_state_string(p).split("\n") for p in range(n)]
    for move, action in enumerate(actions):
        if move % every == 0:
            views[str(move)] = seen
        player = state.current_player()
        if player >= 0:
            decisions.append(move)
        text = state.action_to_string(action)
        state.apply_action(action)
        before, seen = seen, [state.information_state_string(p).split("\n") for p in range(n)]
        steps.append(
            {"move": move, "player": player, "action": action, "text": text, "seen": seen_changes(before, seen)}
        )
    assert state.is_terminal(), "the recorded actions stop before the end of the game"
    views[str(len(actions))] = seen
    for move in sorted({decisions[0], decisions[len(decisions) // 2]}):
        position = game.new_initial_state(SEED)
        for a in actions[:move]:
            position.apply_action(a)
        search_results += searches(position, move)
    return {
        "game": name,
        "params": params,
        "seed": SEED,
        "returns": list(state.returns()),
        "steps": steps,
        "views": views,
        "searches": search_results,
    }


def make_record(name: str, params: dict[str, int]) -> dict[str, Any]:
    return replay_record(name, params, play_actions(name, params))


def to_text(record: dict[str, Any]) -> str:
    """JSON laid out for diffs: one line per step, per search and per line of a view."""

    def step(s: dict[str, Any]) -> list[str]:
        head = {k: v for k, v in s.items() if k != "seen"}
        if not s["seen"]:
            return [f"    {line({**head, 'seen': {}})},"]
        lines = [f'    {line(head)[:-1]}, "seen": {{']
        for k, (seats, change) in enumerate(s["seen"].items()):
            lines.append(f"      {line(seats)}: [")
            lines += [f"        {line(text)}," for text in change]
            lines[-1] = lines[-1].rstrip(",")
            lines.append("      ]" + ("," if k < len(s["seen"]) - 1 else ""))
        lines.append("    }},")
        return lines

    def line(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    out = ["{"]
    for key in ("game", "params", "seed", "returns"):
        out.append(f"  {line(key)}: {line(record[key])},")
    out.append('  "steps": [')
    for s in record["steps"]:
        out += step(s)
    out[-1] = out[-1].rstrip(",")
    out.append("  ],")
    out.append('  "views": {')
    for k, (move, seats) in enumerate(record["views"].items()):
        out.append(f"    {line(move)}: [")
        for i, lines in enumerate(seats):
            out.append("      [")
            out += [f"        {line(text)}," for text in lines]
            out[-1] = out[-1].rstrip(",")
            out.append("      ]" + ("," if i < len(seats) - 1 else ""))
        out.append("    ]" + ("," if k < len(record["views"]) - 1 else ""))
    out.append("  },")
    out.append('  "searches": [')
    out += [f"    {line(s)}," for s in record["searches"]]
    out[-1] = out[-1].rstrip(",")
    out.append("  ]")
    out.append("}")
    return "\n".join(out) + "\n"
