"""Monte Carlo tree search: the Python face of the native search core.

This module only checks arguments and turns results into plain data; the search itself runs in
C++ with the GIL released. Ctrl-C stops a search within a few hundredths of a second.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any, Optional

from tablesearch import _core

ALGORITHMS = ("uct", "ismcts", "mo-ismcts", "pimc")
"""The algorithms this build implements (``algorithm="auto"`` picks among them)."""

DEFAULT_ITERATIONS = 1000
DEFAULT_UCT_C = math.sqrt(2)
DEFAULT_MAX_MEMORY_MB = 1024


@dataclass(frozen=True)
class RandomRollout:
    """The native leaf evaluator: the mean returns of `rollouts` uniformly random playouts."""

    rollouts: int = 1

    def __post_init__(self) -> None:
        _check_int("rollouts", self.rollouts, minimum=1)


@dataclass(frozen=True)
class ActionStat:
    """Search statistics of one root action."""

    action: int
    visits: int
    value: float  # mean return for the player to move at the root


@dataclass
class SearchResult:
    """What a search found. `stats` lists every legal root action in action order."""

    best_action: int
    algorithm: str
    iterations: int
    elapsed: float
    nodes: int
    stats: list[ActionStat]
    root_values: list[float]  # mean return per player over all iterations
    node_bytes: int = 0
    memory_capped: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    def policy(self) -> dict[int, float]:
        """Visit shares of the root actions, as {action: share}; shares sum to 1."""
        total = sum(s.visits for s in self.stats)
        if total == 0:
            return {s.action: 1.0 / len(self.stats) for s in self.stats}
        return {s.action: s.visits / total for s in self.stats}

    @property
    def iterations_per_second(self) -> float:
        return self.iterations / self.elapsed if self.elapsed > 0 else float("inf")


def _check_int(name: str, value: Any, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, got {type(value).__name__} {value!r}")
    if value < minimum:
        raise ValueError(f"{name} must be >= {minimum}, got {value}")
    return value


def _check_float(name: str, value: Any, minimum: float, allow_equal: bool = True) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{name} must be a number, got {type(value).__name__} {value!r}")
    value = float(value)
    if not math.isfinite(value) or value < minimum or (value == minimum and not allow_equal):
        bound = ">=" if allow_equal else ">"
        raise ValueError(f"{name} must be a finite number {bound} {minimum}, got {value}")
    return value


def _resolve_algorithm(algorithm: str, state: _core.State) -> str:
    if not isinstance(algorithm, str):
        raise TypeError(f"algorithm must be a str, got {type(algorithm).__name__}")
    if algorithm == "auto":
        return "ismcts" if state.get_game().has_hidden_information() and "ismcts" in ALGORITHMS else "uct"
    if algorithm not in ALGORITHMS:
        raise ValueError(f"unknown algorithm {algorithm!r}; available: auto, {', '.join(ALGORITHMS)}")
    return algorithm


def _native_config(state: Any, iterations: Optional[int], time_limit: Optional[float], seed: Optional[int],
                   algorithm: str, uct_c: float, threads: int, evaluator: Any, max_memory_mb: int,
                   determinizations: int) -> dict[str, Any]:
    """Checks every search argument; returns the keywords of the native call."""
    if not isinstance(state, _core.State):
        raise TypeError(f"state must be a tablesearch State, got {type(state).__name__}")
    if state.is_terminal():
        raise ValueError("cannot search a terminal state: the game is over")
    if state.is_chance_node():
        raise ValueError("cannot search at a chance node: apply a chance outcome first (see chance_outcomes())")
    if iterations is None and time_limit is None:
        iterations = DEFAULT_ITERATIONS
    iterations = 0 if iterations is None else _check_int("iterations", iterations, minimum=1)
    time_limit = 0.0 if time_limit is None else _check_float("time_limit", time_limit, 0.0, allow_equal=False)
    if seed is None:
        seed = random.getrandbits(63)
    _check_int("seed", seed, minimum=0)
    if seed >= 2**64:
        raise ValueError(f"seed must be below 2**64, got {seed}")
    _check_int("threads", threads, minimum=1)
    if threads != 1:
        raise ValueError(f"threads must be 1 in this build, got {threads}")
    _check_int("max_memory_mb", max_memory_mb, minimum=1)
    _check_int("determinizations", determinizations, minimum=1)
    if evaluator is None:
        evaluator = RandomRollout()
    if not isinstance(evaluator, RandomRollout):
        raise TypeError(f"evaluator must be mcts.RandomRollout, got {type(evaluator).__name__}")
    return dict(
        algorithm=_resolve_algorithm(algorithm, state),
        iterations=iterations,
        time_limit=time_limit,
        uct_c=_check_float("uct_c", uct_c, 0.0),
        seed=seed,
        max_memory_mb=max_memory_mb,
        rollouts=evaluator.rollouts,
        determinizations=determinizations,
    )


def search(state: Any, iterations: Optional[int] = None, time_limit: Optional[float] = None,
           seed: Optional[int] = None, *, algorithm: str = "auto", uct_c: float = DEFAULT_UCT_C,
           threads: int = 1, evaluator: Any = None, max_memory_mb: int = DEFAULT_MAX_MEMORY_MB,
           determinizations: int = 8) -> SearchResult:
    """Searches `state` and returns the statistics of every root action and the best one.

    Budgets: `iterations`, `time_limit` (seconds), or both (whichever ends first); with neither,
    1000 iterations. The same seed gives the same result. Raises ValueError for a terminal or
    chance state and for out-of-range arguments, TypeError for arguments of the wrong type, and
    KeyboardInterrupt when Ctrl-C is pressed during the search.
    """
    config = _native_config(state, iterations, time_limit, seed, algorithm, uct_c, threads, evaluator,
                            max_memory_mb, determinizations)
    native = _core.search(state, **config)
    return SearchResult(
        best_action=native.best_action,
        algorithm=native.algorithm,
        iterations=native.iterations,
        elapsed=native.elapsed,
        nodes=native.nodes,
        stats=[ActionStat(s.action, s.visits, s.value) for s in native.stats],
        root_values=list(native.root_values),
        node_bytes=native.node_bytes,
        memory_capped=native.memory_capped,
    )


class Agent:
    """Plays by searching every move: ``Agent(iterations=5000, seed=0).step(state) -> action``.

    Takes the keywords of `search`. Each move gets its own seed drawn from `seed`, so a game
    replays exactly. `last_result` keeps the most recent SearchResult; `total_iterations` sums
    them over the agent's life.
    """

    def __init__(self, iterations: Optional[int] = None, time_limit: Optional[float] = None,
                 seed: Optional[int] = None, **search_options: Any) -> None:
        self.search_options = dict(iterations=iterations, time_limit=time_limit, **search_options)
        # Catch bad options now rather than at the first move.
        known = {"algorithm", "uct_c", "threads", "evaluator", "max_memory_mb", "determinizations"}
        unknown = set(search_options) - known
        if unknown:
            raise TypeError(f"unknown search option(s) {sorted(unknown)}; valid: {sorted(known)}")
        if seed is not None:
            _check_int("seed", seed, minimum=0)
        self._rng = random.Random(seed)
        self.last_result: Optional[SearchResult] = None
        self.total_iterations = 0

    def step(self, state: Any) -> int:
        """The action to play in `state`."""
        result = search(state, seed=self._rng.getrandbits(63), **self.search_options)
        self.last_result = result
        self.total_iterations += result.iterations
        return result.best_action

    def __repr__(self) -> str:
        options = ", ".join(f"{k}={v!r}" for k, v in self.search_options.items() if v is not None)
        return f"mcts.Agent({options})"
