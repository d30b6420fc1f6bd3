"""Monte Carlo tree search: the Python face of the native search core.

This module only checks arguments and turns results into plain data; the search itself runs in
C++ with the GIL released. Ctrl-C stops a search within a few hundredths of a second.
"""

from __future__ import annotations

import inspect
import math
import os
import random
import threading
from dataclasses import dataclass, field
from typing import Any, Optional

from tablesearch import _core
from tablesearch.games.python_games import native_state, python_state_of
from tablesearch.games.search_defaults import search_defaults

ALGORITHMS: tuple[str, ...] = tuple(_core.ALGORITHMS)
"""The algorithms this build implements, from the native algorithm table (search/algorithm.h);
``algorithm="auto"`` picks among them. Each has its default exploration constant there (uct_c:
sqrt(2), or 1.0 for smooth-uct and infoset-uct, whose values are scaled to [-1, 1])."""

DEFAULT_ITERATIONS = 1000
MIXED_POLICY_THRESHOLD = 0.2
"""Shares of a mixed policy below this are dropped (SearchResult.policy)."""


def _default_max_memory_mb() -> int:
    """1024, or the environment variable TABLESEARCH_MAX_MEMORY_MB (a smaller machine, or a
    sanitizer run, where reserving a large tree up front is slow)."""
    text = os.environ.get("TABLESEARCH_MAX_MEMORY_MB", "1024")
    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 1 <= value < 2**63:
        raise ValueError(f"TABLESEARCH_MAX_MEMORY_MB must be a positive integer (MB), got {text!r}")
    return value


DEFAULT_MAX_MEMORY_MB = _default_max_memory_mb()
INT32_MAX, INT64_MAX = 2**31 - 1, 2**63 - 1  # the native counts' ranges


@dataclass(frozen=True)
class RandomRollout:
    """The native leaf evaluator: the mean returns of `rollouts` uniformly random playouts."""

    rollouts: int = 1

    def __post_init__(self) -> None:
        _check_int("rollouts", self.rollouts, minimum=1, maximum=INT32_MAX)


PLAYOUTS = ("random", "mast", "mast-gibbs")
"""Playout policies: uniform random moves, or MAST (action means learned during the search)
epsilon-greedy or by Gibbs sampling (see docs/long-games.md)."""


@dataclass(frozen=True)
class HeuristicEvaluator:
    """The native leaf evaluator with a rollout cutoff: playouts of at most `cutoff` decisions
    (chance outcomes do not count; 0: none), then the game's heuristic estimate of the returns
    (``state.heuristic_returns()``: Gummiz and specials at Gummiland, cards right side up at Gnomi,
    the distance between a player's tokens at Wetland). `playout` picks the playout moves:
    "random", "mast" (epsilon-greedy on the action means learned during the search) or
    "mast-gibbs". `rollouts` playouts per leaf are averaged.

    ``search(state, evaluator=HeuristicEvaluator(cutoff=k))`` is ``search(state, rollout_cutoff=k)``.
    `evaluate(state)` gives the heuristic at `state` itself (the returns once the game is over);
    games without a heuristic raise ValueError there and in a search.
    """

    cutoff: int = 0
    playout: str = "random"
    rollouts: int = 1

    def __post_init__(self) -> None:
        _check_int("cutoff", self.cutoff, minimum=0, maximum=INT32_MAX)
        _check_playout(self.playout)
        _check_int("rollouts", self.rollouts, minimum=1, maximum=INT32_MAX)

    def evaluate(self, state: Any) -> list[float]:
        """The game's heuristic estimate of the returns at `state`, one value per player."""
        native = native_state(state)
        if not hasattr(native, "heuristic_returns"):
            raise ValueError(
                f"{type(state).__name__} has no heuristic evaluation (heuristic_returns); "
                "HeuristicEvaluator needs a native game that defines one"
            )
        return list(native.heuristic_returns())


def _check_playout(playout: Any) -> str:
    if not isinstance(playout, str):
        raise TypeError(f"playout must be a str, got {type(playout).__name__} {playout!r}")
    if playout not in PLAYOUTS:
        raise ValueError(f"unknown playout {playout!r}; valid: {', '.join(PLAYOUTS)} (or 'auto')")
    return playout


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
    proven_value: Optional[float] = None  # solve=True: the exact value for the player to move
    # The most visited line from the root, best_action first (information-set searches: actions
    # as the root player observes them; PIMC: best_action only).
    principal_variation: list[int] = field(default_factory=list)

    def _repr_html_(self) -> str:
        """Jupyter: a table of the root actions with a bar chart of the visit shares."""
        from tablesearch.render.search_view import html

        return html(self)

    mixed: bool = False  # policy() is a mixed strategy to sample from (smooth-uct), not a ranking

    def policy(self) -> dict[int, float]:
        """Visit shares of the root actions, as {action: share}; shares sum to 1.

        For the other algorithms the shares rank the actions and the most visited one is the move.
        For ``smooth-uct`` (``mixed`` is True) this is the search's average policy at the root
        information set, the mixed strategy that approaches an equilibrium, thresholded: shares
        below MIXED_POLICY_THRESHOLD (exploration residue, mostly) are dropped and the rest
        renormalized (Ganzfried and Sandholm's thresholding; at Leduc it cut the exploitability
        at 10,000 iterations from 0.58 to 0.45 chips)."""
        total = sum(s.visits for s in self.stats)
        if total == 0:
            return {s.action: 1.0 / len(self.stats) for s in self.stats}
        shares = {s.action: s.visits / total for s in self.stats}
        if not self.mixed:
            return shares
        top = max(shares.values())
        kept = {a: p for a, p in shares.items() if p >= MIXED_POLICY_THRESHOLD or p == top}
        kept_total = sum(kept.values())
        return {a: kept.get(a, 0.0) / kept_total for a in shares}

    @property
    def iterations_per_second(self) -> float:
        return self.iterations / self.elapsed if self.elapsed > 0 else float("inf")


def _check_int(name: str, value: Any, minimum: int, maximum: int = INT64_MAX) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, got {type(value).__name__} {value!r}")
    if value < minimum:
        raise ValueError(f"{name} must be >= {minimum}, got {value}")
    if value > maximum:
        raise ValueError(f"{name} must be at most {maximum}, got {value}")
    return value


def _check_float(name: str, value: Any, minimum: float, allow_equal: bool = True) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{name} must be a number, got {type(value).__name__} {value!r}")
    number = float(value)
    if not math.isfinite(number) or number < minimum or (number == minimum and not allow_equal):
        bound = ">=" if allow_equal else ">"
        raise ValueError(f"{name} must be a finite number {bound} {minimum}, got {number}")
    return number


def _check_fraction(name: str, value: Any) -> float:
    fraction = _check_float(name, value, 0.0)
    if fraction > 1.0:
        raise ValueError(f"{name} must be in [0, 1] (a mixing weight), got {fraction}")
    return fraction


def _evaluator_kind(evaluator: Any) -> str:
    """'native', 'batched' (evaluate_batch) or 'python' (evaluate, optionally prior)."""
    if evaluator is None or isinstance(evaluator, (RandomRollout, HeuristicEvaluator)):
        return "native"
    if hasattr(evaluator, "evaluate_batch"):
        return "batched"
    if hasattr(evaluator, "evaluate"):
        return "python"
    raise TypeError(
        f"evaluator must be mcts.RandomRollout, mcts.HeuristicEvaluator, or have evaluate(state) or "
        f"evaluate_batch(observations); "
        f"got {type(evaluator).__name__}"
    )


def _resolve_algorithm(algorithm: str, game: Any, evaluator: Any) -> str:
    if not isinstance(algorithm, str):
        raise TypeError(f"algorithm must be a str, got {type(algorithm).__name__}")
    if algorithm == "auto":
        chosen = search_defaults(game).get("algorithm") or _declared_algorithm(game)
        if chosen is not None and _evaluator_kind(evaluator) == "native":
            return str(chosen)  # measured strongest for this game (games.search_defaults, or its own)
        if _has_hidden_information(game) and _nash_seeking_fits(game):
            return "smooth-uct"
        if _has_hidden_information(game):
            return "ismcts"
        guided = _evaluator_kind(evaluator) == "batched" or hasattr(evaluator, "prior")
        return "puct" if guided else "uct"
    return algorithm  # the native search parses it (ValueError naming the valid ones)


def _nash_seeking_fits(game: Any) -> bool:
    """Two-player zero-sum games with native information-state keys (Leduc poker): there
    smooth-uct measured far less exploitable than ISMCTS, and won the equal-time match
    (docs/hidden-information.md). Other hidden-information games keep ISMCTS, and so does Gnomi
    (native keys too), by its entry in games.search_defaults: it lost at equal time there."""
    keys = getattr(game, "has_information_state_keys", None)
    return bool(keys is not None and keys() and game.num_players() == 2)


def _declared_algorithm(game: Any) -> Optional[str]:
    """What a Python game's own object declares "auto" should search it with (its
    default_algorithm(), for example OpenSpiel's two-player zero-sum hidden-information games:
    infoset-uct), or None."""
    declare = getattr(getattr(game, "game", None), "default_algorithm", None)
    chosen = declare() if callable(declare) else None
    return None if chosen is None else str(chosen)


def _has_hidden_information(game: Any) -> bool:
    return bool(game is not None and hasattr(game, "has_hidden_information") and game.has_hidden_information())


def _game_of(state: Any) -> Any:
    return state.get_game() if hasattr(state, "get_game") else None


def _native_evaluator(evaluator: Any) -> Any:
    """The native wrapper of a Python evaluator: batch size 0 calls evaluate() (and prior()), 1 or
    more evaluate_batch() with observation tensors shaped as the searched game declares."""
    kind = _evaluator_kind(evaluator)
    if kind == "native":
        return None
    if kind == "python":
        return _core.PyEvaluator(evaluator, 0)
    batch_size = getattr(evaluator, "batch_size", 16)
    _check_int("evaluator.batch_size", batch_size, minimum=1, maximum=2**20)
    return _core.PyEvaluator(evaluator, batch_size)


def _native_config(
    state: Any,
    game: Any,
    iterations: Optional[int],
    time_limit: Optional[float],
    seed: Optional[int],
    algorithm: str,
    uct_c: Optional[float],
    threads: int,
    evaluator: Any,
    max_memory_mb: int,
    determinizations: int,
    solve: bool,
    dirichlet_alpha: float,
    dirichlet_epsilon: float,
    rollout_cutoff: Any = "auto",
    playout: Any = "auto",
    mast_epsilon: float = 0.4,
    mast_temperature: float = 0.2,
    score_weight: Any = "auto",
    score_scale: Any = "auto",
) -> dict[str, Any]:
    """Checks every search argument; returns the keywords of the native call. (The native search
    checks the state itself: not over, not at a chance node.)"""
    if iterations is None and time_limit is None:
        iterations = DEFAULT_ITERATIONS
    iterations = 0 if iterations is None else _check_int("iterations", iterations, minimum=1)
    time_limit = 0.0 if time_limit is None else _check_float("time_limit", time_limit, 0.0, allow_equal=False)
    if seed is None:
        seed = random.getrandbits(63)
    _check_int("seed", seed, minimum=0, maximum=2**64 - 1)
    _check_int("threads", threads, minimum=1)
    if threads > 256:
        raise ValueError(f"threads must be at most 256, got {threads}")
    if iterations and iterations < threads:
        raise ValueError(f"iterations ({iterations}) must be at least threads ({threads})")
    if not isinstance(solve, bool):
        raise TypeError(f"solve must be a bool, got {type(solve).__name__}")
    _check_int("max_memory_mb", max_memory_mb, minimum=1)
    _check_int("determinizations", determinizations, minimum=1, maximum=INT32_MAX)
    algorithm = _resolve_algorithm(algorithm, game, evaluator)
    if _evaluator_kind(evaluator) == "batched" and algorithm != "puct":
        raise ValueError(f"batched evaluators need algorithm='puct', got {algorithm!r}")
    playout_options = _playout_options(state, game, evaluator, rollout_cutoff, playout)
    if uct_c is None:
        defaults = search_defaults(game)
        if "uct_c" in defaults and defaults.get("algorithm", algorithm) == algorithm:
            uct_c = defaults["uct_c"]  # measured for this game and algorithm (games.search_defaults)
        # else None: the algorithm's own default, from the native table (search/algorithm.h)
    return dict(
        **playout_options,
        **_score_options(game, evaluator, score_weight, score_scale),
        mast_epsilon=_check_unit("mast_epsilon", mast_epsilon),
        mast_temperature=_check_float("mast_temperature", mast_temperature, 0.0, allow_equal=False),
        algorithm=algorithm,
        iterations=iterations,
        time_limit=time_limit,
        uct_c=None if uct_c is None else _check_float("uct_c", uct_c, 0.0),  # None: the algorithm's default
        seed=seed,
        max_memory_mb=max_memory_mb,
        determinizations=determinizations,
        threads=threads,
        solve=solve,
        dirichlet_alpha=_check_float("dirichlet_alpha", dirichlet_alpha, 0.0),
        dirichlet_epsilon=_check_fraction("dirichlet_epsilon", dirichlet_epsilon),
    )


def _check_unit(name: str, value: Any) -> float:
    number = _check_float(name, value, 0.0)
    if number > 1:
        raise ValueError(f"{name} must be in [0, 1], got {number}")
    return number


def _score_options(game: Any, evaluator: Any, score_weight: Any, score_scale: Any) -> dict[str, float]:
    """score_weight and score_scale for the native call. "auto" takes the game's defaults
    (games.search_defaults) for the default playouts; an evaluator object plays without them."""
    defaults = search_defaults(game if evaluator is None else None)
    weight = defaults["score_weight"] if score_weight == "auto" else score_weight
    scale = defaults["score_scale"] if score_scale == "auto" else score_scale
    return dict(
        score_weight=_check_unit("score_weight", weight),
        score_scale=_check_float("score_scale", scale, 0.0, allow_equal=False),
    )


def _playout_options(state: Any, game: Any, evaluator: Any, rollout_cutoff: Any, playout: Any) -> dict[str, Any]:
    """rollouts, rollout_cutoff (-1: none) and playout for the native call. "auto" options take the
    game's defaults (games.search_defaults); an evaluator object fixes what it names."""
    defaults = search_defaults(game)
    cutoff: Any  # an int, None or "none" until checked below
    if isinstance(evaluator, HeuristicEvaluator):
        for name, given, fixed in (
            ("rollout_cutoff", rollout_cutoff, evaluator.cutoff),
            ("playout", playout, evaluator.playout),
        ):
            if given != "auto" and given != fixed:
                raise ValueError(f"{name}={given!r} contradicts evaluator={evaluator!r}; give one of them")
        cutoff, policy, rollouts = evaluator.cutoff, evaluator.playout, evaluator.rollouts
    else:
        cutoff = defaults["rollout_cutoff"] if rollout_cutoff == "auto" else rollout_cutoff
        policy = defaults["playout"] if playout == "auto" else playout
        rollouts = 1
        if isinstance(evaluator, RandomRollout):
            # Random playouts to the end, as the evaluator says, unless an option asks otherwise.
            rollouts = evaluator.rollouts
            cutoff = None if rollout_cutoff == "auto" else rollout_cutoff
            policy = "random" if playout == "auto" else playout
        elif evaluator is not None and (rollout_cutoff not in ("auto", None) or playout not in ("auto", "random")):
            raise ValueError(
                "rollout_cutoff and playout configure the native playouts; they cannot be combined "
                f"with evaluator={type(evaluator).__name__}"
            )
    if cutoff is not None:
        if isinstance(cutoff, str) and cutoff.lower() == "none":
            cutoff = None  # agent specs write None as text
    if cutoff is not None:
        _check_int("rollout_cutoff", cutoff, minimum=0, maximum=INT32_MAX)
        if not (hasattr(state, "has_heuristic") and state.has_heuristic()):
            raise ValueError(
                "rollout_cutoff needs a game with a heuristic evaluation (heuristic_returns); "
                "this game has none: use rollout_cutoff=None"
            )
    _check_playout(policy)
    return dict(rollouts=rollouts, rollout_cutoff=-1 if cutoff is None else cutoff, playout=policy)


def search(
    state: Any,
    iterations: Optional[int] = None,
    time_limit: Optional[float] = None,
    seed: Optional[int] = None,
    *,
    algorithm: str = "auto",
    uct_c: Optional[float] = None,
    threads: int = 1,
    evaluator: Any = None,
    max_memory_mb: int = DEFAULT_MAX_MEMORY_MB,
    determinizations: int = 8,
    solve: bool = False,
    tree: Optional[_core.SearchTree] = None,
    dirichlet_alpha: float = 0.0,
    dirichlet_epsilon: float = 0.25,
    rollout_cutoff: Any = "auto",
    playout: str = "auto",
    mast_epsilon: float = 0.4,
    mast_temperature: float = 0.2,
    score_weight: Any = "auto",
    score_scale: Any = "auto",
) -> SearchResult:
    """Searches `state` and returns the statistics of every root action and the best one.

    Budgets: `iterations`, `time_limit` (seconds), or both (whichever ends first); with neither,
    1000 iterations. The same seed gives the same result; with `threads` > 1 (root parallelism:
    one tree per thread, statistics merged) too, as long as the budget is `iterations`.
    `max_memory_mb` caps the trees (shared between threads): they stop growing, the search goes
    on. `solve=True` (two-player games without chance) backs up proven wins, losses and draws,
    stops once the root is proven and reports `proven_value`. `tree` (a SearchTree) keeps the
    trees for the next search of a later position of the same game (tree reuse; native games).

    `state` is a native State, a state of a registered Python game, or any object with the state
    protocol: the same native search drives it through callbacks. A pyspiel state is searched as
    the state of `load_game("openspiel:...")` would be (hidden information as hidden).
    `evaluator` is mcts.RandomRollout(rollouts=n) (the default), any object with
    `evaluate(state) -> values per player` and optionally `prior(state) -> {action: p}` (PUCT uses
    the priors), or a batched one with `evaluate_batch(observations) -> (values, priors)` and a
    `batch_size` attribute, called with many leaves at once. `algorithm="auto"` picks "puct" when
    the evaluator gives priors. `dirichlet_alpha` > 0 mixes Dirichlet noise into PUCT's root priors.

    Playouts (docs/long-games.md): `rollout_cutoff=k` stops each playout after k decisions and
    takes the game's heuristic estimate (games with `state.has_heuristic()`; None: play to the
    end); `playout` is "random", "mast" (epsilon-greedy on action means learned during the
    search, `mast_epsilon` random moves) or "mast-gibbs" (Gibbs sampling at `mast_temperature`).
    `score_weight=w` (games with scores) values a playout that reaches the end at (1 - w) x its
    returns + w x tanh(score margin / `score_scale`): by how much a random continuation wins
    says more about the leaf than who wins, in long games. "auto" (the default) takes what
    measured strongest for the game (games.search_defaults).

    Raises ValueError for a terminal or chance state and for out-of-range arguments, TypeError
    for arguments of the wrong type, and KeyboardInterrupt when Ctrl-C is pressed.
    """
    state = python_state_of(state)  # a pyspiel state: searched as load_game("openspiel:...") would
    native_root = native_state(state)
    config = _native_config(
        native_root,
        _game_of(state),
        iterations,
        time_limit,
        seed,
        algorithm,
        uct_c,
        threads,
        evaluator,
        max_memory_mb,
        determinizations,
        solve,
        dirichlet_alpha,
        dirichlet_epsilon,
        rollout_cutoff,
        playout,
        mast_epsilon,
        mast_temperature,
        score_weight,
        score_scale,
    )
    if tree is not None and not isinstance(tree, _core.SearchTree):
        raise TypeError(f"tree must be a mcts.SearchTree, got {type(tree).__name__}")
    native = _core.search(native_root, **config, tree=tree, evaluator=_native_evaluator(evaluator))
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
        proven_value=native.proven_value if native.proven else None,
        principal_variation=list(native.principal_variation) or [native.best_action],
        mixed=native.mixed,
    )


SearchTree = _core.SearchTree

_AGENT_OPTIONS = frozenset(
    name for name, p in inspect.signature(search).parameters.items() if p.kind is p.KEYWORD_ONLY and name != "tree"
)
"""The search keywords an Agent takes (search's keyword-only ones; the agent owns its tree)."""


class Agent:
    """Plays by searching every move: ``Agent(iterations=5000, seed=0).step(state) -> action``.

    Takes the keywords of `search`. Each move gets its own seed drawn from `seed`, so a game
    replays exactly. With `reuse_tree` (the default) the agent keeps the part of its tree reached
    by the actions actually played between its moves and searches on from there; a position that
    does not follow from its last one (a new game) starts a fresh tree. `last_result` keeps the
    most recent SearchResult; `total_iterations` sums the iterations over the agent's life.
    """

    def __init__(
        self,
        iterations: Optional[int] = None,
        time_limit: Optional[float] = None,
        seed: Optional[int] = None,
        reuse_tree: bool = True,
        **search_options: Any,
    ) -> None:
        self.search_options = dict(iterations=iterations, time_limit=time_limit, **search_options)
        self.tree = SearchTree() if reuse_tree else None
        # Catch bad options now rather than at the first move.
        known = _AGENT_OPTIONS
        unknown = set(search_options) - known
        if unknown:
            raise TypeError(f"unknown search option(s) {sorted(unknown)}; valid: {sorted(known)}")
        if seed is not None:
            _check_int("seed", seed, minimum=0)
        self._rng = random.Random(seed)
        self._busy = threading.Lock()
        self.last_result: Optional[SearchResult] = None
        self.total_iterations = 0

    def step(self, state: Any) -> int:
        """The action to play in `state`.

        Raises RuntimeError if this agent is already searching (in another thread, or from inside
        one of its own evaluator's callbacks): an agent plays one move at a time; give each
        thread its own agent."""
        if not self._busy.acquire(blocking=False):
            raise RuntimeError(
                "this mcts.Agent is already searching (in another thread, or from a callback of its "
                "own search); an agent plays one move at a time: give each thread its own agent"
            )
        try:
            result = search(state, seed=self._rng.getrandbits(63), tree=self.tree, **self.search_options)
        finally:
            self._busy.release()
        self.last_result = result
        self.total_iterations += result.iterations
        if result.mixed:
            # A mixed strategy played by its argmax is exploitable: sample from it.
            policy = result.policy()
            return self._rng.choices(list(policy), weights=list(policy.values()))[0]
        return result.best_action

    def set_budget(self, iterations: Optional[int] = None, time_limit: Optional[float] = None) -> None:
        """Sets the per-move budget (search's `iterations` and `time_limit`; neither: the default
        of 1000 iterations). Raises TypeError or ValueError for a bad value, as search would."""
        if iterations is not None:
            _check_int("iterations", iterations, minimum=1)
        if time_limit is not None:
            _check_float("time_limit", time_limit, 0.0, allow_equal=False)
        self.search_options["iterations"] = iterations
        self.search_options["time_limit"] = time_limit

    @property
    def budget(self) -> dict[str, Any]:
        """The per-move budget: {"iterations": n} and/or {"time_limit": seconds}."""
        budget = {k: self.search_options[k] for k in ("iterations", "time_limit") if self.search_options[k] is not None}
        return budget or {"iterations": DEFAULT_ITERATIONS}

    def __repr__(self) -> str:
        options = ", ".join(f"{k}={v!r}" for k, v in self.search_options.items() if v is not None)
        return f"mcts.Agent({options})"
