"""A native game's declared description, read by name (cpp/core/description.h).

A native game exports the facts its Python extras need (its enums, component tables, action
ranges, observation layout and serialized fields) from the constants its rules use, so a drawing
or a move log reads ``description_of(game).action("use 1")`` instead of a copy of the numbers. Python
games have no description: their Python code is the one place of its own facts.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Optional

from tablesearch import _core


@dataclass(frozen=True)
class ActionRange:
    """Actions ``first .. first + count - 1``, the i-th about item i of `of` (an enum or table of
    the description, "seat", "pile", a component's number such as "mushroom card", or "" for a
    single action)."""

    name: str
    first: int
    count: int
    of: str

    def __contains__(self, action: object) -> bool:
        return isinstance(action, int) and self.first <= action < self.first + self.count

    def __getitem__(self, i: int) -> int:
        """The action about item `i`."""
        if not 0 <= i < self.count:
            raise IndexError(f"action range {self.name!r} has items 0..{self.count - 1}, not {i}")
        return self.first + i

    def item(self, action: int) -> int:
        """The item `action` is about (ValueError if it is not in the range)."""
        if action not in self:
            raise ValueError(f"action {action} is not in range {self.name!r} ({self.first}..{self.end - 1})")
        return action - self.first

    @property
    def end(self) -> int:
        return self.first + self.count


@dataclass(frozen=True)
class Stretch:
    """A stretch of the flat observation tensor: `count` blocks of `size` floats from `offset`
    (one per seat from the observer, say), each made of named parts (offset within the block, size)."""

    name: str
    offset: int
    size: int
    count: int
    parts: Mapping[str, tuple[int, int]]

    def span(self, block: int = 0, part: Optional[str] = None) -> slice:
        """The floats of block `block`, or of its part `part`."""
        if not 0 <= block < self.count:
            raise IndexError(f"observation {self.name!r} has blocks 0..{self.count - 1}, not {block}")
        start, size = self.offset + block * self.size, self.size
        if part is not None:
            if part not in self.parts:
                raise KeyError(f"observation {self.name!r} has no part {part!r}; its parts: {', '.join(self.parts)}")
            within, size = self.parts[part]
            start += within
        return slice(start, start + size)

    def every(self, part: str) -> slice:
        """The first float of `part` in every block (a one-float part, such as a flag per seat)."""
        first = self.span(0, part).start
        return slice(first, first + self.size * self.count, self.size)


class Description:
    """What a native game declares about itself (``Game.description()``), read by name. Each
    reader raises KeyError naming the names the game declares when asked for another."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.game: str = data["game"]
        self.facts: Mapping[str, Any] = data["facts"]
        self.fields: Mapping[str, Mapping[str, Any]] = data["fields"]
        self._constants: Mapping[str, Any] = data["constants"]
        self._enums: Mapping[str, tuple[str, ...]] = data["enums"]
        self._tables: Mapping[str, list[Mapping[str, Any]]] = data["tables"]
        self._actions = {
            name: ActionRange(name, a["first"], a["count"], a["of"]) for name, a in data["actions"].items()
        }
        self._observation = {
            name: Stretch(
                name, o["offset"], o["size"], o["count"], {p: (v["offset"], v["size"]) for p, v in o["parts"].items()}
            )
            for name, o in data["observation"].items()
        }

    def constant(self, name: str) -> Any:
        return self._lookup(self._constants, "constant", name)

    def enum(self, name: str) -> tuple[str, ...]:
        """The names of the enumeration's values, by value."""
        return tuple(self._lookup(self._enums, "enum", name))

    def enums(self) -> tuple[str, ...]:
        """The names of the declared enumerations."""
        return tuple(self._enums)

    def tables(self) -> tuple[str, ...]:
        """The names of the declared component tables."""
        return tuple(self._tables)

    def table(self, name: str) -> tuple[Mapping[str, Any], ...]:
        """The component table's rows (a dict per row, by column)."""
        return tuple(self._lookup(self._tables, "table", name))

    def column(self, table: str, column: str) -> tuple[Any, ...]:
        rows = self.table(table)
        if rows and column not in rows[0]:
            raise KeyError(
                f"table {table!r} of {self.game} has no column {column!r}; its columns: {', '.join(rows[0])}"
            )
        return tuple(row[column] for row in rows)

    def action(self, name: str) -> ActionRange:
        range_: ActionRange = self._lookup(self._actions, "action range", name)
        return range_

    def actions(self) -> tuple[ActionRange, ...]:
        """Every declared action range, in declaration order."""
        return tuple(self._actions.values())

    def action_range_of(self, action: int) -> Optional[ActionRange]:
        """The declared range `action` falls in (None: in none)."""
        return next((r for r in self._actions.values() if action in r), None)

    def observation(self, name: str) -> Stretch:
        stretch: Stretch = self._lookup(self._observation, "observation stretch", name)
        return stretch

    def observation_stretches(self) -> tuple[Stretch, ...]:
        return tuple(self._observation.values())

    def _lookup(self, where: Mapping[str, Any], kind: str, name: str) -> Any:
        if name not in where:
            raise KeyError(f"{self.game} declares no {kind} {name!r}; its {kind}s: {', '.join(where) or 'none'}")
        return where[name]


def description_of(game: Any) -> Description:
    """The description of `game` (a loaded native game, or a native game's name for its default
    parameters). Raises TypeError for a game without one (a Python game)."""
    if isinstance(game, str):
        return _described(game, ())
    if not isinstance(game, _core.Game):
        raise TypeError(f"only native games declare a description, not {type(game).__name__}")
    if game.name not in _core.list_games():  # a compiled game: its name may be registered again
        return Description(game.description())
    return _described(game.name, tuple(sorted(game.parameters().items())))


@functools.cache
def _described(name: str, params: tuple[tuple[str, Any], ...]) -> Description:
    return Description(_core.load_game(name, dict(params)).description())
