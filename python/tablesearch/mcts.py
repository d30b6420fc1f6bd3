"""Monte Carlo tree search: the Python face of the native search core.

This module only checks arguments and turns results into plain data; the search itself runs in
C++ with the GIL released. Ctrl-C stops a search within a few hundredths of a second.
"""

from __future__ import annotations

import inspect
import os
import random
import threading
from dataclasses import dataclass, field, fields
from functools import cached_property
from typing import Any, Optional

from tablesearch import _core
from tablesearch.games.python_games import native_state, python_state_of
from tablesearch.games.search_defaults import search_defaults
from tablesearch.models import BuiltinModel, Model
from tablesearch.search_options import (
    ALGORITHM_TABLE,
    DEFAULTS,
    OPTIONS,
    PER_GAME,
    SearchOption,
    check_option,
    option_from_text,
)
from tablesearch.search_options import DEFAULT_ITERATIONS as DEFAULT_ITERATIONS  # mcts.DEFAULT_ITERATIONS

ALGORITHMS: tuple[str, ...] = tuple(ALGORITHM_TABLE)
"""The algorithms this build implements, from the native algorithm table (search/algorithm.h;
`search_options.ALGORITHM_TABLE` has its rows); ``algorithm="auto"`` picks among them. Each has
its default exploration constant there (uct_c: sqrt(2), or 1.0 for smooth-uct and infoset-uct,
whose values are scaled to [-1, 1])."""

HIDDEN_INFORMATION_ALGORITHMS: tuple[str, ...] = tuple(n for n, a in ALGORITHM_TABLE.items() if a.hidden_information)
"""The algorithms that read only what the player to move may know (from the same table)."""

CONTINUING_ALGORITHMS: tuple[str, ...] = tuple(n for n, a in ALGORITHM_TABLE.items() if a.keeps_tree)
"""The algorithms whose tree continues in the next search given the same `tree` (tree reuse)."""

StopFlag = _core.StopFlag
"""``flag = StopFlag()``; ``search(..., stop=flag)`` ends early once any thread calls ``flag.set()``."""

MIXED_POLICY_THRESHOLD = 0.2
"""Shares of a mixed policy below this are dropped (SearchResult.policy)."""


def _default_max_memory_mb() -> int:
    """The option table's default, or the environment variable TABLESEARCH_MAX_MEMORY_MB (a
    smaller machine, or a sanitizer run, where reserving a large tree up front is slow)."""
    text = os.environ.get("TABLESEARCH_MAX_MEMORY_MB")
    if text is None:
        return int(DEFAULTS["max_memory_mb"])
    try:
        return int(option_from_text("max_memory_mb", text))
    except ValueError as error:
        raise ValueError(f"TABLESEARCH_MAX_MEMORY_MB: {error}") from None


DEFAULT_MAX_MEMORY_MB = _default_max_memory_mb()


@dataclass(frozen=True)
class RandomRollout:
    """The native leaf evaluator: the mean returns of `rollouts` uniformly random playouts."""

    rollouts: int = DEFAULTS["rollouts"]

    def __post_init__(self) -> None:
        check_option("rollouts", self.rollouts, label="RandomRollout.rollouts")


PLAYOUTS: tuple[str, ...] = OPTIONS["playout"].choices or ()
"""Playout policies: uniform random moves, or MAST (action means learned during the search)
epsilon-greedy or by Gibbs sampling (see docs/long-games.md)."""


@dataclass(frozen=True)
class HeuristicEvaluator:
    """The native leaf evaluator with a rollout cutoff: playouts of at most `cutoff` decisions
    (chance outcomes do not count; 0: none), then the game's heuristic estimate of the returns
    (``state.heuristic_returns()``, each game's own: docs/long-games.md describes them). `playout`
    picks the playout moves:
    "random", "mast" (epsilon-greedy on the action means learned during the search) or
    "mast-gibbs". `rollouts` playouts per leaf are averaged.

    ``search(state, evaluator=HeuristicEvaluator(cutoff=k))`` is ``search(state, rollout_cutoff=k)``.
    `evaluate(state)` gives the heuristic at `state` itself (the returns once the game is over);
    games without a heuristic raise ValueError there and in a search.
    """

    cutoff: int = 0
    playout: str = DEFAULTS["playout"]
    rollouts: int = DEFAULTS["rollouts"]

    def __post_init__(self) -> None:
        check_option("rollout_cutoff", self.cutoff, label="HeuristicEvaluator.cutoff")
        check_option("playout", self.playout, label="HeuristicEvaluator.playout")
        check_option("rollouts", self.rollouts, label="HeuristicEvaluator.rollouts")

    def evaluate(self, state: Any) -> list[float]:
        """The game's heuristic estimate of the returns at `state`, one value per player."""
        native = native_state(state)
        if not hasattr(native, "heuristic_returns"):
            raise ValueError(
                f"{type(state).__name__} has no heuristic evaluation (heuristic_returns); "
                "HeuristicEvaluator needs a native game that defines one"
            )
        return list(native.heuristic_returns())


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
    # Mean return per player over the root's visits: the iterations, and with a kept tree (tree
    # reuse) the visits it brought, as `stats` count them (estimated where the tree keeps only
    # the mover's values: search/root_tally.h).
    root_values: list[float]
    node_bytes: int = 0
    memory_capped: bool = False
    proven_value: Optional[float] = None  # solve=True: the exact value for the player to move
    # The most visited line from the root, best_action first (information-set searches: actions
    # as the root player observes them; PIMC: best_action only).
    principal_variation: list[int] = field(default_factory=list)
    # A copy of the searched state, which names the moves (action_labels,
    # principal_variation_labels) the first time they are read: a search pays nothing for names
    # nobody reads (they cost a 15 ms search of a native game 0.1 ms, more for a game written in Python).
    _named_from: Any = field(default=None, repr=False, compare=False)

    @cached_property
    def action_labels(self) -> dict[int, str]:
        """Names of the root actions as the searched state writes them, {action: name}, so that
        the result names its moves without the state (Jupyter's table); a name the state cannot
        give is left out."""
        if self._named_from is None:
            return {}
        return _action_labels(self._named_from, [s.action for s in self.stats])

    @cached_property
    def principal_variation_labels(self) -> list[str]:
        """The principal variation's moves named with their seats ("P1: x4")."""
        if self._named_from is None:
            return []
        return _line_labels(self._named_from, self.principal_variation)

    def __getstate__(self) -> dict[str, Any]:
        """Pickled (and deep-copied) with its names made, without the state."""
        state = dict(self.__dict__)
        state.update(action_labels=self.action_labels, principal_variation_labels=self.principal_variation_labels)
        state["_named_from"] = None
        return state

    def _repr_html_(self) -> str:
        """Jupyter: a table of the root actions, named, with a bar chart of the visit shares."""
        from tablesearch.render.search_view import html

        return html(self)

    mixed: bool = False  # policy() is a mixed strategy to sample from (smooth-uct), not a ranking
    # algorithm="gumbel": the improved policy over `stats` (what a policy network is trained
    # towards: softmax of the prior logits and completed q values); empty for the others.
    improved_policy: list[float] = field(default_factory=list)
    # algorithm="oos": the mixed strategy to play over `stats` (the average strategy at the root's
    # information set; the visits count sampled actions, exploration included); empty for the others.
    strategy: list[float] = field(default_factory=list)

    def policy(self) -> dict[int, float]:
        """Visit shares of the root actions, as {action: share}; shares sum to 1.

        For the other algorithms the shares rank the actions and the most visited one is the move.
        For ``smooth-uct`` (``mixed`` is True) this is the search's average policy at the root
        information set, the mixed strategy that approaches an equilibrium, thresholded: shares
        below MIXED_POLICY_THRESHOLD (exploration residue, mostly) are dropped and the rest
        renormalized (Ganzfried and Sandholm's thresholding; on the poker game it cut the
        exploitability at 10,000 iterations from 0.58 to 0.45 chips: docs/hidden-information.md).
        For ``oos`` it is the result's `strategy`, as it is."""
        if self.strategy:
            return {s.action: p for s, p in zip(self.stats, self.strategy)}
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


def _evaluator_kind(evaluator: Any) -> str:
    """'native', 'model' (a network run natively), 'batched' (evaluate_batch) or 'python'
    (evaluate, optionally prior)."""
    if evaluator is None or isinstance(evaluator, (RandomRollout, HeuristicEvaluator)):
        return "native"
    if isinstance(evaluator, Model):
        return "model"
    if hasattr(evaluator, "evaluate_batch"):
        return "batched"
    if hasattr(evaluator, "evaluate"):
        return "python"
    raise TypeError(
        f"evaluator must be mcts.RandomRollout, mcts.HeuristicEvaluator, a model (tablesearch.load_model), or "
        f"have evaluate(state) or "
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
        keys = getattr(game, "has_information_state_keys", None)
        return str(
            _core.auto_algorithm(
                hidden_information=_has_hidden_information(game),
                two_players=game is not None and game.num_players() == 2,
                information_state_keys=bool(keys is not None and keys()),
                priors=_evaluator_kind(evaluator) in ("batched", "model") or hasattr(evaluator, "prior"),
            )
        )
    return algorithm  # the native search parses it (ValueError naming the valid ones)


def _declared_algorithm(game: Any) -> Optional[str]:
    """What a game written in Python declares "auto" should search it with (PythonGame's
    default_algorithm(), a fact of GAME_FACTS), or None."""
    declare = getattr(game, "default_algorithm", None)
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
    if kind == "model":
        return evaluator.native_evaluator()
    if kind == "python":
        return _core.PyEvaluator(evaluator, 0)
    batch_size = getattr(evaluator, "batch_size", 16)
    if isinstance(batch_size, bool) or not isinstance(batch_size, int):
        raise TypeError(f"evaluator.batch_size must be an int, got {type(batch_size).__name__} {batch_size!r}")
    if batch_size < 1:  # the native wrapper takes 0 for evaluate(): not a batch size
        raise ValueError(f"evaluator.batch_size must be >= 1, got {batch_size}")
    return _core.PyEvaluator(evaluator, batch_size)  # checks the upper bound


def _native_config(game: Any, evaluator: Any, **options: Any) -> dict[str, Any]:
    """The keywords of the native call from `search`'s options: "auto" resolved for the game and
    the evaluator, a fresh seed for None. The native search checks every value against the option
    table (tablesearch.search_options), and the state itself (not over, not at a chance node)."""
    if options["seed"] is None:
        options["seed"] = random.getrandbits(63)
    algorithm = options["algorithm"] = _resolve_algorithm(options["algorithm"], game, evaluator)
    batched = _evaluator_kind(evaluator) == "batched" or (isinstance(evaluator, Model) and evaluator.batch_size > 1)
    if batched and algorithm in ALGORITHM_TABLE:
        takes = [name for name, a in ALGORITHM_TABLE.items() if a.batched_evaluator]
        if algorithm not in takes:
            raise ValueError(f"batched evaluators need algorithm {' or '.join(map(repr, takes))}, got {algorithm!r}")
    # A model may have the game's default playouts mixed into its values; other evaluators may not.
    if options["playout_mix"] == "auto":
        options["playout_mix"] = search_defaults(game)["playout_mix"] if isinstance(evaluator, Model) else 0.0
    playouts = evaluator is None or (isinstance(evaluator, Model) and options["playout_mix"] != 0)
    options.update(_playout_options(game, evaluator, playouts, options.pop("rollout_cutoff"), options.pop("playout")))
    options.update(_score_options(game, playouts, options.pop("score_weight"), options.pop("score_scale")))
    tuned = search_defaults(game)
    for name in PER_GAME:  # any other option a game tunes, left at "auto"
        if options[name] == "auto":
            options[name] = tuned.get(name, DEFAULTS[name])
    if options["uct_c"] is None:
        defaults = search_defaults(game)
        if "uct_c" in defaults and defaults.get("algorithm", algorithm) == algorithm:
            options["uct_c"] = defaults["uct_c"]  # measured for this game and algorithm (games.search_defaults)
        # else None: the algorithm's own default, from the native table (search/algorithm.h)
    return options


def _score_options(game: Any, playouts: bool, score_weight: Any, score_scale: Any) -> dict[str, float]:
    """score_weight and score_scale for the native call. "auto" takes the game's defaults
    (games.search_defaults) where the search plays native playouts; an evaluator object without
    them plays without the score."""
    defaults = search_defaults(game if playouts else None)
    weight = defaults["score_weight"] if score_weight == "auto" else score_weight
    scale = defaults["score_scale"] if score_scale == "auto" else score_scale
    return dict(score_weight=weight, score_scale=scale)


def _playout_options(game: Any, evaluator: Any, playouts: bool, rollout_cutoff: Any, playout: Any) -> dict[str, Any]:
    """rollouts, rollout_cutoff and playout for the native call. "auto" options take the game's
    defaults (games.search_defaults); an evaluator object fixes what it names."""
    defaults = search_defaults(game)
    cutoff: Optional[int]
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
        rollouts = DEFAULTS["rollouts"]
        if isinstance(evaluator, RandomRollout):
            # Random playouts to the end, as the evaluator says, unless an option asks otherwise.
            rollouts = evaluator.rollouts
            cutoff = None if rollout_cutoff == "auto" else rollout_cutoff
            policy = "random" if playout == "auto" else playout
        elif not playouts and (rollout_cutoff not in ("auto", None) or playout not in ("auto", "random")):
            raise ValueError(
                "rollout_cutoff and playout configure the native playouts; they cannot be combined "
                f"with evaluator={type(evaluator).__name__}"
            )
    return dict(rollouts=rollouts, rollout_cutoff=cutoff, playout=policy)


def search(
    state: Any,
    iterations: Optional[int] = None,
    time_limit: Optional[float] = None,
    seed: Optional[int] = None,
    *,
    evaluator: Any = None,
    tree: Optional[_core.SearchTree] = None,
    stop: Optional[StopFlag] = None,
    **options: Any,
) -> SearchResult:
    """Searches `state` and returns the statistics of every root action and the best one.

    Its options are the rows of the option table (`tablesearch.search_options`; docs/search.md
    shows it), each a keyword with the table's default, valid values and meaning; this function's
    signature and the Options section below are made from that table when the module loads.
    Budgets: `iterations`, `time_limit` (seconds), or both (whichever ends first); with neither,
    1000 iterations. The same seed gives the same result (None: a fresh one); with `threads` > 1
    too, as long as the budget is `iterations`.
    `algorithm="auto"` and the options a game tunes (default "auto") take what measured strongest
    for the game (games.search_defaults), else: infoset-uct, ismcts, puct or uct by the cases of
    `search_options.AUTO_CASES`; `uct_c=None` is the game's tuned value for its algorithm, else
    the algorithm's own.

    `state` is a native State, a state of a registered Python game, or any object with the state
    protocol: the same native search drives it through callbacks. A pyspiel state is searched as
    the state of `load_game("openspiel:...")` would be (hidden information as hidden).
    `evaluator` is mcts.RandomRollout(rollouts=n) (the default), mcts.HeuristicEvaluator, a model
    (``ts.load_model(path)``: a policy-value network evaluated natively,
    docs/learned-evaluators.md; ``models.BuiltinModel()``: the model shipped for the state's
    game), any object with `evaluate(state) -> values per player` and
    optionally `prior(state) -> {action: p}` (PUCT uses the priors), or a batched one with
    `evaluate_batch(observations) -> (values, priors)` and a `batch_size` attribute, called with
    many leaves at once (the algorithms whose row says batched_evaluator). `algorithm="auto"`
    picks the algorithm of priors when the evaluator gives them. `tree` (a SearchTree) keeps the trees for the
    next search of a later position of the same game (tree reuse; native games; the algorithms
    whose row says keeps_tree; for ``oos``, any game: its regret table holds a strategy for the
    whole game, kept for every later search of it, a new deal included). `stop` (a StopFlag)
    ends the search early when another thread sets it: the result covers the iterations done so
    far (possibly none), as when a time limit runs out.

    Raises ValueError for a terminal or chance state and for out-of-range arguments, TypeError
    for arguments of the wrong type or unknown keywords, and KeyboardInterrupt when Ctrl-C is
    pressed.
    """
    unknown = options.keys() - _KEYWORD_DEFAULTS.keys()
    if unknown:  # as Python words it (inspect.Signature.bind took a tenth of a millisecond a call)
        raise TypeError(f"search() got an unexpected keyword argument {min(unknown)!r}")
    options = {**_KEYWORD_DEFAULTS, **options, "iterations": iterations, "time_limit": time_limit, "seed": seed}
    state = python_state_of(state)  # a pyspiel state: searched as load_game("openspiel:...") would
    native_root = native_state(state)
    if isinstance(evaluator, BuiltinModel):
        evaluator = evaluator.for_game(_game_of(state))
    if isinstance(evaluator, Model):
        evaluator.check_game(_game_of(state))
    config = _native_config(_game_of(state), evaluator, **options)
    if tree is not None and not isinstance(tree, _core.SearchTree):
        raise TypeError(f"tree must be a mcts.SearchTree, got {type(tree).__name__}")
    if stop is not None and not isinstance(stop, StopFlag):
        raise TypeError(f"stop must be a mcts.StopFlag, got {type(stop).__name__}")
    native = _core.search(native_root, **config, tree=tree, evaluator=_native_evaluator(evaluator), stop=stop)
    return _result(native, state)


_POSITIONAL = ("iterations", "time_limit", "seed")
"""The options `search` also takes by position, after the state."""

EVALUATOR_OPTIONS = frozenset(f.name for f in fields(RandomRollout))
"""The options an evaluator object carries (``RandomRollout(rollouts=n)``), not keywords of search."""


def _default(option: SearchOption) -> Any:
    """`search`'s default for `option`: "auto" for the algorithm and the options a game tunes, a
    fresh seed (None), the memory cap DEFAULT_MAX_MEMORY_MB; else the table's (None where None is
    one of the option's values)."""
    if option.per_game or option.name == "algorithm":
        return "auto"
    if option.name == "seed":
        return None
    if option.name == "max_memory_mb":
        return DEFAULT_MAX_MEMORY_MB
    return None if option.none is not None else option.default


def _search_signature() -> inspect.Signature:
    own = inspect.signature(search).parameters
    keyword = inspect.Parameter.KEYWORD_ONLY
    parameters = [own["state"]]
    parameters += [own[name].replace(default=_default(OPTIONS[name])) for name in _POSITIONAL]
    parameters += [
        inspect.Parameter(name, keyword, default=_default(option))
        for name, option in OPTIONS.items()
        if name not in _POSITIONAL and name not in EVALUATOR_OPTIONS
    ]
    parameters += [own[name] for name in ("evaluator", "tree", "stop")]
    return inspect.Signature(parameters, return_annotation=inspect.signature(search).return_annotation)


def _options_doc() -> str:
    lines = ["", "    Options (from the option table; docs/search.md):", ""]
    for name, parameter in _SIGNATURE.parameters.items():
        if name in OPTIONS:
            option = OPTIONS[name]
            lines.append(f"    - `{name}` = {parameter.default!r}: {option.help}; {option.valid}")
    return "\n".join(lines) + "\n"


_SIGNATURE = _search_signature()
search.__signature__ = _SIGNATURE  # type: ignore[attr-defined]  # what inspect.signature and help() show
_KEYWORD_DEFAULTS = {
    name: p.default for name, p in _SIGNATURE.parameters.items() if p.kind is p.KEYWORD_ONLY and name in OPTIONS
}
"""The option keywords of `search` with their defaults."""
search.__doc__ = (search.__doc__ or "") + _options_doc()


LABEL_FIELDS = ("_named_from",)
"""SearchResult's fields not read from the native result: the state its moves are named from."""

_RESULT_FIELDS = tuple(f.name for f in fields(SearchResult) if f.name not in LABEL_FIELDS)


def _result(native: Any, state: Any) -> SearchResult:
    """The native result as plain data: the same fields, by name (a test keeps the two alike),
    and a copy of the searched state to name the moves with when asked."""
    values = {name: getattr(native, name) for name in _RESULT_FIELDS}
    values["stats"] = [ActionStat(action=s.action, visits=s.visits, value=s.value) for s in native.stats]
    values["principal_variation"] = list(native.principal_variation) or [native.best_action]
    try:
        named_from = state.clone()
    except Exception:  # a Python game's own method failing is not the search's error
        named_from = None
    return SearchResult(**values, _named_from=named_from)


def _action_labels(state: Any, actions: list[int]) -> dict[int, str]:
    """{action: its name in `state`}; a name the state cannot give (a foreign state's error) is left out."""
    labels = {}
    for action in actions:
        try:
            labels[action] = str(state.action_to_string(action))
        except Exception:  # a Python game's own method failing is not the search's error
            pass
    return labels


def _line_labels(state: Any, line: list[int]) -> list[str]:
    from tablesearch.render.search_view import name_line

    try:
        return name_line(state, line)
    except Exception:  # as above: names are a convenience
        return []


SearchTree = _core.SearchTree

AUTO_OPTIONS = frozenset(name for name, p in inspect.signature(search).parameters.items() if p.default == "auto")
"""The options whose default is "auto": what measured strongest for the game (games.search_defaults),
else the option table's default."""

_AGENT_OPTIONS = frozenset(
    name
    for name, p in inspect.signature(search).parameters.items()
    if p.kind is p.KEYWORD_ONLY and name not in ("tree", "stop")
)
"""The search keywords an Agent takes (search's keyword-only ones; the agent owns its tree, and
each move may be given its own stop flag)."""


class Agent:
    """Plays by searching every move: ``Agent(iterations=5000, seed=0).step(state) -> action``.

    Takes the keywords of `search`. Each move gets its own seed drawn from `seed`, so a game
    replays exactly. With `reuse_tree` (the default) the agent keeps the part of its tree reached
    by the actions actually played between its moves and searches on from there; a position that
    does not follow from its last one (a new game) starts a fresh tree. A position with one legal
    action is answered with it at once, without searching (`last_result` is then None).
    `last_result` keeps the most recent SearchResult; `total_iterations` sums the iterations over
    the agent's life.
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
            check_option("seed", seed)
        self._rng = random.Random(seed)
        self._busy = threading.Lock()
        self.last_result: Optional[SearchResult] = None
        self.total_iterations = 0

    def step(self, state: Any, stop: Optional[StopFlag] = None) -> int:
        """The action to play in `state`. Setting `stop` (from another thread) ends the search
        early; the move is then chosen from what it found.

        Raises RuntimeError if this agent is already searching (in another thread, or from inside
        one of its own evaluator's callbacks): an agent plays one move at a time; give each
        thread its own agent."""
        if not self._busy.acquire(blocking=False):
            raise RuntimeError(
                "this mcts.Agent is already searching (in another thread, or from a callback of its "
                "own search); an agent plays one move at a time: give each thread its own agent"
            )
        try:
            legal = state.legal_actions()
            if len(legal) == 1:  # a forced move: answered at once, with no search and no visits
                self.last_result = None
                return int(legal[0])
            result = search(state, seed=self._rng.getrandbits(63), tree=self.tree, stop=stop, **self.search_options)
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
        check_option("iterations", iterations)
        check_option("time_limit", time_limit)
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
