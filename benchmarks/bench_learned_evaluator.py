"""Learned evaluators: how fast a model's network runs inside the search, in one run.

    python benchmarks/bench_learned_evaluator.py [--iterations N]

For the connect-four MLP (hidden 128, 128) and residual network (32 planes, 2 blocks), prints:
- evaluations/s of the same network in NumPy (float32), one observation at a time and in batches
  of 64 (the best a Python evaluator can hope for);
- PUCT simulations/s with the network as a Python evaluator (evaluate + prior, batch 1) and as a
  batched Python evaluator (evaluate_batch, 64 leaves per call): the existing Python path;
- PUCT simulations/s with the model evaluated natively (`evaluator=model`) on 1 and 2 threads,
  and the ratio of native to the Python path at batch 1 (each PUCT simulation evaluates one leaf).
The load average is printed beside the figures: thread scaling means something only below 1.
"""

from __future__ import annotations

import argparse
import os
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # one core per search path, as the native ones
import numpy as np  # noqa: E402

import tablesearch as ts  # noqa: E402
from tablesearch import mcts  # noqa: E402
from tablesearch.models import Model  # noqa: E402


def numpy_forward(model: Model, observations: np.ndarray, movers: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The model's network over a batch in float32 NumPy (vectorised; tablesearch.models.reference
    is the readable one-at-a-time definition)."""
    t = model.tensors
    players = model.game.num_players
    count = observations.shape[0]
    onehot = np.eye(players, dtype=np.float32)[movers]
    if model.architecture.kind == "mlp":
        h = np.concatenate([observations.reshape(count, -1), onehot], axis=1)
        for i in range(len(model.architecture.hidden)):
            h = np.maximum(h @ t[f"hidden.{i}.weight"] + t[f"hidden.{i}.bias"], 0)
        logits, raw = h @ t["policy.weight"] + t["policy.bias"], h @ t["value.weight"] + t["value.bias"]
    else:
        planes = observations.reshape(count, *model.game.observation_shape)
        height, width = planes.shape[2:]
        x = np.concatenate([planes, np.broadcast_to(onehot[:, :, None, None], (count, players, height, width))], 1)
        h = np.maximum(_conv(x, t["stem.weight"], t["stem.bias"]), 0)
        for i in range(model.architecture.blocks):
            inner = np.maximum(_conv(h, t[f"block.{i}.conv1.weight"], t[f"block.{i}.conv1.bias"]), 0)
            h = np.maximum(h + _conv(inner, t[f"block.{i}.conv2.weight"], t[f"block.{i}.conv2.bias"]), 0)
        p = np.maximum(_conv(h, t["policy_conv.weight"], t["policy_conv.bias"]), 0).reshape(count, -1)
        v = np.maximum(_conv(h, t["value_conv.weight"], t["value_conv.bias"]), 0).reshape(count, -1)
        v = np.maximum(v @ t["value_hidden.weight"] + t["value_hidden.bias"], 0)
        logits, raw = p @ t["policy.weight"] + t["policy.bias"], v @ t["value.weight"] + t["value.bias"]
    low, high = model.game.utility
    return logits, low + (np.tanh(raw) + 1) * (high - low) / 2


def _conv(x: np.ndarray, weight: np.ndarray, bias: np.ndarray) -> np.ndarray:
    """im2col and one matrix product (BLAS), the fastest plain NumPy convolution."""
    count, planes, height, width = x.shape
    k = weight.shape[-1]
    pad = (k - 1) // 2
    padded = np.pad(x, ((0, 0), (0, 0), (pad, pad), (pad, pad)))
    windows = np.stack([padded[:, :, ky : ky + height, kx : kx + width] for ky in range(k) for kx in range(k)], 2)
    columns = windows.transpose(0, 3, 4, 1, 2).reshape(count * height * width, planes * k * k)
    out = columns @ weight.reshape(weight.shape[0], -1).T + bias
    return out.reshape(count, height, width, -1).transpose(0, 3, 1, 2)


class PythonEvaluator:
    """The network in NumPy, asked one leaf at a time (evaluate, then prior)."""

    def __init__(self, model: Model) -> None:
        self.model = model

    def _run(self, state) -> tuple[np.ndarray, np.ndarray]:
        mover = state.current_player()
        observation = np.asarray(state.observation_tensor(mover), dtype=np.float32)[None]
        logits, values = numpy_forward(self.model, observation, np.array([mover]))
        return logits[0], values[0]

    def evaluate(self, state) -> list[float]:
        return self._run(state)[1].tolist()

    def prior(self, state) -> dict[int, float]:
        logits = self._run(state)[0]
        legal = state.legal_actions()
        weights = np.exp(logits[legal] - logits[legal].max())
        return dict(zip(legal, (weights / weights.sum()).tolist()))


class BatchedPythonEvaluator:
    """The network in NumPy, over batches of leaves (the movers are read from the tensors' count
    of stones: connect four's player to move is the parity of the stones played)."""

    batch_size = 64

    def __init__(self, model: Model) -> None:
        self.model = model

    def evaluate_batch(self, observations: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        stones = observations[:, 1:].reshape(len(observations), -1).sum(axis=1)
        movers = (stones.astype(np.int64) % 2).astype(np.int64)
        logits, values = numpy_forward(self.model, observations, movers)
        priors = np.exp(logits - logits.max(axis=1, keepdims=True))
        return values, priors / priors.sum(axis=1, keepdims=True)


def rate(run, seconds: float = 2.0) -> float:
    """Calls per second of run() over about `seconds`."""
    run()
    count, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        run()
        count += 1
    return count / (time.perf_counter() - start)


def search_rate(state, iterations: int, **options) -> float:
    result = mcts.search(state, iterations=iterations, algorithm="puct", seed=0, **options)
    return result.iterations / result.elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--iterations", type=int, default=50_000, help="PUCT simulations of the native runs")
    args = parser.parse_args()
    game = ts.load_game("connect_four")
    state = game.new_initial_state()
    observation = np.asarray(state.observation_tensor(0), dtype=np.float32)[None]
    batch = np.repeat(observation, 64, axis=0)
    print(f"connect four, PUCT from the start; load average {os.getloadavg()[0]:.2f}")
    for kind, sizes in (("mlp", {"hidden": (128, 128)}), ("resnet", {"channels": 32, "blocks": 2, "value_hidden": 64})):
        model = Model.for_game(game, kind, seed=0, **sizes)
        print(f"\n{model}")
        one = rate(lambda: numpy_forward(model, observation, np.zeros(1, np.int64)))  # noqa: B023
        many = 64 * rate(lambda: numpy_forward(model, batch, np.zeros(64, np.int64)))  # noqa: B023
        print(f"  NumPy forward, batch 1:                {one:>11,.0f} evaluations/s")
        print(f"  NumPy forward, batch 64:               {many:>11,.0f} evaluations/s")
        python_iterations = max(200, args.iterations // 100)
        python_path = search_rate(state, python_iterations, evaluator=PythonEvaluator(model))
        batched_path = search_rate(state, args.iterations // 10, evaluator=BatchedPythonEvaluator(model))
        native = search_rate(state, args.iterations, evaluator=model)
        native_2 = search_rate(state, args.iterations, evaluator=model, threads=2)
        model.batch_size = 16
        native_16 = search_rate(state, args.iterations, evaluator=model)
        model.batch_size = 1
        print(f"  PUCT, Python evaluator (batch 1):      {python_path:>11,.0f} simulations/s")
        print(f"  PUCT, batched Python evaluator (64):   {batched_path:>11,.0f} simulations/s")
        print(f"  PUCT, native model, 1 thread:          {native:>11,.0f} simulations/s")
        print(f"  PUCT, native model, 2 threads:         {native_2:>11,.0f} simulations/s")
        print(f"  PUCT, native model, batches of 16:     {native_16:>11,.0f} simulations/s")
        print(f"  native / Python path at batch 1: {native / python_path:.1f}x;"
              f" 2 threads / 1: {native_2 / native:.2f}x (load average {os.getloadavg()[0]:.2f})")  # fmt: skip


if __name__ == "__main__":
    main()
