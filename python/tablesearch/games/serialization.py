"""The serialized form of a state, written and read here for every game, native or Python.

`state.serialize()` and `game.deserialize_state(text)` (the pyspiel names) call `serialize` and
`deserialize` (pickling a state writes the same text: `tablesearch.games.registry`). The text
is one JSON object, for example (format 2, written since scalar fields became ints):

```json
{"format": 2, "game": "NAME", "params": {"max_rounds": 100, "players": 2}, "seed": 7,
 "history": [0, 0], "fields": {"tiles": [7, 5, -1, 6, 3, -1, -1, -1, -1],
 "tokens": [6, 14, 20, 7], "player": 0, "winner": -1}}
```

(written on one line; a game without fields writes
`{"format": 2, "game": "NAME", "params": {}, "seed": 0, "history": [3, 3]}`).

- `format`: the format version, an int. A document without it is read as the format written
  today (`FORMAT`); a version newer than `FORMAT` is refused, naming both. Format 1 differs only
  in its fields: every field was a list, a single value a list of one. It is still read: a list
  of one for a field the game declares scalar is taken as that int (in format 1 only).
- `game`, `params`: the game's name and the parameters in force (`game.parameters()`, defaults
  included); they must equal those of the game that reads the text.
- `seed`: the seed of the initial state (setup randomness), an int in [0, 2**64).
- `history`: the actions taken since the initial state, ints in [0, 2**31).
- `fields` (written only by games whose states serialize their contents, `HasFields` in
  cpp/core/game.h): by name, an int64 for a single value (a field the game's description marks
  ``"scalar": True``) or a list of them for an array, as `state.fields()` gives them; an int
  where a list belongs, or a list where an int does, is refused. Where present they
  *are* the position, validated in full by the game (ranges, lengths, conservation of
  components, a reachable phase; unknown names refused), and the history is a record of the
  moves, each checked to be one of the game's actions: a resampled world does not follow from
  its seed, so it could not be replayed. Without fields the state is rebuilt by replaying the
  history from the seed through the rules, so any illegal entry is refused.

Keys are written in the order above; the same state always gives the same text. Serialized text
is untrusted input: every problem raises ValueError (TypeError if the text is not a str) naming
what was wrong and what is valid; text longer than `MAX_TEXT_LENGTH` is refused unparsed, and
nothing in it is evaluated.

Games provide the parts: states `seed()`, `history()`, `fields()` (empty where the game has
none) and `get_game()`; games `name`, `parameters()` and `restore(seed, history, fields=None)`.
Native games get them from the C++ core, Python games from `PythonGame` and `PythonState`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from tablesearch.games.description import description_of

FORMAT = 2
"""The format version this module writes (and the newest it reads)."""

OLDEST_FORMAT = 1
"""The oldest format version this module reads (format 1: every field a list)."""

KEYS = ("format", "game", "params", "seed", "history", "fields")
"""The keys of a serialized state, in the order they are written."""

MAX_TEXT_LENGTH = 1 << 26
"""The longest text `deserialize` reads (64 Mi characters); longer text is refused unparsed."""

_INT64 = (-(2**63), 2**63 - 1)
_ACTION_MAX = 2**31 - 1
_INT_ONLY = frozenset([int])  # type(True) is bool: booleans are not ints here


def to_document(state: Any) -> dict[str, Any]:
    """The serialized form of `state` as a JSON-ready dict (keys in `KEYS` order; ``fields``
    only where the game serializes them)."""
    game = state.get_game()
    doc: dict[str, Any] = {
        "format": FORMAT,
        "game": game.name,
        "params": game.parameters(),
        "seed": state.seed(),
        "history": state.history(),
    }
    fields = state.fields()
    if fields:
        doc["fields"] = fields
    return doc


def serialize(state: Any) -> str:
    """JSON text of `state` that `deserialize` (``game.deserialize_state``) turns back into it."""
    return json.dumps(to_document(state))


def deserialize(game: Any, text: Any) -> Any:
    """The state of `game` that `text` (from `serialize`) describes, every part validated.

    Raises TypeError if `text` is not a str, and ValueError naming the problem if it is not a
    serialized state of this game (bad JSON, an unknown format or key, another game or other
    parameters, a bad seed, history or field, or a position the game's rules refuse).
    """
    if not isinstance(text, str):
        raise TypeError(f"deserialize_state expects a JSON str, got {type(text).__name__}")
    if len(text) > MAX_TEXT_LENGTH:
        raise ValueError(f"serialized state of {len(text)} characters is too long (at most {MAX_TEXT_LENGTH})")
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise ValueError(f"not valid JSON: {error}") from None
    return from_document(game, doc)


def from_document(game: Any, doc: Any) -> Any:
    """The state of `game` that the parsed document `doc` describes (see `deserialize`; the same
    validation, for a dict instead of text)."""
    checked = check_document(doc)
    if checked["game"] != game.name:
        raise ValueError(f"serialized state is for game {checked['game']!r}, not {game.name!r}")
    params = game.parameters()
    if checked["params"] != params:
        raise ValueError(f"serialized parameters {checked['params']!r} differ from this game's {params!r}")
    fields = checked.get("fields")
    if fields is not None and checked["format"] == 1:
        fields = _fields_of_format_1(game, fields)
    return game.restore(checked["seed"], checked["history"], fields)


def _fields_of_format_1(game: Any, fields: dict[str, Any]) -> dict[str, Any]:
    """Format 1 wrote every field as a list: its list of one for a field `game` declares scalar is
    that field's int. (Whether each field then has the shape the game declares is the game's check.)"""
    try:
        declared = description_of(game).fields
    except TypeError:  # a Python game: it declares no fields, and refuses any
        return fields
    scalars = {name for name, spec in declared.items() if spec["scalar"]}
    return {name: values[0] if name in scalars and len(values) == 1 else values for name, values in fields.items()}


def check_document(doc: Any) -> dict[str, Any]:
    """`doc` checked to be a serialized state of a format this module reads (`OLDEST_FORMAT` to
    `FORMAT`), returned with ``format`` filled in (fields as the document has them). Raises
    ValueError naming the first problem; says nothing yet about whether a game accepts it (its
    name, parameters and position)."""
    if not isinstance(doc, dict):
        raise ValueError(f"a serialized state must be a JSON object, got {_json_type(doc)}")
    for key in doc:
        if key not in KEYS:
            raise ValueError(f"unknown key {_short(key)} in serialized state; valid: {', '.join(KEYS)}")
    version = _check_format(doc.get("format", FORMAT))
    for key in ("game", "params", "seed", "history"):
        if key not in doc:
            raise ValueError(f"serialized state lacks {key!r} (it needs game, params, seed and history)")
    if not isinstance(doc["game"], str):
        raise ValueError(f"serialized 'game' must be a game name (a str), got {_json_type(doc['game'])}")
    if not isinstance(doc["params"], dict):
        raise ValueError(f"serialized 'params' must be an object, got {_json_type(doc['params'])}")
    out = {
        "format": version,
        "game": doc["game"],
        "params": doc["params"],
        "seed": _check_seed(doc["seed"]),
        "history": _check_history(doc["history"]),
    }
    if "fields" in doc:
        out["fields"] = _check_fields(doc["fields"], version)
    return out


def _check_format(value: Any) -> int:
    if not _is_int(value):
        raise ValueError(
            f"unsupported serialization format {_short(value)}; expected an int, {OLDEST_FORMAT} to {FORMAT}"
        )
    if value > FORMAT:
        raise ValueError(
            f"unsupported serialization format {value}: newer than this version of tablesearch reads "
            f"(format {FORMAT}); upgrade tablesearch to read it"
        )
    if value < OLDEST_FORMAT:
        raise ValueError(f"unsupported serialization format {value}; expected {OLDEST_FORMAT} to {FORMAT}")
    return int(value)


def _check_seed(value: Any) -> int:
    if not _is_int(value):
        raise ValueError(f"serialized 'seed' must be an int in [0, 2**64), got {_json_type(value)} {_short(value)}")
    if not 0 <= value < 2**64:
        raise ValueError(f"serialized 'seed' must be in [0, 2**64), got {_short(value)}")
    return int(value)


def _check_history(value: Any) -> list[int]:
    if not isinstance(value, list):
        raise ValueError(f"serialized 'history' must be a list of ints, got {_json_type(value)}")
    if _all_ints_in(value, 0, _ACTION_MAX):
        return value
    for i, action in enumerate(value):
        if not _is_int(action):
            raise ValueError(f"history entry {i} must be an int, got {_json_type(action)} {_short(action)}")
        if not 0 <= action <= _ACTION_MAX:
            raise ValueError(f"history entry {i} is {_short(action)}, which is never a legal action (0..{_ACTION_MAX})")
    return value


def _check_fields(value: Any, version: int) -> dict[str, int | list[int]]:
    """The fields checked to be ints and lists of ints (in format 1, lists only), by valid names."""
    if not isinstance(value, dict):
        raise ValueError(f"serialized 'fields' must be an object of ints and int lists, got {_json_type(value)}")
    for name, values in value.items():
        if not name.isascii():
            try:
                name.encode("utf-8")
            except UnicodeEncodeError:  # a lone surrogate, which JSON's \u escapes can write
                raise ValueError(f"field name {_short(name)} is not valid Unicode text") from None
        if isinstance(values, list):
            _check_field_list(name, values)
        elif version == 1:
            raise ValueError(f"field {_short(name)} must be a list of ints in format 1, got {_json_type(values)}")
        else:
            _check_field_int(name, values)
    return value


def _check_field_list(name: str, values: list[Any]) -> None:
    if _all_ints_in(values, *_INT64):
        return
    for i, v in enumerate(values):
        if not _is_int(v):
            raise ValueError(f"field {_short(name)} value {i} must be an int, got {_json_type(v)} {_short(v)}")
        _check_int64(f"field {_short(name)} value {i}", v)


def _check_field_int(name: str, value: Any) -> None:
    if not _is_int(value):
        raise ValueError(
            f"field {_short(name)} must be an int or a list of ints, got {_json_type(value)} {_short(value)}"
        )
    _check_int64(f"field {_short(name)}", value)


def _check_int64(what: str, value: int) -> None:
    lo, hi = _INT64
    if not lo <= value <= hi:
        raise ValueError(f"{what} is {_short(value)}, outside the int64 range")


def _all_ints_in(values: list[Any], lo: int, hi: int) -> bool:
    """Whether every value is an int (not a bool) in [lo, hi]: the quick check of well-formed
    input; the caller then looks for the first bad value to name it."""
    return _INT_ONLY.issuperset(map(type, values)) and (not values or (lo <= min(values) and max(values) <= hi))


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _json_type(value: Any) -> str:
    """The JSON name of a parsed value's type."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, Mapping):
        return "an object"
    return type(value).__name__


def _short(value: Any, limit: int = 60) -> str:
    """repr(value), cut to `limit` characters (the values come from untrusted text)."""
    if _is_int(value) and value.bit_length() > 200:
        return f"<an int of {value.bit_length()} bits>"
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


# Pickling: a game pickles as its name and parameters, a state as its game and serialized text,
# both loaded again through load_game (so a Python game must be loadable by name where it is
# unpickled: registered there, or a "module:factory" name).
