"""Seeded searches of every algorithm, written as JSON, to check that a refactoring of the search
code changes no result: run it with the build before and the build after, and compare.

    python scripts/seeded_searches.py before.json                 # this interpreter's build
    /path/venv-after/bin/python scripts/seeded_searches.py after.json
    python scripts/seeded_searches.py --compare before.json after.json

Each case searches three positions of a seeded random game at 50 and 400 iterations with a fixed
seed, and keeps the best move, the principal variation, the tree's size, the root values, every
root action's visits and value, and Gumbel's improved policy.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import Any

import tablesearch as ts
from tablesearch import mcts
from tablesearch.models import BuiltinModel

# (game, parameters, algorithm, options); "evaluator": "builtin" searches with the shipped model,
# "builtin-batched" with it taking batches of 8 (batched PUCT).
CASES: list[tuple[str, dict[str, int], str, dict[str, Any]]] = [
    ("connect_four", {}, "uct", {}),
    ("connect_four", {}, "puct", {}),
    ("connect_four", {}, "uct", {"solve": True}),
    ("connect_four", {}, "gumbel", {}),
    ("connect_four", {}, "gumbel", {"gumbel_scale": 0.0}),
    ("tic_tac_toe", {}, "uct", {"solve": True}),
    ("tic_tac_toe", {}, "gumbel", {}),
    ("tic_tac_toe", {}, "puct", {"dirichlet_alpha": 0.3}),
    ("leduc_poker", {}, "pimc", {}),
    ("leduc_poker", {}, "ismcts", {}),
    ("leduc_poker", {}, "mo-ismcts", {}),
    ("leduc_poker", {}, "smooth-uct", {}),
    ("leduc_poker", {}, "infoset-uct", {}),
    ("leduc_poker", {}, "oos", {}),
    ("leduc_poker", {}, "ismcts-puct", {}),
    ("candyland", {}, "uct", {}),
    ("candyland", {}, "gumbel", {}),
    ("gummiland", {"players": 3}, "uct", {}),
    ("gummiland", {"players": 3}, "uct", {"playout": "mast"}),
    ("gummiland", {"players": 2}, "gumbel", {}),
    ("gummiland", {"players": 2}, "puct", {"evaluator": "builtin"}),
    ("gummiland", {"players": 2}, "gumbel", {"evaluator": "builtin"}),
    ("gummiland", {"players": 2}, "puct", {"evaluator": "builtin-batched"}),
    ("wetland", {"players": 3}, "puct", {"evaluator": "builtin"}),
    ("wetland", {"players": 3}, "uct", {"max_memory_mb": 1}),
    ("gnomi", {"players": 2}, "ismcts", {"playout": "mast"}),
    ("gnomi", {"players": 3}, "pimc", {}),
]


def positions(game: Any, count: int, seed: int) -> list[Any]:
    """Every third decision of a seeded random game, up to `count` of them."""
    rng = random.Random(seed)
    state, found, plies = game.new_initial_state(seed), [], 0
    while not state.is_terminal() and len(found) < count:
        if not state.is_chance_node():
            if plies % 3 == 0:
                found.append(state.clone())
            plies += 1
        state.apply_action(rng.choice(state.legal_actions()))
    return found


def evaluator_for(name: str | None, game: Any) -> Any:
    if name is None:
        return mcts.RandomRollout()
    if name == "builtin":
        return BuiltinModel()
    model = ts.load_model("builtin", game)
    model.batch_size = 8
    return model


def results() -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, params, algorithm, given in CASES:
        options = dict(given)
        game = ts.load_game(name, **params)
        evaluator = evaluator_for(options.pop("evaluator", None), game)
        for k, state in enumerate(positions(game, 3, 7)):
            for iterations in (50, 400):
                key = f"{name} {params} {algorithm} {given} position {k}, {iterations} iterations"
                try:
                    r = mcts.search(
                        state, iterations=iterations, seed=3, algorithm=algorithm, evaluator=evaluator, **options
                    )
                except (ValueError, TypeError) as error:
                    out[key] = f"{type(error).__name__}: {error}"
                    continue
                out[key] = {
                    "best": r.best_action,
                    "line": r.principal_variation,
                    "nodes": r.nodes,
                    "root": r.root_values,
                    "proven": r.proven_value,
                    "stats": [(s.action, s.visits, s.value) for s in r.stats],
                    "improved_policy": r.improved_policy,
                }
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", nargs="?", help="the JSON file to write")
    parser.add_argument("--compare", nargs=2, metavar=("BEFORE", "AFTER"), help="compare two files written before")
    args = parser.parse_args()
    if args.compare:
        before, after = (json.load(open(path)) for path in args.compare)
        differ = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
        for key in differ:
            print(f"{key}:\n  before {before.get(key)}\n  after  {after.get(key)}")
        print(f"{len(before)} searches, {len(differ)} differ")
        return 1 if differ else 0
    if not args.out:
        parser.error("give the file to write, or --compare BEFORE AFTER")
    found = results()
    with open(args.out, "w") as file:
        json.dump(found, file, indent=0, sort_keys=True)
    print(f"{len(found)} searches written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
