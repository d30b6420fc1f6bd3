"""Games in progress in the web app: seats, the game loop, and the pages watching each game.

A PlaySession runs one game as an asyncio task: chance outcomes are drawn from the session's
seed, AI seats think in a worker thread (web/thinking.py) while their progress streams to the
pages allowed to see it (every page sees that it searches, and for how long), human seats wait
for a click from their page (a move that leaves no choice is played for them after a pause, and
a click may carry the seat's next move too: web/turns.py). A finished game is recorded as a
results line (web/records.py); web/replays.py steps through finished games. The pages watching a
game are web/pages.py's; every message is built for its page by web/views.py, where a drawing or
a move's name that raises is shown as a stand-in with the reason, so the game goes on. A game
that fails (an agent or the game's own code raising) ends with the reason on every page. A
search stops as soon as the last page of its game leaves.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Optional

from tablesearch import mcts, render
from tablesearch.agents.specs import spec_name
from tablesearch.games.extras import title_of
from tablesearch.web import endings, levels, movelog, records, review, thinking, turns, views
from tablesearch.web.names import named, seat_names
from tablesearch.web.pages import Session, Watcher
from tablesearch.web.seats import build_agent
from tablesearch.web.settings import ServerSettings
from tablesearch.web.untrusted import INT64, MAX_DELAY, BadRequest, GameRequest, check_keys, check_number, load_game

__all__ = ["Event", "PlaySession", "Session", "Watcher"]

log = logging.getLogger("tablesearch.web")

AUTOMATIC_PAUSE = 0.8  # seconds a move played for a human seat is shown before it is played


@dataclass
class Event:
    move: int  # its index in the history, chance outcomes counted
    player: int  # ts.CHANCE (-1) for chance outcomes
    action: int
    before: Any  # the true state before the move (never sent: views.log_line describes it)
    turn: int = -1  # whose turn the move belongs to (web/movelog.py), -1 for chance
    answer: bool = False  # a human's move that began a page's answer (a click, not what it sent with it)

    @staticmethod
    def of(move: int, player: int, action: int, before: Any, answer: bool = False) -> Event:
        return Event(move, player, action, before, movelog.turn_of(before), answer)


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
        self.request = request  # a rematch starts from it
        self.seats = seats
        self.agents = [
            build_agent(i, seat, self.game, (self.seed + 1 + i) % INT64, settings) for i, seat in enumerate(seats)
        ]
        self.names = [spec_name(s.spec) for s in seats]  # as recorded: the agent specs
        # as shown: "Medium AI"
        self.labels = [levels.name_of(name, self.game.name, self.game.num_players()) or name for name in self.names]
        self.humans = [i for i, s in enumerate(seats) if s.human]
        self.delay = request.delay
        self.slots = slots  # AI moves computed at once, server-wide
        self.record_dir = settings.record_dir
        self.state = self.game.new_initial_state(self.seed)
        self.events: list[Event] = []
        self.logs: dict[Optional[int], list[str]] = {}  # each viewer's text of every move so far
        self.log_problems: dict[Optional[int], list[str]] = {}  # why some of those lines are stand-ins
        self.chance_rng = random.Random(self.seed)
        self.view_rng = random.Random(self.seed ^ 0x5EED_F0E5)
        self.paused = False
        self.error: Optional[str] = None
        self.thinking: Optional[tuple[int, dict[str, Any]]] = None  # (seat, payload)
        self.busy: Optional[tuple[int, float]] = None  # (AI seat searching now, since when)
        self.cancel = mcts.StopFlag()  # set when no page is left: ends the search in progress
        self.changed = asyncio.Event()  # a click, a new page, a speed change: the loop looks again
        self.human_moves: list[int] = []  # a click's move, then the moves it chose with it
        self.new_answer = False  # human_moves[0] begins a page's answer (a takeback goes back to it)
        self.answering = False  # the human move being played began one
        self.resigned: Optional[int] = None  # the seat that gave up, which ends the game
        self.generation = 0  # counts takebacks: a move computed before one is dropped
        self.autoplay = {seat: True for seat in self.humans}  # play automatic moves for the seat
        self.seconds = [0.0] * n  # thinking (or waiting) time per seat, for the record
        self.started = time.monotonic()
        self.record: Optional[dict[str, Any]] = None  # the results line, once the game is over
        self.record_note = ""  # where it was written, or why not
        self.record_file: Optional[Path] = None  # the results file it was appended to
        self.record_offset = 0  # where its line starts there
        self.record_failed = False  # writing it was tried and failed
        self.task: Optional[asyncio.Task[None]] = None
        self.reviews = review.Reviews(self)  # the finished game's reviews (web/review.py)

    # --- what pages see ---------------------------------------------------------------------
    def info(self) -> dict[str, Any]:
        return dict(
            id=self.id,
            kind=self.kind,
            game=self.game.name,
            title=title_of(self.game.name),
            params=self.game.parameters(),
            seats=self.names,
            labels=self.labels,
            humans=self.humans,
            hidden=views.hidden(self.game),
        )

    @property
    def over(self) -> bool:
        return bool(self.resigned is not None or self.state.is_terminal())

    def returns(self) -> list[float]:
        """The finished game's returns (a resignation's, where a seat gave up)."""
        if self.resigned is not None:
            return endings.resignation_returns(self.game, self.resigned)
        return list(self.state.returns())

    def _view_seed(self) -> int:
        return self.seed * 1_000_003 + len(self.events)

    def view(self, seat: Optional[int]) -> dict[str, Any]:
        finished = self.over
        refusal = views.may_watch(self.game, self.humans, seat, finished)
        if refusal:
            return dict(type="error", message=refusal, fatal=True)
        mover = None if finished or self.state.is_chance_node() else self.state.current_player()
        my_turn = mover is not None and mover == seat and mover in self.humans and not self.error
        last = views.last_move(self.events, seat)
        problems: list[str] = []  # the game's display code that raised (the page shows why)
        names = seat_names(self.labels, seat)  # as this page names the seats: "You", "Medium AI"
        svg, legal, seen = views.board(self.state, seat, self._view_seed(), my_turn, last, problems, finished, names)
        auto = self.automatic_move() if my_turn else None
        log_lines = self._log(seat, names, problems)
        message = dict(
            type="view",
            session=self.info(),
            seat=seat,
            names=names,
            svg=svg,
            move=len(self.events),
            legal=self._legal(legal, seen, mover, names, problems) if my_turn and mover is not None else [],
            shortcuts=self._shortcuts(seen, mover, names, problems) if my_turn and mover is not None else [],
            your_turn=my_turn,
            automatic=auto,
            autoplay=self.autoplay.get(seat) if seat is not None else None,
            to_move=mover,
            finished=finished,
            paused=self.paused,
            delay=self.delay,
            log=[line["text"] for line in log_lines],
            log_moves=[line["move"] for line in log_lines],
            legend=render.legend(self.game.name),
            hint=render.play_hint(self.game.name) if seat in self.humans and not finished else "",
            status=self._status(seat, names, mover, auto),
            error=self.error or (f"{title_of(self.game.name)}: " + "; ".join(problems) if problems else None),
            busy=self._busy(),
            can_resign=self._may_give_up(seat) and endings.resign_allowed(self.game),
            can_take_back=self._may_give_up(seat) and self._take_back_point() is not None,
        )
        if finished:
            message["returns"] = self.returns()
            message["ending"] = endings.ending(self.state, self.labels, seat, self.resigned, self.returns())
            message["recorded"] = self.record is not None
            message["record_note"] = self.record_note
            message["record_failed"] = self.record_failed
            message["can_review"] = self.reviews.offered(seat)  # web/review.py
        if self.thinking and views.may_see_thinking(self.game, seat, self.thinking[0]):
            message["thinking"] = self._thinking_for(seat, self.thinking[1])
        return message

    @staticmethod
    def _legal(
        legal: dict[int, str], seen: Any, mover: int, names: list[str], problems: list[str]
    ) -> list[dict[str, Any]]:
        """The mover's moves as buttons, each with its follow-ups (web/turns.py), the seats in
        their labels named as the page names them ("ask you for blue")."""

        def button(action: int, label: str) -> dict[str, Any]:
            none: list[dict[str, Any]] = []
            then = views.shown(problems, "naming the next moves", lambda: turns.follow_ups(seen, mover, action), none)
            then = [{**t, "label": named(t["label"], names)} for t in then]
            return dict(action=action, label=named(label, names), then=then)

        return [button(a, label) for a, label in sorted(legal.items())]

    @staticmethod
    def _shortcuts(seen: Any, mover: int, names: list[str], problems: list[str]) -> list[dict[str, Any]]:
        none: list[dict[str, Any]] = []
        offered = views.shown(problems, "offering move sequences", lambda: turns.shortcuts(seen, mover), none)
        return [{**s, "label": named(s["label"], names)} for s in offered]

    def _log(self, seat: Optional[int], names: list[str], problems: list[str]) -> list[dict[str, Any]]:
        """The viewer's move log, one line per turn, the seats by their `names` (web/movelog.py)."""
        steps = self.logs.setdefault(seat, [])
        failed = self.log_problems.setdefault(seat, [])  # kept with the lines: shown on every view
        for event in self.events[len(steps) :]:
            steps.append(views.log_line(event, seat, failed))
        problems.extend(p for p in failed if p not in problems)
        return movelog.lines(steps, [e.turn for e in self.events], names)

    def _thinking_for(self, seat: Optional[int], payload: dict[str, Any]) -> dict[str, Any]:
        """The thinking as `seat`'s page may see it: while a human plays, the search's expected
        line stops before that human's own move (it would be their best move, found for them);
        the line names the seats as the page does."""
        if seat is not None and seat in self.humans and not self.over:
            payload = views.thinking_without_hints(payload, self.humans)
        names = seat_names(self.labels, seat)
        return {**payload, **{key: [named(move, names) for move in payload.get(key, [])] for key in ("expects", "pv")}}

    def _busy(self) -> Optional[dict[str, Any]]:
        """Which AI seat is searching now and for how long: shown on every page (only its
        statistics are kept from the pages that may not see them)."""
        if self.busy is None:
            return None
        seat, since = self.busy
        return dict(type="busy", seat=seat, name=self.labels[seat], elapsed=round(time.monotonic() - since, 2))

    def automatic_move(self) -> Optional[int]:
        """The move played for the human to move without a click (its only legal move, which
        the seat's page lists anyway: web/turns.py), or None; none when the seat turned it off."""
        if self.over or self.state.is_chance_node():
            return None
        seat = self.state.current_player()
        return turns.automatic_move(self.state, seat) if self.autoplay.get(seat) else None

    def _status(self, seat: Optional[int], names: list[str], mover: Optional[int], auto: Optional[int]) -> str:
        if self.over:
            return str(endings.ending(self.state, self.labels, seat, self.resigned, self.returns())["status"])
        if mover is None:
            return "dealing"
        if mover == seat and mover in self.humans:
            return "your move" + (": played for you in a moment (no other choice)" if auto is not None else "")
        paused = " (paused)" if self.paused and mover not in self.humans else ""
        return f"{names[mover]} to move{paused}"

    # --- input from pages -------------------------------------------------------------------
    async def handle(self, watcher: Watcher, message: Any) -> None:
        """A message from a page; bad ones get an error message back."""
        self.touch()
        if not isinstance(message, dict):
            raise BadRequest("messages are JSON objects with a 'type'")
        kind = message.get("type")
        if kind == "move":
            check_keys(message, ("type", "action", "then"), "a move")
            self._take_move(watcher, message.get("action"), message.get("then"))
            self.changed.set()  # the loop applies it and sends the new views
            return
        if kind == "speed":
            self.delay = check_number(message.get("delay"), "the delay between AI moves (seconds)", 0.0, MAX_DELAY)
        elif kind == "pause":
            paused = message.get("paused", True)
            if not isinstance(paused, bool):
                raise BadRequest(f"paused must be true or false, got {paused!r}"[:120])
            self.paused = paused
        elif kind == "autoplay":
            check_keys(message, ("type", "on"), "autoplay")
            on = message.get("on")
            if not isinstance(on, bool):
                raise BadRequest(f"on must be true or false, got {on!r}"[:120])
            if watcher.seat not in self.autoplay:
                raise BadRequest("only a human seat's page has moves to play automatically")
            self.autoplay[watcher.seat] = on
        elif kind == "resign":
            check_keys(message, ("type",), "resign")
            self._resign(watcher)
        elif kind == "takeback":
            check_keys(message, ("type",), "takeback")
            self._take_back(watcher)
        elif kind == "review":
            await self.reviews.handle(watcher, message)
            return
        else:
            raise BadRequest(
                f"unknown message type {kind!r}; valid: move, speed, pause, autoplay, resign, takeback, review"
            )
        self.changed.set()
        await self.broadcast()

    def _take_move(self, watcher: Watcher, action: Any, then: Any = None) -> None:
        if self.over:
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
        moves = [action]
        if then is not None:
            try:
                moves += turns.check_then(self.state, mover, action, then)
            except ValueError as error:
                raise BadRequest(str(error)) from None
        self.human_moves = moves
        self.new_answer = True

    # --- giving up: resigning and taking a move back (a lone human against AIs) ---------------
    def _may_give_up(self, seat: Optional[int]) -> bool:
        """The page's seat is the only human one and the game goes on."""
        return seat is not None and self.humans == [seat] and len(self.seats) > 1 and not self.over and not self.error

    def _resign(self, watcher: Watcher) -> None:
        if not self._may_give_up(watcher.seat) or not endings.resign_allowed(self.game):
            raise BadRequest("only the one human player of a game going on may resign, in games won or lost")
        assert watcher.seat is not None
        self.resigned = watcher.seat
        self.human_moves = []
        self.cancel.set()  # the AI's search in progress is not needed any more

    def _take_back_point(self) -> Optional[int]:
        """How many moves stay after a takeback: up to the human's latest answer that was a choice
        (the moves sent with it, such as a turn's second action, and moves that left no choice
        are taken back with it), or None if there is none."""
        human = self.humans[0] if len(self.humans) == 1 else None
        for event in reversed(self.events):
            if event.player == human and event.answer and len(event.before.legal_actions()) > 1:
                return event.move
        return None

    def _take_back(self, watcher: Watcher) -> None:
        point = self._take_back_point() if self._may_give_up(watcher.seat) else None
        if point is None:
            raise BadRequest("nothing to take back: only the one human player, after a move of theirs, may")
        kept = self.events[:point]
        state = self.game.new_initial_state(self.seed)
        for event in kept:
            state.apply_action(event.action)
        self.state, self.events = state, kept
        for steps in self.logs.values():
            del steps[point:]
        self.generation += 1
        self.human_moves = []
        self.thinking = None
        self.cancel.set()  # a search in progress answers a position that is gone

    async def attach(self, watcher: Watcher) -> None:
        self.touch()
        self.watchers.add(watcher)
        self.start_sending(watcher)
        self.changed.set()
        if self.task is None:
            self.task = asyncio.create_task(self._run())
        await self.send(watcher, self.safe_view(lambda: self.view(watcher.seat)))

    def detach(self, watcher: Watcher) -> None:
        self.touch()
        self.watchers.discard(watcher)
        if watcher.task is not None and watcher.task is not asyncio.current_task():
            watcher.task.cancel()
        if not self.watchers:
            self.cancel.set()  # nobody is watching: abandon a search in progress
        self.reviews.detach(watcher)
        self.changed.set()

    def close(self) -> None:
        self.cancel.set()
        self.reviews.close()
        super().close()
        if self.task is not None:
            self.task.cancel()

    # --- the game loop ------------------------------------------------------------------------
    async def _run(self) -> None:
        try:
            while not self.over:
                if self.state.is_chance_node():
                    actions, probs = zip(*self.state.chance_outcomes())
                    await self._apply(-1, self.chance_rng.choices(actions, weights=probs)[0])
                    continue
                seat = self.state.current_player()
                start, generation = time.monotonic(), self.generation
                action = await (self._wait_human(seat) if seat in self.humans else self._ai_move(seat))
                self.seconds[seat] += time.monotonic() - start
                if action is not None and generation == self.generation and not self.over:
                    await self._apply(seat, action, answer=seat in self.humans and self.answering)
                elif seat not in self.humans:
                    await self.broadcast()  # a search dropped (a takeback, a resignation): its clock stops
            if self.resigned is not None:
                await self._record()
        except asyncio.CancelledError:
            raise
        except Exception as error:  # an agent that fails: shown on the page, one line in the log
            self.error = f"the game stopped: {type(error).__name__}: {error}"
            log.warning("session %s: %s", self.id, self.error)
        # The last view replaces any search update still waiting for a page, so it carries the
        # last finished search (the move that ended the game); an abandoned one is not shown.
        if self.thinking is not None and not self.thinking[1]["done"]:
            self.thinking = None
        await self.broadcast()

    async def _wait_human(self, seat: int) -> Optional[int]:
        """The seat's move: a queued follow-up, its click, or (unless a click comes first) its
        automatic move after a pause long enough to see it: AUTOMATIC_PAUSE, shorter when the
        seat's previous move was automatic too. None when the game was given up meanwhile."""
        while not self.over:
            queued = self.human_moves
            if queued and queued[0] in self.state.legal_actions():
                self.human_moves = queued[1:]
                self.answering, self.new_answer = self.new_answer, False
                return queued[0]
            self.human_moves = []
            auto = self.automatic_move()
            if auto is not None and self.watchers:
                previous = self.events[-1] if self.events else None
                pause = AUTOMATIC_PAUSE / 2 if previous is not None and previous.player == seat else AUTOMATIC_PAUSE
                await self._wait_until(lambda: bool(self.human_moves) or self.automatic_move() is None, pause)
                if not self.human_moves and self.automatic_move() is not None and self.watchers:
                    self.answering = False
                    return auto
                continue
            self.changed.clear()
            await self.changed.wait()
        return None

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
        legal = self.state.legal_actions()
        if len(legal) == 1:  # nothing to think about: a forced move takes no search time
            return int(legal[0])
        self.cancel.clear()
        hide = views.hidden(self.game)
        view = self.state.resample_from_infostate(seat, self.view_rng.getrandbits(63)) if hide else self.state.clone()
        loop = asyncio.get_running_loop()
        generation = self.generation

        def report(progress: thinking.Progress) -> None:  # runs in the worker thread
            if progress.result is None:  # an agent that does not search has nothing to show
                return
            payload = views.thinking_payload(view, seat, progress)
            loop.call_soon_threadsafe(lambda: asyncio.ensure_future(self._show_thinking(seat, payload, generation)))

        if self.slots is not None:
            await self.slots.acquire()  # waits while the server's other games search
        self.busy = (seat, time.monotonic())
        try:
            await self._tell_busy()
            if self.cancel.is_set():
                raise thinking.Cancelled()
            action = await loop.run_in_executor(None, thinking.think, self.agents[seat], view, report, self.cancel)
        except thinking.Cancelled:
            log.info("session %s: seat %d's search abandoned (no page is watching)", self.id, seat)
            return None
        finally:
            self.busy = None
            if self.slots is not None:
                self.slots.release()
        if action not in self.state.legal_actions():
            raise ValueError(f"seat {seat} ({self.names[seat]}) chose an illegal action {action!r}")
        return action

    async def _tell_busy(self) -> None:
        """Every page learns that an AI seat is searching (its page runs the clock from there)."""
        busy = self._busy()
        if busy is not None:
            for watcher in list(self.watchers):
                await self.send(watcher, busy)

    async def _show_thinking(self, seat: int, payload: dict[str, Any], generation: int) -> None:
        if generation != self.generation:  # a search of a position taken back
            return
        self.thinking = (seat, payload)
        for watcher in list(self.watchers):
            if views.may_see_thinking(self.game, watcher.seat, seat):
                await self.send(watcher, self._thinking_for(watcher.seat, payload))

    async def _apply(self, player: int, action: int, answer: bool = False) -> None:
        self.touch()
        self.events.append(Event.of(len(self.events), player, int(action), self.state.clone(), answer))
        self.state.apply_action(action)
        if self.state.is_terminal():
            await self._record()  # before the pages see the end, so that they can offer the record
        await self.broadcast()

    async def _record(self) -> None:
        """Keeps the finished game as a results line and appends it to the record file (in a
        thread: a slow disk holds up no page); the pages are told whether it was written."""
        iterations = [int(getattr(agent, "total_iterations", 0)) for agent in self.agents]
        self.record = records.record_line(
            self.id,
            self.game,
            self.seed,
            self.names,
            [e.action for e in self.events],
            self.returns(),
            sum(1 for e in self.events if e.player >= 0),
            self.seconds,
            iterations,
            [s.budget if not s.human else None for s in self.seats],
            time.monotonic() - self.started,
        )
        if self.resigned is not None:
            self.record["resigned"] = self.resigned  # the moves stop short of the game's end
        if self.record_dir is None:
            self.record_note = "not recorded to a file (the server was started without a record directory)"
            return
        try:
            written = await asyncio.to_thread(records.append, self.record_dir, self.record)
        except OSError as error:
            self.record_failed = True
            self.record_note = (
                f"NOT recorded: writing to {records.file_for(self.record_dir, self.game.name)} failed "
                f"({error.strerror or error}); download the game now to keep it"
            )
            log.warning("session %s: %s", self.id, self.record_note)
            return
        self.record_file, self.record_offset = written.path, written.offset
        self.record_note = f"recorded as game {self.record['id']} in {written.path}"
        log.info("session %s: %s", self.id, self.record_note)
