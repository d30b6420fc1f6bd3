"""Tiny Python games whose right answers are known, for tests/search/test_known_answers.py: each
is small enough that a test can say exactly what a correct search does. The native test suite
has the same games in C++ (cpp/tests/tiny_games.h)."""

from __future__ import annotations

import random

import tablesearch as ts

# Kingmaker's decisions and the returns of each outcome (three players).
P0_ROOT, P2_CHOICE, P1_CHOICE = "p0", "p2", "p1"
KINGMAKER_MOVERS = {P0_ROOT: 0, P2_CHOICE: 2, P1_CHOICE: 1}
KINGMAKER_OUTCOMES = {
    # player 0: take a sure 0.5, or hand the choice to player 2
    (P0_ROOT, 1): (0.5, -0.25, -0.25),
    # player 2: X is best for itself (0.5; 0 for player 0), Y best for player 0 (1; -0.5 for
    # itself), Z worst for player 0 (-1; 0 for itself)
    (P2_CHOICE, 0): (0.0, -0.5, 0.5),
    (P2_CHOICE, 1): (1.0, -0.5, -0.5),
    (P2_CHOICE, 2): (-1.0, 1.0, 0.0),
    # player 1: "I win" or "player 2 wins"
    (P1_CHOICE, 0): (-0.5, 1.0, -0.5),
    (P1_CHOICE, 1): (-0.5, -0.5, 1.0),
}


class KingmakerState:
    """Three players, at most two decisions. From P0_ROOT player 0 hands the choice to player 2
    (action 0) or takes a sure 0.5 (1); player 2 then picks X (0), Y (1) or Z (2), and a right
    search has it pick X, its own best, worth 0 to player 0: so player 0 takes the 0.5. A search
    that has player 2 maximise player 0's return expects Y (1 for player 0); one that has it
    minimise player 0's return, as in two-player games, expects Z (-1). From P1_CHOICE player 1
    picks "I win" (0) or "player 2 wins" (1)."""

    def __init__(self, node: str = P0_ROOT) -> None:
        self.node = node
        self.result: tuple[float, ...] | None = None

    def current_player(self) -> int:
        return ts.TERMINAL if self.result is not None else KINGMAKER_MOVERS[self.node]

    def is_terminal(self) -> bool:
        return self.result is not None

    def legal_actions(self) -> list[int]:
        if self.result is not None:
            return []
        return [0, 1, 2] if self.node == P2_CHOICE else [0, 1]

    def apply_action(self, action: int) -> None:
        if (self.node, action) == (P0_ROOT, 0):
            self.node = P2_CHOICE
        else:
            self.result = KINGMAKER_OUTCOMES[(self.node, action)]

    def returns(self) -> list[float]:
        return list(self.result) if self.result is not None else [0.0, 0.0, 0.0]

    def clone(self) -> KingmakerState:
        other = KingmakerState(self.node)
        other.result = self.result
        return other

    def information_state_string(self, player: int) -> str:
        return f"{self.node} {self.result}"


class BanditState:
    """Player 0 pulls one arm and the game ends with returns [means[arm], -means[arm]]: a
    deterministic bandit, so the visit split of a UCB rule can be computed exactly."""

    def __init__(self, means: list[float]) -> None:
        self.means = list(means)
        self.arm: int | None = None

    def current_player(self) -> int:
        return ts.TERMINAL if self.arm is not None else 0

    def is_terminal(self) -> bool:
        return self.arm is not None

    def legal_actions(self) -> list[int]:
        return [] if self.arm is not None else list(range(len(self.means)))

    def apply_action(self, action: int) -> None:
        self.arm = action

    def returns(self) -> list[float]:
        value = 0.0 if self.arm is None else self.means[self.arm]
        return [value, -value]

    def clone(self) -> BanditState:
        other = BanditState(self.means)
        other.arm = self.arm
        return other

    def information_state_string(self, player: int) -> str:
        return f"arm {self.arm}"


class HiddenCardState:
    """Player 1 holds a card 0..3 that player 0 cannot see; player 0 guesses it (+1 if right,
    -1 if wrong). Every world a search draws for player 0 is counted in `worlds` (a list shared
    by the state's copies), with the card it holds."""

    def __init__(self, card: int, worlds: list[int]) -> None:
        self.card, self.worlds = card, worlds
        self.guess: int | None = None

    def current_player(self) -> int:
        return ts.TERMINAL if self.guess is not None else 0

    def is_terminal(self) -> bool:
        return self.guess is not None

    def legal_actions(self) -> list[int]:
        return [] if self.guess is not None else [0, 1, 2, 3]

    def apply_action(self, action: int) -> None:
        self.guess = action

    def returns(self) -> list[float]:
        if self.guess is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.guess == self.card else [-1.0, 1.0]

    def clone(self) -> HiddenCardState:
        other = HiddenCardState(self.card, self.worlds)
        other.guess = self.guess
        return other

    def information_state_string(self, player: int) -> str:
        card = str(self.card) if player == 1 else "?"
        return f"card {card} guess {self.guess}"

    def resample_from_infostate(self, player: int, seed: int) -> HiddenCardState:
        other = self.clone()
        if player == 0:
            other.card = random.Random(seed).randrange(4)
            self.worlds.append(other.card)
        return other


# Player 0's payoffs in hidden matching pennies: rows are player 0's heads/tails, columns player 1's.
PENNIES = ((1.0, -1.0), (-1.0, 0.5))
PENNIES_NASH_HEADS = 3 / 7  # 1*p - (1 - p) = -p + 0.5 (1 - p)
PENNIES_VALUE = -1 / 7


def pennies_exploitability(heads: float) -> float:
    """How much player 1's best response takes from player 0 playing heads with this probability,
    beyond what player 0 would lose at the equilibrium (0 exactly at the equilibrium)."""
    against = [heads * PENNIES[0][j] + (1 - heads) * PENNIES[1][j] for j in (0, 1)]
    return PENNIES_VALUE - min(against)


class PenniesState:
    """Hidden matching pennies with uneven payoffs (PENNIES): player 0 picks heads (0) or tails (1)
    face down, then player 1 picks without seeing it. The equilibrium has player 0 play heads with
    probability 3/7; a search's root policy for player 0 is exploitable by how far it is from it."""

    def __init__(self) -> None:
        self.picks: list[int] = []

    def current_player(self) -> int:
        return ts.TERMINAL if len(self.picks) == 2 else len(self.picks)

    def is_terminal(self) -> bool:
        return len(self.picks) == 2

    def legal_actions(self) -> list[int]:
        return [] if len(self.picks) == 2 else [0, 1]

    def apply_action(self, action: int) -> None:
        self.picks.append(action)

    def returns(self) -> list[float]:
        if len(self.picks) < 2:
            return [0.0, 0.0]
        value = PENNIES[self.picks[0]][self.picks[1]]
        return [value, -value]

    def clone(self) -> PenniesState:
        other = PenniesState()
        other.picks = list(self.picks)
        return other

    def information_state_string(self, player: int) -> str:
        seen = self.picks if player == 0 else ["?"] + self.picks[1:]
        return f"player {player} picks {seen}"

    def observed_action(self, observer: int, action: int) -> int:
        return 0 if observer == 1 and not self.picks else action

    def resample_from_infostate(self, player: int, seed: int) -> PenniesState:
        other = self.clone()
        if player == 1 and other.picks:
            other.picks[0] = random.Random(seed).randrange(2)
        return other
