"""Replays: a finished game from a results file, stepped through move by move by its pages.

The file may come from anyone (a tournament's results, a record the server wrote, a file someone
sent): its game must be one this server runs, and every field is checked; reading it is
web/records.py's `find_record`. Building a replay applies every move, so the server does it off
its event loop (web/app.py).
"""

from __future__ import annotations

import asyncio
from typing import Any, Optional

from tablesearch import render
from tablesearch.games.extras import title_of
from tablesearch.web import levels, movelog, views
from tablesearch.web.names import named_in_drawing, seat_names
from tablesearch.web.pages import Session, Watcher
from tablesearch.web.sessions import Event
from tablesearch.web.settings import ServerSettings
from tablesearch.web.untrusted import BadRequest, check_params, check_whole, load_game


class ReplaySession(Session):
    """A finished game from a results file, stepped through move by move by its pages. The file
    may come from anyone: its game must be one this server runs, and every field is checked."""

    kind = "replay"

    def __init__(
        self, record: dict[str, Any], params: dict[str, Any], settings: ServerSettings, note: str = ""
    ) -> None:
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
        self.note = note  # about the file it came from (damaged lines skipped), shown on the page
        game_name = game.name
        self.record = record
        agents = record.get("agents")
        if agents is None:
            agents = [f"seat {p + 1}" for p in range(self.game.num_players())]
        if not isinstance(agents, list) or not all(isinstance(a, str) for a in agents):
            raise BadRequest(f"{where}: agents must be a list of names")
        self.names = [a[:200] for a in agents]
        # as shown: "Medium AI"
        self.labels = [levels.name_of(name, self.game.name, self.game.num_players()) or name for name in self.names]
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
            self.events.append(Event.of(i, player, int(action), state))
            after = state.clone()
            after.apply_action(action)
            self.states.append(after)
        self.positions: dict[Watcher, int] = {}
        self.log_problems: list[str] = []  # the game's narration that raised, shown on every view
        self.log_steps: Optional[list[str]] = None  # every move in words, told once (web/movelog.py)

    def whole_log(self, problems: list[str]) -> list[dict[str, Any]]:
        """The whole game's log, one line a turn: a replay shows the moves ahead too, so that a
        click on any line goes there."""
        if self.log_steps is None:
            self.log_steps = [views.log_line(e, None, self.log_problems) for e in self.events]
        problems.extend(p for p in self.log_problems if p not in problems)
        return movelog.lines(self.log_steps, [e.turn for e in self.events], seat_names(self.labels, None))

    def info(self) -> dict[str, Any]:
        return dict(
            id=self.id,
            kind=self.kind,
            game=self.game.name,
            title=title_of(self.game.name),
            params=self.game.parameters(),
            seats=self.names,
            labels=self.labels,
            humans=[],
            hidden=views.hidden(self.game),
            record=self.record.get("id"),
        )

    def view(self, seat: Optional[int], move: int = 0) -> dict[str, Any]:
        state = self.states[move]
        problems: list[str] = []  # the game's display code that raised (the page shows why)
        names = seat_names(self.labels, None)
        svg = views.drawing(state, None, None, views.last_move(self.events[:move], None), problems)
        svg = named_in_drawing(svg, names)
        log = self.whole_log(problems)
        message = dict(
            type="view",
            session=self.info(),
            seat=None,
            names=names,
            svg=svg,
            move=move,
            moves=len(self.events),
            legal=[],
            your_turn=False,
            finished=move == len(self.events),
            replay=True,
            log=[line["text"] for line in log],
            log_moves=[line["move"] for line in log],
            legend=render.legend(self.game.name),
            status=f"move {move} of {len(self.events)}",
            error="; ".join(
                ([f"{title_of(self.game.name)}: " + "; ".join(problems)] if problems else [])
                + ([self.note] if self.note else [])
            )
            or None,
        )
        if state.is_terminal():
            message["returns"] = list(state.returns())
        return message

    async def attach(self, watcher: Watcher) -> None:
        self.touch()
        self.watchers.add(watcher)
        self.start_sending(watcher)
        self.positions[watcher] = 0
        await self.send(watcher, self.safe_view(lambda: self.view(None, 0)))

    def detach(self, watcher: Watcher) -> None:
        self.touch()
        self.watchers.discard(watcher)
        if watcher.task is not None and watcher.task is not asyncio.current_task():
            watcher.task.cancel()
        self.positions.pop(watcher, None)

    async def handle(self, watcher: Watcher, message: Any) -> None:
        self.touch()
        if not isinstance(message, dict) or message.get("type") != "goto":
            raise BadRequest("a replay takes messages {'type': 'goto', 'move': N}")
        move = message.get("move")
        if isinstance(move, bool) or not isinstance(move, int) or not 0 <= move <= len(self.events):
            raise BadRequest(f"move must be a whole number from 0 to {len(self.events)}, got {move!r}")
        self.positions[watcher] = move
        await self.send(watcher, self.safe_view(lambda: self.view(None, move)))
