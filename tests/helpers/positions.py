"""Hand-built positions for tests, through the public API (test-only).

Rule tests need positions that random play would take long to reach: a given hand, a tile
turned, a pile nearly empty. `position` builds one from a seed, a history and chosen fields
through `tablesearch.games.serialization`, exactly as a serialized state is read: the game
validates every field (ranges, lengths, conservation of components, a reachable phase) and
refuses unknown names, so an impossible position fails with a ValueError naming the field
instead of giving a state the rules could never reach. Field names, ranges and meanings are each
game's (its ``fields`` in ``cpp/games/<game>/``, exported as ``Game.description()["fields"]``);
read a state's with ``state.fields()``.

    from helpers.positions import position, with_fields
    state = position(ts.load_game("wetland"), turns=2, player=1)
    later = with_fields(state, actions_left=1)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Optional, Union

from tablesearch.games import serialization

FieldValue = Union[int, Iterable[int]]


def position(
    game: Any,
    /,
    *,
    seed: int = 0,
    history: Iterable[int] = (),
    fields: Optional[Mapping[str, FieldValue]] = None,
    **changes: FieldValue,
) -> Any:
    """A state of `game` from `seed`, its fields (games that serialize them) and a history.

    The fields are those of `game`'s initial state of `seed`, replaced wholesale by `fields` if
    given, then field by field by `changes` (an int for a scalar field, a list of ints for an
    array, as ``state.fields()`` gives them). With fields, `history` is only a record of the
    moves (each must be one of the game's actions); for games without fields, pass no fields or
    changes: the state is `seed` with `history` replayed through the rules. Raises ValueError
    naming what the game refuses. (`game` is positional only, so a field may be called ``game``,
    as Gnomi's is.)
    """
    chosen = game.new_initial_state(seed).fields() if fields is None else _plain(fields)
    chosen.update(_plain(changes))
    doc: dict[str, Any] = {
        "format": serialization.FORMAT,
        "game": game.name,
        "params": game.parameters(),
        "seed": seed,
        "history": list(history),
    }
    if chosen:
        doc["fields"] = chosen
    return serialization.from_document(game, doc)


def with_fields(state: Any, /, **changes: FieldValue) -> Any:
    """`state` with the named fields replaced (seed, history and the other fields kept)."""
    return position(state.get_game(), seed=state.seed(), history=state.history(), fields=state.fields(), **changes)


def _plain(values: Mapping[str, FieldValue]) -> dict[str, Union[int, list[int]]]:
    """The fields as JSON has them: ints as they are, any other iterable as a list."""
    return {name: value if isinstance(value, int) else list(value) for name, value in values.items()}
