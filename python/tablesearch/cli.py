"""The `tablesearch` command."""
from __future__ import annotations

import argparse
import sys
from typing import Any, Optional, Sequence

import tablesearch as ts
from tablesearch import mcts


def parse_value(text: str) -> Any:
    """A command-line value as bool, int, float or str."""
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    for convert in (int, float):
        try:
            return convert(text)
        except ValueError:
            pass
    return text


def parse_params(items: Sequence[str]) -> dict[str, Any]:
    params = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise ValueError(f"game parameters are written NAME=VALUE, got {item!r}")
        params[name] = parse_value(value)
    return params


def parse_history(text: str) -> list[int]:
    if not text.strip():
        return []
    try:
        return [int(a) for a in text.split(",")]
    except ValueError:
        raise ValueError(f"--history must be comma-separated action numbers, got {text!r}") from None


def cmd_games(args: argparse.Namespace) -> int:
    for name in ts.list_games():
        game = ts.load_game(name)
        params = ", ".join(f"{k}={v!r}" for k, v in game.parameters().items())
        flags = [f for f, on in (("chance", game.has_chance()), ("hidden information", game.has_hidden_information())) if on]
        print(f"{name:14} {game.num_players()} players  {', '.join(flags) or 'deterministic, perfect information'}"
              + (f"  [{params}]" if params else ""))
    return 0


def cmd_best_move(args: argparse.Namespace) -> int:
    game = ts.load_game(args.game, **parse_params(args.param))
    state = game.new_initial_state(args.seed)
    for action in parse_history(args.history):
        state.apply_action(action)
    print(state)
    print()
    result = mcts.search(state, iterations=args.iterations, time_limit=args.time_limit, seed=args.seed,
                         algorithm=args.algorithm, uct_c=args.uct_c)
    policy = result.policy()
    print(f"{result.algorithm}: {result.iterations} iterations in {result.elapsed:.2f} s "
          f"({result.iterations_per_second:,.0f}/s), {result.nodes} nodes")
    print(f"{'move':>12} {'visits':>8} {'share':>7} {'value':>7}")
    for s in sorted(result.stats, key=lambda s: -s.visits)[: args.top]:
        print(f"{state.action_to_string(s.action):>12} {s.visits:>8} {policy[s.action]:>7.1%} {s.value:>+7.3f}")
    print(f"\nbest move for player {state.current_player()}: "
          f"{state.action_to_string(result.best_action)} (action {result.best_action})")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tablesearch", description="Game-AI search for tabletop games.")
    sub = parser.add_subparsers(dest="command", required=True)

    games = sub.add_parser("games", help="list the games")
    games.set_defaults(run=cmd_games)

    best = sub.add_parser("best-move", help="search a position and print the best move")
    best.add_argument("game")
    best.add_argument("--param", action="append", default=[], metavar="NAME=VALUE", help="a game parameter")
    best.add_argument("--seed", type=int, default=0, help="setup and search seed")
    best.add_argument("--history", default="", help="comma-separated actions to apply first")
    best.add_argument("--iterations", type=int, default=None)
    best.add_argument("--time-limit", type=float, default=None, help="seconds")
    best.add_argument("--algorithm", default="auto")
    best.add_argument("--uct-c", type=float, default=mcts.DEFAULT_UCT_C)
    best.add_argument("--top", type=int, default=10, help="how many moves to list")
    best.set_defaults(run=cmd_best_move)
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except (ValueError, TypeError) as error:
        print(f"tablesearch: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("tablesearch: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
