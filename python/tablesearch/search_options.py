"""The search options: one table, defined once in the native core (``cpp/search/options.h``) and
read from there by `mcts.search`, agent specs, the command line, the web form and the docs.

Each option has a name, a type (int, float, bool or str), a default, its valid values (a range
or a list of choices) and a help text. The native search checks every value against the same
table, so `check_option` here and a search raise the same TypeError or ValueError, naming the option and
what is valid, for a wrong type or a value out of range (integers of any size included).
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


OPTIONS: dict[str, SearchOption] = {
    row["name"]: SearchOption(**{**row, "choices": tuple(row["choices"]) if row["choices"] else None})
    for row in _core.SEARCH_OPTIONS
}
"""Every search option by name, in the table's order."""

DEFAULTS: dict[str, Any] = {name: option.default for name, option in OPTIONS.items()}

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
    """The table as the docs show it (docs/search.md; a test keeps the two equal)."""
    lines = ["| option | type | default | valid values | meaning |", "|---|---|---|---|---|"]
    for option in OPTIONS.values():
        default = f"None: {option.none}" if option.none is not None else f"`{option.default!r}`"
        lines.append(f"| `{option.name}` | {option.type} | {default} | {option.valid} | {option.help} |")
    return "\n".join(lines)
