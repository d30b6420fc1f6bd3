"""Small games written in Python, for testing the match runner and tournaments.

They follow the pyspiel-style state protocol that ``ts.play_game`` uses, and are module-level
(picklable), so worker processes can play them too.
"""
from __future__ import annotations

import random

CHANCE = -1
TERMINAL = -4


def _zero_sum(scores: list[float]) -> list[float]:
    """The library's returns: sole winner +1, k shared winners +1/k, the others share -1."""
    n, best = len(scores), max(scores)
    winners = [i for i, s in enumerate(scores) if s == best]
    if len(winners) == n:
        return [0.0] * n
    return [1.0 / len(winners) if i in winners else -1.0 / (n - len(winners)) for i in range(n)]


class PeekState:
    """Two players each hold a secret card 0..9; a public coin is tossed; then each in turn guesses
    the other's card (actions 0..9). A right guess scores 1; more points wins."""

    def __init__(self, cards: list[int]) -> None:
        self.cards = list(cards)
        self.coin = None
        self.guesses: list[int] = []

    def current_player(self) -> int:
        if self.coin is None:
            return CHANCE
        return len(self.guesses) if len(self.guesses) < 2 else TERMINAL

    def is_chance_node(self) -> bool:
        return self.coin is None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(0, 0.5), (1, 0.5)]

    def is_terminal(self) -> bool:
        return len(self.guesses) == 2

    def legal_actions(self) -> list[int]:
        if self.is_terminal():
            return []
        return [0, 1] if self.coin is None else list(range(10))

    def apply_action(self, action: int) -> None:
        if action not in self.legal_actions():
            raise ValueError(f"illegal action {action}; legal: {self.legal_actions()}")
        if self.coin is None:
            self.coin = action
        else:
            self.guesses.append(action)

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        return _zero_sum([float(self.guesses[p] == self.cards[1 - p]) for p in (0, 1)])

    def clone(self) -> "PeekState":
        other = PeekState(self.cards)
        other.coin, other.guesses = self.coin, list(self.guesses)
        return other

    def information_state_string(self, player: int) -> str:
        return f"card {self.cards[player]} coin {self.coin} guesses {self.guesses}"

    def resample_from_infostate(self, player: int, seed: int) -> "PeekState":
        other = self.clone()
        other.cards[1 - player] = random.Random(seed).randrange(10)
        return other

    def action_to_string(self, action: int) -> str:
        return f"coin {action}" if self.coin is None else f"guess {action}"

    def __str__(self) -> str:
        return f"cards {self.cards} coin {self.coin} guesses {self.guesses}"


class Peek:
    name = "peek"

    def num_players(self) -> int:
        return 2

    def has_hidden_information(self) -> bool:
        return True

    def new_initial_state(self, seed: int = 0) -> PeekState:
        rng = random.Random(seed)
        return PeekState([rng.randrange(10), rng.randrange(10)])


class CheatAgent:
    """Guesses the opponent's card by reading it from the state it is handed."""

    def step(self, state: PeekState) -> int:
        me = state.current_player()
        return state.cards[1 - me]


class PickState:
    """n players, each dealt a bonus 0..3 from the seed, pick a number 0..9 once, in turn; then a
    chance die (0..2) adds to seat 0. Pick plus bonus (plus die) scores; the highest wins."""

    def __init__(self, bonuses: list[int]) -> None:
        self.bonuses = list(bonuses)
        self.picks: list[int] = []
        self.die = None

    @property
    def n(self) -> int:
        return len(self.bonuses)

    def current_player(self) -> int:
        if len(self.picks) < self.n:
            return len(self.picks)
        return CHANCE if self.die is None else TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(d, 1.0 / 3.0) for d in range(3)]

    def is_terminal(self) -> bool:
        return self.die is not None

    def legal_actions(self) -> list[int]:
        player = self.current_player()
        return [] if player == TERMINAL else [0, 1, 2] if player == CHANCE else list(range(10))

    def apply_action(self, action: int) -> None:
        if action not in self.legal_actions():
            raise ValueError(f"illegal action {action}")
        if self.is_chance_node():
            self.die = action
        else:
            self.picks.append(action)

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.n
        return _zero_sum([p + b + (self.die if i == 0 else 0) for i, (p, b) in enumerate(zip(self.picks, self.bonuses))])

    def clone(self) -> "PickState":
        other = PickState(self.bonuses)
        other.picks, other.die = list(self.picks), self.die
        return other

    def action_to_string(self, action: int) -> str:
        return f"pick {action}"

    def __str__(self) -> str:
        return f"bonuses {self.bonuses} picks {self.picks} die {self.die}"


class Pick:
    """Perfect information, 2 to 6 players; setup luck (bonuses) and one chance die."""

    name = "pick"

    def __init__(self, players: int = 3) -> None:
        self.players = players

    def num_players(self) -> int:
        return self.players

    def has_hidden_information(self) -> bool:
        return False

    def new_initial_state(self, seed: int = 0) -> PickState:
        rng = random.Random(seed)
        return PickState([rng.randrange(4) for _ in range(self.players)])


class GreedyAgent:
    """Picks the highest number: never worse than any other pick in `Pick`."""

    def step(self, state: PickState) -> int:
        return max(state.legal_actions())


def greedy(seed: int) -> GreedyAgent:
    return GreedyAgent()


def middling(seed: int) -> "FixedAgent":
    return FixedAgent(7)


class FixedAgent:
    def __init__(self, value: int) -> None:
        self.value = value

    def step(self, state: PickState) -> int:
        return self.value


def fixed(seed: int, value: int = 5) -> FixedAgent:
    """A user factory with an option, for ``tests.pygames:fixed:value=3`` style specs."""
    return FixedAgent(value)
