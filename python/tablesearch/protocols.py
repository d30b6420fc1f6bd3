"""The shapes of the objects tablesearch works with, as typing protocols.

Native games and states (`tablesearch.Game`, `tablesearch.State`) satisfy these, and so does any
Python object with the same methods, pyspiel's included: nothing needs to inherit from them.
The protocols are ``runtime_checkable``, so ``isinstance(obj, Evaluator)`` tells whether an object
has the methods (not whether they behave).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Optional, Protocol, runtime_checkable


@runtime_checkable
class State(Protocol):
    """A game position. Required methods; optional ones are listed in `docs/writing-a-game.md`."""

    def current_player(self) -> int: ...
    def legal_actions(self) -> Sequence[int]: ...
    def apply_action(self, action: int) -> None: ...
    def is_terminal(self) -> bool: ...
    def returns(self) -> Sequence[float]: ...
    def clone(self) -> State: ...


@runtime_checkable
class Game(Protocol):
    """A game: how many play, and where a game starts."""

    def num_players(self) -> int: ...
    def new_initial_state(self, seed: Optional[int] = None) -> State: ...


@runtime_checkable
class Agent(Protocol):
    """Anything that plays: given a state (a resampled copy on hidden-information games), an action."""

    def step(self, state: Any) -> int: ...


@runtime_checkable
class Evaluator(Protocol):
    """Values a leaf for the search: one value per player, from each player's point of view.
    An evaluator may also offer ``prior(state) -> {action: probability}``, used by PUCT."""

    def evaluate(self, state: Any) -> Sequence[float]: ...


@runtime_checkable
class PriorEvaluator(Evaluator, Protocol):
    """An evaluator that also gives priors over the legal actions (PUCT)."""

    def prior(self, state: Any) -> Mapping[int, float]: ...


@runtime_checkable
class BatchedEvaluator(Protocol):
    """Values many leaves at once from their observation tensors: ``evaluate_batch(observations)``
    with an array of shape ``(batch, *observation_shape)`` returns ``(values, priors)`` of shapes
    ``(batch, players)`` and ``(batch, num_distinct_actions)``. ``batch_size`` leaves are gathered
    (with virtual loss) before each call."""

    batch_size: int

    def evaluate_batch(self, observations: Any) -> tuple[Any, Any]: ...
