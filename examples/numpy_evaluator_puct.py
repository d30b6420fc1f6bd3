"""A numpy evaluator plugged into PUCT, batched: no deep-learning framework needed.

The "network" is a fixed linear map from connect four's observation tensor (3 planes of 6x7) to a
value and to a prior over the 7 columns, favouring central columns and penalising open threats.
The search gathers many leaves, calls evaluate_batch once for all of them, and uses the priors
to steer PUCT. Swap the weights for a trained model and this is AlphaZero-style search.

    python examples/numpy_evaluator_puct.py
"""

from __future__ import annotations

import numpy as np

import tablesearch as ts
from tablesearch import mcts


class LinearEvaluator:
    """values, priors = f(observations) for a batch of connect four positions."""

    batch_size = 32  # leaves per call

    def __init__(self) -> None:
        column_weight = np.array([1, 2, 3, 4, 3, 2, 1], dtype=np.float32)
        self.centre = np.tile(column_weight, (6, 1)) / 40.0  # value of holding central cells
        self.prior_logits = np.log(column_weight)

    def evaluate_batch(self, observations: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        # observations: (batch, 3, 6, 7); OpenSpiel's planes: player 0's pieces, player 1's, empty.
        mine = (observations[:, 0] * self.centre).sum(axis=(1, 2))
        theirs = (observations[:, 1] * self.centre).sum(axis=(1, 2))
        value0 = np.tanh(mine - theirs)
        values = np.stack([value0, -value0], axis=1)  # one value per player, zero-sum
        priors = np.exp(np.broadcast_to(self.prior_logits, (len(observations), 7)))
        return values, priors / priors.sum(axis=1, keepdims=True)


def main() -> None:
    game = ts.load_game("connect_four")
    state = game.new_initial_state()
    evaluator = LinearEvaluator()
    result = mcts.search(state, iterations=4000, evaluator=evaluator, seed=0, dirichlet_alpha=0.3)
    print(
        f"{result.algorithm}: best column {result.best_action}; visit shares "
        + ", ".join(f"{a}:{p:.0%}" for a, p in result.policy().items())
    )

    puct = mcts.Agent(iterations=400, evaluator=evaluator, seed=1)
    wins = sum(ts.play_game(game, [puct, ts.agents.RandomAgent(seed)], seed=seed).winners == [0] for seed in range(10))
    print(f"PUCT with the numpy evaluator (400 iterations) beat random play in {wins} of 10 games")


if __name__ == "__main__":
    main()
