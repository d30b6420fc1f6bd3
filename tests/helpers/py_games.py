"""Small games written in Python for the tests. Nim and Gamble are registered in conftest.py,
so the conformance suite runs on them too; Peek, Pick and the agents below test the match runner
and tournaments (module-level, so worker processes can unpickle them)."""

from __future__ import annotations

import random

import tablesearch as ts

CHANCE, TERMINAL = ts.CHANCE, ts.TERMINAL


class NimState:
    """Take 1, 2 or 3 stones (actions 0, 1, 2); whoever takes the last stone wins."""

    def __init__(self, stones: int) -> None:
        self.stones, self.player = stones, 0

    def current_player(self) -> int:
        return ts.TERMINAL if self.stones == 0 else self.player

    def is_terminal(self) -> bool:
        return self.stones == 0

    def legal_actions(self) -> list[int]:
        return list(range(min(3, self.stones)))

    def apply_action(self, action: int) -> None:
        self.stones -= action + 1
        self.player = 1 - self.player

    def returns(self) -> list[float]:
        if self.stones:
            return [0.0, 0.0]
        winner = 1 - self.player  # the player who just took the last stone
        return [1.0, -1.0] if winner == 0 else [-1.0, 1.0]

    def clone(self) -> NimState:
        copy = type(self)(self.stones)  # subclasses in the tests stay themselves
        copy.player = self.player
        return copy

    def observation_tensor(self, player: int) -> list[float]:
        return [self.stones / 20.0, float(self.player == player)]

    def __str__(self) -> str:
        return f"{self.stones} stones, player {self.player} to move"


class Nim:
    name = "py_nim"

    def __init__(self, stones: int = 13) -> None:
        self.stones = stones

    def num_players(self) -> int:
        return 2

    def max_legal_actions(self) -> int:
        return 3

    def num_distinct_actions(self) -> int:
        return 3

    def observation_shape(self) -> tuple:
        return (2,)

    def new_initial_state(self, seed=None) -> NimState:
        return NimState(self.stones)


class GambleState:
    """Player 0 chooses safe (0: a draw) or gamble (1: a chance node won with probability p)."""

    def __init__(self, p: float) -> None:
        self.p, self.stage, self.result = p, "choose", 0.0

    def current_player(self) -> int:
        return {"choose": 0, "chance": ts.CHANCE, "done": ts.TERMINAL}[self.stage]

    def is_terminal(self) -> bool:
        return self.stage == "done"

    def legal_actions(self) -> list[int]:
        return [] if self.stage == "done" else [0, 1]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(0, 1 - self.p), (1, self.p)]

    def apply_action(self, action: int) -> None:
        if self.stage == "choose":
            self.stage = "chance" if action == 1 else "done"
        else:
            self.result, self.stage = (1.0 if action == 1 else -1.0), "done"

    def returns(self) -> list[float]:
        return [self.result, -self.result]

    def clone(self) -> GambleState:
        copy = GambleState(self.p)
        copy.stage, copy.result = self.stage, self.result
        return copy

    def __str__(self) -> str:
        return f"{self.stage} (p={self.p}, result {self.result:+})"


class Gamble:
    name = "py_gamble"

    def __init__(self, p: float = 0.8) -> None:
        self.p = p

    def num_players(self) -> int:
        return 2

    def has_chance(self) -> bool:
        return True

    def max_legal_actions(self) -> int:
        return 2

    def new_initial_state(self, seed=None) -> GambleState:
        return GambleState(self.p)


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

    def clone(self) -> PeekState:
        other = PeekState(self.cards)
        other.coin, other.guesses = self.coin, list(self.guesses)
        return other

    def information_state_string(self, player: int) -> str:
        return f"card {self.cards[player]} coin {self.coin} guesses {self.guesses}"

    def resample_from_infostate(self, player: int, seed: int) -> PeekState:
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
        return _zero_sum(
            [p + b + (self.die if i == 0 else 0) for i, (p, b) in enumerate(zip(self.picks, self.bonuses))]
        )

    def clone(self) -> PickState:
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


def middling(seed: int) -> FixedAgent:
    return FixedAgent(7)


class FixedAgent:
    def __init__(self, value: int) -> None:
        self.value = value

    def step(self, state: PickState) -> int:
        return self.value


def fixed(seed: int, value: int = 5) -> FixedAgent:
    """A user factory with an option, for ``py_games:fixed:value=3`` style specs."""
    return FixedAgent(value)


def register() -> None:
    for name, factory in (("py_nim", Nim), ("py_gamble", Gamble)):
        if name not in ts.list_games():
            ts.register_game(name, factory)
