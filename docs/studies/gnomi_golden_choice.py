"""What is the golden gnome's choice worth in Gnomi's golden match? The winner of each game "may
take a golden gnome in secret" (2 gold, and in the next games one of the taker's three gnomes,
with the Sprouter's ability in our Reading): this measures how often the search takes it, and what
taking rather than declining is worth to the first game's winner.

Each deal is a 3-game match between MCTS players. It is played to the first offer, where the
offered player's own search makes its choice (counted); then the match is played on twice from
there with the same seeds (agents, their views, chance), once after taking and once after
declining, the players choosing at later offers themselves (their choices counted too). Prints
the take rates, the offered player's match score after each choice (a shared win counts its
share) and the paired difference with its 95% interval (deals are the independent units).

    python docs/studies/gnomi_golden_choice.py [DEALS] [ITERATIONS] [PLAYERS]
"""

from __future__ import annotations

import math
import random
import sys
from typing import Any

import tablesearch as ts
from tablesearch import mcts

GOLDEN_CHOICE = 14  # the phase a winner decides in (cpp/games/gnomi/gnomi.h)
TAKE, DECLINE = 201, 202


class Match:
    """One match in progress: the state, its agents and its random streams (chance outcomes and
    the agents' views), so that a copy plays on exactly as the original would."""

    def __init__(self, state: Any, seed: int, iterations: int) -> None:
        self.state, self.seed, self.iterations = state, seed, iterations
        self.agents = self.new_agents()
        self.chance = random.Random(seed)
        self.views = random.Random(seed ^ 0x5EED)
        self.takes = [0, 0]  # later offers: taken, made

    def new_agents(self) -> list[Any]:
        n = self.state.num_players()
        return [mcts.Agent(iterations=self.iterations, seed=1000 * self.seed + s) for s in range(n)]

    def offered(self) -> bool:
        return not self.state.is_terminal() and self.state.fields()["phase"] == GOLDEN_CHOICE

    def choose(self) -> int:
        """The action the player to move picks, from a world drawn from its information state."""
        seat = self.state.current_player()
        view = self.state.resample_from_infostate(seat, self.views.getrandbits(63))
        return int(self.agents[seat].step(view))

    def play(self, until_offer: bool) -> None:
        while not self.state.is_terminal() and not (until_offer and self.offered()):
            if self.state.is_chance_node():
                actions, probs = zip(*self.state.chance_outcomes())
                self.state.apply_action(self.chance.choices(actions, weights=probs)[0])
                continue
            offer = self.offered()
            action = self.choose()
            if offer:
                self.takes[0] += action == TAKE
                self.takes[1] += 1
            self.state.apply_action(action)

    def copy(self) -> Match:
        other = Match.__new__(Match)
        other.state, other.seed, other.iterations = self.state.clone(), self.seed, self.iterations
        other.agents = other.new_agents()
        other.chance, other.views = random.Random(), random.Random()
        other.chance.setstate(self.chance.getstate())
        other.views.setstate(self.views.getstate())
        other.takes = [0, 0]
        return other


def score(state: Any, seat: int) -> float:
    """The seat's share of the match win (players tied on the most gold share it)."""
    returns = state.returns()
    winners = [s for s, r in enumerate(returns) if r == max(returns)]
    return 1.0 / len(winners) if seat in winners else 0.0


def main(deals: int = 1000, iterations: int = 100, players: int = 3) -> None:
    game = ts.load_game("gnomi", players=players, golden=True)
    first_takes, later = 0, [0, 0]
    scores: dict[int, list[float]] = {TAKE: [], DECLINE: []}
    for seed in range(deals):
        match = Match(game.new_initial_state(seed), seed, iterations)
        match.play(until_offer=True)
        seat = match.state.current_player()
        first_takes += match.copy().choose() == TAKE
        for choice in (TAKE, DECLINE):
            branch = match.copy()
            branch.state.apply_action(choice)
            branch.play(until_offer=False)
            scores[choice].append(score(branch.state, seat))
            later = [later[0] + branch.takes[0], later[1] + branch.takes[1]]
    n = len(scores[TAKE])
    diffs = [t - d for t, d in zip(scores[TAKE], scores[DECLINE])]
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    half = 1.96 * sd / math.sqrt(n)
    print(f"gnomi golden match, {players} players, mcts {iterations} iterations a move, {n} deals")
    print(f"first offer (game 1's winner): the search takes it in {first_takes} of {n} ({100 * first_takes / n:.1f}%)")
    share = 100 * later[0] / max(1, later[1])
    print(f"later offers, in both continuations: taken {later[0]} of {later[1]} ({share:.1f}%)")
    print(f"game 1's winner's match score after taking: {100 * sum(scores[TAKE]) / n:.1f}%")
    print(f"after declining: {100 * sum(scores[DECLINE]) / n:.1f}%")
    print(f"difference: {100 * mean:+.1f} points [{100 * (mean - half):+.1f}, {100 * (mean + half):+.1f}]")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:]))
