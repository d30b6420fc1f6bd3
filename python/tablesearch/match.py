"""Playing one game between agents."""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any, Optional, Sequence


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

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def ranks_from_returns(returns: Sequence[float]) -> list[int]:
    """Competition ranks (1 = best); tied returns share the better rank."""
    return [1 + sum(1 for other in returns if other > r) for r in returns]


def winners_from_returns(returns: Sequence[float]) -> list[int]:
    best = max(returns)
    if all(r == best for r in returns):
        return []
    return [seat for seat, r in enumerate(returns) if r == best]


def play_game(game: Any, agents: Sequence[Any], seed: Optional[int] = None, *,
              hide_information: bool = True, max_plies: Optional[int] = None) -> GameRecord:
    """Plays one game; agents[i] sits in seat i. Returns a GameRecord.

    The setup and every chance outcome come from `seed`. With `hide_information` (the default),
    on games with hidden information each agent is handed the state re-drawn from its own
    information state (`resample_from_infostate`), so no agent can read hidden cards.
    `max_plies` stops a game early (all returns 0). Raises ValueError if the number of agents
    differs from the game's players or an agent returns an illegal action.
    """
    n = game.num_players()
    if len(agents) != n:
        raise ValueError(f"{game.name} with these parameters has {n} players; got {len(agents)} agents")
    if seed is None:
        seed = random.getrandbits(63)
    rng = random.Random(seed)
    state = game.new_initial_state(seed)
    hidden = hide_information and game.has_hidden_information()
    seconds = [0.0] * n
    iterations = [0] * n
    plies = 0
    while not state.is_terminal() and (max_plies is None or plies < max_plies):
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            actions, probs = zip(*outcomes)
            state.apply_action(rng.choices(actions, weights=probs)[0])
            continue
        seat = state.current_player()
        view = state.resample_from_infostate(seat, rng.getrandbits(63)) if hidden else state.clone()
        agent = agents[seat]
        before = getattr(agent, "total_iterations", 0)
        start = time.perf_counter()
        action = agent.step(view)
        seconds[seat] += time.perf_counter() - start
        iterations[seat] += getattr(agent, "total_iterations", 0) - before
        try:
            state.apply_action(action)
        except (ValueError, TypeError) as error:
            raise ValueError(f"agent in seat {seat} ({agent!r}) chose an illegal action: {error}") from error
        plies += 1
    returns = list(state.returns()) if state.is_terminal() else [0.0] * n
    return GameRecord(
        game=game.name,
        seed=seed,
        returns=returns,
        winners=winners_from_returns(returns),
        ranks=ranks_from_returns(returns),
        actions=list(state.history()),
        plies=plies,
        agent_seconds=seconds,
        agent_iterations=iterations,
    )
