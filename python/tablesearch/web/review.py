"""The review of a finished game: the AI's value of each position played, and wherever a move lost
value, the AI's best move there and how much was lost, the largest losses marked as lichess's
analysis marks them (inaccuracy, mistake, blunder).

What is searched. Each *decision* of the game (a seat's move where it had a choice: chance
outcomes and forced moves are skipped) is searched once, with the search of most games' Hard level
(``SEARCH``, web/levels.py: 3,000 simulated games, algorithm auto), held to the server's limits
per move and run on one thread with a seed made from the game's, so that a review is the same
every time. The position searched is what the seat to move knew then: on games with hidden
information it is ``resample_from_infostate(seat)`` of the position before the move, as for the
AI seats' own moves (web/sessions.py), so a review tells a seat nothing it did not see.
Which decisions: every seat's on games without hidden information; on games with hidden
information the page's own seat's only (the others decided from what they knew, which the page
may never learn); a spectator of a finished game with hidden information gets every seat's,
each searched from that seat's own information.

The numbers. A value is a share of the game's result range: for games won or lost, the chance to
win (a draw counts half, web/explain.py); for others (chips, points) where the mean result lies
between the lowest and the highest. A position's value (the chart) is the search's mean result,
over all its simulated games, for the page's seat (the first seat for a spectator). A move's
*loss* is the value of the search's best move (its most looked-at) less the value of the move
played, for the seat that played it. A loss is judged only where the move played was looked at
MIN_VISITS times or more and the loss is larger than the 95% margin of its value; then, as
lichess does with winning chances from -1 to 1 (0.1, 0.2, 0.3: lila's Advice.scala), a loss of
5, 10 or 15 points of the range is an inaccuracy, a mistake or a blunder (JUDGEMENTS).

Bounds. A review runs in the background (a worker thread per position, one of the server's
search slots while it searches), at most MAX_POSITIONS decisions, each at most the server's time
limit per move. One review runs per game and key (`Reviews.key`); a second page asking for the
same one follows it. It stops when its last page cancels or leaves (the search in progress ends
at once: its stop flag); what it found is kept, and asking again goes on from there.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from dataclasses import dataclass, field
from typing import Any, Optional

from tablesearch import mcts
from tablesearch.agents.specs import SEARCH_KINDS, parse_agent_spec
from tablesearch.render.moves import action_name
from tablesearch.web import explain, views
from tablesearch.web.names import seat_names
from tablesearch.web.pages import Watcher
from tablesearch.web.settings import Limits
from tablesearch.web.untrusted import BadRequest, check_keys

log = logging.getLogger("tablesearch.web")

SEARCH = "mcts:iterations=3000"  # the agent spec whose search reviews a game: most games' Hard level
JUDGEMENTS = (("blunder", 0.15), ("mistake", 0.10), ("inaccuracy", 0.05))  # least loss, as a share of the range
MIN_VISITS = explain.ENOUGH_VISITS  # a move looked at fewer times is not judged
MAX_POSITIONS = 300  # decisions reviewed in one game; the rest are left out, and the page says so
UPDATE_SECONDS = 0.25  # how often a running review's pages are told its progress


@dataclass(frozen=True)
class Scale:
    """The game's result range: values are told as shares of it (the chance to win, where `wins`)."""

    low: float
    high: float
    wins: bool

    def share(self, value: float) -> float:
        return min(1.0, max(0.0, (value - self.low) / (self.high - self.low)))


def scale_of(game: Any) -> Scale:
    """For games won or lost, a loser's result to a win (web/explain.py); else the utility range."""
    loser = explain.win_scale(game)
    if loser is not None:
        return Scale(loser, 1.0, True)
    low, high = float(game.min_utility()), float(game.max_utility())
    return Scale(low, high if high > low else low + 1.0, False)


def search_options(limits: Limits) -> dict[str, Any]:
    """The reviewing search, held to the server's limits per move, on one thread."""
    spec = parse_agent_spec(SEARCH)
    options: dict[str, Any] = {"algorithm": SEARCH_KINDS[spec.kind], **dict(spec.options)}
    options["iterations"] = min(int(options.get("iterations") or mcts.DEFAULT_ITERATIONS), limits.iterations)
    options["time_limit"] = min(float(options.get("time_limit") or limits.time_limit), limits.time_limit)
    options.update(threads=1, max_memory_mb=limits.max_memory_mb)
    return options


def reviewed_seats(game: Any, viewer: Optional[int]) -> set[int]:
    """The seats whose decisions `viewer`'s page is shown (see the module's docstring)."""
    if viewer is None or not views.hidden(game):
        return set(range(game.num_players()))
    return {viewer}


def decisions(events: list[Any], game: Any, viewer: Optional[int]) -> list[Any]:
    """The events (web/sessions.py's Event: move, player, action, before) that the review of
    `viewer`'s page searches: the reviewed seats' moves where they had a choice."""
    seats = reviewed_seats(game, viewer)
    return [e for e in events if e.player in seats and len(e.before.legal_actions()) > 1]


def position_seed(game_seed: int, move: int) -> int:
    """The seed of the review's search of move `move` (and of the world it is searched in)."""
    return random.Random(game_seed * 1_000_003 + move).getrandbits(63)


@dataclass(frozen=True)
class Position:
    """The review of one decision: the move played and the search's best move there, named from
    the seat's own view, and the values as shares of the result range (`Scale`)."""

    move: int  # the event's index in the game, chance outcomes counted
    seat: int
    action: int
    played: str
    best_action: int
    best: str
    values: tuple[float, ...]  # every seat's value of the position (mean result over the search)
    best_value: float  # the best move's, for the seat to move
    played_value: Optional[float]  # the move played's, for the seat to move (None: never looked at)
    played_visits: int
    loss: float
    judgement: Optional[str]


def judge(loss: float, played_value: Optional[float], visits: int) -> Optional[str]:
    """ "blunder", "mistake", "inaccuracy" or None: see the module's docstring."""
    if played_value is None or visits < MIN_VISITS or loss <= explain.margin(played_value, visits):
        return None
    return next((name for name, least in JUDGEMENTS if loss >= least), None)


def review_position(
    event: Any, seed: int, options: dict[str, Any], scale: Scale, stop: Optional[mcts.StopFlag] = None
) -> Position:
    """Searches the decision `event` from what its seat knew then (runs in a worker thread)."""
    game = event.before.get_game()
    seat = event.player
    view = event.before.resample_from_infostate(seat, seed) if views.hidden(game) else event.before.clone()
    result = mcts.search(view, seed=seed, stop=stop, **options)
    stats = {s.action: s for s in result.stats}
    best = stats[result.best_action]
    played = stats.get(event.action)
    best_value = scale.share(best.value)
    played_value = scale.share(played.value) if played is not None and played.visits > 0 else None
    visits = played.visits if played is not None else 0
    loss = 0.0 if played_value is None else max(0.0, best_value - played_value)
    if event.action == result.best_action:
        loss = 0.0
    return Position(
        move=event.move,
        seat=seat,
        action=event.action,
        played=action_name(view, event.action),
        best_action=result.best_action,
        best=action_name(view, result.best_action),
        values=tuple(scale.share(v) for v in result.root_values),
        best_value=best_value,
        played_value=played_value,
        played_visits=visits,
        loss=loss,
        judgement=judge(loss, played_value, visits),
    )


def loss_text(loss: float, scale: Scale) -> str:
    """ "−45% chance to win" (points of the chance to win), or "−1.30 expected" (the result's units)."""
    if scale.wins:
        return f"−{loss:.0%} chance to win"
    return f"−{loss * (scale.high - scale.low):.2f} expected"


def page_message(
    positions: list[Position],
    scale: Scale,
    viewer: Optional[int],
    labels: list[str],
    returns: list[float],
    status: str,
    total: int,
    skipped: int,
    error: Optional[str] = None,
) -> dict[str, Any]:
    """The review as `viewer`'s page is shown it: {type: "review", status ("running", "done",
    "cancelled" or "failed"), done, total, skipped, seat and name (whose values the chart shows),
    wins, points [{move, value}] and result (that seat's values, and its result at the end), moves
    [{move, seat, name, played, best (None where it was played), loss, lost, judgement, judged}],
    counts [{seat, name, inaccuracy, mistake, blunder}], error}. Seats are named as the page names
    them ("You", "Medium AI")."""
    names = seat_names(labels, viewer)
    me = viewer if viewer is not None else 0
    moves = [
        dict(
            move=p.move,
            seat=p.seat,
            name=names[p.seat],
            played=p.played,
            best=None if p.best_action == p.action else p.best,
            loss=round(p.loss, 4),
            lost=loss_text(p.loss, scale),
            judgement=p.judgement,
            judged=p.played_value is not None and p.played_visits >= MIN_VISITS,
        )
        for p in positions
    ]
    seats = sorted({p.seat for p in positions})
    counts = [
        dict(
            seat=s,
            name=names[s],
            **{name: sum(1 for p in positions if p.seat == s and p.judgement == name) for name, _ in JUDGEMENTS},
        )
        for s in seats
    ]
    return dict(
        type="review",
        status=status,
        done=len(positions),
        total=total,
        skipped=skipped,
        seat=me,
        name=names[me],
        wins=scale.wins,
        points=[dict(move=p.move, value=round(p.values[me], 4)) for p in positions],
        result=round(scale.share(returns[me]), 4),
        moves=moves,
        counts=counts,
        error=error,
    )


@dataclass(eq=False)
class Job:
    """A review running for one key: the pages following it, its stop flag, its task."""

    key: Any
    todo: list[Any]
    pages: set[Watcher] = field(default_factory=set)
    stop: mcts.StopFlag = field(default_factory=mcts.StopFlag)
    task: Optional[asyncio.Task[None]] = None
    error: Optional[str] = None


class Reviews:
    """The reviews of one game (a PlaySession: its game, events, seed, labels, returns, search
    slots and limits, and how to send a page a message), asked for by its pages' messages:
    ``{"type": "review"}`` starts one (or sends the finished one), ``{"type": "review",
    "cancel": true}`` stops it."""

    def __init__(self, session: Any) -> None:
        self.session = session
        self.found: dict[Any, dict[int, Position]] = {}  # by key: the positions reviewed, by move
        self.jobs: dict[Any, Job] = {}
        self.errors: dict[Any, str] = {}  # by key: why its last run failed

    def key(self, viewer: Optional[int]) -> Any:
        """Pages with the same key are shown the same positions: all pages on games without
        hidden information, each seat (and the spectators) on the others."""
        return "all" if not views.hidden(self.session.game) else viewer

    def offered(self, viewer: Optional[int]) -> bool:
        """Whether `viewer`'s page of the finished game has moves to review (Candy Land has none)."""
        return bool(self.session.over and self.candidates(viewer)[0])

    def candidates(self, viewer: Optional[int]) -> tuple[list[Any], int]:
        """The decisions `viewer`'s review searches (at most MAX_POSITIONS), and how many more there were."""
        found = decisions(self.session.events, self.session.game, viewer)
        return found[:MAX_POSITIONS], max(0, len(found) - MAX_POSITIONS)

    async def handle(self, watcher: Watcher, message: dict[str, Any]) -> None:
        check_keys(message, ("type", "cancel"), "a review request")
        cancel = message.get("cancel", False)
        if not isinstance(cancel, bool):
            raise BadRequest(f"cancel must be true or false, got {cancel!r}"[:120])
        if cancel:
            await self._cancel(watcher)
            return
        if not self.session.over:
            raise BadRequest("a game is reviewed once it is over")
        key = self.key(watcher.seat)
        job = self.jobs.get(key)
        if job is not None and watcher in job.pages:
            raise BadRequest("this page's review is running already: wait for it, or cancel it")
        if job is None:
            found = self.found.setdefault(key, {})
            todo = [e for e in self.candidates(watcher.seat)[0] if e.move not in found]
            if todo:
                job = self._start(key, todo)
        if job is not None:
            job.pages.add(watcher)
        await self.session.send(watcher, self.message(watcher.seat, "running" if job else "done"))

    def message(self, viewer: Optional[int], status: str) -> dict[str, Any]:
        key = self.key(viewer)
        chosen, skipped = self.candidates(viewer)
        found = self.found.get(key, {})
        positions = [found[e.move] for e in chosen if e.move in found]
        session = self.session
        error = self.errors.get(key)
        return page_message(
            positions,
            scale_of(session.game),
            viewer,
            session.labels,
            session.returns(),
            "failed" if error and status != "running" else status,
            len(chosen),
            skipped,
            error,
        )

    def _start(self, key: Any, todo: list[Any]) -> Job:
        self.errors.pop(key, None)
        job = Job(key, todo)
        self.jobs[key] = job
        job.task = asyncio.create_task(self._run(job))
        return job

    async def _run(self, job: Job) -> None:
        session = self.session
        options = search_options(session.limits)
        scale = scale_of(session.game)
        found = self.found.setdefault(job.key, {})
        loop = asyncio.get_running_loop()
        told = time.monotonic()
        try:
            for event in job.todo:
                if job.stop.is_set():
                    return
                seed = position_seed(session.seed, event.move)
                if session.slots is not None:
                    await session.slots.acquire()  # shares the machine with the AI moves of every game
                try:
                    if job.stop.is_set():
                        return
                    position = await loop.run_in_executor(None, review_position, event, seed, options, scale, job.stop)
                finally:
                    if session.slots is not None:
                        session.slots.release()
                if job.stop.is_set():  # a search cut short judges nothing
                    return
                found[event.move] = position
                if time.monotonic() - told >= UPDATE_SECONDS:
                    told = time.monotonic()
                    await self._tell(job, "running")
        except asyncio.CancelledError:
            raise
        except Exception as error:  # the game's own code raised: the page says why
            job.error = f"the review stopped: {type(error).__name__}: {error}"[:300]
            self.errors[job.key] = job.error
            log.warning("session %s: %s", session.id, job.error)
        if self.jobs.get(job.key) is job:
            del self.jobs[job.key]
        await self._tell(job, "failed" if job.error else "done")

    async def _tell(self, job: Job, status: str) -> None:
        for watcher in list(job.pages):
            await self.session.send(watcher, self.message(watcher.seat, status))

    async def _cancel(self, watcher: Watcher) -> None:
        job = next((j for j in self.jobs.values() if watcher in j.pages), None)
        if job is None:
            raise BadRequest("no review is running on this page")
        self._leave(job, watcher)
        await self.session.send(watcher, self.message(watcher.seat, "cancelled"))

    def _leave(self, job: Job, watcher: Watcher) -> None:
        """`watcher` stops following `job`; the last page to leave stops it at once."""
        job.pages.discard(watcher)
        if not job.pages:
            self._stop(job)

    def _stop(self, job: Job) -> None:
        job.stop.set()  # ends the search in progress, in its worker thread
        if job.task is not None:
            job.task.cancel()  # and the wait for a search slot
        if self.jobs.get(job.key) is job:
            del self.jobs[job.key]

    def detach(self, watcher: Watcher) -> None:
        """A page left: it follows no review any more."""
        for job in list(self.jobs.values()):
            if watcher in job.pages:
                self._leave(job, watcher)

    def close(self) -> None:
        """The game is forgotten: every review stops."""
        for job in list(self.jobs.values()):
            self._stop(job)
