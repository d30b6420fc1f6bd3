"""Which search `algorithm="auto"` should pick on OpenSpiel's hidden-information games: tablesearch's
ISMCTS, infoset-uct and smooth-uct, each at the same time per move, against OpenSpiel's bots:

- OpenSpiel's C++ ISMCTSBot (uct_c=2, random rollouts, normalized visit counts), given the
  simulations it runs in that time here (where the game has ResampleFromInfostate, which the bot
  needs: Kuhn poker, not Liar's Dice);
- a fixed strategy from OpenSpiel's C++ CFR (the average policy after `--cfr-iterations`), which
  no opponent can beat by much: it shows how exploitable each search plays (`--cfr-iterations 0`
  leaves it out: on phantom tic-tac-toe CFR cannot finish);
- with `--python-ismcts`, OpenSpiel's Python ISMCTSBot (open_spiel.python.algorithms.ismcts;
  uct_c 2, random rollouts, most-visited move), given the simulations it runs in that time here at
  the first decision. It draws its worlds with tablesearch's resampler (the same worlds our
  searches see: OpenSpiel's ResampleFromInfostate where the game has it, else the backtracking
  replay), so it plays the games OpenSpiel's C++ bot cannot (Liar's Dice, phantom tic-tac-toe);
- with `--against ALGORITHM`, tablesearch's own agent with that algorithm (head to head).

Duplicate deals: every deal (the chance outcomes, drawn from the deal's seed) is played twice with
the seats swapped; the figure is our mean return per game with its 95% interval over the deals,
and, where a game's returns are -1/0/+1, the same as a score (a win 1, a draw 1/2: (1 + mean) / 2).
The load average is printed with each figure (time limits are wall-clock).

    pip install ".[bench]" && python benchmarks/bench_openspiel_hidden_match.py [--pairs 1000] \\
        [--games kuhn_poker liars_dice] [--move-ms 10]
    python benchmarks/bench_openspiel_hidden_match.py --games phantom_ttt liars_dice --python-ismcts \\
        --cfr-iterations 0 --algorithms infoset-uct --pairs 300
"""

from __future__ import annotations

import argparse
import os
import random
import time
from functools import partial
from typing import Any, Callable

import tablesearch as ts
from tablesearch import mcts
from tablesearch.interop.openspiel import _quiet_stderr
from tablesearch.statistics import mean_interval

ALGORITHMS = ("ismcts", "infoset-uct", "smooth-uct")


def require_openspiel() -> Any:
    try:
        import pyspiel
    except ImportError:
        raise SystemExit("this benchmark needs OpenSpiel: pip install '.[bench]' (or pip install open-spiel)") from None
    return pyspiel


Bot = Callable[[Any], int]  # a pyspiel state -> the action to play


def ismcts_bot(pyspiel: Any, simulations: int, seed: int) -> Bot:
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
    return lambda state: int(bot.step(state))


def python_ismcts_bot(pyspiel: Any, game_name: str, simulations: int, seed: int) -> Bot:
    """OpenSpiel's Python ISMCTSBot with `simulations` a move, its worlds drawn by tablesearch."""
    import numpy as np
    from open_spiel.python.algorithms import ismcts
    from open_spiel.python.algorithms import mcts as os_mcts

    from tablesearch.interop.openspiel import OpenSpielGame

    game = pyspiel.load_game(game_name)
    ours = OpenSpielGame(game_name)
    rng = random.Random(seed)
    random_state = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(
        game, os_mcts.RandomRolloutEvaluator(1, random_state), 2.0, simulations, random_state=random_state
    )
    bot.set_resampler(
        lambda state, player: ours.state_of(state).resample_from_infostate(player, rng.randrange(1 << 62)).pyspiel_state
    )
    return lambda state: int(bot.step(state))


def python_simulations_in(pyspiel: Any, game_name: str, seconds: float) -> int:
    """The simulations OpenSpiel's Python ISMCTSBot runs in `seconds` at the first decision."""
    state = pyspiel.load_game(game_name).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    n = 200
    bot = python_ismcts_bot(pyspiel, game_name, n, 0)
    start = time.perf_counter()
    for _ in range(3):
        bot(state)
    return max(1, int(3 * n / (time.perf_counter() - start) * seconds))


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.1f} {five:.1f} {fifteen:.1f}"


def policy_bot(policy: Any, seed: int) -> Bot:
    rng = random.Random(seed)

    def step(state: Any) -> int:
        actions, weights = zip(*policy.get_state_policy(state))
        return int(rng.choices(actions, weights)[0])

    return step


def our_bot(game_name: str, algorithm: str, move_seconds: float, seed: int) -> Bot:
    agent = mcts.Agent(time_limit=move_seconds, algorithm=algorithm, seed=seed)
    game = ts.load_game("openspiel:" + game_name)  # the registry keeps the factory, not the game

    def step(state: Any) -> int:
        ours = game.new_initial_state()
        for action in state.history():
            ours.apply_action(action)
        return agent.step(ours)

    return step


def play(pyspiel: Any, game_name: str, seats: list[Bot], deal_seed: int) -> list[float]:
    state = pyspiel.load_game(game_name).new_initial_state()
    deal = random.Random(deal_seed)
    while not state.is_terminal():
        if state.is_chance_node():
            actions, weights = zip(*state.chance_outcomes())
            state.apply_action(deal.choices(actions, weights)[0])
        else:
            state.apply_action(seats[state.current_player()](state))
    return list(state.returns())


def simulations_in(pyspiel: Any, game_name: str, seconds: float) -> int:
    """ISMCTSBot has no time budget: the simulations it runs in `seconds` at the first decision."""
    state = pyspiel.load_game(game_name).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    n = 20_000
    bot = ismcts_bot(pyspiel, n, 0)
    start = time.perf_counter()
    for _ in range(3):
        bot(state)
    return max(1, int(3 * n / (time.perf_counter() - start) * seconds))


def match(
    pyspiel: Any,
    game_name: str,
    make_ours: Callable[[int], Bot],
    make_theirs: Callable[[int], Bot],
    deals: range,
) -> tuple[float, float]:
    """Our mean return per game over duplicate `deals` (seeds), and the 95% half-interval."""
    pair_means = []
    for deal in deals:
        total = 0.0
        for our_seat in (0, 1):
            seed = 2 * deal + our_seat
            seats = [make_theirs(seed), make_theirs(seed)]
            seats[our_seat] = make_ours(seed)
            total += play(pyspiel, game_name, seats, deal)[our_seat]
        pair_means.append(total / 2)
    mean, low, _ = mean_interval(pair_means)
    return mean, mean - low


def openspiel_opponents(pyspiel: Any, game_name: str, args: argparse.Namespace) -> dict[str, Callable[[int], Bot]]:
    game = pyspiel.load_game(game_name)
    opponents: dict[str, Callable[[int], Bot]] = {}
    if args.cfr_iterations > 0:
        solver = pyspiel.CFRSolver(game)
        for _ in range(args.cfr_iterations):
            solver.evaluate_and_update_policy()
        policy = solver.average_policy()
        exploitable = pyspiel.exploitability(game, policy)
        label = f"CFR policy ({args.cfr_iterations} iterations, exploitability {exploitable:.4f})"
        opponents[label] = partial(policy_bot, policy)
    if args.python_ismcts:
        simulations = python_simulations_in(pyspiel, game_name, args.move_ms / 1000)
        label = f"OpenSpiel's Python ISMCTSBot ({simulations:,} simulations = {args.move_ms:g} ms; {load()})"
        opponents[label] = partial(python_ismcts_bot, pyspiel, game_name, simulations)
    try:
        with _quiet_stderr():  # pyspiel prints the error it raises where the bot cannot play
            simulations = simulations_in(pyspiel, game_name, args.move_ms / 1000)
        label = f"ISMCTSBot ({simulations:,} simulations = {args.move_ms:g} ms)"
        opponents[label] = partial(ismcts_bot, pyspiel, simulations)
    except pyspiel.SpielError:
        print(f"({game_name}: OpenSpiel's ISMCTSBot cannot play it: it has no ResampleFromInfostate)")
    return opponents


def game_section(pyspiel: Any, game_name: str, args: argparse.Namespace) -> None:
    seconds = args.move_ms / 1000
    opponents = {} if args.no_bots else openspiel_opponents(pyspiel, game_name, args)
    for algorithm in args.against:
        opponents[f"tablesearch {algorithm} ({args.move_ms:g} ms)"] = partial(our_bot, game_name, algorithm, seconds)
    games = 2 * args.pairs
    game = pyspiel.load_game(game_name)
    win_or_lose = game.min_utility() == -1 and game.max_utility() == 1  # a mean return is also a score
    print(f"\n== openspiel:{game_name}, {args.move_ms:g} ms a move, {args.pairs} duplicate deals ({games} games)")
    for label, make_theirs in opponents.items():
        print(f"  against {label}:")
        for algorithm in args.algorithms:
            start = time.perf_counter()
            make_ours = partial(our_bot, game_name, algorithm, seconds)
            deals = range(args.first_deal, args.first_deal + args.pairs)
            mean, half = match(pyspiel, game_name, make_ours, make_theirs, deals)
            score = ""
            if win_or_lose:
                score = f", score {(1 + mean) / 2:.3f} [{(1 + mean - half) / 2:.3f}, {(1 + mean + half) / 2:.3f}]"
            print(
                f"    {algorithm:12s} {mean:+.3f} per game, 95% interval [{mean - half:+.3f}, {mean + half:+.3f}]"
                f"{score}  ({time.perf_counter() - start:.0f} s, {load()})",
                flush=True,
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=["kuhn_poker", "liars_dice"])
    parser.add_argument("--pairs", type=int, default=500, help="duplicate deals per match (2 games each)")
    parser.add_argument("--first-deal", type=int, default=0, help="seed of the first deal (for more, new deals)")
    parser.add_argument("--move-ms", type=float, default=10.0)
    parser.add_argument("--cfr-iterations", type=int, default=100, help="0: no CFR opponent")
    parser.add_argument("--python-ismcts", action="store_true", help="OpenSpiel's Python ISMCTSBot as an opponent")
    parser.add_argument("--algorithms", nargs="+", default=list(ALGORITHMS))
    parser.add_argument("--against", nargs="*", default=[], help="our algorithms as opponents too")
    parser.add_argument("--no-bots", action="store_true", help="no OpenSpiel opponents (with --against)")
    args = parser.parse_args()
    pyspiel = require_openspiel()
    for game_name in args.games:
        game_section(pyspiel, game_name, args)


if __name__ == "__main__":
    main()
