"""Hidden-information strength, in one run (issue 13):

1. Leduc poker exploitability of the default search policy: ``mcts.search(state, iterations=N)``
   at each of the 936 information states of OpenSpiel's ``leduc_poker``, the result's
   ``policy()`` as that state's strategy, measured with OpenSpiel's ``exploitability`` (our
   action and chance-outcome numbering is OpenSpiel's), for N = 1,000 / 10,000 / 100,000;
   beside OpenSpiel's ISMCTSBot (uct_c=2 and 10, normalized visit counts) and CFR's average policy.
2. The equal-time Leduc match against OpenSpiel's C++ ISMCTSBot: 10 ms a move, duplicate deals
   (each deal played twice with the seats swapped), 95% interval on our chips per game.
3. Budget scaling at Gnomi and Gummiland, from ``benchmarks/hidden_strength_budget.py`` when it
   is present (written by the owner of those games' defaults).

The Leduc figures are kept in benchmarks/results/hidden_strength.json (entries
leduc_exploitability and leduc_match_<ms>ms), which the README quotes.

Needs the bench extra: ``pip install ".[bench]"`` (open-spiel). Example:

    python benchmarks/bench_hidden_strength.py                 # everything (Gummiland's 400-game
                                                               # budget match alone: about 4.5 hours)
    python benchmarks/bench_hidden_strength.py --budgets 1000 10000 --match-pairs 200 --no-budget
    python benchmarks/bench_hidden_strength.py --budgets --bot-budgets --match-pairs 0 \
        --budget-args "--games 100"            # only the Gnomi/Gummiland part, 100 games a match
"""

from __future__ import annotations

import argparse
import importlib
import os
import random
import statistics
import sys
import time
import zlib
from pathlib import Path
from typing import Any, Callable

from results_file import save

import tablesearch as ts
from tablesearch import mcts
from tablesearch.statistics import mean_interval

RESULTS = "hidden_strength.json"


def require_openspiel() -> Any:
    try:
        import pyspiel
    except ImportError:
        sys.exit("this benchmark needs OpenSpiel: pip install '.[bench]' (or pip install open-spiel)")
    return pyspiel


def our_state(history: list[int]) -> Any:
    state = ts.load_game("leduc_poker").new_initial_state(0)
    for action in history:
        state.apply_action(action)
    return state


def exploitability_of(policy_at: Callable[[Any], dict[int, float]]) -> tuple[float, float]:
    """OpenSpiel's exploitability of the strategy `policy_at(pyspiel_state) -> {action: p}`,
    queried once per information state; returns (exploitability, seconds spent in policy_at)."""
    pyspiel = require_openspiel()
    from open_spiel.python import policy as policy_lib
    from open_spiel.python.algorithms import exploitability

    game = pyspiel.load_game("leduc_poker")
    table = policy_lib.TabularPolicy(game)
    start = time.perf_counter()
    for index, state in enumerate(table.states):
        row = table.action_probability_array[index]
        row[:] = 0
        for action, p in policy_at(state).items():
            row[action] = p
    seconds = time.perf_counter() - start
    return exploitability.exploitability(game, table), seconds


def ours_policy(iterations: int, **options: Any) -> Callable[[Any], dict[int, float]]:
    def policy_at(state: Any) -> dict[int, float]:
        seed = zlib.crc32(state.information_state_string().encode())  # fixed per information state
        return mcts.search(our_state(state.history()), iterations=iterations, seed=seed, **options).policy()

    return policy_at


def ismcts_bot_policy(iterations: int, uct_c: float) -> Callable[[Any], dict[int, float]]:
    pyspiel = require_openspiel()

    def policy_at(state: Any) -> dict[int, float]:
        bot = pyspiel.ISMCTSBot(
            1,
            pyspiel.RandomRolloutEvaluator(1, 1),
            uct_c,
            iterations,
            -1,
            pyspiel.ISMCTSFinalPolicyType.NORMALIZED_VISIT_COUNT,
            False,
            False,
        )
        policy, _ = bot.step_with_policy(state)
        return dict(policy)

    return policy_at


def cfr_exploitability(iterations: int) -> float:
    pyspiel = require_openspiel()
    game = pyspiel.load_game("leduc_poker")
    solver = pyspiel.CFRSolver(game)
    for _ in range(iterations):
        solver.evaluate_and_update_policy()
    return pyspiel.exploitability(game, solver.average_policy())


def default_algorithm() -> str:
    """What `algorithm="auto"` searches Leduc poker with."""
    return str(mcts.search(our_state([0, 1]), iterations=1).algorithm)


def exploitability_section(budgets: list[int], bot_budgets: list[int]) -> dict[str, Any]:
    """Prints the table; returns its figures: per policy, {iterations: exploitability}."""
    print("== Leduc poker exploitability (chips per game; 936 information states) ==")
    print(f"{'policy':48s} {'exploitability':>14s} {'seconds':>9s}")
    figures: dict[str, Any] = {"default_algorithm": default_algorithm(), "default": {}, "cfr": {}}
    for n in budgets:
        value, seconds = exploitability_of(ours_policy(n))
        figures["default"][str(n)] = value
        print(f"{'tablesearch default, ' + f'{n:,} iterations':48s} {value:14.3f} {seconds:9.1f}", flush=True)
    for n in bot_budgets:
        for c in (2.0, 10.0):
            value, seconds = exploitability_of(ismcts_bot_policy(n, c))
            figures.setdefault(f"ismcts_bot_uct_c_{c:g}", {})[str(n)] = value
            label = f"OpenSpiel ISMCTSBot uct_c={c:g}, {n:,} iterations"
            print(f"{label:48s} {value:14.3f} {seconds:9.1f}", flush=True)
    for n in (100, 500):
        start = time.perf_counter()
        value = cfr_exploitability(n)
        figures["cfr"][str(n)] = value
        print(
            f"{f'OpenSpiel CFR average policy, {n} iterations':48s} {value:14.3f} {time.perf_counter() - start:9.1f}",
            flush=True,
        )
    uniform, _ = exploitability_of(lambda s: {a: 1 / len(s.legal_actions()) for a in s.legal_actions()})
    figures["uniform_random"] = uniform
    print(f"{'uniform random':48s} {uniform:14.3f}")
    return figures


class DealOrder:
    """Chance outcomes from a fixed card order: each deal takes the first card still in the deck."""

    def __init__(self, seed: int) -> None:
        self.cards = list(range(6))
        random.Random(seed).shuffle(self.cards)

    def outcome(self, legal: list[int]) -> int:
        return next(c for c in self.cards if c in legal)


def play_match_game(
    pyspiel: Any, ours: mcts.Agent, bot: Any, our_seat: int, deal: DealOrder, times: dict[str, list[float]]
) -> float:
    """One Leduc game on OpenSpiel's state (our agent sees our own copy); our chips."""
    state = pyspiel.load_game("leduc_poker").new_initial_state()
    bot.restart()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(deal.outcome(state.legal_actions()))
            continue
        start = time.perf_counter()
        if state.current_player() == our_seat:
            action = ours.step(our_state(state.history()))
            times["ours"].append(time.perf_counter() - start)
        else:
            action = bot.step(state)
            times["bot"].append(time.perf_counter() - start)
        state.apply_action(action)
    return state.returns()[our_seat]


def bot_simulations_for(pyspiel: Any, seconds: float) -> int:
    """ISMCTSBot has no time budget: the simulations it runs in `seconds`, measured here."""
    game = pyspiel.load_game("leduc_poker")
    state = game.new_initial_state()
    for a in (3, 0):
        state.apply_action(a)
    n = 20_000
    bot = pyspiel.ISMCTSBot(
        0,
        pyspiel.RandomRolloutEvaluator(1, 0),
        2.0,
        n,
        -1,
        pyspiel.ISMCTSFinalPolicyType.NORMALIZED_VISIT_COUNT,
        False,
        False,
    )
    start = time.perf_counter()
    for _ in range(3):
        bot.step(state)
    rate = 3 * n / (time.perf_counter() - start)
    return max(1, int(rate * seconds))


def match_section(pairs: int, move_seconds: float, simulations: int = 0) -> dict[str, Any]:
    """Plays and prints the match; returns its figures (our chips per game with the 95% interval)."""
    pyspiel = require_openspiel()
    simulations = simulations or bot_simulations_for(pyspiel, move_seconds)
    print(
        f"\n== Leduc match, {move_seconds * 1000:g} ms a move: default mcts.Agent against OpenSpiel "
        f"ISMCTSBot (uct_c=2, random rollouts, normalized visit counts; {simulations:,} simulations "
        f"= {move_seconds * 1000:g} ms measured here, or as given) =="
    )
    times: dict[str, list[float]] = {"ours": [], "bot": []}
    pair_means = []
    for deal_seed in range(pairs):
        scores = []
        for our_seat in (0, 1):
            seed = 2 * deal_seed + our_seat
            ours = mcts.Agent(time_limit=move_seconds, seed=seed)
            bot = pyspiel.ISMCTSBot(
                seed,
                pyspiel.RandomRolloutEvaluator(1, seed),
                2.0,
                simulations,
                -1,
                pyspiel.ISMCTSFinalPolicyType.NORMALIZED_VISIT_COUNT,
                False,
                False,
            )
            scores.append(play_match_game(pyspiel, ours, bot, our_seat, DealOrder(deal_seed), times))
        pair_means.append(sum(scores) / 2)
    mean, low, high = mean_interval(pair_means)
    print(f"games {2 * pairs} ({pairs} duplicate deals, seats swapped)")
    print(f"tablesearch chips/game {mean:+.3f}  95% interval [{low:+.3f}, {high:+.3f}]")
    ours_ms, bot_ms = statistics.fmean(times["ours"]) * 1000, statistics.fmean(times["bot"]) * 1000
    print(f"mean seconds per move: tablesearch {ours_ms:.1f} ms, ISMCTSBot {bot_ms:.1f} ms")
    return {
        "algorithm": default_algorithm(),
        "move_ms": move_seconds * 1000,
        "games": 2 * pairs,
        "bot_simulations": simulations,
        "chips_per_game": mean,
        "low": low,
        "high": high,
        "ours_ms_per_move": ours_ms,
        "bot_ms_per_move": bot_ms,
    }


def budget_section(budget_args: list[str]) -> None:
    """Gnomi/Gummiland budget scaling: benchmarks/hidden_strength_budget.py, function main(), given
    `budget_args` (its own command line, e.g. ["--games", "100"])."""
    sys.path.insert(0, str(Path(__file__).parent))
    try:
        module = importlib.import_module("hidden_strength_budget")
    except ImportError:
        print("\n== Gnomi/Gummiland budget scaling: benchmarks/hidden_strength_budget.py not present ==")
        return
    print("\n== Gnomi/Gummiland budget scaling (benchmarks/hidden_strength_budget.py) ==", flush=True)
    module.main(budget_args)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--budgets",
        type=int,
        nargs="*",
        default=[1_000, 10_000, 100_000],
        help="our iterations per decision for the exploitability table",
    )
    parser.add_argument(
        "--bot-budgets",
        type=int,
        nargs="*",
        default=[1_000, 10_000],
        help="ISMCTSBot simulations per decision for the exploitability table",
    )
    parser.add_argument("--match-pairs", type=int, default=800, help="duplicate deals (2 games each)")
    parser.add_argument("--move-ms", type=float, default=10.0)
    parser.add_argument(
        "--bot-simulations",
        type=int,
        default=0,
        help="ISMCTSBot simulations a move (default: what it runs in --move-ms, measured)",
    )
    parser.add_argument("--no-budget", action="store_true", help="skip the Gnomi/Gummiland part")
    parser.add_argument(
        "--budget-args",
        default="",
        help="options for hidden_strength_budget.py, quoted, e.g. '--games 100 --only gnomi:2'",
    )
    args = parser.parse_args()
    require_openspiel()
    if args.budgets or args.bot_budgets:
        save(RESULTS, "leduc_exploitability", exploitability_section(args.budgets, args.bot_budgets))
    if args.match_pairs > 0:
        start = os.getloadavg()[0]
        figures = match_section(args.match_pairs, args.move_ms / 1000, args.bot_simulations)
        figures["load"] = round((start + os.getloadavg()[0]) / 2, 1)  # at its start and end, averaged
        save(RESULTS, f"leduc_match_{args.move_ms:g}ms", figures)
    if not args.no_budget:
        budget_section(args.budget_args.split())


if __name__ == "__main__":
    main()
