"""Does holding a Sprouter in place of a random gnome change a player's chance to win a game of
Gnomi? The golden expansion's winner "may take a golden gnome" (2 gold, with the Sprouter's
ability in our Reading), which then counts as one of their three gnomes in the next games: this
measures what that hand change is worth, to judge whether taking could ever hurt.

Paired deals: each deal is played twice with the same seeds (cards, chance, agents), once as dealt
and once with one of the hand gnomes of seat (deal % players), drawn at random, swapped for a
Sprouter from the undealt gnomes (no change when it already is one). Prints the seat's win rate
in both and the paired difference with its 95% interval (deals are the independent units).

    python docs/studies/gnomi_sprouter.py [DEALS] [ITERATIONS] [PLAYERS]
"""

from __future__ import annotations

import math
import random
import sys
from typing import Any

import tablesearch as ts
from tablesearch import mcts
from tablesearch.games import serialization

SPROUT = 1  # gnome face of the Sprouter (cpp/games/gnomi/gnomi_cards.h)


class _Dealt:
    """The game, starting from a given initial state (for play_game)."""

    def __init__(self, game: Any, state: Any) -> None:
        self.game, self.state, self.name = game, state, game.name

    def num_players(self) -> int:
        return int(self.game.num_players())

    def has_hidden_information(self) -> bool:
        return bool(self.game.has_hidden_information())

    def new_initial_state(self, seed: int) -> Any:
        return self.state.clone()


def with_sprouter(game: Any, seed: int, seat: int) -> Any:
    """The deal of `seed` with a random one of `seat`'s gnomes made a Sprouter; None when every
    Sprouter was dealt (such deals are left out)."""
    fields = game.new_initial_state(seed).fields()
    faces, holders = fields["gnome_face"], fields["gnome_holder"]
    hand = [g for g, h in enumerate(holders) if h == seat]
    pick = random.Random(seed).choice(hand)
    if faces[pick] != SPROUT:
        spare = next((g for g, h in enumerate(holders) if h == -1 and faces[g] == SPROUT), None)
        if spare is None:
            return None
        faces[pick], faces[spare] = faces[spare], faces[pick]
    doc = {"format": serialization.FORMAT, "game": game.name, "params": game.parameters(), "seed": seed}
    return serialization.from_document(game, {**doc, "history": [], "fields": fields})


def main(deals: int = 1000, iterations: int = 100, players: int = 3) -> None:
    game = ts.load_game("gnomi", players=players)
    diffs, base_wins, sprout_wins = [], 0.0, 0.0
    for seed in range(deals):
        seat = seed % players
        changed = with_sprouter(game, seed, seat)
        if changed is None:
            continue
        scores = []
        for state in (game.new_initial_state(seed), changed):
            agents = [mcts.Agent(iterations=iterations, seed=1000 * seed + s) for s in range(players)]
            record = ts.play_game(_Dealt(game, state), agents, seed=seed)
            scores.append(1.0 / len(record.winners) if seat in record.winners else 0.0)
        base_wins += scores[0]
        sprout_wins += scores[1]
        diffs.append(scores[1] - scores[0])
    n = len(diffs)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    half = 1.96 * sd / math.sqrt(n)
    print(f"gnomi, {players} players, mcts {iterations} iterations a move, {n} paired deals of {deals}")
    print(f"seat's win rate as dealt: {100 * base_wins / n:.1f}%")
    print(f"with a Sprouter in place of a random hand gnome: {100 * sprout_wins / n:.1f}%")
    print(f"difference: {100 * mean:+.1f} points [{100 * (mean - half):+.1f}, {100 * (mean + half):+.1f}]")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:]))
