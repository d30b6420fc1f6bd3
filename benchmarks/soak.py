"""Soak test: many random games and many small searches through the Python API, watching the
process's resident memory for growth (a leak in the native code or the bindings).

For every native game (default parameters) it plays --games random games, calling on the way
legal_actions, chance_outcomes, apply_action and, every --every plies, serialize/deserialize
(the game goes on from the restored copy), clone, resample_from_infostate,
information_state_string and observation_tensor. Then --searches small searches per game
(200 iterations at random decision points; every algorithm that fits the game, on one and two
threads), and games between agents that reuse their trees.

Prints the resident set size (RSS) after a warm-up and at every tenth of the run, and the
growth from the warm-up to the end. Allocators keep freed memory, so a few MB of wobble is
noise; a leak grows with the work done. Exit status 1 if growth exceeds --limit-mb.

    python benchmarks/soak.py                  # 10,000 games and 1,000 searches per game
    python benchmarks/soak.py --games 500      # a quick run
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import tablesearch as ts
from tablesearch import _core, mcts


def resident_mb() -> float:
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * 4096 / 2**20
    except OSError:  # not Linux: the peak is the best available figure
        import resource

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def play_one(game, seed: int, every: int, rng: random.Random) -> None:
    """One random game with the full API exercised along the way."""
    state = game.new_initial_state(seed)
    players = game.num_players()
    shape = game.observation_shape()
    ply = 0
    while not state.is_terminal():
        if ply % every == 0:
            state = game.deserialize_state(state.serialize())
            state.clone()
            player = ply % players
            state.resample_from_infostate(player, rng.getrandbits(32))
            state.information_state_string(player)
            if shape is not None:
                state.observation_tensor(player)
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, weights=probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        ply += 1
    state.returns()


def search_settings(game) -> list[dict]:
    algorithms = ["uct", "puct"] + (["ismcts", "mo-ismcts", "pimc"] if game.has_hidden_information() else [])
    return [dict(algorithm=a, threads=t) for a in algorithms for t in (1, 2)]


def search_one(game, seed: int, settings: dict, rng: random.Random) -> None:
    """A 200-iteration search at a random decision point of a random game."""
    state, decisions = game.new_initial_state(seed), []
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, weights=probs)[0])
            continue
        decisions.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    mcts.search(rng.choice(decisions), iterations=200, seed=seed, max_memory_mb=16, **settings)


def agent_game(game, seed: int) -> None:
    """A game between two tree-reusing agents: trees kept, re-rooted and dropped."""
    agents = [mcts.Agent(iterations=100, seed=seed + seat, max_memory_mb=16) for seat in range(game.num_players())]
    ts.play_game(game, agents, seed=seed)


def soak(label: str, count: int, work, checkpoints: int = 10) -> tuple[float, float]:
    """Runs work(i) for i < count; prints RSS after the first 2% (warm-up), every tenth and at the end."""
    warm = max(1, count // 50)
    start = time.perf_counter()
    for i in range(warm):
        work(i)
    base = resident_mb()
    line = [f"{base:7.1f}"]
    step = max(1, -(-(count - warm) // checkpoints))
    for i in range(warm, count):
        work(i)
        if (i - warm + 1) % step == 0 or i == count - 1:
            line.append(f"{resident_mb():7.1f}")
    end = resident_mb()
    elapsed = time.perf_counter() - start
    print(f"  {label:<34} {elapsed:6.1f} s  RSS MB: {' '.join(line)}  growth {end - base:+.1f} MB", flush=True)
    return base, end


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="random games per game (default 10000)")
    parser.add_argument("--searches", type=int, default=1000, help="small searches per game (default 1000)")
    parser.add_argument("--every", type=int, default=7, help="plies between serialize/clone/resample calls")
    parser.add_argument("--only", nargs="*", help="games to soak (default: every native game)")
    parser.add_argument("--limit-mb", type=float, default=4.0, help="growth that counts as a leak (default 4)")
    args = parser.parse_args()

    names = args.only or _core.list_games()
    first = resident_mb()
    print(f"soak: {args.games:,} random games and {args.searches:,} searches per game; RSS at start {first:.1f} MB")
    print("  (RSS after a 2% warm-up, then after every tenth of the run)")
    growths = []
    for name in names:
        game = ts.load_game(name)
        rng = random.Random(0)
        base, end = soak(
            f"{name}: random games", args.games, lambda i, game=game, rng=rng: play_one(game, i, args.every, rng)
        )
        growths.append((f"{name} games", end - base))
        settings = search_settings(game)
        base, end = soak(
            f"{name}: searches ({len(settings)} kinds)",
            args.searches,
            lambda i, game=game, settings=settings, rng=rng: search_one(game, i, settings[i % len(settings)], rng),
        )
        growths.append((f"{name} searches", end - base))
        base, end = soak(
            f"{name}: tree-reusing agents", max(10, args.searches // 50), lambda i, game=game: agent_game(game, i)
        )
        growths.append((f"{name} agents", end - base))
    last = resident_mb()
    worst = max(growths, key=lambda g: g[1])
    print(
        f"RSS at start {first:.1f} MB, at the end {last:.1f} MB; "
        f"largest growth after warm-up: {worst[1]:+.1f} MB ({worst[0]}), limit {args.limit_mb} MB"
    )
    if worst[1] > args.limit_mb:
        print("GROWTH BEYOND NOISE")
        return 1
    print("no growth beyond noise")
    return 0


if __name__ == "__main__":
    sys.exit(main())
