"""The evaluation ladder: fixed UCT players with random playouts, their iterations 10x apart
(10, 100, 1000 by default), which the network's player meets while it trains, as OpenSpiel's
AlphaZero measures its progress. On games with hidden information the rungs and the network's
player search with ISMCTS, and every player sees only a state re-drawn from its own information.

A match is a number of games between two players, in duplicate deals: each deal is played once
with the first player in each seat (the second holds the others), so both meet the same luck.
`play_match` runs in worker processes: everything it takes is plain data.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

import numpy as np

from tablesearch import _core, mcts
from tablesearch.match import play_game
from tablesearch.models import Architecture, Model
from tablesearch.tournaments.runner import GameRef
from tablesearch.tournaments.schedule import derive_seed


@dataclass(frozen=True)
class Player:
    """A searching player: a rung (`algorithm` with random playouts) or, with `uses_model`, the network's player."""

    algorithm: str
    iterations: int
    uses_model: bool = False

    @property
    def name(self) -> str:
        return f"{self.algorithm}-{self.iterations}" + ("+model" if self.uses_model else "")


def rungs(ladder: tuple[int, ...], game: Any) -> list[Player]:
    """The ladder's players for `game`: auto's rule with random playouts, without its case for
    two-player games with information-state keys (the rungs stay the same kind of player on every
    game): UCT, or ISMCTS where information is hidden."""
    facts = dict(two_players=False, information_state_keys=False, priors=False)
    algorithm = str(_core.auto_algorithm(hidden_information=game.has_hidden_information(), **facts))
    return [Player(algorithm, iterations) for iterations in ladder]


def _agent(player: Player, model: Optional[Model], seed: int) -> mcts.Agent:
    evaluator = model if player.uses_model else mcts.RandomRollout()
    return mcts.Agent(iterations=player.iterations, seed=seed, algorithm=player.algorithm, evaluator=evaluator)


def play_match(
    game_ref: GameRef,
    first: Player,
    second: Player,
    games: int,
    seed: int,
    network: Optional[tuple[dict[str, Any], dict[str, np.ndarray]]] = None,
    first_deal: int = 0,
) -> list[float]:
    """`games` games of `first` against `second` (rounded up to whole deals), from deal
    `first_deal` on (a match split in pieces plays the same games); `network` is the model's
    (architecture, tensors) for a player that uses it. Returns `first`'s score in each game: the
    share of the other seats it finished ahead of, ties counting half."""
    game = game_ref.load()
    model = None if network is None else Model.from_arrays(game, Architecture.from_json(network[0]), network[1])
    seats = game.num_players()
    scores = []
    for index in range(-(-games // seats) * seats):
        deal, seat = divmod(index, seats)
        deal += first_deal
        agents = [_agent(first if s == seat else second, model, derive_seed(seed, deal, s)) for s in range(seats)]
        record = play_game(game, agents, derive_seed(seed, deal))
        mine = record.returns[seat]
        others = [r for s, r in enumerate(record.returns) if s != seat]
        scores.append(sum(1.0 if mine > r else 0.5 if mine == r else 0.0 for r in others) / len(others))
    return scores
