"""Games in progress in the web app: seats, the game loop, and the pages watching each game.

A PlaySession runs one game as an asyncio task: chance outcomes are drawn from the session's
seed, AI seats think in a worker thread (web/thinking.py) while their progress streams to the
pages allowed to see it, human seats wait for a click from their page. A ReplaySession steps
through a finished game from a tournament results file. Pages are `Watcher`s: a seat (or None for
a spectator) and a queue of JSON messages that its own task sends, so that a page that stops
reading is dropped and never holds up the game; every message is built for its watcher by
web/views.py. A search stops as soon as the last page of its game leaves.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import secrets
import time
from collections.abc import Awaitable
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from tablesearch import mcts, render
from tablesearch.agents.specs import spec_name
from tablesearch.web import thinking, views
from tablesearch.web.seats import build_agent
from tablesearch.web.settings import Limits, ServerSettings
from tablesearch.web.untrusted import (
    INT64,
    MAX_DELAY,
    BadRequest,
    GameRequest,
    check_number,
    check_params,
    check_whole,
    load_game,
)

log = logging.getLogger("tablesearch.web")

Send = Callable[[dict[str, Any]], Awaitable[None]]
Close = Callable[[], Awaitable[None]]


async def _no_close() -> None:
    return None


@dataclass(eq=False)
class Watcher:
    """A page: its seat (None: a spectator), how to send it a message and how to close it.
    Messages wait in `outbox` for the page's own sending task (`start`)."""

    seat: Optional[int]
    send: Send
    close: Close = _no_close
    outbox: asyncio.Queue[dict[str, Any]] = field(default_factory=asyncio.Queue)
    task: Optional[asyncio.Task[None]] = None


@dataclass
class Event:
    ply: int
    player: int  # ts.CHANCE (-1) for chance outcomes
    action: int
    before: Any  # the true state before the move (never sent: views.log_line describes it)


class Session:
    """What both kinds of session share: an id, the watchers, sending, idleness."""

    kind = "session"

    def __init__(self, game: Any, limits: Limits) -> None:
        self.id = secrets.token_urlsafe(9)
        self.game = game
        self.limits = limits
        self.watchers: set[Watcher] = set()
        self.last_active = time.monotonic()

    def touch(self) -> None:
        self.last_active = time.monotonic()

    def idle_for(self) -> float:
        """Seconds since anything happened, or 0 while a page is connected."""
        return 0.0 if self.watchers else time.monotonic() - self.last_active

    def start_sending(self, watcher: Watcher) -> None:
        watcher.task = asyncio.create_task(self._pump(watcher))

    async def _pump(self, watcher: Watcher) -> None:
        """Sends `watcher`'s messages in order; a page too slow to take one is dropped."""
        while True:
            message = await watcher.outbox.get()
            try:
                await asyncio.wait_for(watcher.send(message), self.limits.send_seconds)
            except Exception as error:  # gone, or too slow: forget it, no traceback
                await self._drop(watcher, type(error).__name__)
                return

    async def send(self, watcher: Watcher, message: dict[str, Any]) -> None:
        """Queues `message` for `watcher` (a page with too many waiting is dropped)."""
        if watcher not in self.watchers:
            return
        if watcher.outbox.qsize() >= self.limits.queued_messages:
            await self._drop(watcher, "too many messages waiting")
            return
        watcher.outbox.put_nowait(message)

    async def _drop(self, watcher: Watcher, why: str) -> None:
        if watcher not in self.watchers:
            return
        log.info("session %s: dropping a page (%s)", self.id, why)
        self.detach(watcher)
        with contextlib.suppress(Exception):
            await watcher.close()

    async def broadcast(self) -> None:
        for watcher in list(self.watchers):
            await self.send(watcher, self.view(watcher.seat))

    def close(self) -> None:
        """Forgets the session: stops its search and its pages' sending."""
        for watcher in list(self.watchers):
            if watcher.task is not None:
                watcher.task.cancel()
        self.watchers.clear()

    def view(self, seat: Optional[int]) -> dict[str, Any]:
        raise NotImplementedError

    def info(self) -> dict[str, Any]:
        raise NotImplementedError

    async def attach(self, watcher: Watcher) -> None:
        """A page opened: it gets its view now and every change from then on."""
        raise NotImplementedError

    def detach(self, watcher: Watcher) -> None:
        """A page closed (or its connection broke)."""
        raise NotImplementedError

    async def handle(self, watcher: Watcher, message: Any) -> None:
        """A message from a page; raises BadRequest with the reason for a bad one."""
        raise NotImplementedError


class PlaySession(Session):
    kind = "play"

    def __init__(
        self, request: GameRequest, settings: ServerSettings, slots: Optional[asyncio.Semaphore] = None
    ) -> None:
        super().__init__(load_game(request.game, request.params, settings.allowed), settings.limits)
        n = self.game.num_players()
        seats = request.seats
        if len(seats) != n:
            raise BadRequest(f"{request.game} here has {n} players: give one seat each, got {len(seats)}")
        self.seed = random.getrandbits(31) if request.seed is None else request.seed
        self.seats = seats
        self.agents = [
            build_agent(i, seat, self.game, (self.seed + 1 + i) % INT64, settings) for i, seat in enumerate(seats)
        ]
        self.names = [spec_name(s.spec) for s in seats]
        self.humans = [i for i, s in enumerate(seats) if s.human]
        self.delay = request.delay
        self.slots = slots  # AI moves computed at once, server-wide
        self.state = self.game.new_initial_state(self.seed)
        self.events: list[Event] = []
        self.chance_rng = random.Random(self.seed)
        self.view_rng = random.Random(self.seed ^ 0x5EED_F0E5)
        self.paused = False
        self.error: Optional[str] = None
        self.thinking: Optional[tuple[int, dict[str, Any]]] = None  # (seat, payload)
        self.cancel = mcts.StopFlag()  # set when no page is left: ends the search in progress
        self.changed = asyncio.Event()  # a click, a new page, a speed change: the loop looks again
        self.human_move: Optional[int] = None
        self.task: Optional[asyncio.Task[None]] = None

    # --- what pages see ---------------------------------------------------------------------
    def info(self) -> dict[str, Any]:
        return dict(
            id=self.id,
            kind=self.kind,
            game=self.game.name,
            params=self.game.parameters(),
            seats=self.names,
            humans=self.humans,
            hidden=views.hidden(self.game),
        )

    def view(self, seat: Optional[int]) -> dict[str, Any]:
        finished = self.state.is_terminal()
        refusal = views.may_watch(self.game, self.humans, seat, finished)
        if refusal:
            return dict(type="error", message=refusal, fatal=True)
        mover = None if finished or self.state.is_chance_node() else self.state.current_player()
        my_turn = mover is not None and mover == seat and mover in self.humans and not self.error
        svg, legal = views.board(self.state, seat, self.seed * 1_000_003 + len(self.events), clickable=my_turn)
        message = dict(
            type="view",
            session=self.info(),
            seat=seat,
            svg=svg,
            ply=len(self.events),
            legal=[dict(action=a, label=label) for a, label in sorted(legal.items())] if my_turn else [],
            your_turn=my_turn,
            to_move=mover,
            finished=finished,
            paused=self.paused,
            delay=self.delay,
            log=[views.log_line(e, seat, self.names) for e in self.events],
            legend=render.legend(self.game.name),
            status=self._status(seat, mover),
            error=self.error,
        )
        if finished:
            message["returns"] = list(self.state.returns())
        if self.thinking and views.may_see_thinking(self.game, seat, self.thinking[0]):
            message["thinking"] = self.thinking[1]
        return message

    def _status(self, seat: Optional[int], mover: Optional[int]) -> str:
        if self.state.is_terminal():
            returns = self.state.returns()
            best = max(returns)
            winners = [p for p, r in enumerate(returns) if r == best]
            if len(winners) == len(returns):
                return "game over: a draw"
            return (
                "game over: "
                + ", ".join(f"P{p} ({self.names[p]})" + (" (you)" if p == seat else "") for p in winners)
                + " won"
            )
        if mover is None:
            return "dealing"
        who = "your move" if mover == seat and mover in self.humans else f"P{mover} ({self.names[mover]}) to move"
        return who + (" (paused)" if self.paused and mover not in self.humans else "")

    # --- input from pages -------------------------------------------------------------------
    async def handle(self, watcher: Watcher, message: Any) -> None:
        """A message from a page; bad ones get an error message back."""
        self.touch()
        if not isinstance(message, dict):
            raise BadRequest("messages are JSON objects with a 'type'")
        kind = message.get("type")
        if kind == "move":
            self._take_move(watcher, message.get("action"))
            self.changed.set()  # the loop applies it and sends the new views
            return
        if kind == "speed":
            self.delay = check_number(message.get("delay"), "the delay between AI moves (seconds)", 0.0, MAX_DELAY)
        elif kind == "pause":
            paused = message.get("paused", True)
            if not isinstance(paused, bool):
                raise BadRequest(f"paused must be true or false, got {paused!r}"[:120])
            self.paused = paused
        else:
            raise BadRequest(f"unknown message type {kind!r}; valid: move, speed, pause")
        self.changed.set()
        await self.broadcast()

    def _take_move(self, watcher: Watcher, action: Any) -> None:
        if self.state.is_terminal():
            raise BadRequest("the game is over")
        mover = self.state.current_player()
        if watcher.seat is None or watcher.seat != mover or mover not in self.humans:
            raise BadRequest(
                "it is not your move" if mover in self.humans or watcher.seat is not None else "spectators cannot move"
            )
        if isinstance(action, bool) or not isinstance(action, int):
            raise BadRequest(f"a move is an action number, got {action!r}"[:120])
        legal = self.state.legal_actions()
        if action not in legal:
            raise BadRequest(f"illegal move {action}; legal moves: {', '.join(map(str, legal))}")
        self.human_move = action

    async def attach(self, watcher: Watcher) -> None:
        self.touch()
        self.watchers.add(watcher)
        self.start_sending(watcher)
        self.changed.set()
        if self.task is None:
            self.task = asyncio.create_task(self._run())
        await self.send(watcher, self.view(watcher.seat))

    def detach(self, watcher: Watcher) -> None:
        self.touch()
        self.watchers.discard(watcher)
        if watcher.task is not None and watcher.task is not asyncio.current_task():
            watcher.task.cancel()
        if not self.watchers:
            self.cancel.set()  # nobody is watching: abandon a search in progress
        self.changed.set()

    def close(self) -> None:
        self.cancel.set()
        super().close()
        if self.task is not None:
            self.task.cancel()

    # --- the game loop ------------------------------------------------------------------------
    async def _run(self) -> None:
        try:
            while not self.state.is_terminal():
                if self.state.is_chance_node():
                    actions, probs = zip(*self.state.chance_outcomes())
                    await self._apply(-1, self.chance_rng.choices(actions, weights=probs)[0])
                    continue
                seat = self.state.current_player()
                action = await (self._wait_human(seat) if seat in self.humans else self._ai_move(seat))
                if action is not None:
                    await self._apply(seat, action)
        except asyncio.CancelledError:
            raise
        except Exception as error:  # an agent that fails: shown on the page, one line in the log
            self.error = f"the game stopped: {type(error).__name__}: {error}"
            log.warning("session %s: %s", self.id, self.error)
        self.thinking = None
        await self.broadcast()

    async def _wait_human(self, seat: int) -> int:
        while self.human_move is None:
            self.changed.clear()
            await self.changed.wait()
        action, self.human_move = self.human_move, None
        return action

    async def _wait_until(self, ready: Callable[[], bool], timeout: Optional[float] = None) -> bool:
        """Waits until ready() holds (re-checked on every change); False on timeout."""
        loop = asyncio.get_running_loop()
        end = None if timeout is None else loop.time() + timeout
        while not ready():
            self.changed.clear()
            left = None if end is None else end - loop.time()
            if left is not None and left <= 0:
                return False
            try:
                await asyncio.wait_for(self.changed.wait(), left)
            except asyncio.TimeoutError:
                return ready()
        return True

    async def _ai_move(self, seat: int) -> Optional[int]:
        """The AI's move, or None if it was abandoned (nobody watching, or paused)."""
        await self._wait_until(lambda: bool(self.watchers) and not self.paused)
        if not self.humans and self.delay > 0:  # AI against AI: the chosen speed
            await self._wait_until(lambda: False, timeout=self.delay)
            if not self.watchers or self.paused:
                return None
        self.cancel.clear()
        hide = views.hidden(self.game)
        view = self.state.resample_from_infostate(seat, self.view_rng.getrandbits(63)) if hide else self.state.clone()
        loop = asyncio.get_running_loop()

        def report(progress: thinking.Progress) -> None:  # runs in the worker thread
            if progress.result is None:  # an agent that does not search has nothing to show
                return
            payload = views.thinking_payload(view, seat, progress)
            loop.call_soon_threadsafe(lambda: asyncio.ensure_future(self._show_thinking(seat, payload)))

        if self.slots is not None:
            await self.slots.acquire()  # waits while the server's other games search
        try:
            if self.cancel.is_set():
                raise thinking.Cancelled()
            action = await loop.run_in_executor(None, thinking.think, self.agents[seat], view, report, self.cancel)
        except thinking.Cancelled:
            log.info("session %s: seat %d's search abandoned (no page is watching)", self.id, seat)
            return None
        finally:
            if self.slots is not None:
                self.slots.release()
        if action not in self.state.legal_actions():
            raise ValueError(f"seat {seat} ({self.names[seat]}) chose an illegal action {action!r}")
        return action

    async def _show_thinking(self, seat: int, payload: dict[str, Any]) -> None:
        self.thinking = (seat, payload)
        for watcher in list(self.watchers):
            if views.may_see_thinking(self.game, watcher.seat, seat):
                await self.send(watcher, payload)

    async def _apply(self, player: int, action: int) -> None:
        self.touch()
        self.events.append(Event(len(self.events), player, int(action), self.state.clone()))
        self.state.apply_action(action)
        await self.broadcast()


class ReplaySession(Session):
    """A finished game from a results file, stepped through move by move by its pages. The file
    may come from anyone: its game must be one this server runs, and every field is checked."""

    kind = "replay"

    def __init__(self, record: dict[str, Any], params: dict[str, Any], settings: ServerSettings) -> None:
        where = f"game {str(record.get('id'))[:40]}"
        try:
            game = load_game(
                record.get("game"),
                {**check_params(record.get("params"), f"{where} params"), **params},
                settings.allowed,
            )
        except BadRequest as error:
            raise BadRequest(f"{where} of the results file: {error}") from None
        super().__init__(game, settings.limits)
        game_name = game.name
        self.record = record
        agents = record.get("agents")
        if agents is None:
            agents = [f"seat {p}" for p in range(self.game.num_players())]
        if not isinstance(agents, list) or not all(isinstance(a, str) for a in agents):
            raise BadRequest(f"{where}: agents must be a list of names")
        self.names = [a[:200] for a in agents]
        self.seed = check_whole(record.get("seed", 0), f"{where} seed", 0, 2**64 - 1)
        actions = record.get("actions", [])
        if not isinstance(actions, list):
            raise BadRequest(f"{where}: actions must be a list of action numbers")
        self.states = [self.game.new_initial_state(self.seed)]
        self.events: list[Event] = []
        for i, action in enumerate(actions):
            state = self.states[-1]
            legal = state.legal_actions() if not state.is_terminal() else []
            if isinstance(action, bool) or not isinstance(action, int) or action not in legal:
                raise BadRequest(
                    f"{where}: action {i} ({str(action)[:40]}) is not legal in {game_name} with "
                    f"parameters {self.game.parameters()}; were other parameters used (--param)?"
                )
            player = -1 if state.is_chance_node() else state.current_player()
            self.events.append(Event(i, player, int(action), state))
            after = state.clone()
            after.apply_action(action)
            self.states.append(after)
        self.positions: dict[Watcher, int] = {}

    def info(self) -> dict[str, Any]:
        return dict(
            id=self.id,
            kind=self.kind,
            game=self.game.name,
            params=self.game.parameters(),
            seats=self.names,
            humans=[],
            hidden=views.hidden(self.game),
            record=self.record.get("id"),
        )

    def view(self, seat: Optional[int], ply: int = 0) -> dict[str, Any]:
        state = self.states[ply]
        svg = render.draw(state)
        message = dict(
            type="view",
            session=self.info(),
            seat=None,
            svg=svg,
            ply=ply,
            plies=len(self.events),
            legal=[],
            your_turn=False,
            finished=ply == len(self.events),
            replay=True,
            log=[views.log_line(e, None, self.names) for e in self.events[:ply]],
            legend=render.legend(self.game.name),
            status=f"move {ply} of {len(self.events)}",
        )
        if state.is_terminal():
            message["returns"] = list(state.returns())
        return message

    async def attach(self, watcher: Watcher) -> None:
        self.touch()
        self.watchers.add(watcher)
        self.start_sending(watcher)
        self.positions[watcher] = 0
        await self.send(watcher, self.view(None, 0))

    def detach(self, watcher: Watcher) -> None:
        self.touch()
        self.watchers.discard(watcher)
        if watcher.task is not None and watcher.task is not asyncio.current_task():
            watcher.task.cancel()
        self.positions.pop(watcher, None)

    async def handle(self, watcher: Watcher, message: Any) -> None:
        self.touch()
        if not isinstance(message, dict) or message.get("type") != "goto":
            raise BadRequest("a replay takes messages {'type': 'goto', 'ply': N}")
        ply = message.get("ply")
        if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= len(self.events):
            raise BadRequest(f"ply must be a whole number from 0 to {len(self.events)}, got {ply!r}")
        self.positions[watcher] = ply
        await self.send(watcher, self.view(None, ply))


def read_record(path: str, game_id: str) -> dict[str, Any]:
    """The game `game_id` of a tournament results file (JSON lines)."""
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except OSError as error:
        raise BadRequest(f"cannot read {path}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise BadRequest(f"{path} is not UTF-8 text; is it a tablesearch results file?") from None
    ids = []
    for number, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        try:
            line = json.loads(raw)
        except (ValueError, RecursionError):
            raise BadRequest(f"{path} line {number} is not JSON; is it a tablesearch results file?") from None
        if not isinstance(line, dict) or "id" not in line or "actions" not in line:
            raise BadRequest(f"{path} line {number} is not a game record; is it a tablesearch results file?")
        if not isinstance(line["id"], (str, int)) or isinstance(line["id"], bool) or len(str(line["id"])) > 100:
            raise BadRequest(f"{path} line {number} has no valid game id")
        if str(line["id"]) == game_id:
            return line
        ids.append(str(line["id"]))
    shown = ", ".join(ids[:10]) + (" ..." if len(ids) > 10 else "")
    raise BadRequest(f"{path} has no game {game_id!r}; its games are {shown or 'none'}")
