"""The agents of a game started from a page: built-in (or allowed) agents only, every search held
to the server's limits, so that no request can make a search run for ever or take the machine.
Messages number the seats from 1, as the setup form does."""

from __future__ import annotations

from typing import Any, Optional

from tablesearch import mcts
from tablesearch.agents.specs import make_agent, parse_agent_spec
from tablesearch.match import check_budget
from tablesearch.search_options import COSTLY
from tablesearch.web.settings import Limits, ServerSettings
from tablesearch.web.untrusted import BadRequest, SeatRequest

# Each search option that costs time or memory per move (the option table's costly column) is
# held to the field of Limits with its name; a costly option with no such field cannot be set
# from a page.


def build_agent(i: int, seat: SeatRequest, game: Any, seed: int, settings: ServerSettings) -> Optional[Any]:
    """Seat i's agent (None for a human), or BadRequest naming what is wrong or over a limit."""
    try:
        spec = parse_agent_spec(seat.spec)
        if spec.kind == "human":
            return None
        budget = check_budget(seat.budget) if seat.budget else None
        agent = make_agent(seat.spec, seed=seed, budget=budget, user_code=settings.allowed, models=settings.models)
    except (ValueError, TypeError, OverflowError) as error:
        raise BadRequest(f"seat {i + 1}: {error}") from None
    if isinstance(agent, mcts.Agent):
        _hold_to_limits(i, agent, settings.limits)
        _try_options(i, agent, game)
    return agent


def _hold_to_limits(i: int, agent: mcts.Agent, limits: Limits) -> None:
    options = agent.search_options
    for name in COSTLY:
        value, limit = options.get(name), getattr(limits, name, None)
        if value is None:
            continue
        if limit is None:
            raise BadRequest(f"seat {i + 1}: {name} cannot be set from a page (this server has no limit for it)")
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise BadRequest(f"seat {i + 1}: {name} must be a number, got {value!r}")
        if not value <= limit:
            raise BadRequest(f"seat {i + 1}: {name}={value} is over this server's limit of {limit:g} per move")
    evaluator = options.get("evaluator")
    rollouts = getattr(evaluator, "rollouts", 1)
    if rollouts > limits.rollouts:
        raise BadRequest(f"seat {i + 1}: rollouts={rollouts} is over this server's limit of {limits.rollouts}")
    if options.get("time_limit") is None:  # an iteration budget still ends by the time limit
        if options.get("iterations") is None:
            options["iterations"] = mcts.DEFAULT_ITERATIONS
        options["time_limit"] = limits.time_limit


def _try_options(i: int, agent: mcts.Agent, game: Any) -> None:
    """Searches the game's first decision for one iteration, so that a bad option is refused now
    rather than stopping the game at that seat's first move."""
    state = game.new_initial_state(0)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    if state.is_terminal():
        return
    options = {**agent.search_options, "iterations": 1, "time_limit": None, "threads": 1}
    try:
        mcts.search(state, seed=0, **options)
    except (ValueError, TypeError, OverflowError) as error:
        raise BadRequest(f"seat {i + 1}: {error}") from None
