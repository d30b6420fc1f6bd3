"""Tournaments: many games between agents, in parallel, saved as JSON lines, resumable.

``tournament(game, agents, games, seed)`` plays whole deals (see `tablesearch.tournaments.schedule`) until at
least `games` games are planned; the schedule is drawn as the games are sent out, never built whole.
Every agent and option is checked before the first game. Each finished game is one JSON line of the `out` file, written
whole and flushed as soon as it arrives; a rerun with the same arguments reads the file, skips
the games it holds (by id) and plays the rest, so none is played twice. Ctrl-C stops promptly:
the worker processes are ended and every line already written stays intact.

This module is the orchestration; the results file (locking, resuming) is `results_file`, the
worker processes (bound to this process's lifetime) `workers`, and the progress bar `progress`.
"""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import hashlib
import json
import os
import pickle
import signal
import warnings
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Callable, Optional, Union

from tablesearch import _core
from tablesearch.agents.specs import AgentFactory, make_agent, parse_agent_spec, spec_name
from tablesearch.games.registry import load_game
from tablesearch.match import MAX_PLIES, Budget, check_budget, check_seed, check_whole, play_game
from tablesearch.tournaments import ratings
from tablesearch.tournaments.progress import Progress
from tablesearch.tournaments.ratings import SprtResult
from tablesearch.tournaments.results_file import ResultsFile
from tablesearch.tournaments.schedule import SCHEDULE_VERSION, GameTask, Schedule
from tablesearch.tournaments.summary import TournamentResult, sprt_test, summarize
from tablesearch.tournaments.workers import InlineExecutor, LocalPool, WorkersCapped, plan_workers

AgentArg = Union[str, AgentFactory]
MAX_GAMES = 10**12  # far beyond any run; keeps the schedule's sizes within Python's index range
MAX_WORKERS = 4096
MAX_RESAMPLES = 10**6

BATCH_SECONDS = 0.5  # a batch of games should take about this long: long enough to hide overhead,
# short enough that lines appear steadily and little work is in flight at Ctrl-C.


@dataclass(frozen=True)
class GameRef:
    """A game the workers can rebuild: a registered name with parameters, or a Python game object."""

    name: str
    params: tuple[tuple[str, Any], ...] = ()
    obj: Any = None

    def load(self) -> Any:
        if self.obj is not None:
            return self.obj
        return _load_native(self.name, self.params)

    @staticmethod
    def of(game: Any, params: Optional[Mapping[str, Any]] = None) -> GameRef:
        if isinstance(game, str):
            game = load_game(game, **dict(params or {}))  # raises now, naming what is valid
            return GameRef(game.name, tuple(sorted(game.parameters().items())))
        if params:
            raise ValueError("pass game parameters with a game name, not with a loaded game")
        if isinstance(game, _core.Game):
            return GameRef(game.name, tuple(sorted(game.parameters().items())))
        for method in ("new_initial_state", "num_players", "has_hidden_information"):
            if not callable(getattr(game, method, None)):
                raise TypeError(f"a game needs a {method}() method; {game!r} has none")
        return GameRef(str(game.name), (), game)

    def describe(self) -> dict[str, Any]:
        if self.obj is not None:
            return {"name": self.name, "python": f"{type(self.obj).__module__}.{type(self.obj).__qualname__}"}
        return {"name": self.name, "params": dict(self.params)}


_GAMES: dict[tuple[str, str], Any] = {}


def _load_native(name: str, params: tuple[tuple[str, Any], ...]) -> Any:
    key = (name, json.dumps(params, default=str))  # values may be dicts (OpenSpiel's nested games)
    if key not in _GAMES:
        _GAMES[key] = load_game(name, **dict(params))
    return _GAMES[key]


@dataclass(frozen=True)
class Setup:
    """What every worker needs besides its tasks (picklable: specs are strings or factories)."""

    game: GameRef
    names: tuple[str, ...]
    specs: tuple[AgentArg, ...]
    budget: Optional[dict[str, Any]]
    hide_information: bool
    max_plies: Optional[int]
    key: str


def run_batch(setup: Setup, tasks: Sequence[GameTask]) -> list[dict[str, Any]]:
    """Plays `tasks` and returns their JSON-ready lines (runs in a worker)."""
    game = setup.game.load()
    lines = []
    for task in tasks:
        agents = [make_agent(setup.specs[a], seed=s, budget=setup.budget) for a, s in zip(task.seats, task.agent_seeds)]
        record = play_game(game, agents, task.seed, hide_information=setup.hide_information, max_plies=setup.max_plies)
        lines.append(
            {
                "tournament": setup.key,
                "id": task.id,
                "deal": task.deal,
                "seating": task.seating,
                "agents": [setup.names[a] for a in task.seats],
                **record.to_dict(),
            }
        )
    return lines


@contextlib.contextmanager
def _sigint_deferred() -> Iterator[None]:
    """Holds Ctrl-C while a batch of lines is written, so no line is cut and none is dropped."""
    caught: list[int] = []
    try:
        old = signal.signal(signal.SIGINT, lambda signum, frame: caught.append(signum))
    except ValueError:  # not the main thread: signals go to the main thread anyway
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)
        if caught:
            if callable(old):
                old(signal.SIGINT, None)
            elif old != signal.SIG_IGN:
                raise KeyboardInterrupt


def _agent_table(agents: Union[Mapping[str, AgentArg], Sequence[AgentArg]]) -> tuple[list[str], list[AgentArg]]:
    if isinstance(agents, Mapping):
        names, specs = [str(n) for n in agents], list(agents.values())
    elif isinstance(agents, (str, bytes)):
        raise TypeError("agents must be a list or dict of specs; to pass one text list use split_agent_list()")
    else:
        specs = list(agents)
        names = []
        for spec in specs:  # the same spec twice: "random", "random#2"
            base = name = spec_name(spec)
            copy = 2
            while name in names:
                name, copy = f"{base}#{copy}", copy + 1
            names.append(name)
    if not specs:
        raise ValueError("a tournament needs at least one agent")
    if len(set(names)) != len(names):
        raise ValueError(f"agent names must differ, got {names}")
    for spec in specs:
        if isinstance(spec, str):
            if parse_agent_spec(spec).kind == "human":
                raise ValueError("human agents play with `tablesearch play`, not in tournaments")
        elif not callable(spec):
            raise TypeError(f"an agent is a spec string or a factory called as factory(seed=...), got {spec!r}")
    return names, specs


def _key(
    game: GameRef,
    names: Sequence[str],
    specs: Sequence[AgentArg],
    seed: int,
    budget: Any,
    hide_information: bool,
    max_plies: Optional[int],
) -> str:
    ident = {
        "schedule": SCHEDULE_VERSION,
        "game": game.describe(),
        "agents": [
            [n, spec if isinstance(spec, str) else f"{getattr(spec, '__module__', '')}.{spec_name(spec)}"]
            for n, spec in zip(names, specs)
        ],
        "seed": seed,
        "budget": budget,
        "hide_information": hide_information,
        "max_plies": max_plies,
    }
    return hashlib.sha256(json.dumps(ident, sort_keys=True, default=str).encode()).hexdigest()[:16]


@dataclass
class SprtConfig:
    """Stop when the SPRT of the first agent against the second decides (see ratings.sprt)."""

    elo0: float = 0.0
    elo1: float = 20.0
    alpha: float = 0.05
    beta: float = 0.05


def tournament(
    game: Any,
    agents: Union[Mapping[str, AgentArg], Sequence[AgentArg]],
    games: int,
    seed: int = 0,
    *,
    executor: Optional[cf.Executor] = None,
    workers: Optional[int] = None,
    out: Union[None, str, os.PathLike[str]] = None,
    params: Optional[Mapping[str, Any]] = None,
    budget: Optional[Budget] = None,
    hide_information: bool = True,
    max_plies: Optional[int] = None,
    sprt: Union[None, bool, SprtConfig, Mapping[str, float]] = None,
    progress: Optional[bool] = None,
    resamples: int = 1000,
    force_workers: bool = False,
) -> TournamentResult:
    """Plays a tournament and returns its summary (``result.table`` and more; see TournamentResult).

    `game`: a registered name (with `params`), a loaded game, or a Python game object. `agents`:
    specs (``"random"``, ``"mcts:iterations=500"``, ``"pkg.mod:factory"``) or factories called as
    ``factory(seed=S)``, as a list (named by their text) or a dict {name: spec}. `games` is
    rounded up to whole deals. `budget` ({"iterations": N} or {"time_limit": S}) is each agent's
    per-move budget unless its spec names its own. Parallelism: `executor` (any
    concurrent.futures.Executor, for example a Dask client's ``get_executor()``; `workers` then
    says how many games it runs at once, guessed if None), else `workers` local processes (None
    or 1: in this process, where factories need not be picklable), started only for games left to
    play and at most one per core (a WorkersCapped warning says so) unless `force_workers`. With
    `out`, games are appended there and a rerun resumes. `sprt` (two agents) stops once the test
    decides. `progress`: None shows a bar only on a terminal.

    Raises ValueError/TypeError for bad arguments (naming what is valid) and KeyboardInterrupt on
    Ctrl-C, after every finished game is saved.
    """
    check_run_options(games, seed, workers, max_plies)
    if not isinstance(force_workers, bool):
        raise TypeError(f"force_workers must be True or False, got {force_workers!r}")
    check_whole(resamples, "resamples", 0, MAX_RESAMPLES)
    ref = GameRef.of(game, params)
    loaded = ref.load()
    names, specs = _agent_table(agents)
    budget = check_agents(specs, budget, [loaded])
    sprt_config = _sprt_config(sprt, len(names))
    key = _key(ref, names, specs, seed, budget, hide_information, max_plies)
    setup = Setup(ref, tuple(names), tuple(specs), budget, hide_information, max_plies, key)
    schedule = Schedule(len(names), loaded.num_players(), games, seed)

    results = ResultsFile(out, key) if out is not None else None  # locked until the end
    done = _resumed(results, schedule, names)

    def decided() -> Optional[SprtResult]:
        return _decision(list(done.values()), names, schedule, sprt_config)

    pending = _Pending(schedule, set(done))
    bar = Progress(len(schedule), len(done), progress, f"{ref.name}")

    def record(lines: list[dict[str, Any]]) -> None:
        with _sigint_deferred():
            for line in lines:
                if results is not None:
                    results.append(line)
                done[line["id"]] = line
        bar.advance(len(lines))

    try:
        if pending and not decided():
            # Under an SPRT, small batches let the test stop the run soon after it decides.
            cap = 2 * schedule.games_in_deal(0) if sprt_config else 256
            _play_pending(setup, pending, executor, workers, force_workers, record, decided, cap)
    finally:
        bar.close()
        if results is not None:
            results.close()
    lines = sorted(done.values(), key=lambda line: (line["deal"], line["seating"]))
    run: dict[str, Any] = dict(game=ref.name, params=dict(ref.params), seed=seed, schedule=schedule, sprt=sprt_config)
    return summarize(lines, names, loaded.num_players(), planned=len(schedule), resamples=resamples, out=out, **run)


def _decision(
    lines: list[dict[str, Any]], names: list[str], schedule: Schedule, config: Optional[SprtConfig]
) -> Optional[SprtResult]:
    """The SPRT's result once it has decided (None without a test, or while undecided)."""
    if config is None:
        return None
    test = sprt_test(lines, names, schedule, config)
    return test if test.decision else None


def _play_pending(
    setup: Setup,
    pending: _Pending,
    executor: Optional[cf.Executor],
    workers: Optional[int],
    force_workers: bool,
    record: Callable[[list[dict[str, Any]]], None],
    decided: Callable[[], Any],
    cap: int,
) -> None:
    """Plays the pending games on `executor`, else on local worker processes started here (ended
    at once on an error or Ctrl-C, closed after the last game)."""
    own_pool: Optional[LocalPool] = None
    if executor is None:
        executor, count, own_pool = _local_executor(workers, len(pending), force_workers, setup)
    else:
        count = workers or os.cpu_count() or 1  # a guess: the executor does not say
    try:
        _run(executor, setup, pending, count, record, decided, cap)
    except BaseException:
        if own_pool is not None:
            own_pool.stop()
            own_pool = None
        raise
    finally:
        if own_pool is not None:
            own_pool.close()


def _resumed(results: Optional[ResultsFile], schedule: Schedule, names: list[str]) -> dict[str, dict[str, Any]]:
    """The games of the schedule already in the results file, by id, each checked against its
    task (the file is closed if one is wrong)."""
    done: dict[str, dict[str, Any]] = {}
    if results is None:
        return done
    try:
        for game_id in list(results.lines):
            task = schedule.task(game_id)
            if task is not None:  # games past the schedule (a longer run's) are left alone
                results.check(task, names)
                done[task.id] = results.lines[task.id]
    except BaseException:
        results.close()
        raise
    return done


def _local_executor(
    workers: Optional[int], pending: int, force_workers: bool, setup: Setup
) -> tuple[cf.Executor, int, Optional[LocalPool]]:
    """Where to play `pending` games without an executor given: this process, or a pool of local
    worker processes (at most one per core unless forced: a WorkersCapped warning says so); with
    how many games run at once, and the pool to stop."""
    count, note = plan_workers(workers or 1, pending, force_workers)
    if note:
        warnings.warn(note, WorkersCapped, stacklevel=3)
    if count > 1:
        _check_picklable(setup)
        pool = LocalPool(count)
        return pool.executor, count, pool
    return InlineExecutor(), 1, None


def check_run_options(games: Any, seed: Any, workers: Any, max_plies: Any) -> None:
    """ValueError naming the first of the run's options that is not valid, with its valid range."""
    check_whole(games, "games", 1, MAX_GAMES)
    check_seed(seed)
    if workers is not None:
        check_whole(workers, "workers", 1, MAX_WORKERS)
    if max_plies is not None:
        check_whole(max_plies, "max_plies", 0, MAX_PLIES)


def check_agents(specs: Sequence[AgentArg], budget: Optional[Budget], games: Sequence[Any]) -> Optional[dict[str, Any]]:
    """Builds every agent once, so that a bad agent, option or budget fails before the first game
    (not in a worker, nor after other games were played); returns the budget as a checked dict.

    A search agent's option values are checked by the search itself: each one searches the first
    decision of each game in `games` for one iteration (its options otherwise as given, so an
    option the game cannot take fails too, even in a game whose moves are all forced)."""
    from tablesearch import mcts

    checked = check_budget(budget) if budget is not None else None
    for spec in specs:
        agent = make_agent(spec, seed=0, budget=checked)
        if isinstance(agent, mcts.Agent):
            for game in games:
                state = game.new_initial_state(0)
                while state.is_chance_node():
                    state.apply_action(state.chance_outcomes()[0][0])
                if not state.is_terminal():
                    mcts.search(state, **{**agent.search_options, "iterations": 1, "seed": 0})
    return checked


class _Pending:
    """The schedule's games not yet played, drawn in order as they are sent to the workers."""

    def __init__(self, schedule: Schedule, done: set[str]) -> None:
        self._tasks = (task for task in schedule if task.id not in done)
        self._left = len(schedule) - len(done)

    def __len__(self) -> int:
        return self._left

    def popleft(self) -> GameTask:
        self._left -= 1
        return next(self._tasks)


def _sprt_config(value: Any, num_agents: int) -> Optional[SprtConfig]:
    if value is None or value is False:
        return None
    config = SprtConfig() if value is True else value if isinstance(value, SprtConfig) else SprtConfig(**dict(value))
    if num_agents != 2:
        raise ValueError(f"the SPRT compares exactly two agents, got {num_agents}")
    ratings.sprt([], config.elo0, config.elo1, config.alpha, config.beta)  # checks the bounds
    return config


def _check_picklable(setup: Setup) -> None:
    for name, spec in zip(setup.names, setup.specs):
        try:
            pickle.dumps(spec)
        except Exception as error:
            raise ValueError(
                f"agent {name!r} cannot be sent to worker processes ({error}); use a module-level "
                "factory or functools.partial, or workers=1"
            ) from None
    try:
        pickle.dumps(setup.game)
    except Exception as error:
        raise ValueError(f"the game cannot be sent to worker processes ({error}); use workers=1") from None


def _run(
    executor: cf.Executor,
    setup: Setup,
    pending: _Pending,
    workers: int,
    record: Callable[[list[dict[str, Any]]], None],
    decided: Callable[[], Any],
    max_batch: int,
) -> None:
    """Keeps about two batches per worker in flight, sized to take ~BATCH_SECONDS each."""
    in_flight: set[cf.Future[Any]] = set()
    batch, seconds, played = 1, 0.0, 0
    try:
        while pending or in_flight:
            stop = decided() is not None
            while pending and not stop and len(in_flight) < 2 * workers:
                size = max(1, min(batch, len(pending) // (2 * workers) or 1))
                tasks = [pending.popleft() for _ in range(min(size, len(pending)))]
                in_flight.add(executor.submit(run_batch, setup, tasks))
            if stop and not in_flight:
                return
            finished, in_flight = cf.wait(in_flight, return_when=cf.FIRST_COMPLETED)
            for future in finished:
                lines = future.result()
                record(lines)
                played += len(lines)
                seconds += sum(line["wall_seconds"] for line in lines)
            if played:
                batch = max(1, min(max_batch, int(BATCH_SECONDS / max(seconds / played, 1e-6))))
    finally:
        for future in in_flight:
            future.cancel()
