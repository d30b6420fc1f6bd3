"""The `tablesearch` command: games, best-move, play, tournament, analyze."""

from __future__ import annotations

import argparse
import contextlib
import inspect
import math
import os
import sys
import warnings
from collections.abc import Iterator, Sequence
from typing import Any, Callable, Optional

import tablesearch as ts
from tablesearch import mcts
from tablesearch.agents.specs import make_agent, parse_agent_spec, parse_value, spec_name, split_agent_list
from tablesearch.extras import missing
from tablesearch.games.extras import game_extras, games_with
from tablesearch.games.registry import parameter_valid
from tablesearch.match import BUDGET_KEYS, MAX_PLIES, SEED_LIMIT
from tablesearch.render import describe, text_legend
from tablesearch.render.moves import describe_move
from tablesearch.search_options import OPTIONS, option_from_text
from tablesearch.tournaments.runner import MAX_GAMES, MAX_RESAMPLES, MAX_WORKERS
from tablesearch.tournaments.schedule import derive_seed
from tablesearch.tournaments.workers import WorkersCapped, cores

__all__ = ["build_parser", "main", "parse_value"]


def parse_params(game: str, items: Sequence[str]) -> dict[str, Any]:
    """NAME=VALUE game parameters; values are typed by the game's own spec where it has one
    (so deck=66 stays the string "66"), else read as bool, int, float or str."""
    text_params = (
        {spec["name"] for spec in ts.parameter_specs(game) if isinstance(spec["default"], str)}
        if game in ts.list_games()
        else set()
    )
    params = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise ValueError(f"game parameters are written NAME=VALUE, got {item!r}")
        params[name] = value if name in text_params else parse_value(value)
    return params


def parse_history(text: str) -> list[int]:
    if not text.strip():
        return []
    try:
        return [int(a) for a in text.split(",")]
    except ValueError:
        raise ValueError(f"--history must be comma-separated action numbers, got {text!r}") from None


def agent_list(args: argparse.Namespace, default: Optional[list[str]] = None) -> list[str]:
    specs = split_agent_list(args.agents) if args.agents else []
    for spec in args.agent:  # one spec as written: commas belong to its options
        parse_agent_spec(spec)
        specs.append(spec)
    if not specs:
        if default is None:
            raise ValueError("name the agents with --agents A,B (or --agent A --agent B)")
        specs = default
    return specs


def budget_of(args: argparse.Namespace) -> Optional[dict[str, Any]]:
    budget = {k: v for k in BUDGET_KEYS if (v := getattr(args, k, None)) is not None}
    return budget or None


def _players(game: Any) -> str:
    low, high = game.min_players(), game.max_players()
    return f"{low} players" if low == high else f"{low}-{high} players"


def cmd_games(args: argparse.Namespace) -> int:
    if args.game is not None:
        return _describe_game(args.game)
    for name in ts.list_games():
        game = ts.load_game(name)
        params = ", ".join(f"{k}={v!r}" for k, v in game.parameters().items())
        flags = [
            f for f, on in (("chance", game.has_chance()), ("hidden information", game.has_hidden_information())) if on
        ]
        print(
            f"{name:14} {_players(game):12} {', '.join(flags) or 'deterministic, perfect information'}"
            + (f"  [{params}]" if params else "")
        )
    return 0


def _describe_game(name: str) -> int:
    """What one game declares: players, chance, hidden information, returns, length, parameters."""
    game = ts.load_game(name)
    length = game.max_game_length()
    print(f"{name}: {_players(game)}")
    print(f"  chance: {'yes' if game.has_chance() else 'no'}")
    print(f"  hidden information: {'yes' if game.has_hidden_information() else 'no'}")
    print(f"  returns: {game.min_utility():g} to {game.max_utility():g} per player")
    print(f"  length: {'not declared' if length is None else f'at most {length} decisions'} (default parameters)")
    specs = game.parameter_specs()
    print("  parameters:" + ("" if specs else " none"))
    for spec in specs:
        print(f"    {spec['name']}={spec['default']!r}  ({parameter_valid(spec)})  {spec.get('help', '')}")
    return 0


def cmd_best_move(args: argparse.Namespace) -> int:
    game = ts.load_game(args.game, **parse_params(args.game, args.param))
    state = game.new_initial_state(args.seed)
    for action in parse_history(args.history):
        state.apply_action(action)
    print(state)
    print()
    options = {name: getattr(args, name) for name in BEST_MOVE_OPTIONS if hasattr(args, name)}  # those given
    if args.model is not None:
        options["evaluator"] = ts.load_model(args.model, game)
    result = mcts.search(state, seed=args.seed, **options)
    policy = result.policy()
    print(
        f"{result.algorithm}: {result.iterations} iterations in {result.elapsed:.2f} s "
        f"({result.iterations_per_second:,.0f}/s), {result.nodes} nodes"
    )
    print(f"{'move':>12} {'visits':>8} {'share':>7} {'value':>7}")
    for s in sorted(result.stats, key=lambda s: -s.visits)[: args.top]:
        print(f"{state.action_to_string(s.action):>12} {s.visits:>8} {policy[s.action]:>7.1%} {s.value:>+7.3f}")
    print(
        f"\nbest move for player {state.current_player()}: "
        f"{state.action_to_string(result.best_action)} (action {result.best_action})"
    )
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    game = ts.load_game(args.game, **parse_params(args.game, args.param))
    specs = agent_list(args)
    if len(specs) != game.num_players():
        raise ValueError(f"{args.game} here has {game.num_players()} players; give one agent per seat, got {specs}")
    budget = budget_of(args)
    agents = [make_agent(spec, seed=derive_seed(args.seed, seat), budget=budget) for seat, spec in enumerate(specs)]
    names = [spec_name(s) for s in specs]
    humans = [seat for seat, agent in enumerate(agents) if isinstance(agent, ts.agents.HumanAgent)]
    # Moves are told as the (first) human's seat observed them; with no human, in full.
    viewer = humans[0] if humans else None
    legend = text_legend(game.name)
    if legend:
        print(f"How to read the board: {legend}")

    def announce(state: Any, player: int, action: int, agent: Any) -> None:
        if isinstance(agent, ts.agents.HumanAgent):
            return
        move = describe_move(state, player, action, viewer=viewer)
        share = ""
        result = getattr(agent, "last_result", None)
        if result is not None and (viewer is None or not game.has_hidden_information()):
            # The AI's visit shares depend on its own cards: shown only where nothing is hidden.
            share = f" (visit share {result.policy().get(action, 0.0):.0%} of {result.iterations} iterations)"
        print(f"{move}" + (f"  [{names[player]}]" if player >= 0 else "") + share)

    record = ts.play_game(game, agents, seed=args.seed, on_move=announce)
    final = game.new_initial_state(args.seed)
    for action in record.actions:
        final.apply_action(action)
    print()
    print(describe(final, None) or final)
    if record.winners:
        print("winner: " + ", ".join(f"player {s} ({names[s]})" for s in record.winners))
    else:
        print("draw")
    print("returns: " + ", ".join(f"{r:+g}" for r in record.returns))
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    from tablesearch.web import serve

    if args.game is not None and args.game not in ts.list_games():
        raise ValueError(f"unknown game {args.game!r}; games: {', '.join(ts.list_games())}")
    if args.id is not None and args.replay is None:
        raise ValueError("--id names a game of a results file: give the file with --replay")
    game = args.game
    params = {}
    if args.replay is not None and args.param:
        from tablesearch.web.records import read_record

        try:
            record_game = read_record(args.replay, args.id)["game"] if args.id else args.game
        except ValueError as error:
            raise ValueError(str(error)) from None
        params = parse_params(record_game, args.param)
    serve(
        game,
        host=args.host,
        port=args.port,
        replay=args.replay,
        replay_id=args.id,
        params=params,
        allow=args.allow,
        max_seconds=args.max_seconds,
        max_iterations=args.max_iterations,
        record=False if args.no_record else args.record if args.record is not None else True,
        models=dict(_name_and_path(text) for text in args.model),
    )
    return 0


def _name_and_path(text: str) -> tuple[str, str]:
    name, sep, path = text.partition("=")
    if not sep or not name or not path:
        raise ValueError(f"--model is written NAME=PATH (a model file pages may use as model=NAME), got {text!r}")
    return name, path


def _executor(args: argparse.Namespace) -> tuple[Any, Optional[int], Any]:
    """(executor, workers, client) for --scheduler, else local processes."""
    if not args.scheduler:
        return None, args.workers or cores(), None
    try:
        from distributed import Client
    except ImportError:
        raise ValueError(missing("--scheduler", "distributed")) from None
    try:
        client = Client(args.scheduler, timeout=args.connect_timeout)  # type: ignore[no-untyped-call]
    except OSError as error:  # TimeoutError too
        raise ValueError(f"cannot reach the Dask scheduler at {args.scheduler}: {error}") from None
    threads = sum(client.nthreads().values()) or 1  # type: ignore[no-untyped-call]
    return client.get_executor(), threads, client  # type: ignore[no-untyped-call]


def _run_tournament(args: argparse.Namespace, specs: list[str], **options: Any) -> ts.TournamentResult:
    executor, workers, client = _executor(args)
    try:
        return ts.tournament(
            args.game,
            specs,
            args.games,
            seed=args.seed,
            params=parse_params(args.game, args.param),
            executor=executor,
            workers=workers,
            out=args.out,
            budget=budget_of(args),
            max_plies=args.max_plies,
            hide_information=not args.reveal,
            force_workers=args.force_workers,
            **options,
        )
    except KeyboardInterrupt:
        if args.out:
            raise KeyboardInterrupt(
                f"interrupted; every finished game is in {args.out}: run the same command to resume"
            ) from None
        raise
    finally:
        if client is not None:
            client.close()


def _console() -> Any:
    """A rich console; when piped, wide enough that tables keep their natural width."""
    from rich.console import Console

    console = Console()
    return console if console.is_terminal else Console(width=200)


def check_output(path: str, option: str) -> None:
    """ValueError now, naming the option and the file, if the file could not be written after the
    games: a folder, a folder that does not exist, no permission, a file that takes no writes
    (tried by opening it to append: permission bits alone do not bind root). (--plot: also its
    format.)"""
    folder = os.path.dirname(os.path.abspath(path))
    if not path or os.path.isdir(path):
        raise ValueError(f"{option} {path!r} is not a file name")
    if not os.path.isdir(folder):
        raise ValueError(f"{option} {path!r}: No such file or directory (the folder {folder} does not exist)")
    existed = os.path.exists(path)
    try:  # without blocking: a named pipe nobody reads is refused (ENXIO), not waited on
        os.close(os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NONBLOCK", 0), 0o644))
    except OSError as error:
        raise ValueError(f"{option} {path!r}: {error.strerror}") from None
    if not existed:
        os.remove(path)
    if option == "--plot":
        from tablesearch.tournaments.plots import check_plot_path

        check_plot_path(path)


def cmd_tournament(args: argparse.Namespace) -> int:
    if args.plot is not None:  # --out is opened before the first game (tournaments/results_file.py)
        check_output(args.plot, "--plot")
    specs = agent_list(args)
    sprt = None
    if args.sprt:
        sprt = dict(elo0=args.elo0, elo1=args.elo1, alpha=args.alpha, beta=args.beta)
    result = _run_tournament(args, specs, sprt=sprt, resamples=args.resamples)
    from tablesearch.tournaments.report import render_tournament

    render_tournament(result, _console())
    if args.out:
        print(f"games: {args.out}")
    if args.plot:
        from tablesearch.tournaments.plots import plot_tournament

        plot_tournament(result, args.plot)
        print(f"plot: {args.plot}")
    return 0


def cmd_analyze(args: argparse.Namespace) -> int:
    from tablesearch.analysis import DEFAULT_AGENTS, analyze

    if args.exact:
        return _exact(args)
    for path, option in ((args.json, "--json"), (args.report, "--report"), (args.plot, "--plot")):
        if path is not None:
            check_output(path, option)
    specs = agent_list(args, default=list(DEFAULT_AGENTS))
    out = args.out or _default_out(args)
    executor, workers, client = _executor(args)
    try:
        report = analyze(
            args.game,
            parse_params(args.game, args.param),
            agents=specs,
            games=args.games,
            sweep=args.sweep,
            seed=args.seed,
            workers=workers,
            executor=executor,
            out=out,
            budget=budget_of(args),
            max_plies=args.max_plies,
            hide_information=not args.reveal,
            force_workers=args.force_workers,
        )
    finally:
        if client is not None:
            client.close()
    from tablesearch.analysis.report_text import render

    render(report.to_dict(), _console())
    print(f"games: {out}")
    if args.json:
        report.to_json(args.json)
        print(f"json: {args.json}")
    if args.report:
        report.write_html(args.report)
        print(f"report: {args.report}")
    if args.plot:
        from tablesearch.analysis.plot_png import plot_report

        plot_report(report.to_dict(), args.plot)
        print(f"plot: {args.plot}")
    return 0


def _default_out(args: argparse.Namespace) -> str:
    """Where the games go without --out: beside the JSON or HTML report, else in this directory."""
    named = args.json or args.report
    stem = os.path.splitext(named)[0] if named else f"analyze-{args.game}"
    return stem + ".games"


def _exact(args: argparse.Namespace) -> int:
    """Exact figures, for games whose extras have them: refuses parameters they cannot honour and
    says which it used."""
    exact_report = game_extras(args.game).exact_report
    if exact_report is None:
        games = ", ".join(games_with("exact_report")) or "no game"
        raise ValueError(f"--exact is available for {games} only, not {args.game!r}")
    from tablesearch.analysis.variants import parameter_defaults, parse_sweeps, variant_params

    sweeps = parse_sweeps(args.game, args.sweep)
    defaults = parameter_defaults(args.game)
    reports = []
    for params in variant_params(parse_params(args.game, args.param), sweeps):
        ts.load_game(args.game, **params)  # refuses values out of range, naming the valid ones
        reports.append(exact_report(params, defaults))
    print("\n\n".join(reports))
    return 0


BEST_MOVE_OPTIONS = tuple(
    name for name in inspect.signature(mcts.search).parameters if name in OPTIONS and name != "seed"
)
"""The search options best-move takes as flags (--seed seeds the game and the search)."""


def _add_search_option(parser: argparse.ArgumentParser, name: str) -> None:
    """--NAME for search option `name`, typed, described and checked by the option table; when it
    is not given, the namespace has no such attribute (mcts.search's own default applies; "none"
    gives None)."""
    option = OPTIONS[name]
    default = "auto" if name in mcts.AUTO_OPTIONS else (f"None: {option.none}" if option.none else option.default)
    help = f"{option.help} ({option.valid}; default {default})"
    flag = "--" + name.replace("_", "-")
    if option.type == "bool":
        parser.add_argument(flag, dest=name, action="store_true", default=argparse.SUPPRESS, help=option.help)
        return

    def read(text: str) -> Any:
        if text == "auto" and name in mcts.AUTO_OPTIONS:
            return text
        try:
            return option_from_text(name, text)
        except (TypeError, ValueError) as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    read.__name__ = name  # argparse names the option in its message
    parser.add_argument(flag, dest=name, type=read, default=argparse.SUPPRESS, metavar=option.type.upper(), help=help)


def _add_game_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game")
    parser.add_argument(
        "--param", action="append", default=[], metavar="NAME=VALUE", help="a game parameter (listed by: games GAME)"
    )
    parser.add_argument("--seed", type=SEED, default=0, help="seed of the deals and the agents")


def _add_agent_options(parser: argparse.ArgumentParser, required_hint: str) -> None:
    parser.add_argument(
        "--agents",
        nargs="+",
        default=[],
        metavar="SPEC",
        help=f"agents, as words or comma-separated ({required_hint}); a piece NAME=VALUE continues "
        "the spec before it: mcts:iterations=1000,uct_c=1.4,random is two agents",
    )
    parser.add_argument("--agent", action="append", default=[], metavar="SPEC", help="one agent spec (repeatable)")
    for name in BUDGET_KEYS:  # every agent's budget per move
        _add_search_option(parser, name)


def _whole(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from `low` to `high` (argparse names the option)."""

    def read(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be a whole number from {low:,} to {high:,}, got {text!r}"[:200])
        return value

    return read


SEED = _whole(0, SEED_LIMIT - 1)
GAMES = _whole(1, MAX_GAMES)
PLIES = _whole(0, MAX_PLIES)


def _seconds(text: str) -> float:
    """A finite number of seconds > 0, for argparse."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (0 < value < math.inf):
        raise argparse.ArgumentTypeError(f"must be a finite number of seconds > 0, got {text!r}")
    return value


def _add_parallel_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--workers",
        type=_whole(1, MAX_WORKERS),
        default=None,
        help="local worker processes (default: one per core; never more than the cores or the games)",
    )
    parser.add_argument(
        "--force-workers", action="store_true", help="start --workers processes even beyond the machine's cores"
    )
    parser.add_argument("--scheduler", default=None, metavar="ADDRESS", help="run on this Dask scheduler instead")
    parser.add_argument(
        "--connect-timeout",
        type=_seconds,
        default=10.0,
        metavar="SECONDS",
        help="give up reaching the --scheduler after this long (default 10)",
    )


def _add_run_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=GAMES, default=100, help="games to play (rounded up to whole deals)")
    _add_parallel_options(parser)
    parser.add_argument("--out", default=None, help="JSON lines file of the games; rerunning resumes it")
    parser.add_argument("--plot", default=None, metavar="FILE.png", help="write figures (matplotlib)")
    parser.add_argument("--max-plies", type=PLIES, default=None, help="stop a game after this many decisions (a draw)")
    parser.add_argument(
        "--reveal",
        action="store_true",
        help="hand agents the true state on hidden-information games (default: a re-drawn one)",
    )


class _Parser(argparse.ArgumentParser):
    """Its errors are one line naming the option (the usage is one -h away)."""

    def error(self, message: str) -> Any:
        self.exit(2, f"{self.prog}: error: {message} ({self.prog} -h lists the options)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="tablesearch", description="Game-AI search for tabletop games.")
    sub = parser.add_subparsers(dest="command", required=True)
    for add in (_add_games_and_best_move, _add_play_and_tournament, _add_analyze, _add_serve, _add_train_parser):
        add(sub)
    return parser


def _add_games_and_best_move(sub: Any) -> None:
    """The commands that look at one game: games, best-move."""
    games = sub.add_parser("games", help="list the games, or describe one")
    games.add_argument("game", nargs="?", default=None, help="a game to describe: its facts and parameters")
    games.set_defaults(run=cmd_games)

    best = sub.add_parser("best-move", help="search a position and print the best move")
    best.add_argument("game")
    best.add_argument("--param", action="append", default=[], metavar="NAME=VALUE", help="a game parameter")
    best.add_argument("--seed", type=SEED, default=0, help="setup and search seed")
    best.add_argument("--history", default="", help="comma-separated actions to apply first")
    for name in BEST_MOVE_OPTIONS:
        _add_search_option(best, name)
    best.add_argument("--top", type=_whole(1, 10**6), default=10, help="how many moves to list")
    best.add_argument(
        "--model",
        default=None,
        metavar="PATH",
        help="a model file's network as the evaluator (builtin: the one shipped for the game)",
    )
    best.set_defaults(run=cmd_best_move)


def _add_play_and_tournament(sub: Any) -> None:
    """The commands that play games: play, tournament."""
    play = sub.add_parser("play", help="play against the AI in the terminal")
    _add_game_options(play)
    _add_agent_options(play, "one per seat, in seat order; 'human' is you")
    play.set_defaults(run=cmd_play)

    tour = sub.add_parser("tournament", help="play agents against each other and rate them")
    _add_game_options(tour)
    _add_agent_options(tour, "at least one")
    _add_run_options(tour)
    tour.add_argument("--sprt", action="store_true", help="two agents: stop when the SPRT decides")
    tour.add_argument("--elo0", type=float, default=0.0, help="SPRT null hypothesis (Elo of the first agent)")
    tour.add_argument("--elo1", type=float, default=20.0, help="SPRT alternative hypothesis")
    tour.add_argument("--alpha", type=float, default=0.05, help="SPRT false positive rate")
    tour.add_argument("--beta", type=float, default=0.05, help="SPRT false negative rate")
    tour.add_argument(
        "--resamples", type=_whole(0, MAX_RESAMPLES), default=1000, help="bootstrap resamples of the rating intervals"
    )
    tour.set_defaults(run=cmd_tournament)


def _add_analyze(sub: Any) -> None:
    """The balance lab: analyze."""
    analyze = sub.add_parser("analyze", help="balance lab: seats, draws, lengths, skill, variants (docs/balance.md)")
    _add_game_options(analyze)
    _add_agent_options(
        analyze,
        "one or two: the first plays itself, then the second (default random) for the "
        "skill gap; default mcts (1,000 iterations a move unless --iterations or --time-limit) "
        "and random",
    )
    analyze.add_argument(
        "--games",
        type=GAMES,
        default=100,
        help="games per tournament: self-play and skill, per variant (rounded up to whole deals)",
    )
    analyze.add_argument(
        "--sweep",
        action="append",
        default=[],
        metavar="NAME=V1,V2,...",
        help="compare variants of a parameter (repeatable: every combination)",
    )
    analyze.add_argument("--report", default=None, metavar="FILE.html", help="write a self-contained HTML report")
    analyze.add_argument("--json", default=None, metavar="FILE.json", help="write the report's numbers as JSON")
    analyze.add_argument("--plot", default=None, metavar="FILE.png", help="write figures (matplotlib)")
    analyze.add_argument(
        "--out",
        default=None,
        metavar="DIR",
        help="directory of the games, one JSON lines file per tournament; a rerun resumes "
        "(default: beside --json/--report, else analyze-GAME.games)",
    )
    _add_parallel_options(analyze)
    analyze.add_argument("--max-plies", type=PLIES, default=None, help="stop a game after this many decisions (a draw)")
    analyze.add_argument(
        "--reveal",
        action="store_true",
        help="hand agents the true state on hidden-information games (default: a re-drawn one)",
    )
    analyze.add_argument(
        "--exact", action="store_true", help="the game's exact analysis instead of games, for games that have one"
    )
    analyze.set_defaults(run=cmd_analyze)


def _add_serve(sub: Any) -> None:
    """The web app: serve."""
    serve = sub.add_parser(
        "serve",
        help="play and watch games in the browser (needs the 'web' extra)",
        description="Serves the web app. It prints its address with a secret token: only pages opened from that "
        "address can use the server (other sites' pages cannot). See docs/security.md.",
    )
    serve.add_argument("game", nargs="?", default=None, help="the game chosen first in the page's form")
    serve.add_argument("--port", type=_whole(0, 65535), default=8000)
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1: this machine only); 0.0.0.0 lets other machines in, "
        "each needing the printed address with its token",
    )
    serve.add_argument(
        "--allow",
        action="append",
        default=[],
        metavar="MODULE:FACTORY",
        help="a plugin game or agent that pages may use (repeatable); pages can never name other code",
    )
    serve.add_argument("--max-seconds", type=_seconds, default=None, help="cap on an AI's time per move (default 30)")
    serve.add_argument(
        "--max-iterations",
        type=_whole(1, 2**63 - 1),
        default=None,
        help="cap on an AI's iterations per move (default 10,000,000)",
    )
    serve.add_argument(
        "--replay", default=None, metavar="RESULTS.jsonl", help="open a game of a tournament results file"
    )
    serve.add_argument("--id", default=None, help="with --replay: the game's id, such as 3.1")
    serve.add_argument(
        "--record",
        default=None,
        metavar="DIR",
        help="record finished games in DIR, one results file per game (default: "
        "~/.local/share/tablesearch/web-games, or under $XDG_DATA_HOME)",
    )
    serve.add_argument("--no-record", action="store_true", help="record no game")
    serve.add_argument(
        "--model",
        action="append",
        default=[],
        metavar="NAME=PATH",
        help="a model file that pages may use as mcts:model=NAME (repeatable); pages never name a path",
    )
    serve.add_argument(
        "--param",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="with --replay: a game parameter the tournament used",
    )
    serve.set_defaults(run=cmd_serve)


def cmd_train(args: argparse.Namespace) -> int:
    from tablesearch.training import plot_learning_curve
    from tablesearch.training.config import HELP

    if args.plot is not None:
        check_output(args.plot, "--plot")
    settings = {name: getattr(args, name) for name in HELP if getattr(args, name, None) is not None}
    executor, client = None, None
    if args.scheduler:
        executor, settings["workers"], client = _executor(args)
    else:
        settings.setdefault("workers", cores())
    try:
        result = ts.train(
            args.game, out=args.out, params=parse_params(args.game, args.param), executor=executor, **settings
        )
    except KeyboardInterrupt:
        raise KeyboardInterrupt(
            f"interrupted; {args.out} holds every finished step: run the same command to resume"
        ) from None
    finally:
        if client is not None:
            client.close()
    print(f"{result.steps} steps, {result.games} games, {result.positions} positions in {result.seconds / 60:.1f} min")
    for line in result.evaluations[-1:]:
        print(
            f"step {line['step']}: Elo {line['elo']:+.0f} [{line['elo_low']:+.0f}, {line['elo_high']:+.0f}] "
            "on the ladder (lowest rung 0); "
            + ", ".join(
                f"{r['name']} {r['score']:.2f} [{r['score_low']:.2f}, {r['score_high']:.2f}]" for r in line["rungs"]
            )
        )
    print(f"model: {result.model_path}  results: {os.path.join(result.out, 'results.jsonl')}")
    if args.plot:
        plot_learning_curve(os.path.join(result.out, "results.jsonl"), args.plot)
        print(f"plot: {args.plot}")
    return 0


def _train_value(kind: str, name: str) -> Any:
    """argparse's type for a training setting whose annotation is `kind`."""

    def read(text: str) -> Any:
        try:
            if kind.startswith("tuple"):
                return tuple(int(part) for part in text.split(","))
            if kind == "bool":
                return {"on": True, "true": True, "off": False, "false": False}[text.lower()]
            return float(text) if "float" in kind else int(text) if "int" in kind else text
        except (ValueError, KeyError):
            expected = "on or off" if kind == "bool" else kind.replace("Optional[", "").rstrip("]")
            raise argparse.ArgumentTypeError(f"expected {expected}, got {text!r}") from None

    read.__name__ = name
    return read


def _add_train_parser(sub: Any) -> None:
    from dataclasses import fields

    from tablesearch.training.config import HELP, TrainConfig, default_text

    train = sub.add_parser("train", help="train a network for a game by self-play (needs the 'learn' extra)")
    train.add_argument("game")
    train.add_argument("--param", action="append", default=[], metavar="NAME=VALUE", help="a game parameter")
    train.add_argument("--out", required=True, metavar="DIR", help="the run's folder; the same command resumes it")
    train.add_argument("--plot", default=None, metavar="FILE.png", help="draw the learning curve (matplotlib)")
    train.add_argument("--scheduler", default=None, metavar="ADDRESS", help="play the games on this Dask scheduler")
    train.add_argument("--connect-timeout", type=_seconds, default=10.0, metavar="SECONDS", help="for --scheduler")
    for field in fields(TrainConfig):
        if field.name not in HELP:
            continue
        kind = str(field.type)
        train.add_argument(
            "--" + field.name.replace("_", "-"),
            dest=field.name,
            type=_train_value(kind, field.name),
            default=None,
            metavar="on|off" if kind == "bool" else None,
            help=f"{HELP[field.name]} (default {default_text(field)})",
        )
    train.set_defaults(run=cmd_train)


def _one_line(error: BaseException) -> str:
    """An error as one line: OSError's file name and reason ("[Errno 21] Is a directory: 'x'")."""
    if isinstance(error, OSError) and error.strerror:
        where = f": {error.filename}" if error.filename else ""
        return f"{error.strerror}{where}"
    return " ".join(str(error).split()) or type(error).__name__


@contextlib.contextmanager
def _notes() -> Iterator[None]:
    """Shows the library's WorkersCapped warnings as one line each: "tablesearch: note: ..."."""
    shown = warnings.showwarning

    def show(message: Any, category: Any, *rest: Any, **kwargs: Any) -> None:
        if issubclass(category, WorkersCapped):
            print(f"tablesearch: note: {message}", file=sys.stderr)
        else:
            shown(message, category, *rest, **kwargs)

    warnings.showwarning = show
    try:
        yield
    finally:
        warnings.showwarning = shown


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        with _notes():
            return int(args.run(args))
    except (ValueError, TypeError) as error:
        print(f"tablesearch: error: {error}", file=sys.stderr)
        return 2
    except ts.AnalysisError as error:
        print(f"tablesearch: error: {error}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # the reader went away (`tablesearch games | head -3`): nothing to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # so that exit's flush is quiet
        return 0
    except (OSError, RuntimeError) as error:  # files (--out, --plot, a full disk), a busy results file
        print(f"tablesearch: error: {_one_line(error)}", file=sys.stderr)
        return 1
    except EOFError as error:
        print(f"tablesearch: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt as error:
        print(f"tablesearch: {error or 'interrupted'}", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
