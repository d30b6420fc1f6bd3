"""Every search compares values with its exploration term as if the game's returns were scaled to
[-1, 1] (its min_utility and max_utility): `uct_c` means the same in every game (issue 38). The
check: a game whose returns and declared range are sixteen times another's is searched exactly as
the other is, by every algorithm that has an exploration constant."""

from __future__ import annotations

import pytest

import tablesearch as ts
from tablesearch import mcts
from tablesearch.search_options import ALGORITHM_TABLE


class ScaledLeducState:
    """Native Leduc poker with every return multiplied by `scale`."""

    def __init__(self, inner, scale: float) -> None:
        self.inner, self.scale = inner, scale

    def current_player(self) -> int:
        return self.inner.current_player()

    def is_chance_node(self) -> bool:
        return self.inner.is_chance_node()

    def chance_outcomes(self):
        return self.inner.chance_outcomes()

    def is_terminal(self) -> bool:
        return self.inner.is_terminal()

    def legal_actions(self) -> list[int]:
        return self.inner.legal_actions()

    def apply_action(self, action: int) -> None:
        self.inner.apply_action(action)

    def returns(self) -> list[float]:
        return [self.scale * r for r in self.inner.returns()]

    def clone(self) -> ScaledLeducState:
        return ScaledLeducState(self.inner.clone(), self.scale)

    def information_state_string(self, player: int) -> str:
        return self.inner.information_state_string(player)

    def __str__(self) -> str:  # the conformance suite compares states by their text
        return str(self.inner)

    def resample_from_infostate(self, player: int, seed: int) -> ScaledLeducState:
        return ScaledLeducState(self.inner.resample_from_infostate(player, seed), self.scale)


class UndeclaredScaledLeduc:
    """The game of ScaledLeducState, its return range not declared (taken as [-1, 1])."""

    def __init__(self, scale: float) -> None:
        self.scale = float(scale)
        self.native = ts.load_game("leduc_poker")

    def num_players(self) -> int:
        return 2

    def has_chance(self) -> bool:
        return True

    def has_hidden_information(self) -> bool:
        return True

    def utility_sum(self) -> float:
        return 0.0

    def new_initial_state(self, seed: int = 0) -> ScaledLeducState:
        return ScaledLeducState(self.native.new_initial_state(seed), self.scale)


class ScaledLeduc(UndeclaredScaledLeduc):
    """The same, its range declared: Leduc's [-13, 13] times the scale."""

    def min_utility(self) -> float:
        return -13.0 * self.scale

    def max_utility(self) -> float:
        return 13.0 * self.scale


for _name, _factory in [
    ("scaled_leduc_1", lambda: ScaledLeduc(1)),
    ("scaled_leduc_16", lambda: ScaledLeduc(16)),
    ("scaled_leduc_16_undeclared", lambda: UndeclaredScaledLeduc(16)),
]:
    if _name not in ts.list_games():
        ts.register_game(_name, _factory)

EXPLORING = [name for name, a in ALGORITHM_TABLE.items() if a.selection in ("ucb1", "puct") and name != "gumbel"]


def position(name: str, history: tuple[int, ...]):
    state = ts.load_game(name).new_initial_state(0)
    for action in history:
        state.apply_action(action)
    return state


def root_visits(name: str, history: tuple[int, ...], algorithm: str) -> list[int]:
    result = mcts.search(position(name, history), iterations=600, seed=4, algorithm=algorithm)
    return [s.visits for s in result.stats]


@pytest.mark.parametrize("algorithm", EXPLORING)
def test_a_game_with_sixteen_times_the_returns_is_searched_the_same(algorithm):
    """Same seed, same position: the same visits at the root, and values sixteen times as large."""
    for history in [(3, 0), (3, 0, 1, 2)]:
        small = mcts.search(position("scaled_leduc_1", history), iterations=600, seed=4, algorithm=algorithm)
        large = mcts.search(position("scaled_leduc_16", history), iterations=600, seed=4, algorithm=algorithm)
        assert [s.visits for s in small.stats] == [s.visits for s in large.stats], history
        for a, b in zip(small.stats, large.stats):
            assert b.value == pytest.approx(16 * a.value, rel=1e-4, abs=1e-4)


@pytest.mark.parametrize("algorithm", ["uct", "ismcts", "infoset-uct"])
def test_the_check_fails_where_the_range_is_not_declared(algorithm):
    """The test above can fail: the same game with its range left undeclared (so [-1, 1]) brings
    returns sixteen times too large to the exploration term, and the visits change."""
    undeclared = [root_visits("scaled_leduc_16_undeclared", h, algorithm) for h in [(3, 0), (3, 0, 1, 2)]]
    declared = [root_visits("scaled_leduc_16", h, algorithm) for h in [(3, 0), (3, 0, 1, 2)]]
    assert undeclared != declared
