"""Playing one game between agents.

Information hygiene: on a game with hidden information, an agent never receives the true state.
Before each of its moves the runner hands it ``state.resample_from_infostate(seat, seed)``, a
state drawn from what that seat knows (its information state), with everything it cannot know
re-drawn, history included. An agent that reads hidden cards, even by accident, reads a guess.
On perfect-information games it receives a clone, so it cannot alter the game either. Turn this off
with ``hide_information=False`` only for agents you trust (for example to measure what cheating
would be worth).

Budgets: ``budget={"iterations": 1000}`` or ``{"time_limit": 0.1}`` (seconds per move; both keys
may be given), or one such dict per seat, is set on every agent that takes a budget before the
game starts, and the budget in force for each seat is recorded.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Callable, Optional, Union

from tablesearch.search_options import check_option

Budget = Mapping[str, Union[int, float]]
BUDGET_KEYS = ("iterations", "time_limit")


@dataclass
class GameRecord:
    """The outcome of one game. Plain data: easy to write as JSON or load into pandas."""

    game: str
    seed: int
    returns: list[float]
    winners: list[int]  # seats with the highest return; empty when all returns are equal
    ranks: list[int]  # 1 for the best return; tied seats share a rank
    actions: list[int]  # every action, chance outcomes included
    plies: int  # decisions taken by players (chance outcomes not counted)
    agent_seconds: list[float] = field(default_factory=list)  # thinking time per seat
    agent_iterations: list[int] = field(default_factory=list)  # search iterations per seat
    budgets: list[Optional[dict[str, Any]]] = field(default_factory=list)  # per seat; None: takes no budget
    finished: bool = True  # False when max_plies stopped the game (returns are then all 0)
    wall_seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def ranks_from_returns(returns: Sequence[float]) -> list[int]:
    """Competition ranks (1 = best); tied returns share the better rank."""
    return [1 + sum(1 for other in returns if other > r) for r in returns]


def winners_from_returns(returns: Sequence[float]) -> list[int]:
    """Seats with the highest return; empty when every return is equal (a draw)."""
    best = max(returns)
    if all(r == best for r in returns):
        return []
    return [seat for seat, r in enumerate(returns) if r == best]


SEED_LIMIT = 2**64  # seeds are unsigned 64-bit numbers


def check_whole(value: Any, name: str, low: int, high: int) -> int:
    """`value` if it is an int in [low, high]; else ValueError naming `name` and the valid range
    (for a value that is not an int too, as the API always did)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(
            f"{name} must be a whole number from {low:,} to {high:,}, got {type(value).__name__} {value!r}"
        )
    if not low <= value <= high:
        raise ValueError(f"{name} must be a whole number from {low:,} to {high:,}, got {value:,}")
    return value


def check_seed(seed: Any, name: str = "seed") -> int:
    """`seed` if it is an int in [0, 2**64 - 1]; else an error naming `name`."""
    return check_whole(seed, name, 0, SEED_LIMIT - 1)


def check_budget(budget: Budget) -> dict[str, Any]:
    """A budget as a plain dict; ValueError for unknown keys, and TypeError or ValueError for values
    the search options iterations and time_limit do not take."""
    if not isinstance(budget, Mapping):
        raise TypeError(f"a budget is a dict such as {{'iterations': 1000}}, got {budget!r}")
    unknown = set(budget) - set(BUDGET_KEYS)
    if unknown or not budget:
        raise ValueError(f"budget keys must be among {list(BUDGET_KEYS)}, got {sorted(budget)}")
    out = {}
    for key in BUDGET_KEYS:
        value = budget.get(key)
        if value is None:
            continue
        if key == "iterations" and isinstance(value, float) and value.is_integer():
            value = int(value)  # a JSON number written 1000.0
        out[key] = check_option(key, value, label=f"budget {key}")
    return out


def set_budget(agent: Any, budget: Budget) -> bool:
    """Sets a per-move budget on `agent`. True if the agent takes budgets.

    An agent takes a budget if it has ``set_budget(iterations=..., time_limit=...)`` (as
    ``mcts.Agent`` has); other agents (random, human) take none.
    """
    budget = check_budget(budget)
    if hasattr(agent, "set_budget"):
        agent.set_budget(**budget)
        return True
    return False


def budget_of(agent: Any) -> Optional[dict[str, Any]]:
    """The per-move budget an agent plays with, or None if it takes none."""
    if hasattr(agent, "budget"):
        value = agent.budget
        return dict(value) if value is not None else None
    return None


MoveCallback = Callable[[Any, int, int, Any], None]


MAX_PLIES = 2**63 - 1


def _game_of(game: Any) -> Any:
    """A loaded game: `game` itself, or the registered game it names."""
    if isinstance(game, str):
        from tablesearch.games.registry import load_game

        return load_game(game)
    if not callable(getattr(game, "new_initial_state", None)) or not callable(getattr(game, "num_players", None)):
        raise TypeError(f"game must be a game name or a loaded game (ts.load_game(name)), got {game!r}"[:200])
    return game


def _check_play_arguments(
    game: Any, agents: Any, seed: Optional[int], max_plies: Optional[int], on_move: Optional[MoveCallback]
) -> None:
    """TypeError or ValueError naming the first argument of play_game that is not valid."""
    if max_plies is not None:
        check_whole(max_plies, "max_plies", 0, MAX_PLIES)
    if seed is not None:
        check_seed(seed)
    if on_move is not None and not callable(on_move):
        raise TypeError(f"on_move must be None or a function on_move(state, player, action, agent), got {on_move!r}")
    if isinstance(agents, (str, bytes)) or not isinstance(agents, Sequence):
        raise TypeError(f"agents must be a list of agents, one per seat, got {type(agents).__name__} {agents!r}"[:200])
    for seat, agent in enumerate(agents):
        if not callable(getattr(agent, "step", None)):
            raise TypeError(
                f"agents[{seat}] must be an agent with a step(state) method (such as mcts.Agent() or "
                f"agents.RandomAgent()), got {agent!r}"[:200]
            )
    n = game.num_players()
    if len(agents) != n:
        raise ValueError(f"{game.name} with these parameters has {n} players; got {len(agents)} agents")


def _set_budgets(agents: Sequence[Any], budget: Union[Budget, Sequence[Optional[Budget]]], n: int) -> None:
    """Sets `budget` (one dict, or one per seat: None leaves that seat's agent alone) on the agents."""
    budgets = [budget] * n if isinstance(budget, Mapping) else list(budget)
    if len(budgets) != n:
        raise ValueError(f"budget must be one dict or one per seat ({n}), got {len(budgets)}")
    for agent, b in zip(agents, budgets):
        if b is not None:
            set_budget(agent, b)


def _timed_step(agent: Any, view: Any, seat: int, seconds: list[float], iterations: list[int]) -> Any:
    """`agent`'s move at `view`, its time and search iterations added to its seat's."""
    before = getattr(agent, "total_iterations", 0)
    start = time.perf_counter()
    action = agent.step(view)
    seconds[seat] += time.perf_counter() - start
    iterations[seat] += getattr(agent, "total_iterations", 0) - before
    return action


def _check_legal(state: Any, action: Any, seat: int, agent: Any) -> None:
    if action not in state.legal_actions():
        raise ValueError(
            f"agent in seat {seat} ({agent!r}) chose an illegal action {action!r}; "
            f"legal actions: {state.legal_actions()}"
        )


def play_game(
    game: Any,
    agents: Sequence[Any],
    seed: Optional[int] = None,
    *,
    hide_information: bool = True,
    max_plies: Optional[int] = None,
    budget: Union[None, Budget, Sequence[Optional[Budget]]] = None,
    on_move: Optional[MoveCallback] = None,
) -> GameRecord:
    """Plays one game; agents[i] sits in seat i. Returns a GameRecord.

    The setup and every chance outcome come from `seed` (the k-th chance draw always uses the
    k-th number of one stream, whatever the agents do, so replays under other seatings share
    their luck as far as the game allows). With `hide_information` (the default) each agent sees
    only a state re-drawn from its own information state; see the module docstring. `budget`
    (one dict, or one per seat) is set on every agent that takes budgets. `max_plies` stops a
    game early (all returns 0, ``finished`` False). `on_move(state, player, action, agent)` is
    called before every action is applied (so ``state.action_to_string(action)`` describes it),
    chance outcomes included (player ``ts.CHANCE``, agent None).
    Raises ValueError/TypeError naming the argument for a bad one (a game name is loaded), and
    ValueError if the number of agents differs from the game's players or an agent returns an
    illegal action.
    """
    game = _game_of(game)
    _check_play_arguments(game, agents, seed, max_plies, on_move)
    n = game.num_players()
    if seed is None:
        seed = random.getrandbits(63)
    if budget is not None:
        _set_budgets(agents, budget, n)
    started = time.perf_counter()
    # Separate streams: chance outcomes must not shift when agents' views are drawn.
    chance_rng = random.Random(seed)
    view_rng = random.Random(seed ^ 0x5EED_F0E5)
    state = game.new_initial_state(seed)
    hidden = hide_information and game.has_hidden_information()
    seconds = [0.0] * n
    iterations = [0] * n
    plies = 0
    history: list[int] = []  # every action applied, chance outcomes included
    while not state.is_terminal() and (max_plies is None or plies < max_plies):
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            seat, agent, action = -1, None, chance_rng.choices(actions, weights=probs)[0]
        else:
            seat = state.current_player()
            view = state.resample_from_infostate(seat, view_rng.getrandbits(63)) if hidden else state.clone()
            agent = agents[seat]
            action = _timed_step(agent, view, seat, seconds, iterations)
            _check_legal(state, action, seat, agent)
            plies += 1
        if on_move is not None:
            on_move(state, seat, action, agent)
        state.apply_action(action)
        history.append(int(action))
    finished = state.is_terminal()
    returns = [float(r) for r in state.returns()] if finished else [0.0] * n
    return GameRecord(
        game=game.name,
        seed=seed,
        returns=returns,
        winners=winners_from_returns(returns),
        ranks=ranks_from_returns(returns),
        actions=history,
        plies=plies,
        agent_seconds=seconds,
        agent_iterations=iterations,
        budgets=[budget_of(agent) for agent in agents],
        finished=finished,
        wall_seconds=time.perf_counter() - started,
    )
