"""Self-play: games of the current network against itself, searched natively, as training positions.

Each decision is searched with the network as evaluator: PUCT with Dirichlet noise at the root on
games without hidden information, ISMCTS (the network's value at the leaves) on games with it, so
the search reads only the mover's information. The position records the mover's own observation
tensor and the visit distribution; the move is drawn from the visits for the first
`temperature_moves` decisions, then the most visited. Chance outcomes are drawn by their
probabilities. When the game ends every position gets its final returns.

`play_games` runs in worker processes (or on a Dask cluster): everything it takes is plain data.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

import numpy as np

from tablesearch import mcts
from tablesearch.models import Architecture, Model
from tablesearch.tournaments.runner import GameRef
from tablesearch.training.replay_buffer import Positions

CHOICE_PROBE_GAMES = 20  # random games played to find a decision with a choice


@dataclass(frozen=True)
class SelfPlaySettings:
    """What every self-play game needs besides the network and its seed."""

    game: GameRef
    algorithm: str
    simulations: int
    temperature_moves: int
    dirichlet_alpha: float
    dirichlet_epsilon: float

    def search_options(self) -> dict[str, Any]:
        options: dict[str, Any] = {"algorithm": self.algorithm, "iterations": self.simulations}
        if self.algorithm == "puct":
            options.update(dirichlet_alpha=self.dirichlet_alpha, dirichlet_epsilon=self.dirichlet_epsilon)
        return options


def self_play_algorithm(search: str, game: Any) -> str:
    """The algorithm `search` ("auto" or a name) means for `game`."""
    if search != "auto":
        return search
    return "ismcts" if game.has_hidden_information() else "puct"


@dataclass(frozen=True)
class Decision:
    """One searched decision: what the mover saw, the search's visit shares, the move made."""

    observation: np.ndarray
    mover: int
    policy: np.ndarray
    legal: np.ndarray
    action: int


def decide(state: Any, model: Model, settings: SelfPlaySettings, rng: np.random.Generator, explore: bool) -> Decision:
    """Searches `state` (a player to move) and picks the move. The target is the visit shares,
    and the move is drawn from them when `explore`, else the most visited; with the Gumbel root
    search the target is its improved policy and the move the one its sequential halving chose
    (the Gumbel noise explores, as in mctx's gumbel_muzero_policy). Reads only what the mover may
    know when the algorithm does."""
    game = model.game
    mover = int(state.current_player())
    legal_actions = [int(a) for a in state.legal_actions()]
    legal = np.zeros(game.num_actions, np.bool_)
    legal[legal_actions] = True
    policy = np.zeros(game.num_actions, np.float64)
    seed = int(rng.integers(0, 2**63 - 1))
    chosen: Optional[int] = None
    if len(legal_actions) == 1:
        policy[legal_actions[0]] = 1.0
    else:
        result = mcts.search(state, seed=seed, evaluator=model, **settings.search_options())
        improved = getattr(result, "improved_policy", None)
        for index, stat in enumerate(result.stats):
            policy[stat.action] = improved[index] if improved else stat.visits
        if improved:
            chosen = result.best_action
        total = policy.sum()
        policy = policy / total if total > 0 else legal / legal.sum()
    if chosen is not None:
        action = chosen
    elif explore:
        action = int(rng.choice(game.num_actions, p=policy))
    else:
        action = int(np.argmax(policy))
    observation = np.asarray(state.observation_tensor(mover), dtype=np.float32).reshape(-1)
    return Decision(observation, mover, policy.astype(np.float32), legal, action)


def chance_outcome(state: Any, rng: np.random.Generator) -> int:
    """A chance outcome of `state` drawn by its probability."""
    actions, probabilities = zip(*state.chance_outcomes())
    weights = np.asarray(probabilities, dtype=np.float64)
    return int(actions[int(rng.choice(len(actions), p=weights / weights.sum()))])


def play_game(game: Any, model: Model, settings: SelfPlaySettings, seed: int) -> Positions:
    """One self-play game from `seed`: its positions, with the final returns as value targets."""
    rng = np.random.default_rng(seed)
    state = game.new_initial_state(seed)
    decisions: list[Decision] = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(chance_outcome(state, rng))
            continue
        decision = decide(state, model, settings, rng, explore=len(decisions) < settings.temperature_moves)
        decisions.append(decision)
        state.apply_action(decision.action)
    low, high = model.game.utility
    returns = (2.0 * (np.asarray(state.returns(), dtype=np.float64) - low) / (high - low) - 1.0).astype(np.float32)
    count = len(decisions)
    if count == 0:
        return Positions.empty(int(np.prod(model.game.observation_shape)), model.game.num_actions, len(returns))
    return Positions(
        observations=np.stack([d.observation for d in decisions]),
        movers=np.array([d.mover for d in decisions], np.int32),
        policies=np.stack([d.policy for d in decisions]),
        legal=np.stack([d.legal for d in decisions]),
        values=np.tile(returns, (count, 1)),
    )


def play_games(
    settings: SelfPlaySettings, architecture: dict[str, Any], tensors: dict[str, np.ndarray], seeds: list[int]
) -> tuple[Positions, int]:
    """Plays a game per seed with the network given as arrays (runs in a worker): (their positions
    in seed order, the number of games)."""
    game = settings.game.load()
    model = Model.from_arrays(game, Architecture.from_json(architecture), tensors)
    parts = [play_game(game, model, settings, seed) for seed in seeds]
    return Positions.concatenate(parts), len(seeds)


def check_trainable(game: Any, seed: int = 0, probes: Optional[int] = None) -> None:
    """Raises ValueError unless `game` can be learned by self-play: it needs an observation tensor
    and at least one decision with a choice (Candy Land, decided by its cards alone, has none)."""
    if not game.observation_shape():
        raise ValueError(f"{game.name} declares no observation tensor; a network reads observation tensors")
    rng = np.random.default_rng(seed)
    for game_index in range(probes or CHOICE_PROBE_GAMES):
        state = game.new_initial_state(seed + game_index)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(chance_outcome(state, rng))
                continue
            legal = state.legal_actions()
            if len(legal) > 1:
                return
            state.apply_action(int(legal[0]))
    raise ValueError(
        f"{game.name} offers its players no choices (every decision in {probes or CHOICE_PROBE_GAMES} random games "
        "had one legal move: chance decides it), so there is nothing for self-play to learn"
    )
