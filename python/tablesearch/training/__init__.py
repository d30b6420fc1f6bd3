"""Self-play training: `ts.train(game, out=DIR, minutes=N)` and ``tablesearch train`` make a
policy-value network for a game from its rules alone (docs/training.md). Needs the `learn`
extra (JAX and optax): ``pip install ".[learn]"`` in the clone.

One job per module: `config` (the settings), `self_play` (games of the network against itself),
`replay_buffer` (positions), `network` and `learner` (JAX and optax), `ladder` and `ladder_elo`
(evaluation against fixed UCT players), `evaluations` (matches in flight), `checkpoint` (the
run's folder and resuming), `results_file`, `progress`, `plot`, and `trainer` (the loop).
"""

from tablesearch.training.config import TrainConfig
from tablesearch.training.plot import plot_learning_curve
from tablesearch.training.trainer import TrainResult, train

__all__ = ["TrainConfig", "TrainResult", "plot_learning_curve", "train"]
