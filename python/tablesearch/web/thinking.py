"""Running an agent's move so that a page can watch it think.

A search agent (``mcts.Agent``) is searched in short steps: each step is one ordinary native
search that continues the agent's kept tree (tree reuse), so after every step the statistics
cover all the iterations so far, and a callback can show them. Nothing is added inside the
search: a step is the same ``mcts.search`` call a tournament makes, only with a share of the
budget. A closed tab sets the stop flag, which ends the step (or a search run in one piece) at
once. Other agents (random, user code) are stepped once, in the same worker thread.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable, Optional

from tablesearch import _core, mcts

STEP_SECONDS = 0.15  # how often a thinking page is updated


class Cancelled(Exception):
    """The move was abandoned before the search finished (nobody is watching any more)."""


@dataclass
class Progress:
    result: Optional[mcts.SearchResult]  # statistics so far (None for agents that do not search)
    iterations: int
    elapsed: float
    done: bool


ProgressCallback = Callable[[Progress], None]


# The algorithms whose kept tree continues when the same position is searched again, from the
# algorithm table (PIMC searches fresh worlds each call, so it is run in one piece).
CONTINUING = mcts.CONTINUING_ALGORITHMS


def _steppable(agent: Any, view: Any) -> bool:
    """A search agent on a native game whose tree continues between calls (tree reuse is on)."""
    if not isinstance(agent, mcts.Agent) or agent.tree is None or not isinstance(view, _core.State):
        return False
    options = agent.search_options
    algorithm = mcts._resolve_algorithm(options.get("algorithm", "auto"), view.get_game(), options.get("evaluator"))
    return algorithm in CONTINUING


def think(agent: Any, view: Any, on_progress: ProgressCallback, cancel: mcts.StopFlag) -> int:
    """The agent's action in `view`, reporting progress; raises Cancelled when `cancel` is set
    (which also ends a search in progress).

    For an ``mcts.Agent`` with tree reuse, its budget (iterations and/or time_limit; default
    iterations) is spent in steps of about STEP_SECONDS; the agent's ``last_result`` and
    ``total_iterations`` are kept as ``step`` keeps them.
    """
    start = time.perf_counter()
    if not _steppable(agent, view):
        action = int(agent.step(view, stop=cancel) if isinstance(agent, mcts.Agent) else agent.step(view))
        if cancel.is_set():
            raise Cancelled()
        last = getattr(agent, "last_result", None)
        on_progress(Progress(last, last.iterations if last else 0, time.perf_counter() - start, True))
        return action
    options = dict(agent.search_options)
    total_iterations = options.pop("iterations", None)
    time_limit = options.pop("time_limit", None)
    if total_iterations is None and time_limit is None:
        total_iterations = mcts.DEFAULT_ITERATIONS
    done = 0
    step = 64  # grown to about STEP_SECONDS per step from the measured rate
    result: Optional[mcts.SearchResult] = None
    first = True
    while True:
        if cancel.is_set():
            raise Cancelled()
        elapsed = time.perf_counter() - start
        left_time = None if time_limit is None else time_limit - elapsed
        left_iterations = None if total_iterations is None else total_iterations - done
        if (left_time is not None and left_time <= 0 and not first) or (
            left_iterations is not None and left_iterations <= 0
        ):
            break
        chunk = step if left_iterations is None else min(step, left_iterations)
        seconds = None if left_time is None else max(min(left_time, STEP_SECONDS * 2), 1e-3)
        # The first step starts a fresh tree unless the agent's kept tree continues to this position.
        result = mcts.search(
            view,
            iterations=chunk,
            time_limit=seconds,
            seed=agent._rng.getrandbits(63),
            tree=agent.tree,
            stop=cancel,
            **options,
        )
        if cancel.is_set():
            raise Cancelled()
        first = False
        done += result.iterations
        rate = result.iterations / max(result.elapsed, 1e-6)
        step = int(min(max(64, rate * STEP_SECONDS), 1 << 24))
        on_progress(Progress(result, done, time.perf_counter() - start, False))
    assert result is not None
    agent.last_result = result
    agent.total_iterations += done
    on_progress(Progress(result, done, time.perf_counter() - start, True))
    return int(result.best_action)
