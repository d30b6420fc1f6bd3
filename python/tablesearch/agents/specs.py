"""Agents named by text, as the command line writes them.

A spec is ``KIND`` or ``KIND:OPTIONS``, where OPTIONS are ``NAME=VALUE`` pairs separated by commas:

- ``random``: uniformly random legal moves.
- ``human``: a person at the terminal (``tablesearch play`` only).
- ``mcts``, or an algorithm's name (``uct``, ``puct``, ``ismcts``, ``mo-ismcts``, ``pimc``,
  ``smooth-uct``, ``infoset-uct``, ``gumbel``, ``oos``, ``ismcts-puct``: every name in
  ``mcts.ALGORITHMS``, which is read from the native algorithm table): ``mcts.Agent`` with that
  algorithm (``mcts`` means ``algorithm=auto``); options are the search options
  (`tablesearch.search_options`: read and checked by their type there; ``none`` is None where
  None is a value, ``auto`` the game's default where `mcts.search` takes it), for example
  ``mcts:iterations=1000,uct_c=1.4`` or ``ismcts:time_limit=0.2``; ``rollouts=N`` gives the
  random-rollout evaluator, ``model=PATH`` a model file's network as the evaluator
  (docs/learned-evaluators.md; where specs come from a page, a model name the server was given
  instead of a path), ``model=builtin`` the model shipped for the game being played, and
  ``reuse_tree=false`` turns tree reuse off.
- ``package.module:factory`` or ``package.module:factory:OPTIONS``: user code; the factory is
  called as ``factory(seed=S, **options)`` and returns an agent (anything with ``step(state)``).

Options of user code are read as bool (true/false), int, float, or else text. The seed is always
set by the runner, never in a spec.

A list of specs (``--agents``) is split at commas, and a piece that looks like ``NAME=VALUE``
(an identifier, then ``=``) continues the spec before it, so
``mcts:iterations=1000,uct_c=1.4,random`` is two agents. Specs may also be given as separate
words (``--agents mcts:iterations=300 random``).
"""

from __future__ import annotations

import functools
import importlib
import os
import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Callable, Optional, Union, cast

from tablesearch import mcts
from tablesearch.agents.builtin import HumanAgent, RandomAgent
from tablesearch.match import BUDGET_KEYS, Budget, check_budget, set_budget
from tablesearch.models import BuiltinModel, Model, load_model
from tablesearch.models.builtin import BUILTIN
from tablesearch.search_options import OPTIONS, option_from_text

SEARCH_KINDS = {"mcts": "auto", **{name: name for name in mcts.ALGORITHMS}}
"""Agent kinds that search: ``mcts`` (algorithm auto) and every algorithm by its name."""
BUILTIN_KINDS = ("random", "human", *SEARCH_KINDS)

_OPTION = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")

SEARCH_SPEC_OPTIONS = tuple(name for name in OPTIONS if name != "seed") + ("reuse_tree", "model")
"""What a search spec may set: every search option but the seed (the runner's), tree reuse and a model."""

AgentFactory = Callable[..., Any]
"""A picklable callable ``factory(seed=S) -> agent``."""


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


def search_value(name: str, text: str, where: str) -> Any:
    """Option `name` of a search spec, read from `text` by the option table; ValueError naming
    `where` and what is valid for an unknown option or a bad value."""
    if name == "reuse_tree":
        if text.lower() not in ("true", "false"):
            raise ValueError(f"reuse_tree must be true or false, got {text!r} in {where!r}")
        return text.lower() == "true"
    if name == "model":
        if not text:
            raise ValueError(f"model needs a model file's path (or a name the server was given), in {where!r}")
        return text
    if name not in SEARCH_SPEC_OPTIONS:
        raise ValueError(f"unknown search option {name!r} in {where!r}; valid: {', '.join(SEARCH_SPEC_OPTIONS)}")
    if text == "auto" and name in mcts.AUTO_OPTIONS:
        return text
    try:
        return option_from_text(name, text)
    except (TypeError, ValueError) as error:
        auto = " (or auto)" if name in mcts.AUTO_OPTIONS else ""
        raise ValueError(f"{error}{auto}, in agent {where!r}") from None


def _any_value(name: str, text: str, where: str) -> Any:
    return parse_value(text)


def parse_options(text: str, where: str, value: Callable[[str, str, str], Any] = _any_value) -> dict[str, Any]:
    """``a=1,b=x`` as {"a": 1, "b": "x"}, each value read by ``value(name, text, where)`` (default:
    `parse_value`); ValueError naming `where` for a malformed piece."""
    options: dict[str, Any] = {}
    if not text:
        return options
    for piece in text.split(","):
        name, sep, text_value = piece.partition("=")
        if not sep or not name.isidentifier():
            raise ValueError(f"options in {where!r} are written NAME=VALUE separated by commas, got {piece!r}")
        if name in options:
            raise ValueError(f"option {name!r} given twice in {where!r}")
        if name == "seed":
            raise ValueError(f"the seed is set by the runner (--seed), not in the spec: {where!r}")
        options[name] = value(name, text_value, where)
    return options


@dataclass(frozen=True)
class AgentSpec:
    """A parsed spec: `kind` is a built-in name or ``module:attribute``; `options` as parsed."""

    text: str
    kind: str
    options: tuple[tuple[str, Any], ...]

    @property
    def is_user_code(self) -> bool:
        return self.kind not in BUILTIN_KINDS


def parse_agent_spec(text: str) -> AgentSpec:
    """Parses one spec (see the module docstring). Raises ValueError naming what is valid."""
    if not isinstance(text, str):
        raise TypeError(f"an agent spec is a str, got {type(text).__name__} {text!r}")
    text = text.strip()
    head, sep, rest = text.partition(":")
    if head in ("random", "human"):
        if rest:
            raise ValueError(f"agent {head!r} takes no options, got {text!r}")
        return AgentSpec(text, head, ())
    if head in SEARCH_KINDS:
        options = parse_options(rest, text, search_value)
        return AgentSpec(text, head, tuple(options.items()))
    if not sep or not all(part.isidentifier() for part in head.split(".")):
        raise ValueError(
            f"unknown agent {text!r}; agents are {', '.join(BUILTIN_KINDS)} (with :OPTIONS for the "
            "search agents) or package.module:factory for your own code"
        )
    attribute, _, option_text = rest.partition(":")
    if not attribute.isidentifier():
        raise ValueError(f"user agents are written package.module:factory[:NAME=VALUE,...], got {text!r}")
    return AgentSpec(text, f"{head}:{attribute}", tuple(parse_options(option_text, text).items()))


def split_agent_list(items: Union[str, Sequence[str]]) -> list[str]:
    """Splits ``--agents`` words into specs (see the module docstring)."""
    if isinstance(items, str):
        items = [items]
    specs: list[str] = []
    for item in items:
        for piece in item.split(","):
            piece = piece.strip()
            if not piece:
                raise ValueError(f"empty agent in {item!r}")
            if _OPTION.match(piece):
                if not specs or ":" not in specs[-1]:
                    raise ValueError(f"option {piece!r} in {item!r} follows no agent that takes options")
                specs[-1] += "," + piece
            else:
                specs.append(piece)
    for spec in specs:
        parse_agent_spec(spec)
    return specs


def _search_agent(
    spec: AgentSpec, seed: int, budget: Optional[Budget], models: Optional[Mapping[str, str]]
) -> mcts.Agent:
    options = dict(spec.options)
    algorithm = options.pop("algorithm", SEARCH_KINDS[spec.kind])
    carried = {name: options.pop(name) for name in mcts.EVALUATOR_OPTIONS if name in options}
    if carried and "model" in options:
        raise ValueError(f"{', '.join(carried)} and model are two evaluators; give one of them, in {spec.text!r}")
    if options.get("model") == BUILTIN:
        options["evaluator"] = BuiltinModel()
        del options["model"]
    elif "model" in options:
        options["evaluator"] = cached_model(_model_path(options.pop("model"), models, spec.text))
    elif carried:  # options the evaluator carries: the random-rollout evaluator with them
        options["evaluator"] = mcts.RandomRollout(**carried)
    if budget is not None and not any(k in options for k in BUDGET_KEYS):
        options.update(check_budget(budget))
    return mcts.Agent(seed=seed, algorithm=algorithm, **options)


def _model_path(given: str, models: Optional[Mapping[str, str]], where: str) -> str:
    """The file a spec's model=... names: a path, or where specs come from a page, one of the
    names the server was given (never a path from the page)."""
    if models is None:
        return given
    if given not in models:
        names = ", ".join(sorted(models)) or "none (start the server with --model NAME=PATH)"
        raise ValueError(f"unknown model {given!r} in agent {where!r}; this server's models: {names}")
    return models[given]


def cached_model(path: str) -> Model:
    """The model file at `path`, read once per process while the file is unchanged (worker
    processes build an agent for every game). Raises ValueError naming the file if it cannot be
    read (removed or replaced since the server started, say)."""
    try:
        info = os.stat(path)
        return _read_model(os.path.realpath(path), info.st_mtime_ns, info.st_size)
    except OSError as error:
        raise ValueError(f"model file {path!r} can no longer be read: {error.strerror}") from None


@functools.lru_cache(maxsize=8)
def _read_model(path: str, mtime_ns: int, size: int) -> Model:
    return load_model(path)


def _user_factory(spec: AgentSpec) -> Callable[..., Any]:
    module_name, attribute = spec.kind.split(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise ValueError(f"cannot import module {module_name!r} for agent {spec.text!r}: {error}") from None
    factory: Any = getattr(module, attribute, None)
    if not callable(factory):
        raise ValueError(f"module {module_name!r} has no callable {attribute!r} (agent {spec.text!r})")
    return cast(Callable[..., Any], factory)


def make_agent(
    spec: Union[str, AgentFactory],
    seed: int,
    budget: Optional[Budget] = None,
    *,
    user_code: Optional[Collection[str]] = None,
    models: Optional[Mapping[str, str]] = None,
) -> Any:
    """Builds an agent from a spec string or a factory called as ``factory(seed=seed)``.

    `budget` is the runner's per-move budget: it applies to every agent that takes budgets,
    except that a search spec naming its own ``iterations`` or ``time_limit`` keeps them.
    `user_code` limits the ``package.module:factory`` specs that may be imported to those named
    (for specs from the network or a file); None allows any (the command line, the Python API).
    `models` likewise: None lets ``model=PATH`` read any file; a mapping {name: path} allows
    ``model=NAME`` for those names only.
    Raises ValueError for an unknown agent or option, or user code not allowed, and TypeError for
    options of the wrong type.
    """
    if callable(spec) and not isinstance(spec, str):
        agent = spec(seed=seed)
        if budget is not None:
            set_budget(agent, budget)
        return agent
    parsed = parse_agent_spec(spec)
    if parsed.kind == "random":
        return RandomAgent(seed=seed)
    if parsed.kind == "human":
        return HumanAgent()
    if parsed.kind in SEARCH_KINDS:
        return _search_agent(parsed, seed, budget, models)
    if user_code is not None and parsed.kind not in user_code:
        raise ValueError(
            f"agent {parsed.text!r} names code ({parsed.kind}) that may not be run here; agents are "
            f"{', '.join(BUILTIN_KINDS)}" + (f" and {', '.join(sorted(user_code))}" if user_code else "")
        )
    options = dict(parsed.options)
    agent = _user_factory(parsed)(seed=seed, **options)
    if not hasattr(agent, "step"):
        raise ValueError(f"factory of {parsed.text!r} returned {agent!r}, which has no step(state) method")
    if budget is not None and not any(k in options for k in BUDGET_KEYS):
        set_budget(agent, budget)
    return agent


def spec_name(spec: Union[str, AgentFactory]) -> str:
    """The display name of a spec: its text, or a factory's qualified name."""
    if isinstance(spec, str):
        return spec.strip()
    name = getattr(spec, "__qualname__", None) or getattr(getattr(spec, "func", None), "__qualname__", None)
    return str(name or repr(spec))
