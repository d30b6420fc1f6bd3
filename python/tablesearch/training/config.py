"""The settings of a training run: what `tablesearch train` and `ts.train` take, checked once.

A run's settings are written to its folder (``config.json``) and read back on resume: the same
command resumes, and a command that changed what the run learns from (the game, the network, the
search, the seed) is refused, naming the settings that differ. The time budget and the worker
count may change between resumes.
"""

from __future__ import annotations

import dataclasses
import json
import math
from dataclasses import asdict, dataclass, field, fields
from typing import Any, Optional

from tablesearch import mcts

SEARCHES = ("auto", *mcts.ALGORITHMS)
"""Self-play searches: "auto" is PUCT with root noise on games without hidden information and
ISMCTS guided by the network's priors (ismcts-puct, root noise too) on games with it; or any
algorithm by name."""

RESUMABLE = ("minutes", "steps", "workers", "progress", "eval_seconds")
"""Settings a resumed run may change: how long it goes on, where it runs, and how often it is evaluated."""


HELP = {
    "seed": "seed of every random draw of the run (self-play, batches, evaluation)",
    "minutes": "training time of the whole run, resumes included",
    "steps": "stop after this many steps",
    "workers": "self-play and evaluation worker processes, at most one per core",
    "architecture": "the network: mlp (dense layers) or resnet (residual convolutions, for boards)",
    "hidden": "mlp: hidden layer widths, comma-separated",
    "channels": "resnet: planes of the trunk",
    "blocks": "resnet: residual blocks",
    "value_hidden": "resnet: width of the value head's hidden layer",
    "search": "self-play search: auto (PUCT with root noise; ismcts-puct where information is hidden) or an algorithm",
    "simulations": "search iterations per self-play move",
    "games_per_step": "self-play games per training step",
    "temperature_moves": "decisions of each game whose move is drawn from the visit shares (then the most visited)",
    "dirichlet_alpha": "PUCT root noise: Dirichlet alpha (0: no noise)",
    "dirichlet_epsilon": "PUCT root noise: share of the noise in the root priors",
    "read_hidden": "let self-play on a game with hidden information search with an algorithm that reads the whole "
    "state (its targets then hold what the network's input cannot see)",
    "search_value_weight": "share of the search's root value in the value target (0: the game's outcome alone)",
    "mirror": "train on the left-right mirror of half the positions where the game's board allows it",
    "buffer_positions": "replay buffer: the newest positions kept",
    "batch_size": "positions per optimiser step",
    "replay_ratio": "positions drawn for training per new self-play position",
    "learning_rate": "AdamW learning rate",
    "weight_decay": "AdamW weight decay",
    "ladder": "evaluation ladder: iterations of the UCT players with random playouts, comma-separated",
    "eval_games": "games against each rung per evaluation (and between neighbouring rungs, once)",
    "eval_simulations": "search iterations per move of the network's player in evaluations",
    "eval_seconds": "training seconds between evaluations",
}
"""What each setting means (the command's help, docs/training.md)."""

DEFAULT_TEXT = {
    "steps": "none: until the minutes are spent",
    "workers": "one per core (ts.train: 1)",
    "eval_simulations": "--simulations",
    "eval_seconds": "a tenth of --minutes, at least 60",
}
"""Defaults that are not a value of the field, in words."""

MAX_SIMULATIONS = 100_000  # a search of a move: tens of seconds at most on one core
MAX_WIDTH = 4096  # a layer's width or planes
MAX_RUNGS = 8
LIMITS = {
    "simulations": MAX_SIMULATIONS,
    "eval_simulations": MAX_SIMULATIONS,
    "games_per_step": 10_000,  # a step's games are played before the network learns from them
    "eval_games": 10_000,
    "buffer_positions": 10_000_000,  # also held to the machine's memory by the trainer
    "batch_size": 65_536,
    "workers": 1024,  # more than the cores are not started (tournaments.workers.plan_workers)
    "temperature_moves": 100_000,
    "steps": 1 << 40,
    "channels": MAX_WIDTH,
    "blocks": 64,
    "value_hidden": MAX_WIDTH,
}
"""The upper bound of each integer setting, from what the machine can do in a run."""


@dataclass(frozen=True)
class TrainConfig:
    """Every setting of a run, with its default (docs/training.md explains each)."""

    game: str
    params: dict[str, Any] = field(default_factory=dict)
    seed: int = 0
    # Budget: whichever ends first (steps None: until the minutes are spent).
    minutes: float = 10.0
    steps: Optional[int] = None
    workers: int = 1
    progress: Optional[bool] = None
    # The network (tablesearch.models.Architecture).
    architecture: str = "mlp"
    hidden: tuple[int, ...] = (256, 256)
    channels: int = 32
    blocks: int = 2
    value_hidden: int = 64
    # Self-play.
    search: str = "auto"
    simulations: int = 200
    games_per_step: int = 32
    temperature_moves: int = 10
    dirichlet_alpha: float = 0.3
    dirichlet_epsilon: float = 0.25
    search_value_weight: float = 0.5
    read_hidden: bool = False
    # Learning.
    mirror: bool = True
    buffer_positions: int = 50_000
    batch_size: int = 128
    replay_ratio: float = 8.0
    learning_rate: float = 2e-3
    weight_decay: float = 1e-4
    # Evaluation against the ladder of UCT players with random playouts.
    ladder: tuple[int, ...] = (10, 100, 1000)
    eval_games: int = 20
    eval_simulations: Optional[int] = None
    eval_seconds: Optional[float] = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "hidden", tuple(self.hidden))
        object.__setattr__(self, "ladder", tuple(self.ladder))
        object.__setattr__(self, "params", dict(self.params))
        _check_int("seed", self.seed, 0, 2**64 - 1)
        for name, high in LIMITS.items():
            if getattr(self, name) is not None:
                _check_int(name, getattr(self, name), 0 if name in ("steps", "temperature_moves") else 1, high)
        for width in self.hidden:
            _check_int("hidden (each width)", width, 1, MAX_WIDTH)
        if not 1 <= len(self.ladder) <= MAX_RUNGS:
            raise ValueError(f"ladder must be 1 to {MAX_RUNGS} iteration counts, got {self.ladder!r}")
        for rung in self.ladder:
            _check_int("ladder (each rung)", rung, 1, MAX_SIMULATIONS)
        if list(self.ladder) != sorted(set(self.ladder)):
            raise ValueError(f"ladder must be increasing iteration counts, got {self.ladder!r}")
        _check_number("minutes", self.minutes, 0.0, allow_zero=True)
        for name in ("learning_rate", "replay_ratio"):
            _check_number(name, getattr(self, name), 0.0)
        _check_number("weight_decay", self.weight_decay, 0.0, allow_zero=True)
        _check_number("dirichlet_alpha", self.dirichlet_alpha, 0.0, allow_zero=True)
        _check_number("dirichlet_epsilon", self.dirichlet_epsilon, 0.0, allow_zero=True)
        if self.dirichlet_epsilon > 1:
            raise ValueError(f"dirichlet_epsilon must be in [0, 1], got {self.dirichlet_epsilon!r}")
        _check_number("search_value_weight", self.search_value_weight, 0.0, allow_zero=True)
        if self.search_value_weight > 1:
            raise ValueError(f"search_value_weight must be in [0, 1], got {self.search_value_weight!r}")
        for name in ("mirror", "read_hidden"):
            if getattr(self, name) not in (True, False):
                raise ValueError(f"{name} must be True or False, got {getattr(self, name)!r}")
        if self.eval_seconds is not None:
            _check_number("eval_seconds", self.eval_seconds, 0.0)
        if self.architecture not in ("mlp", "resnet"):
            raise ValueError(f"architecture must be mlp or resnet, got {self.architecture!r}")
        if self.search not in SEARCHES:
            raise ValueError(f"search must be one of {', '.join(SEARCHES)}, got {self.search!r}")
        if self.progress not in (None, True, False):
            raise ValueError(f"progress must be None, True or False, got {self.progress!r}")

    @property
    def evaluation_simulations(self) -> int:
        return self.eval_simulations or self.simulations

    def evaluation_interval(self) -> float:
        """Seconds of training between evaluations: eval_seconds, else a tenth of the run (at least a minute)."""
        if self.eval_seconds is not None:
            return self.eval_seconds
        return max(60.0, self.minutes * 6.0)

    def architecture_sizes(self) -> dict[str, Any]:
        """The keywords of Model.for_game for this network."""
        if self.architecture == "mlp":
            return {"hidden": self.hidden}
        return {"channels": self.channels, "blocks": self.blocks, "value_hidden": self.value_hidden}

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["hidden"], data["ladder"] = list(self.hidden), list(self.ladder)
        return data

    @classmethod
    def from_json(cls, data: Any) -> TrainConfig:
        if not isinstance(data, dict):
            raise ValueError(f"a run's config.json must hold an object, got {type(data).__name__}")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"config.json has unknown settings {unknown}; valid: {sorted(known)}")
        return cls(**data)

    def differences(self, other: TrainConfig) -> list[str]:
        """The settings, other than RESUMABLE ones, where `other` differs from this run's."""
        mine, theirs = self.to_json(), other.to_json()
        return [
            f"{name}: {json.dumps(mine[name])} in the run, {json.dumps(theirs[name])} now"
            for name in mine
            if name not in RESUMABLE and mine[name] != theirs[name]
        ]


def _check_int(name: str, value: Any, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{name} must be an int in [{low:,}, {high:,}], got {value!r}"[:300])


def _check_number(name: str, value: Any, low: float, allow_zero: bool = False) -> None:
    ok = (
        not isinstance(value, bool)
        and isinstance(value, (int, float))
        and math.isfinite(value)
        and (value >= low if allow_zero else value > low)
    )
    if not ok:
        raise ValueError(f"{name} must be a finite number {'>=' if allow_zero else '>'} {low:g}, got {value!r}")


def option_rows() -> list[tuple[str, str, str, str]]:
    """(flag, default as the command uses it, valid values, meaning) of every setting the command
    takes, in TrainConfig's order: what `tablesearch train --help` and docs/training.md show."""
    rows = []
    for setting in fields(TrainConfig):
        if setting.name not in HELP:
            continue
        rows.append((f"--{setting.name.replace('_', '-')}", default_text(setting), _valid(setting), HELP[setting.name]))
    return rows


def command_line(settings: dict[str, Any], out: str) -> str:
    """The `tablesearch train` command that makes a run with `settings` (TrainConfig.to_json) in
    folder `out`: the game, its parameters, the seed and every setting that is not at its default,
    except where the run was played (workers, progress)."""
    words = ["tablesearch train", str(settings["game"])]
    words += [f"--param {name}={value}" for name, value in sorted(settings.get("params", {}).items())]
    for setting in fields(TrainConfig):
        name = setting.name
        if name not in HELP or name == "workers" or name not in settings:
            continue
        value = settings[name]
        if value == _json_default(setting) and name != "seed":  # the seed always shows: it makes the run
            continue
        if isinstance(value, bool):
            value = "on" if value else "off"
        elif isinstance(value, list):
            value = ",".join(map(str, value))
        elif isinstance(value, float):
            value = f"{value:g}"
        words.append(f"--{name.replace('_', '-')} {value}")
    return " ".join(words + [f"--out {out}"])


def _json_default(setting: Any) -> Any:
    value = setting.default_factory() if setting.default_factory is not dataclasses.MISSING else setting.default
    return list(value) if isinstance(value, tuple) else value


def default_text(setting: Any) -> str:
    if setting.name in DEFAULT_TEXT:
        return DEFAULT_TEXT[setting.name]
    value = setting.default
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, tuple):
        return ",".join(map(str, value))
    return f"{value:g}" if isinstance(value, float) else str(value)


def _valid(setting: Any) -> str:
    name, kind = setting.name, str(setting.type)
    if "bool" in kind:
        return "on or off"
    if name == "ladder":
        return f"1 to {MAX_RUNGS} increasing ints in [1, {MAX_SIMULATIONS:,}], comma-separated"
    if name == "hidden":
        return f"ints in [1, {MAX_WIDTH:,}], comma-separated"
    if name in LIMITS:
        low = 0 if name in ("steps", "temperature_moves") else 1
        return f"an int in [{low}, {LIMITS[name]:,}]"
    if name == "seed":
        return "an int >= 0"
    if name == "architecture":
        return "mlp or resnet"
    if name == "search":
        return ", ".join(SEARCHES)
    if name in ("dirichlet_epsilon", "search_value_weight"):
        return "a number in [0, 1]"
    if name in ("minutes", "weight_decay", "dirichlet_alpha"):
        return "a number >= 0"
    return "a number > 0"
