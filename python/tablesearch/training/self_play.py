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

import time
from dataclasses import dataclass
from typing import Any, Optional

import numpy as np

from tablesearch import _core, mcts
from tablesearch.models import Architecture, Model
from tablesearch.models.definition import to_unit
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
    search_value_weight: float = 0.0

    def search_options(self) -> dict[str, Any]:
        # The network alone, not the playouts a game's defaults may mix in (playout_mix): self-play
        # trains that network, at the speed its own evaluations allow.
        options: dict[str, Any] = {"algorithm": self.algorithm, "iterations": self.simulations, "playout_mix": 0.0}
        if self.algorithm in ("puct", "ismcts-puct"):
            options.update(dirichlet_alpha=self.dirichlet_alpha, dirichlet_epsilon=self.dirichlet_epsilon)
        if self.algorithm == "gumbel":
            options.update(gumbel_scale=1.0)  # the root's Gumbel noise explores, as in mctx's self-play
        return options


def self_play_algorithm(search: str, game: Any) -> str:
    """The algorithm `search` ("auto" or a name) means for `game`: auto's rule for a network as the
    evaluator, without its case for two-player games with information-state keys (infoset-uct has
    not been measured as a self-play search), so ISMCTS guided by the network's priors
    (ismcts-puct) on every game with hidden information."""
    if search != "auto":
        return search
    facts = dict(two_players=False, information_state_keys=False, priors=True)
    return str(_core.auto_algorithm(hidden_information=game.has_hidden_information(), **facts))


@dataclass(frozen=True)
class Decision:
    """One searched decision: what the mover saw, the search's visit shares, the move made, and
    the search's value of the position for every player (None when there was one legal move)."""

    observation: np.ndarray
    mover: int
    policy: np.ndarray
    legal: np.ndarray
    action: int
    search_values: Optional[np.ndarray] = None


def decide(
    state: Any,
    model: Model,
    settings: SelfPlaySettings,
    rng: np.random.Generator,
    explore: bool,
    time_limit: Optional[float] = None,
) -> Decision:
    """Searches `state` (a player to move) and picks the move. The target is the visit shares,
    and the move is drawn from them when `explore`, else the most visited; with the Gumbel root
    search the target is its improved policy and the move the one its sequential halving chose
    (the Gumbel noise explores, as in mctx's gumbel_muzero_policy). Reads only what the mover may
    know when the algorithm does. `time_limit` (seconds) cuts the search short."""
    game = model.game
    mover = int(state.current_player())
    legal_actions = [int(a) for a in state.legal_actions()]
    legal = np.zeros(game.num_actions, np.bool_)
    legal[legal_actions] = True
    policy = np.zeros(game.num_actions, np.float64)
    seed = int(rng.integers(0, 2**63 - 1))
    chosen: Optional[int] = None
    search_values: Optional[np.ndarray] = None
    if len(legal_actions) == 1:
        policy[legal_actions[0]] = 1.0
    else:
        options = settings.search_options()
        if time_limit is not None:
            options["time_limit"] = time_limit
        result = mcts.search(state, seed=seed, evaluator=model, **options)
        improved = getattr(result, "improved_policy", None)
        for index, stat in enumerate(result.stats):
            policy[stat.action] = improved[index] if improved else stat.visits
        if improved:
            chosen = result.best_action
        if len(result.root_values) == game.num_players:
            search_values = np.asarray(result.root_values, np.float64)
        total = policy.sum()
        policy = policy / total if total > 0 else legal / legal.sum()
    if chosen is not None:
        action = chosen
    elif explore:
        action = int(rng.choice(game.num_actions, p=policy))
    else:
        action = int(np.argmax(policy))
    observation = np.asarray(state.observation_tensor(mover), dtype=np.float32).reshape(-1)
    return Decision(observation, mover, policy.astype(np.float32), legal, action, search_values)


def chance_outcome(state: Any, rng: np.random.Generator) -> int:
    """A chance outcome of `state` drawn by its probability."""
    actions, probabilities = zip(*state.chance_outcomes())
    weights = np.asarray(probabilities, dtype=np.float64)
    return int(actions[int(rng.choice(len(actions), p=weights / weights.sum()))])


def play_game(
    game: Any, model: Model, settings: SelfPlaySettings, seed: int, deadline: Optional[float] = None
) -> Optional[Positions]:
    """One self-play game from `seed`: its positions, with the final returns as value targets; None
    if the clock (time.time()) reached `deadline` first (a game cut short teaches nothing)."""
    rng = np.random.default_rng(seed)
    state = game.new_initial_state(seed)
    decisions: list[Decision] = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(chance_outcome(state, rng))
            continue
        left = None if deadline is None else deadline - time.time()
        if left is not None and left <= 0:
            return None
        explore = len(decisions) < settings.temperature_moves
        decision = decide(state, model, settings, rng, explore, left)
        decisions.append(decision)
        state.apply_action(decision.action)
    returns = model_scale(model, state.returns())
    if not decisions:
        return no_positions(model)
    return Positions(
        observations=np.stack([d.observation for d in decisions]),
        movers=np.array([d.mover for d in decisions], np.int32),
        policies=np.stack([d.policy for d in decisions]),
        legal=np.stack([d.legal for d in decisions]),
        values=np.stack([value_target(model, d, returns, settings.search_value_weight) for d in decisions]),
    )


def model_scale(model: Model, values: Any) -> np.ndarray:
    """Values in the game's utility range scaled to [-1, 1], as the network's tanh gives them."""
    return np.asarray(to_unit(np.asarray(values, dtype=np.float64), model.game.utility), dtype=np.float32)


def value_target(model: Model, decision: Decision, returns: np.ndarray, search_weight: float) -> np.ndarray:
    """The value target of a decision: the game's final returns, mixed with the search's value of
    the position by `search_weight` (less noisy than one game's outcome, biased by the network)."""
    if search_weight == 0 or decision.search_values is None:
        return returns
    mixed = (1.0 - search_weight) * returns + search_weight * model_scale(model, decision.search_values)
    return np.clip(mixed, -1.0, 1.0).astype(np.float32)


def play_games(
    settings: SelfPlaySettings,
    architecture: dict[str, Any],
    tensors: dict[str, np.ndarray],
    seeds: list[int],
    deadline: Optional[float] = None,
) -> tuple[Positions, int]:
    """Plays a game per seed with the network given as arrays (runs in a worker): (the positions
    of the games finished before `deadline` (time.time()), in seed order, their number)."""
    game = settings.game.load()
    model = Model.from_arrays(game, Architecture.from_json(architecture), tensors)
    parts = []
    for seed in seeds:
        part = play_game(game, model, settings, seed, deadline)
        if part is None:
            break
        parts.append(part)
    return Positions.concatenate([no_positions(model), *parts]), len(parts)


def no_positions(model: Model) -> Positions:
    """Positions of `model`'s game, none of them."""
    game = model.game
    return Positions.empty(int(np.prod(game.observation_shape)), game.num_actions, game.num_players)


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
