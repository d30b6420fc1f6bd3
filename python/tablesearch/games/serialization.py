"""The serialized form of a state, written and read here for every game, native or Python.

`state.serialize()` and `game.deserialize_state(text)` (the pyspiel names) call `serialize` and
`deserialize` (pickling a state writes the same text: `tablesearch.games.registry`). The text
is one JSON object, for example (format 1, the only one so far):

```json
{"format": 1, "game": "NAME", "params": {"max_rounds": 100, "players": 2}, "seed": 7,
 "history": [0, 0], "fields": {"tiles": [7, 5, -1, 6, 3, -1, -1, -1, -1],
 "tokens": [6, 14, 20, 7], "player": [0], "winner": [-1]}}
```

(written on one line; a game without fields writes
`{"format": 1, "game": "NAME", "params": {}, "seed": 0, "history": [3, 3]}`).

- `format`: the format version, an int. A document without it is read as format 1, the format
  written today; a version newer than `FORMAT` is refused, naming both.
- `game`, `params`: the game's name and the parameters in force (`game.parameters()`, defaults
  included); they must equal those of the game that reads the text.
- `seed`: the seed of the initial state (setup randomness), an int in [0, 2**64).
- `history`: the actions taken since the initial state, ints in [0, 2**31).
- `fields` (written only by games whose states serialize their contents, `HasFields` in
  cpp/core/game.h): named arrays of int64 values, as `state.fields()` gives them. Where present they
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

FORMAT = 1
"""The format version this module writes (and the newest it reads)."""

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
    return game.restore(checked["seed"], checked["history"], checked.get("fields"))


def check_document(doc: Any) -> dict[str, Any]:
    """`doc` checked to be a serialized state of the current format, returned with ``format``
    filled in. Raises ValueError naming the first problem; says nothing yet about whether a game
    accepts it (its name, parameters and position)."""
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
        out["fields"] = _check_fields(doc["fields"])
    return out


def _check_format(value: Any) -> int:
    if not _is_int(value):
        raise ValueError(f"unsupported serialization format {_short(value)}; expected an int, {FORMAT}")
    if value > FORMAT:
        raise ValueError(
            f"unsupported serialization format {value}: newer than this version of tablesearch reads "
            f"(format {FORMAT}); upgrade tablesearch to read it"
        )
    if value != FORMAT:
        raise ValueError(f"unsupported serialization format {value}; expected {FORMAT}")
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


def _check_fields(value: Any) -> dict[str, list[int]]:
    if not isinstance(value, dict):
        raise ValueError(f"serialized 'fields' must be an object of int lists, got {_json_type(value)}")
    lo, hi = _INT64
    for name, values in value.items():
        if not name.isascii():
            try:
                name.encode("utf-8")
            except UnicodeEncodeError:  # a lone surrogate, which JSON's \u escapes can write
                raise ValueError(f"field name {_short(name)} is not valid Unicode text") from None
        if not isinstance(values, list):
            raise ValueError(f"field {_short(name)} must be a list of ints, got {_json_type(values)}")
        if _all_ints_in(values, lo, hi):
            continue
        for i, v in enumerate(values):
            if not _is_int(v):
                raise ValueError(f"field {_short(name)} value {i} must be an int, got {_json_type(v)} {_short(v)}")
            if not lo <= v <= hi:
                raise ValueError(f"field {_short(name)} value {i} is {_short(v)}, outside the int64 range")
    return value


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
