"""Online Outcome Sampling (algorithm="oos") beside the other hidden-information searches (issue 38):

1. Exploitability of the search policy at 1,000 / 10,000 / 100,000 iterations a decision, exact
   (tablesearch.exploitability): a search at each information state of Kuhn poker (OpenSpiel's,
   12 states) and of native Leduc poker (936), the result's policy() as that state's strategy,
   seeded per information state. Two modes for oos: "fresh", a new regret table for every
   search; "kept", one SearchTree through all the searches (what an agent that keeps its tree
   plays: its table is one strategy for the whole game).
2. The kept table, order-free: an agent that keeps one table plays a self-play match of Leduc
   (`--kept-decisions` searches at each budget, both seats, deals from the seed); the table is
   then read at every information state (a one-iteration search of it) and its exploitability
   is averaged over `--kept-seeds` matches. (The "kept" row of 1. depends on the fixed order in
   which it visits the 936 states, and gives the table 936 searches.)
3. Speed (`--speed`): iterations a second of one Leduc search of 200,000 iterations, with and
   without baselines (oos_baseline), in the same process, best of 3.
4. Equal time against OpenSpiel's C++ ISMCTSBot on native Leduc poker: `--move-ms` a move (the
   bot gets the simulations it runs in that time here), duplicate deals (each deal twice, seats
   swapped), our chips per game with the 95% interval over the deals; each of our algorithms on
   the same deals, and its paired difference from the first algorithm listed. (Kuhn poker,
   Liar's Dice and phantom tic-tac-toe against OpenSpiel's bots:
   benchmarks/bench_openspiel_hidden_match.py --algorithms ... oos.)

The load average is printed with the figures: time-limited matches on a busy machine give each
side fewer simulations, both alike. The figures are kept in benchmarks/results/oos.json, one entry
per game (or match) and oos options, which the README quotes.

    pip install ".[bench]"
    python benchmarks/bench_oos.py --budgets 1000 10000 100000 --games kuhn leduc
    python benchmarks/bench_oos.py --budgets --match-pairs 300 --move-ms 10
    python benchmarks/bench_oos.py --budgets --kept-decisions 200 --kept-budgets 1000 10000
    python benchmarks/bench_oos.py --budgets --speed
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
import zlib
from typing import Any, Callable, Optional

from results_file import save

import tablesearch as ts
from tablesearch import mcts
from tablesearch.exploitability import exploitability
from tablesearch.statistics import mean_interval

GAMES = {"kuhn": "openspiel:kuhn_poker", "leduc": "leduc_poker"}
RESULTS = "oos.json"


def entry_key(what: str, options: dict) -> str:
    """The results entry for `what` ("leduc_exploitability", ...) with these oos options."""
    return what + "".join(f",{k}={v}" for k, v in sorted(options.items()))


def load() -> str:
    return "load average " + " ".join(f"{x:.1f}" for x in os.getloadavg())


def search_policy(iterations: int, algorithm: str, tree: Optional[Any], **options: Any) -> Callable[[Any], dict]:
    def policy_at(state: Any) -> dict[int, float]:
        seed = zlib.crc32(state.information_state_string(state.current_player()).encode())
        return mcts.search(state, iterations=iterations, seed=seed, algorithm=algorithm, tree=tree, **options).policy()

    return policy_at


def exploitability_section(games: list[str], budgets: list[int], algorithms: list[str], options: dict) -> None:
    print(f"== Exploitability of the search policy (exact; {load()}) ==")
    print(f"{'game':6s} {'algorithm':22s} " + " ".join(f"{n:>10,}" for n in budgets) + "   seconds")
    for name in games:
        game = ts.load_game(GAMES[name])
        rows = [(a, False) for a in algorithms] + ([("oos", True)] if "oos" in algorithms else [])
        table: dict[str, Any] = {}  # per row, {iterations: exploitability}
        for algorithm, kept in rows:
            label = algorithm + (" kept" if kept else " fresh" if algorithm == "oos" else "")
            start = time.perf_counter()
            figures = []
            for n in budgets:
                tree = mcts.SearchTree() if kept else None
                extra = options if algorithm == "oos" else {}
                figures.append(exploitability(game, search_policy(n, algorithm, tree, **extra)))
            cells = " ".join(f"{x:10.4f}" for x in figures)
            print(f"{name:6s} {label:22s} {cells}   {time.perf_counter() - start:7.0f}", flush=True)
            table[label] = {str(n): x for n, x in zip(budgets, figures)}
        save(RESULTS, entry_key(f"{name}_exploitability", options), table)


def self_play_table(game: Any, budget: int, decisions: int, seed: int, options: dict) -> mcts.SearchTree:
    """The table an agent keeps through a self-play match of `decisions` searches (a tree is kept
    for one game object)."""
    tree = mcts.SearchTree()
    rng = random.Random(seed)
    searched = 0
    while searched < decisions:
        state = game.new_initial_state(seed)
        while not state.is_terminal() and searched < decisions:
            if state.is_chance_node():
                actions, weights = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, weights)[0])
                continue
            policy = mcts.search(
                state, iterations=budget, seed=rng.getrandbits(32), algorithm="oos", tree=tree, **options
            ).policy()
            state.apply_action(rng.choices(list(policy), list(policy.values()))[0])
            searched += 1
    return tree


def kept_table_section(budgets: list[int], decisions: int, seeds: int, options: dict) -> None:
    print(
        f"\n== Leduc: the kept table after a self-play match of {decisions} decisions, mean of {seeds} seeds "
        f"({load()}) =="
    )
    figures: dict[str, Any] = {"decisions": decisions, "seeds": seeds}
    game = ts.load_game(GAMES["leduc"])
    for budget in budgets:
        start = time.perf_counter()
        values = []
        for seed in range(seeds):
            tree = self_play_table(game, budget, decisions, seed, options)
            values.append(exploitability(game, search_policy(1, "oos", tree, **options)))
        mean, low, high = mean_interval(values)
        print(
            f"  {budget:>9,} iterations a decision: {mean:.4f} [{low:.4f}, {high:.4f}] "
            f"(seeds: {' '.join(f'{v:.3f}' for v in values)})  {time.perf_counter() - start:.0f} s",
            flush=True,
        )
        figures[str(budget)] = {"exploitability": mean, "low": low, "high": high}
    save(RESULTS, entry_key(f"leduc_kept_after_{decisions}_decisions", options), figures)


def speed_section(options: dict) -> None:
    state = ts.load_game(GAMES["leduc"]).new_initial_state(0)
    for action in (3, 0):  # the deal: a king and a jack
        state.apply_action(action)
    print(f"\n== Leduc: OOS iterations a second, one search of 200,000, best of 3 ({load()}) ==")
    figures: dict[str, Any] = {}
    for baseline in (False, True):
        best = min(search_seconds(state, 200_000, seed, dict(options, oos_baseline=baseline)) for seed in range(3))
        figures[f"oos_baseline={baseline}"] = round(200_000 / best)
        print(f"  oos_baseline={baseline}: {200_000 / best:,.0f} iterations a second", flush=True)
    figures["ratio"] = figures["oos_baseline=True"] / figures["oos_baseline=False"]
    print(f"  with baselines / without: {figures['ratio']:.2f}")
    save(RESULTS, entry_key("leduc_speed", options), figures)


def search_seconds(state: Any, iterations: int, seed: int, options: dict) -> float:
    start = time.perf_counter()
    mcts.search(state, iterations=iterations, seed=seed, algorithm="oos", **options)
    return time.perf_counter() - start


def require_openspiel() -> Any:
    try:
        import pyspiel
    except ImportError:
        sys.exit("the match needs OpenSpiel: pip install '.[bench]' (or pip install open-spiel)")
    return pyspiel


def ismcts_bot(pyspiel: Any, simulations: int, seed: int) -> Any:
    return pyspiel.ISMCTSBot(
        seed,
        pyspiel.RandomRolloutEvaluator(1, seed),
        2.0,
        simulations,
        -1,
        pyspiel.ISMCTSFinalPolicyType.NORMALIZED_VISIT_COUNT,
        False,
        False,
    )


def bot_simulations(pyspiel: Any, seconds: float) -> int:
    """The simulations ISMCTSBot runs in `seconds` here (it has no time budget)."""
    state = pyspiel.load_game("leduc_poker").new_initial_state()
    for action in (3, 0):
        state.apply_action(action)
    n = 20_000
    bot = ismcts_bot(pyspiel, n, 0)
    start = time.perf_counter()
    for _ in range(3):
        bot.step(state)
    return max(1, int(3 * n / (time.perf_counter() - start) * seconds))


def play_leduc(pyspiel: Any, ours: mcts.Agent, bot: Any, our_seat: int, deal_seed: int) -> float:
    """One game on OpenSpiel's Leduc (our agent searches our native copy); our chips."""
    state = pyspiel.load_game("leduc_poker").new_initial_state()
    game = ts.load_game("leduc_poker")
    deal = random.Random(deal_seed)
    while not state.is_terminal():
        if state.is_chance_node():
            actions, weights = zip(*state.chance_outcomes())
            state.apply_action(deal.choices(actions, weights)[0])
        elif state.current_player() == our_seat:
            native = game.new_initial_state(0)
            for action in state.history():
                native.apply_action(action)
            state.apply_action(ours.step(native))
        else:
            state.apply_action(bot.step(state))
    return float(state.returns()[our_seat])


def match_section(pairs: int, move_ms: float, algorithms: list[str], options: dict) -> None:
    pyspiel = require_openspiel()
    simulations = bot_simulations(pyspiel, move_ms / 1000)
    print(
        f"\n== Leduc poker, {move_ms:g} ms a move against OpenSpiel's ISMCTSBot (uct_c 2, random rollouts; "
        f"{simulations:,} simulations = {move_ms:g} ms here), {pairs} duplicate deals ({2 * pairs} games "
        f"each; {load()}) =="
    )
    first: list[float] = []
    figures: dict[str, Any] = {"move_ms": move_ms, "games": 2 * pairs, "bot_simulations": simulations}
    loads = [os.getloadavg()[0]]
    for algorithm in algorithms:
        start = time.perf_counter()
        # One agent for the whole match: oos keeps its table from game to game (the whole-game mode).
        extra = options if algorithm == "oos" else {}
        ours = mcts.Agent(time_limit=move_ms / 1000, algorithm=algorithm, seed=1, **extra)
        pair_means = []
        for deal in range(pairs):
            total = 0.0
            for seat in (0, 1):
                bot = ismcts_bot(pyspiel, simulations, 2 * deal + seat)
                total += play_leduc(pyspiel, ours, bot, seat, deal)
            pair_means.append(total / 2)
        mean, half = mean_and_half_interval(pair_means)
        versus = ""
        if first:  # the same deals as the first algorithm's: the paired difference
            diff, diff_half = mean_and_half_interval([a - b for a, b in zip(pair_means, first)])
            versus = f"; {diff:+.3f} [{diff - diff_half:+.3f}, {diff + diff_half:+.3f}] against {algorithms[0]}"
            paired = {"against": algorithms[0], "difference": diff, "low": diff - diff_half, "high": diff + diff_half}
        else:
            first, paired = pair_means, {}
        figures[algorithm] = {"chips_per_game": mean, "low": mean - half, "high": mean + half, "paired": paired}
        loads.append(os.getloadavg()[0])
        print(
            f"  {algorithm:12s} {mean:+.3f} chips per game, 95% interval [{mean - half:+.3f}, {mean + half:+.3f}]"
            f"{versus}  ({time.perf_counter() - start:.0f} s; {load()})",
            flush=True,
        )
    figures["load"] = round(statistics.fmean(loads), 1)  # at the start and after each algorithm
    save(RESULTS, entry_key(f"leduc_match_{move_ms:g}ms", options), figures)


def mean_and_half_interval(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (normal approximation)."""
    mean, low, _ = mean_interval(values)
    return mean, mean - low


def on_off(choice: Optional[str]) -> Optional[bool]:
    """A switch given on the command line ("on" or "off"), or None if it was not."""
    return None if choice is None else choice == "on"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=["kuhn", "leduc"], choices=sorted(GAMES))
    parser.add_argument("--budgets", nargs="*", type=int, default=[1000, 10_000, 100_000])
    parser.add_argument("--algorithms", nargs="+", default=["oos", "infoset-uct", "smooth-uct"])
    parser.add_argument("--match-pairs", type=int, default=0, help="duplicate deals in each Leduc match (0: none)")
    parser.add_argument("--move-ms", type=float, default=10.0)
    parser.add_argument("--oos-targeting", type=float, default=None)
    parser.add_argument("--oos-epsilon", type=float, default=None)
    parser.add_argument("--oos-public", choices=["on", "off"], default=None, help="the target: public state or not")
    parser.add_argument("--oos-regret-plus", choices=["on", "off"], default=None, help="regret matching+ or not")
    parser.add_argument("--oos-baseline", choices=["on", "off"], default=None, help="baselines (VR-MCCFR) or not")
    parser.add_argument("--kept-decisions", type=int, default=0, help="decisions of the kept-table match (0: none)")
    parser.add_argument("--kept-budgets", nargs="+", type=int, default=[1000, 10_000])
    parser.add_argument("--kept-seeds", type=int, default=5)
    parser.add_argument("--speed", action="store_true", help="iterations a second with and without baselines")
    args = parser.parse_args()
    given = {
        "oos_targeting": args.oos_targeting,
        "oos_epsilon": args.oos_epsilon,
        "oos_public": on_off(args.oos_public),
        "oos_regret_plus": on_off(args.oos_regret_plus),
        "oos_baseline": on_off(args.oos_baseline),
    }
    options = {k: v for k, v in given.items() if v is not None}
    if options:
        print(f"oos options: {options}")
    if args.budgets:
        exploitability_section(args.games, args.budgets, args.algorithms, options)
    if args.speed:
        speed_section({k: v for k, v in options.items() if k != "oos_baseline"})
    if args.kept_decisions:
        kept_table_section(args.kept_budgets, args.kept_decisions, args.kept_seeds, options)
    if args.match_pairs:
        match_section(args.match_pairs, args.move_ms, args.algorithms, options)


if __name__ == "__main__":
    main()
