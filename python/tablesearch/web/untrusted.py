"""Reading what pages and results files send: every field checked, with a one-line reason naming it.

Nothing read here is ever imported or called: a game must be registered (or allowed by whoever
started the server) and an agent spec must be built-in (or allowed), checked by name before
anything is loaded.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, replace
from typing import Any, Optional

import tablesearch as ts
from tablesearch.web.settings import Limits

MAX_TEXT = 200  # characters of a game name, parameter value or agent spec
MAX_PARAMS = 32
INT64 = 2**63


class BadRequest(ValueError):
    """Input from a page, a results file or the command line that cannot be used; the message says why."""


def parse_json(data: Any, where: str, limits: Limits) -> Any:
    """`data` (bytes or str) as JSON, refusing bodies over the size limit, nesting deeper than
    the limit, NaN and Infinity, and integers of more than 4300 digits."""
    if isinstance(data, (bytes, bytearray)):
        if len(data) > limits.body_bytes:
            raise BadRequest(f"{where} is limited to {limits.body_bytes} bytes")
        try:
            data = bytes(data).decode("utf-8")
        except UnicodeDecodeError:
            raise BadRequest(f"{where} must be UTF-8 JSON text") from None
    if len(data) > limits.body_bytes:
        raise BadRequest(f"{where} is limited to {limits.body_bytes} characters")
    depth = nesting_depth(data)
    if depth > limits.json_depth:
        raise BadRequest(f"{where} nests {depth} levels deep; the limit is {limits.json_depth}")
    try:
        return json.loads(data, parse_constant=_refuse_constant)
    except (ValueError, RecursionError) as error:
        raise BadRequest(f"{where} is not valid JSON: {str(error)[:120]}") from None


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def nesting_depth(text: str) -> int:
    """The deepest nesting of [ and { outside strings (read before parsing, which would recurse)."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _short(value: Any) -> str:
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= INT64:
        return f"an integer of {len(str(abs(value)))} digits"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def check_keys(obj: dict[str, Any], allowed: tuple[str, ...], where: str) -> None:
    unknown = [key for key in obj if key not in allowed]
    if unknown:
        raise BadRequest(f"{where}: unknown field {_short(unknown[0])}; valid: {', '.join(allowed)}")


def check_text(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise BadRequest(f"{where} must be text, got {_short(value)}")
    if len(value) > MAX_TEXT:
        raise BadRequest(f"{where} is limited to {MAX_TEXT} characters")
    return value


def check_whole(value: Any, where: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadRequest(f"{where} must be a whole number from {low} to {high}, got {_short(value)}")
    return value


def check_number(value: Any, where: str, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise BadRequest(f"{where} must be a number from {low:g} to {high:g}, got {_short(value)}")
    if not low <= value <= high:
        raise BadRequest(f"{where} must be a number from {low:g} to {high:g}, got {_short(value)}")
    return float(value)


def check_game_name(value: Any, allowed: frozenset[str]) -> str:
    """A game this server runs: registered (native or in Python before serve) or allowed."""
    name = check_text(value, "game")
    if not name:
        raise BadRequest("choose a game")
    if name not in ts.list_games() and name not in allowed:
        raise BadRequest(
            f"unknown game {_short(name)}; this server runs {', '.join(ts.list_games())} (a plugin game runs "
            "only if whoever starts the server names it: tablesearch serve --allow module:factory)"
        )
    return name


def check_params(params: Any, where: str = "params") -> dict[str, Any]:
    """NAME: VALUE game parameters with plain values; the game checks the values themselves."""
    if params is None:
        return {}
    if not isinstance(params, dict):
        raise BadRequest(f"{where} must be an object of NAME: VALUE")
    if len(params) > MAX_PARAMS:
        raise BadRequest(f"{where} has {len(params)} entries; the limit is {MAX_PARAMS}")
    for name, value in params.items():
        check_text(name, f"{where} name")
        if isinstance(value, str):
            check_text(value, f"{where}.{name}")
        elif isinstance(value, int) and not isinstance(value, bool):
            check_whole(value, f"{where}.{name}", -INT64, INT64 - 1)
        elif not isinstance(value, (bool, float)):
            raise BadRequest(f"{where}.{name} must be text, a number or true/false, got {_short(value)}")
    return dict(params)


def load_game(name: Any, params: Any, allowed: frozenset[str]) -> Any:
    """The game `name` with `params`, both from untrusted input."""
    name = check_game_name(name, allowed)
    params = check_params(params)
    try:
        return ts.load_game(name, **params)
    except (ValueError, TypeError, OverflowError) as error:
        raise BadRequest(str(error)) from None


@dataclass
class SeatRequest:
    spec: str
    budget: Optional[dict[str, Any]] = None

    @property
    def human(self) -> bool:
        return self.spec.strip() == "human"


@dataclass
class GameRequest:
    """A new game as a page asks for it (POST /api/sessions), every field checked."""

    game: str
    params: dict[str, Any]
    seats: list[SeatRequest]
    seed: Optional[int]
    delay: float


GAME_REQUEST_FIELDS = ("game", "params", "seats", "seed", "delay")
MAX_DELAY = 10.0


def parse_game_request(body: Any, allowed: frozenset[str]) -> GameRequest:
    if not isinstance(body, dict):
        raise BadRequest("the request must be a JSON object")
    check_keys(body, GAME_REQUEST_FIELDS, "the request")
    game = check_game_name(body.get("game"), allowed)
    params = check_params(body.get("params"))
    seats = body.get("seats")
    if not isinstance(seats, list) or not seats:
        raise BadRequest("seats must be a list with one {spec, budget} per player")
    if len(seats) > ts._core.MAX_PLAYERS:
        raise BadRequest(f"seats: at most {ts._core.MAX_PLAYERS} players, got {len(seats)}")
    seed = body.get("seed")
    if seed is not None:
        check_whole(seed, "seed", 0, INT64 - 1)
    delay = check_number(body.get("delay", 0.5), "the delay between AI moves (seconds)", 0.0, MAX_DELAY)
    return GameRequest(game, params, [_seat(i, seat) for i, seat in enumerate(seats, 1)], seed, delay)


def _seat(i: int, seat: Any) -> SeatRequest:
    """Seat `i`'s request; `i` counts from 1 in messages, as the setup form numbers the seats."""
    if isinstance(seat, str):
        seat = dict(spec=seat)
    if not isinstance(seat, dict):
        raise BadRequest(f"seat {i}: give an agent spec such as human, random or mcts:iterations=1000")
    check_keys(seat, ("spec", "budget"), f"seat {i}")
    spec = check_text(seat.get("spec"), f"seat {i} spec").strip()
    if not spec:
        raise BadRequest(f"seat {i}: give an agent spec such as human, random or mcts:iterations=1000")
    budget = seat.get("budget") or None
    if budget is not None:
        if not isinstance(budget, dict):
            raise BadRequest(f'seat {i}: a budget is an object such as {{"iterations": 1000}}')
        check_keys(budget, ("iterations", "time_limit"), f"seat {i} budget")
        budget = {k: v for k, v in budget.items() if v is not None} or None
    return SeatRequest(spec, budget)


def parse_rematch(body: Any) -> bool:
    """A rematch request, {"swap": true|false} (or {}): whether the seats turn round."""
    if not isinstance(body, dict):
        raise BadRequest('a rematch request is a JSON object: {"swap": true} or {"swap": false}')
    check_keys(body, ("swap",), "a rematch request")
    swap = body.get("swap", False)
    if not isinstance(swap, bool):
        raise BadRequest(f"swap must be true or false, got {_short(swap)}")
    return swap


def rematch_request(request: GameRequest, swap: bool) -> GameRequest:
    """`request` again with a fresh seed; with `swap` every seat moves on by one (two players
    trade places), so a human who moved first now moves second."""
    seats = request.seats[-1:] + request.seats[:-1] if swap else list(request.seats)
    return replace(request, seats=seats, seed=None)
