"""What one page may see of a game: the information boundary of the web app.

Every payload sent to a browser is built here, for one viewer: a seat number, or None for a
spectator. On games with hidden information a seat's drawing is made from
``state.resample_from_infostate(seat)`` (the other seats' hidden cards there are guesses, and the
drawings show them face down anyway), its move log from ``describe_move(..., viewer=seat)``,
and an AI's thinking is sent only to pages allowed to see that AI's seat. Spectators see
everything, so a game with hidden information and a human seat takes no spectators until it ends.

Drawing, naming moves and narrating them run the game's own code (``state_to_string``, its
drawing, ``action_to_string``...), which may raise. Each piece is made with `shown`: a piece that
fails is replaced by a plain stand-in and the failure is added to the view's `problems`, which
the page shows, so a game whose drawing breaks goes on (or ends) with the reason on the page.
"""

from __future__ import annotations

import functools
import random
from typing import Any, Callable, Optional, TypeVar

from tablesearch import render
from tablesearch.render import moves, search_view
from tablesearch.web import explain
from tablesearch.web.names import named_in_drawing

T = TypeVar("T")


def shown(problems: list[str], what: str, make: Callable[[], T], stand_in: T) -> T:
    """make(), or `stand_in` if it raises; then the failure (what, the error) joins `problems`."""
    try:
        return make()
    except Exception as error:
        problem = f"{what} failed: {type(error).__name__}: {error}"[:300]
        if problem not in problems:
            problems.append(problem)
        return stand_in


def hidden(game: Any) -> bool:
    return bool(game.has_hidden_information())


def may_watch(game: Any, humans: list[int], viewer: Optional[int], finished: bool) -> Optional[str]:
    """None if `viewer` may open the game, else the reason shown on the page: it counts the seats
    from 1, as the page does, and names the address's seat=N (counted from 0) beside them."""
    n = game.num_players()
    if viewer is not None and not 0 <= viewer < n:
        seats = f"seat=0 to seat={n - 1} are its seats 1 to {n}"
        return f"the address names seat={viewer}, which this game does not have: {seats}"
    if not hidden(game) or finished:
        return None
    if viewer is None and humans:
        return (
            "this game hides information and has human players, so it cannot be watched as a spectator "
            f"until it ends; open it as seat {humans[0] + 1} (seat={humans[0]} in the address)"
        )
    if viewer is not None and humans and viewer not in humans:
        mine = ", ".join(f"seat {h + 1} (seat={h})" for h in humans)
        return f"seat {viewer + 1} is played by an AI; open one of the human seats: {mine}"
    return None


def may_see_thinking(game: Any, viewer: Optional[int], thinker: int) -> bool:
    """An AI's search statistics depend on what its seat knows, so only its own seat (and
    spectators, who see everything) may watch it think on games with hidden information."""
    return not hidden(game) or viewer is None or viewer == thinker


def seat_view(state: Any, viewer: Optional[int], view_seed: int, finished: bool = False) -> Any:
    """The state to draw for `viewer`: the true one where the viewer may see everything (or the
    game is over), else a state resampled from the viewer's information (seeded, so redraws are
    stable)."""
    if viewer is None or finished or state.is_terminal() or not hidden(state.get_game()):
        return state
    return state.resample_from_infostate(viewer, random.Random(view_seed).getrandbits(63))


def legal_moves(state: Any, view: Any, viewer: Optional[int], problems: Optional[list[str]] = None) -> dict[int, str]:
    """{action: label} for the viewer's own decision (empty when it is not theirs to make).
    Labels come from the viewer's view, which names what the viewer knows ("action N" where
    naming it fails)."""
    if viewer is None or state.is_terminal() or state.is_chance_node() or state.current_player() != viewer:
        return {}
    view_legal = set(view.legal_actions())
    problems = [] if problems is None else problems
    return {
        a: shown(problems, "naming a move", functools.partial(_name, view, a), f"action {a}")
        if a in view_legal
        else f"action {a}"
        for a in state.legal_actions()
    }


def _name(view: Any, action: int) -> str:
    return moves.action_name(view, action)


def board(
    state: Any,
    viewer: Optional[int],
    view_seed: int,
    clickable: bool,
    last: Optional[tuple[int, int]] = None,
    problems: Optional[list[str]] = None,
    finished: bool = False,
    names: Optional[list[str]] = None,
) -> tuple[str, dict[int, str], Any]:
    """(SVG, legal moves, the state drawn) for the viewer; `last` is the move to highlight; a
    `finished` game (over, or given up) shows everything; `names`: the seats as the page names
    them, put in the drawing's texts. A drawing that fails is a box saying so (the failure joins
    `problems`)."""
    problems = [] if problems is None else problems
    finished = finished or state.is_terminal()
    view = seat_view(state, viewer, view_seed, finished)
    legal = legal_moves(state, view, viewer, problems) if not finished else {}
    svg = drawing(view, None if finished else viewer, legal if clickable else None, last, problems)
    return (named_in_drawing(svg, names) if names else svg), legal, view


def drawing(
    state: Any,
    viewer: Optional[int],
    actions: Optional[dict[int, str]],
    last: Optional[tuple[int, int]],
    problems: list[str],
) -> str:
    """The SVG of `state`, or a box saying that it cannot be drawn and why."""
    before = len(problems)
    svg = shown(
        problems, "drawing the position", lambda: render.draw(state, viewer=viewer, actions=actions, last=last), ""
    )
    return svg if len(problems) == before else render.text_drawing("this position cannot be drawn:\n" + problems[-1])


def last_move(events: list[Any], viewer: Optional[int]) -> Optional[tuple[int, int]]:
    """(player, action) of the latest move a player made, if the viewer saw which it was (chance
    outcomes are left to the drawings, which show their public results)."""
    for event in reversed(events):
        if event.player < 0:
            continue
        if viewer is None or not hidden(event.before.get_game()):
            return event.player, event.action
        if event.before.observed_action(viewer, event.action) == event.action:
            return event.player, event.action
        return None
    return None


def thinking_payload(view: Any, seat: int, progress: Any, limit: int = 12) -> dict[str, Any]:
    """The search so far for the pages allowed to watch it: its rows (each move with its share of
    the look-ahead, value, and chance to win in words: web/explain.py), how sure it is, the line
    it expects (the principal variation, each move with its seat), and a technical summary
    (this move's iterations, time, nodes, the visits kept from earlier searches), labelled from
    the thinking seat's own view. Values are the thinking seat's mean returns."""
    result = progress.result
    payload: dict[str, Any] = dict(
        type="thinking",
        seat=seat,
        iterations=progress.iterations,
        elapsed=round(progress.elapsed, 3),
        done=progress.done,
        rows=[],
        pv=[],
        pv_seats=[],
        expects=[],
        confidence=explain.confidence([]),
        summary=f"{progress.iterations:,} iterations",
    )
    if result is not None:
        problems: list[str] = []
        shown(
            problems,
            "naming the searched moves",
            lambda: payload.update(_search_rows(result, view, progress, limit)),
            None,
        )
        if problems:  # the bare counts are still shown
            payload["problem"] = problems[0]
    return payload


def _search_rows(result: Any, view: Any, progress: Any, limit: int) -> dict[str, Any]:
    rows = [
        dict(
            label=r["label"],
            visits=r["visits"],
            share=round(r["share"], 4),
            value=round(r["value"], 4),
            action=r["action"],
        )
        for r in search_view.rows(result, view, limit)
    ]
    line = search_view.line_moves(view, list(getattr(result, "principal_variation", None) or [result.best_action]))
    pv = [f"P{seat}: {label}" for seat, label in line]
    seats = [seat for seat, _ in line]
    return dict(
        rows=explain.rows_in_words(rows, explain.win_scale(view.get_game())),
        confidence=explain.confidence(rows),
        pv=pv,
        pv_seats=seats,
        expects=explain.expected_line(pv, seats),
        algorithm=result.algorithm,
        nodes=result.nodes,
        summary=search_view.summary(
            result.algorithm, progress.iterations, progress.elapsed, result.nodes, sum(s.visits for s in result.stats)
        ),
    )


def thinking_without_hints(payload: dict[str, Any], humans: list[int]) -> dict[str, Any]:
    """`payload` for the page of a human still playing: the expected line stops before the first
    move of a human seat (it would be that player's best move, found for them)."""
    seats = payload.get("pv_seats", [])
    keep = next((i for i, seat in enumerate(seats) if seat in humans), len(seats))
    return {
        **payload,
        "pv": payload.get("pv", [])[:keep],
        "pv_seats": seats[:keep],
        "expects": explain.expected_line(payload.get("pv", []), seats, humans),
    }


def log_line(event: Any, viewer: Optional[int], problems: Optional[list[str]] = None) -> str:
    """The move log's text for `event` ("move N: action A" where telling the move fails);
    web/movelog.py joins a turn's texts into one line."""
    fallback = (
        f"move {event.move + 1}: " + ("chance" if event.player < 0 else f"P{event.player}") + f", action {event.action}"
    )
    text = shown(
        [] if problems is None else problems,
        "telling a move",
        lambda: moves.describe_move(event.before, event.player, event.action, viewer=viewer),
        fallback,
    )
    return text
