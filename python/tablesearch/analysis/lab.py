"""``analyze(game, ...)``: plays every variant through the tournament runner and measures it.

For each variant two tournaments run (`tablesearch.tournament`, so duplicate deals, seat
rotation, worker processes, Dask executors and resuming all come from the runner):
- self-play: the first agent in every seat, for seat balance, draws, caps, lengths, branching,
  drama;
- skill: the first agent against the second, seats rotated over duplicate deals, for the skill
  gap and the luck share (skipped when both agents are the same spec).
Every game is appended to a JSON lines file as soon as it ends (in `out`, a directory; without
one, a fresh temporary directory that is removed after a successful run), so when something
fails mid-run the games played so far stay on disk and the same call resumes them.
"""

from __future__ import annotations

import concurrent.futures as cf
import hashlib
import json
import os
import re
import shutil
import sys
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Callable, Optional, Union

from tablesearch.agents.specs import spec_name
from tablesearch.analysis import exact, metrics, variants, verdicts
from tablesearch.analysis.replay import replay
from tablesearch.analysis.report import BalanceReport
from tablesearch.safe_files import open_regular

# mcts: the default MCTS agent, 1,000 iterations a move unless a budget says otherwise.
DEFAULT_AGENTS = ("mcts", "random")


class AnalysisError(RuntimeError):
    """A run failed after games were played; `path` holds them, and `kept` counts them."""

    def __init__(self, message: str, path: Optional[str] = None, kept: int = 0) -> None:
        super().__init__(message)
        self.path = path
        self.kept = kept


def _agents(agents: Union[None, str, Sequence[Any]]) -> list[Any]:
    """[self-play agent, skill opponent] as specs (text) or factories called as factory(seed=S)."""
    if agents is None:
        return list(DEFAULT_AGENTS)
    if isinstance(agents, str):
        from tablesearch.agents.specs import split_agent_list

        agents = split_agent_list(agents)
    specs = [a.strip() if isinstance(a, str) else a for a in agents]
    if not 1 <= len(specs) <= 2:
        raise ValueError(
            f"analyze takes one or two agents (self-play agent, then its skill opponent), "
            f"got {len(specs)}: {[spec_name(s) for s in specs]}"
        )
    if len(specs) == 1:
        specs.append(DEFAULT_AGENTS[1])
    return specs


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9.=-]+", "_", text).strip("_") or "base"


def _run_file(directory: str, game: str, label: str, role: str, ident: Mapping[str, Any]) -> str:
    digest = hashlib.sha256(json.dumps(ident, sort_keys=True, default=str).encode()).hexdigest()[:10]
    return os.path.join(directory, f"{_slug(game)}.{_slug(label)}.{role}.{digest}.jsonl")


def _count_lines(path: str) -> int:
    if not os.path.exists(path):
        return 0
    with open_regular(path, "results file") as f:
        return sum(1 for raw in f if raw.endswith(b"\n") and raw.strip())


def _normalize_sweep(game: str, sweep: Any) -> list[tuple[str, list[Any]]]:
    """`sweep` as [(parameter, values)]; TypeError naming what is wrong for a malformed one."""
    if sweep is None:
        return []
    if isinstance(sweep, str):
        sweep = [sweep]
    if isinstance(sweep, Mapping):
        items = []
        for name, values in sweep.items():
            if not isinstance(name, str):
                raise TypeError(f"sweep's keys are parameter names, got {name!r}")
            if isinstance(values, (str, bytes, Mapping)) or not isinstance(values, (list, tuple)):
                raise TypeError(
                    f"sweep[{name!r}] must be a list of the values to compare, such as "
                    f"{{{name!r}: [2, 3]}}, got {type(values).__name__} {values!r}"[:200]
                )
            items.append(f"{name}={','.join(str(v) for v in values)}")
    elif isinstance(sweep, (list, tuple)) and all(isinstance(item, str) for item in sweep):
        items = list(sweep)
    else:
        raise TypeError(
            "sweep must be a dict {parameter: [values]} or a list of 'NAME=V1,V2' texts, "
            f"got {type(sweep).__name__} {sweep!r}"[:200]
        )
    return variants.parse_sweeps(game, items)


def analyze(
    game: str,
    params: Optional[Mapping[str, Any]] = None,
    *,
    agents: Union[None, str, Sequence[str]] = None,
    games: int = 100,
    sweep: Union[None, str, Sequence[str], Mapping[str, Sequence[Any]]] = None,
    seed: int = 0,
    workers: Optional[int] = None,
    executor: Optional[cf.Executor] = None,
    out: Union[None, str, os.PathLike[str]] = None,
    budget: Optional[Mapping[str, Any]] = None,
    max_plies: Optional[int] = None,
    hide_information: bool = True,
    progress: Optional[bool] = None,
    force_workers: bool = False,
) -> BalanceReport:
    """Measures the balance of `game` (a registered name) with `params`, for each variant of
    `sweep` (``{"players": [2, 3, 4]}`` or ``["players=2,3,4"]``), and returns a BalanceReport
    (``.to_json()``, ``.write_html(path)``, ``str(report)``).

    `agents`: one or two specs; the first plays itself (balance) and the second (default
    ``random``) for the skill gap; default ``mcts`` (1,000 iterations a move unless `budget` says
    otherwise) then ``random``. `games`:
    games per tournament (two per variant: self-play and skill), rounded up to whole deals.
    `workers`/`executor`/`budget`/`max_plies`/`hide_information`/`progress`/`force_workers` go to
    `tablesearch.tournament`. `out`: a directory for the games (one JSON lines file per
    tournament; a rerun resumes them).

    Raises ValueError naming what is wrong for a bad game, parameter, sweep, variant that does not
    load or agent; AnalysisError (naming the file that keeps the games played so far) when a run
    fails midway, for example an agent that raises; KeyboardInterrupt on Ctrl-C, games kept.
    """
    from tablesearch.tournaments.runner import check_agents, check_run_options

    if not isinstance(game, str):
        raise TypeError(f"analyze takes a game name (variants are loaded by name), got {game!r}")
    # Everything is checked before the first game: a bad second agent must not wait for the
    # self-play games, nor a value the JSON report cannot hold for all of them.
    check_run_options(games, seed, workers, max_plies)
    specs = _agents(agents)
    sweeps = _normalize_sweep(game, sweep)
    swept = [name for name, _ in sweeps]
    all_params = variants.variant_params(dict(params or {}), sweeps)
    loaded = variants.load_variants(game, all_params, swept)
    budget = check_agents(specs, budget, loaded)
    for variant, game_obj in zip(all_params, loaded):
        _check_json(f"the parameters of variant {variants.label(variant, swept)}", game_obj.parameters())
    settings = _settings(games, seed, swept, budget, max_plies, hide_information, out)
    run = _Run(
        game=game,
        specs=specs,
        names=[spec_name(s) for s in specs],
        games=games,
        directory=tempfile.mkdtemp(prefix="tablesearch-analyze-") if out is None else _games_directory(out),
        options=dict(
            seed=seed,
            executor=executor,
            workers=workers,
            force_workers=force_workers,
            budget=budget,
            max_plies=max_plies,
            hide_information=hide_information,
            progress=progress,
        ),
        show=_announcer(progress),
    )
    run.total = len(loaded) * len(run.roles())
    results = _measure_variants(run, all_params, loaded, swept, temporary=out is None)
    comparisons = variants.compare(results) if len(results) > 1 else []
    return BalanceReport(
        game=game,
        agents=run.names,
        variants=results,
        comparisons=comparisons,
        verdicts=[v for variant in results for v in variant["verdicts"]] + verdicts.comparison_verdicts(comparisons),
        settings=settings,
    )


def _settings(
    games: int,
    seed: int,
    swept: list[str],
    budget: Optional[Mapping[str, Any]],
    max_plies: Optional[int],
    hide_information: bool,
    out: Union[None, str, os.PathLike[str]],
) -> dict[str, Any]:
    """The report's settings, checked to be what its JSON can hold before any game."""
    settings = {
        "games": games,
        "seed": seed,
        "swept": swept,
        "budget": dict(budget) if budget else None,
        "max_plies": max_plies,
        "hide_information": hide_information,
        "out": None if out is None else os.fspath(out),
    }
    _check_json("the settings", settings)
    return settings


def _measure_variants(
    run: _Run, all_params: list[dict[str, Any]], loaded: list[Any], swept: list[str], temporary: bool
) -> list[dict[str, Any]]:
    """Each variant's games played and measured. A `temporary` games folder is removed afterwards,
    and kept (named in the error) when a run fails midway."""
    try:
        return [
            _measure(
                run.game,
                variants.label(variant, swept),
                dict(game_obj.parameters()),
                game_obj,
                run.play(variant, game_obj, swept),
            )
            for variant, game_obj in zip(all_params, loaded)
        ]
    except BaseException:
        temporary = False  # keep the games played
        raise
    finally:
        if temporary:
            shutil.rmtree(run.directory, ignore_errors=True)


@dataclass
class _Run:
    """What every tournament of one analysis shares, and the runs made so far."""

    game: str
    specs: list[Any]
    names: list[str]
    games: int
    directory: str
    options: dict[str, Any]  # for tablesearch.tournament
    show: Callable[[str], None]
    total: int = 0
    done: int = 0

    def roles(self) -> list[tuple[str, list[Any]]]:
        """(role, lineup): self-play, then skill unless both agents are the same spec."""
        same = self.specs[0] is self.specs[1] or (isinstance(self.specs[0], str) and self.specs[0] == self.specs[1])
        return [("self-play", [self.specs[0]])] + ([] if same else [("skill", self.specs)])

    def play(self, params: Mapping[str, Any], game_obj: Any, swept: list[str]) -> dict[str, Any]:
        """The tournaments of one variant, by role."""
        name = variants.label(params, swept)
        ident = {
            "agents": self.names,
            "seed": self.options["seed"],
            "budget": dict(self.options["budget"] or {}),
            "max_plies": self.options["max_plies"],
            "hide_information": self.options["hide_information"],
            "params": dict(game_obj.parameters()),
        }
        outcome: dict[str, Any] = {}
        for role, lineup in self.roles():
            self.done += 1
            path = _run_file(self.directory, self.game, name, role, {**ident, "role": role})
            against = (
                f"{self.names[0]} in every seat" if role == "self-play" else f"{self.names[0]} against {self.names[1]}"
            )
            self.show(f"[{self.done}/{self.total}] {self.game} {name}: {role}, {against}, {self.games} games")
            outcome[role] = self.tournament(params, lineup, path, f"{self.game} {name}, {role} run")
        return outcome

    def tournament(self, params: Mapping[str, Any], lineup: list[Any], path: str, what: str) -> Any:
        """One tournament into `path`; a failure after games were played keeps them (AnalysisError)."""
        from tablesearch.tournaments import tournament

        try:
            return tournament(self.game, lineup, self.games, params=params, out=path, resamples=0, **self.options)
        except KeyboardInterrupt:
            raise KeyboardInterrupt(
                f"interrupted; the games played so far are kept in {self.directory}: run the same command to resume"
            ) from None
        except Exception as error:
            kept = _count_lines(path)
            if kept == 0 and isinstance(error, (ValueError, TypeError)):
                raise  # bad input found before any game was played
            raise AnalysisError(
                f"{what} failed after {kept} games: {type(error).__name__}: {error}. "
                f"The {kept} games of this run are kept in {path} (and earlier runs beside it); "
                "fix the cause and run the same command to resume",
                path,
                kept,
            ) from error


def _games_directory(out: Any) -> str:
    """`out` made if missing; ValueError naming it if it cannot be the directory of the games."""
    if not isinstance(out, (str, os.PathLike)):
        raise TypeError(f"out must be a directory path, got {type(out).__name__} {out!r}"[:200])
    directory = os.fspath(out)
    try:
        os.makedirs(directory, exist_ok=True)
    except FileExistsError:
        raise ValueError(f"out {directory!r} is a file; out is the directory that keeps the games") from None
    except OSError as error:
        raise ValueError(f"out {directory!r}: cannot make the directory of the games: {error.strerror}") from None
    return str(directory)


def _check_json(what: str, value: Any) -> None:
    """ValueError now if `value` cannot go into the JSON report (an infinite number, say)."""
    try:
        json.dumps(value, allow_nan=False)
    except (ValueError, TypeError) as error:
        raise ValueError(f"{what} cannot be written to the JSON report ({error}): {value!r}") from None


def _measure(game: str, name: str, params: dict[str, Any], game_obj: Any, outcome: Mapping[str, Any]) -> dict[str, Any]:
    self_play = outcome["self-play"]
    lines = self_play.lines
    facts = [replay(game_obj, line) for line in lines]
    n = game_obj.num_players()
    variant: dict[str, Any] = {
        "label": name,
        "params": params,
        "num_players": n,
        **metrics.self_play_metrics(lines, facts, n, params),
    }
    skill = outcome.get("skill")
    variant["skill"] = (
        metrics.skill_metrics(skill.lines, skill.agents[0], skill.agents[1]) if skill is not None and n > 1 else None
    )
    figures = exact.figures(game, params)
    variant["exact"] = figures
    variant["exact_agreement"] = exact.agreement(variant, figures) if figures else None
    variant["verdicts"] = verdicts.variant_verdicts(variant, n)
    return variant


def _announcer(progress: Optional[bool]) -> Callable[[str], None]:
    """Prints one line per run on stderr when a progress bar would show (a terminal, or progress=True)."""
    enabled = progress if progress is not None else sys.stderr.isatty()
    return (lambda text: print(text, file=sys.stderr, flush=True)) if enabled else (lambda text: None)
