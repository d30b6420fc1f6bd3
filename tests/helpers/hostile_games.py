"""Python games and evaluators that misbehave on purpose, for the robustness tests: each takes the
methods to break as keyword arguments, so a test states exactly what is hostile."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from typing import Any, Callable

import numpy as np

import tablesearch as ts
from helpers import hostile
from helpers.py_games import NimState


def nim(stones: int = 13, **methods: Callable[..., Any]) -> NimState:
    """A Nim state (take 1-3 stones, last stone wins) whose listed methods are replaced; clone()
    keeps the replacements (it builds type(self))."""
    cls = type("HostileNim", (NimState,), dict(methods))
    return cls(stones)


class WideState:
    """One move among `width` actions, then the game ends: for huge action counts."""

    def __init__(self, width: int, done: bool = False) -> None:
        self.width, self.done = width, done

    def current_player(self) -> int:
        return ts.TERMINAL if self.done else 0

    def is_terminal(self) -> bool:
        return self.done

    def legal_actions(self) -> list[int]:
        return [] if self.done else list(range(self.width))

    def apply_action(self, action: int) -> None:
        self.done = True

    def returns(self) -> list[float]:
        return [0.0]

    def clone(self) -> WideState:
        return WideState(self.width, self.done)

    def num_players(self) -> int:
        return 1

    def get_game(self) -> WideGame:
        return WideGame(self.width)


class WideGame:
    """What a bare state's search reads of its game (pyspiel style): the bound on its actions."""

    def __init__(self, width: int) -> None:
        self.width = width

    def num_distinct_actions(self) -> int:
        return self.width


class Evaluator:
    """evaluate() returns `values(state)`; prior() exists only if `prior` is given."""

    def __init__(self, values: Callable[[Any], Any] = lambda s: [0.0, 0.0], prior: Any = None) -> None:
        self._values = values
        if prior is not None:
            self.prior = prior

    def evaluate(self, state: Any) -> Any:
        return self._values(state)


class BatchEvaluator:
    """evaluate_batch() returns zero values and uniform priors of `width` columns, unless given."""

    def __init__(
        self, batch_size: int = 4, width: int = 3, players: int = 2, values: Any = None, priors: Any = None
    ) -> None:
        self.batch_size, self.width, self.players = batch_size, width, players
        self._values, self._priors = values, priors
        self.shapes: list[tuple] = []

    def evaluate_batch(self, observations: np.ndarray) -> tuple:
        self.shapes.append(observations.shape)
        n = len(observations)
        values = np.zeros((n, self.players)) if self._values is None else self._values(n)
        priors = np.ones((n, self.width)) if self._priors is None else self._priors(n)
        return values, priors


def run_child(code: str, timeout: float = 120) -> str:
    """Runs `code` in a fresh interpreter (test games registered, helpers importable); a crash or
    an uncaught exception (a failed assert) fails the calling test with the child's output."""
    return hostile.run_isolated(code, timeout=timeout).stdout


def child(code: str, **kwargs: Any) -> subprocess.Popen:
    """`code` started in a fresh interpreter, as run_child would, without waiting for it."""
    prelude = (
        f"import sys\nsys.path.insert(0, {hostile.TESTS_DIR!r})\nfrom helpers import compiled_games, py_games\n"
        "py_games.register()\ncompiled_games.register()\nimport faulthandler\nfaulthandler.enable()\n"
    )
    return subprocess.Popen([sys.executable, "-c", prelude + textwrap.dedent(code)], **kwargs)
