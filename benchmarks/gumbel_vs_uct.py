"""Gumbel search (`algorithm="gumbel"`, random playouts, no model) against UCT on connect four,
at equal simulations and at equal time, and both on forced-defence positions; and each search's
simulations per second. With --model, both search with that model file's network (Gumbel against
PUCT, the search AlphaZero plays), the question being mctx's: strong moves from small budgets.

    python benchmarks/gumbel_vs_uct.py [--games 200] [--simulations 16 64 200] [--seconds 0.01]
                                       [--positions 200] [--model c4-run/model.tsmodel]
                                       [--gumbel-scale 1.0] [--gumbel-actions 4]

Matches: each game starts after 2 random plies (the pair of games of one opening swaps the
seats); both players search the same number of simulations a move, or the same seconds (Gumbel
plans its halving for the simulations it measured it runs in that time, and the time limit ends
it). Prints Gumbel's score (a draw counts half) with its Wilson 95% interval. Positions: reached
by random play, where exactly one move stops an immediate win of the opponent
(tests/helpers/tactics.py); prints how often each search plays it. The load average is printed
beside the figures: the equal-time matches and the speeds depend on it. The match figures are kept
in benchmarks/results/gumbel.json (with the model's training run where one was given).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

from results_file import save

import tablesearch as ts
from tablesearch import mcts
from tablesearch.statistics import wilson_count

RESULTS = "gumbel.json"
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from helpers.tactics import forced_defences  # noqa: E402


def opening(game: Any, seed: int, index: int) -> Any:
    """The position after the 2 random plies of opening `index`."""
    rng = random.Random(seed * 1_000_003 + index)
    state = game.new_initial_state()
    for _ in range(2):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def speed(algorithm: str, options: dict, seed: int) -> float:
    """Simulations per second of `algorithm` from the openings (3,000 simulations each, 10 of them)."""
    game, done, seconds = ts.load_game("connect_four"), 0, 0.0
    for index in range(10):
        state = opening(game, seed, index)
        start = time.perf_counter()
        done += mcts.search(state, algorithm=algorithm, iterations=3000, seed=index, **options).iterations
        seconds += time.perf_counter() - start
    return done / seconds


def score(budgets: dict[str, dict], games: int, seed: int, opponent: str) -> float:
    """Gumbel's total score in `games` games against `opponent`, each searching with its `budgets`
    entry."""
    game = ts.load_game("connect_four")
    total = 0.0
    for index in range(games):
        pair, gumbel_seat = divmod(index, 2)
        state = opening(game, seed, pair)
        agents = {
            gumbel_seat: mcts.Agent(algorithm="gumbel", seed=index, **budgets["gumbel"]),
            1 - gumbel_seat: mcts.Agent(algorithm=opponent, seed=index, **budgets[opponent]),
        }
        while not state.is_terminal():
            state.apply_action(agents[state.current_player()].step(state))
        returns = state.returns()
        total += 1.0 if returns[gumbel_seat] > 0 else 0.5 if returns[gumbel_seat] == 0 else 0.0
    return total


def report(what: str, budgets: dict[str, dict], games: int, seed: int, opponent: str, model: str) -> None:
    """Plays the match and keeps its figures in results/gumbel.json, under the opponent and the budget."""
    total = score(budgets, games, seed, opponent)
    low, high = wilson_count(total, games)
    print(
        f"connect four, {what}, {games} games: Gumbel scores {total / games:.3f} [{low:.3f}, {high:.3f}] "
        f"against {opponent.upper()}"
    )
    figures = {"score": total / games, "low": low, "high": high, "games": games, "model": model}
    # Gumbel's options other than the defaults name their own entry.
    tuned = ", ".join(
        f"{k}={v}" for k, v in budgets["gumbel"].items() if k not in ("iterations", "time_limit", "evaluator")
    )
    save(RESULTS, f"{opponent}, {what.split(' (')[0]}" + (f", {tuned}" if tuned else ""), figures)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--simulations", type=int, nargs="+", default=[16, 64, 200])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--gumbel-scale", type=float, default=None, help="Gumbel's root noise (default: the option's)")
    parser.add_argument(
        "--gumbel-actions", type=int, default=None, help="root actions considered (default: the option's)"
    )
    parser.add_argument("--seconds", type=float, nargs="*", default=[], help="equal-time matches, seconds a move")
    parser.add_argument("--model", default=None, help="a connect four model file: both search with it, against PUCT")
    args = parser.parse_args()
    options: dict[str, Any] = {} if args.gumbel_scale is None else {"gumbel_scale": args.gumbel_scale}
    if args.gumbel_actions is not None:
        options["gumbel_actions"] = args.gumbel_actions
    print(f"load average {os.getloadavg()[0]:.2f}; Gumbel's options: {options or 'the defaults'}")
    opponent, shared, model = "uct", {}, ""
    if args.model:  # one model object: its network is loaded once and shared by both players
        opponent, shared = "puct", {"evaluator": ts.load_model(args.model)}
        trained = shared["evaluator"].metadata
        model = f"{trained.get('step')} steps, {trained.get('seconds', 0):.0f} s of {trained.get('trained_by')}"
        print(f"both players search with {args.model} ({model})")
    options.update(shared)
    rates = {"gumbel": speed("gumbel", options, args.seed), opponent: speed(opponent, shared, args.seed)}
    print("simulations per second: " + ", ".join(f"{name} {rate:,.0f}" for name, rate in rates.items()))
    for simulations in args.simulations:
        budgets = {"gumbel": dict(iterations=simulations, **options), opponent: dict(iterations=simulations, **shared)}
        report(f"{simulations} simulations a move", budgets, args.games, args.seed, opponent, model)
    for seconds in args.seconds:
        planned = max(1, round(rates["gumbel"] * seconds))
        budgets = {
            "gumbel": dict(iterations=planned, time_limit=seconds, **options),
            opponent: dict(time_limit=seconds, **shared),
        }
        what = f"{seconds * 1000:g} ms a move (Gumbel plans {planned:,} simulations)"
        report(what, budgets, args.games, args.seed, opponent, model)
    positions = forced_defences("connect_four", args.positions, seed=args.seed) if args.positions else []
    for simulations in args.simulations if positions else []:
        found = {
            name: sum(
                mcts.search(
                    s, algorithm=name, iterations=simulations, seed=1, **(options if name == "gumbel" else shared)
                ).best_action
                == move
                for s, move in positions
            )  # fmt: skip
            for name in ("gumbel", opponent)
        }
        print(
            f"{len(positions)} forced defences, {simulations} simulations: "
            + ", ".join(f"{name} {hits / len(positions):.1%}" for name, hits in found.items())
        )
    print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
