"""The search options and the algorithms: two tables, defined once in the native core
(``cpp/search/options.h`` and ``cpp/search/algorithm.h``) and read from there by `mcts.search`
(its signature and docstring), agents and agent specs, the command line, the web app and the
docs (a mkdocs hook writes both tables into docs/search.md).

Each option has a name, a type (int, float, bool or str), a default, its valid values (a range
or a list of choices), a help text, and whether it costs time or memory (a server holds it to a
limit) or a game may tune it (its default in `mcts.search` is then "auto"). The native search
checks every value against the same table, so `check_option` here and a search raise the same
TypeError or ValueError, naming the option and what is valid, for a wrong type or a value out of
range (integers of any size included).

Each algorithm has a name, its family (the kind of tree), its selection rule, whether its tree
continues in the next search, whether it takes a batched evaluator, whether it reads only what
the player to move may know, and the case in which ``algorithm="auto"`` picks it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from tablesearch import _core


@dataclass(frozen=True)
class SearchOption:
    """One row of the table. `min`/`max` bound numbers (None: unbounded; `min_excluded`: the value
    must exceed `min`); `choices` are the values of a str option; `none`, when set, says what None
    means for an option whose default is the absence of a value; `valid` describes what the option
    accepts, as error messages write it."""

    name: str
    type: str
    default: Any
    min: Optional[float]
    max: Optional[float]
    min_excluded: bool
    choices: Optional[tuple[str, ...]]
    none: Optional[str]
    valid: str
    help: str
    costly: bool
    per_game: bool


OPTIONS: dict[str, SearchOption] = {
    row["name"]: SearchOption(**{**row, "choices": tuple(row["choices"]) if row["choices"] else None})
    for row in _core.SEARCH_OPTIONS
}
"""Every search option by name, in the table's order."""

DEFAULTS: dict[str, Any] = {name: option.default for name, option in OPTIONS.items()}

COSTLY: tuple[str, ...] = tuple(name for name, option in OPTIONS.items() if option.costly)
"""The options that cost time or memory per search (a server holds each to a limit)."""

PER_GAME: tuple[str, ...] = tuple(name for name, option in OPTIONS.items() if option.per_game)
"""The options a game may tune (its SEARCH_DEFAULTS; `games.search_defaults`)."""


@dataclass(frozen=True)
class Algorithm:
    """One row of the algorithm table (cpp/search/algorithm.h). `auto` names the case of
    ``algorithm="auto"`` that picks it (AUTO_CASES), or is None."""

    name: str
    family: str
    selection: str
    keeps_tree: bool
    batched_evaluator: bool
    hidden_information: bool
    needs_trajectory: bool
    default_uct_c: float
    auto: Optional[str]
    help: str


ALGORITHM_TABLE: dict[str, Algorithm] = {row["name"]: Algorithm(**row) for row in _core.ALGORITHM_TABLE}
"""Every algorithm by name, in the table's order."""

AUTO_CASES: dict[str, str] = dict(_core.AUTO_CASES)
"""The cases of ``algorithm="auto"`` for a game that names no algorithm of its own, in order of
precedence: {case: when it holds}; the first that holds picks the algorithm whose `auto` it is."""

DEFAULT_ITERATIONS: int = _core.DEFAULT_ITERATIONS
"""The iteration budget of a search given neither iterations nor time_limit."""


def check_option(name: str, value: Any, label: Optional[str] = None) -> Any:
    """`value` as search option `name` takes it (int, float, bool, str or None). Raises TypeError or
    ValueError naming `label` (default: the option) and its valid values; ValueError for an unknown
    name."""
    return _core.check_search_option(name, value, label)


def option_from_text(name: str, text: str) -> Any:
    """Search option `name` read from command-line text ("none" is None where None is a value),
    checked as `check_option` does. Raises ValueError naming the option and its valid values."""
    option = OPTIONS[name]
    value: Any = text
    if option.none is not None and text.lower() == "none":
        value = None
    elif option.type == "bool":
        if text.lower() not in ("true", "false"):
            raise ValueError(f"{name} must be true or false, got {text!r}")
        value = text.lower() == "true"
    elif option.type in ("int", "float"):
        try:
            value = int(text) if option.type == "int" else float(text)
        except ValueError:
            raise ValueError(f"{name} must be {option.valid}, got {text!r}") from None
    return check_option(name, value)


def markdown_table() -> str:
    """The option table as the docs show it (docs/search.md, written by docs/hooks/tables.py)."""
    lines = ["| option | type | default | valid values | meaning |", "|---|---|---|---|---|"]
    for option in OPTIONS.values():
        default = f"None: {option.none}" if option.none is not None else f"`{option.default!r}`"
        if option.per_game:
            default += " (mcts.search: `'auto'`, the game's tuned value)"
        costly = " (costs time or memory: a server holds it to a limit)" if option.costly else ""
        lines.append(f"| `{option.name}` | {option.type} | {default} | {option.valid} | {option.help}{costly} |")
    return "\n".join(lines)


def algorithm_markdown_table() -> str:
    """The algorithm table as the docs show it (docs/search.md, written by docs/hooks/tables.py)."""
    lines = [
        "| algorithm | what it is | selection | tree kept | batched evaluator | hidden information "
        "| `auto` picks it for |",
        "|---|---|---|---|---|---|---|",
    ]
    yes = {True: "yes", False: "no"}
    for a in ALGORITHM_TABLE.values():
        picked = AUTO_CASES[a.auto] if a.auto else ""
        lines.append(
            f"| `{a.name}` | {a.help} | {a.selection} | {yes[a.keeps_tree]} | {yes[a.batched_evaluator]} "
            f"| {yes[a.hidden_information]} | {picked} |"
        )
    return "\n".join(lines)
