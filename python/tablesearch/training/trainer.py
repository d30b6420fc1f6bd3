"""`ts.train`: self-play training of a policy-value network for a game, from its rules alone.

Each step: the current network plays `games_per_step` games against itself in the workers
(tablesearch.training.self_play), their positions join the replay buffer, the network takes
replay_ratio x new positions / batch_size optimiser steps on batches drawn from the buffer
(tablesearch.training.learner), and the step is committed to the run's folder
(tablesearch.training.checkpoint). From time to time the network's player is sent to meet the
evaluation ladder (tablesearch.training.ladder), in the same workers while training goes on.

Every random draw comes from the run's seed, the step and the game's index, never from the
worker that plays it, so a run is the same on any number of workers (and after a resume) up to
the step where its time runs out.
"""

from __future__ import annotations

import concurrent.futures as cf
import importlib.util
import os
import time
import warnings
from dataclasses import dataclass
from typing import Any, Optional, Union

import numpy as np

from tablesearch import mcts
from tablesearch.extras import missing
from tablesearch.models import Model, load_model
from tablesearch.search_options import ALGORITHM_TABLE
from tablesearch.tournaments.runner import GameRef
from tablesearch.tournaments.schedule import derive_seed
from tablesearch.tournaments.workers import InlineExecutor, LocalPool, WorkersCapped, plan_workers
from tablesearch.training.checkpoint import Checkpoint, RunFolder
from tablesearch.training.config import TrainConfig
from tablesearch.training.evaluations import Evaluations
from tablesearch.training.ladder import Player, play_match, rungs
from tablesearch.training.ladder_elo import rung_ratings
from tablesearch.training.progress import TrainingProgress
from tablesearch.training.replay_buffer import Positions, ReplayBuffer
from tablesearch.training.results_file import ResultsFile
from tablesearch.training.self_play import (
    SelfPlaySettings,
    check_trainable,
    no_positions,
    play_games,
    self_play_algorithm,
)
from tablesearch.training.symmetry import mirror_of

SELF_PLAY_STREAM, LADDER_STREAM, SAMPLE_STREAM = 0, 1, 3
MAX_BUFFER_BYTES = 4 << 30  # the replay buffer's arrays, held in memory


@dataclass
class TrainResult:
    """Where a run stands: its folder, its latest model file, its counters and its evaluations."""

    out: str
    model_path: str
    steps: int
    games: int
    positions: int
    seconds: float
    evaluations: list[dict[str, Any]]

    def model(self) -> Model:
        return load_model(self.model_path)


def train(
    game: str,
    *,
    out: Union[str, os.PathLike[str]],
    params: Optional[dict[str, Any]] = None,
    executor: Optional[cf.Executor] = None,
    **settings: Any,
) -> TrainResult:
    """Trains a network for `game` (a registered name, with `params`) by self-play, into the
    folder `out`, and returns where the run stands. `settings` are TrainConfig's (minutes, steps,
    workers, seed, architecture, simulations, ...; docs/training.md). Running it again with the
    same `out` resumes the run (the time and step budgets count the whole run). `executor` (a Dask
    client's ``get_executor()``) runs the games instead of `workers` local processes.

    Raises ValueError naming a bad setting, a game self-play cannot learn (no observation
    tensor, or no choices), or a folder that holds another run; RuntimeError if another process
    is training into `out`; KeyboardInterrupt on Ctrl-C, after which the same call resumes from
    the last finished step."""
    config = TrainConfig(game=game, params=dict(params or {}), **settings)
    return Trainer(config, out, executor).run()


class Trainer:
    def __init__(self, config: TrainConfig, out: Union[str, os.PathLike[str]], executor: Optional[cf.Executor]) -> None:
        for module in ("jax", "optax"):
            if importlib.util.find_spec(module) is None:
                raise ValueError(missing(f"training ({module} is missing)", "learn"))
        self.config = config
        self.ref = GameRef.of(config.game, config.params)
        self.game = self.ref.load()
        check_trainable(self.game, config.seed)
        self.template = Model.for_game(self.game, config.architecture, seed=config.seed, **config.architecture_sizes())
        self.algorithm = self_play_algorithm(config.search, self.game)
        self._check_reads_only_the_movers_view()
        self._check_buffer_memory()
        self._check_search()
        self.settings = SelfPlaySettings(
            self.ref,
            self.algorithm,
            config.simulations,
            config.temperature_moves,
            config.dirichlet_alpha,
            config.dirichlet_epsilon,
            config.search_value_weight,
        )
        self.mirror = mirror_of(self.ref.name, self.game) if config.mirror else None
        self.player = Player(self.algorithm, config.evaluation_simulations, uses_model=True)
        self.folder = RunFolder(out)
        self.given_executor = executor
        self.started = time.monotonic()
        self.base_seconds = 0.0

    def _check_reads_only_the_movers_view(self) -> None:
        """Refuses a self-play search that reads the whole state of a game with hidden information
        (unless read_hidden): its targets would differ between states the mover cannot tell apart."""
        if not self.game.has_hidden_information() or ALGORITHM_TABLE[self.algorithm].hidden_information:
            return
        if self.config.read_hidden:
            return
        sound = ", ".join(name for name, row in ALGORITHM_TABLE.items() if row.hidden_information)
        raise ValueError(
            f"search {self.algorithm!r} reads the whole state, and {self.ref.name} hides information: its "
            "policy targets would use what the mover cannot see, which the network's input lacks. Search "
            f"with one that reads only the mover's information ({sound}; auto picks one), or pass "
            "read_hidden=True (--read-hidden on) to train on the whole state knowingly"
        )

    def _check_buffer_memory(self) -> None:
        sizes = (self.template.game.observation_shape, self.template.game.num_actions, self.game.num_players())
        row = 4 * (int(np.prod(sizes[0])) + 2 * sizes[1] + sizes[2] + 1) + sizes[1]
        needed = self.config.buffer_positions * row
        if needed > MAX_BUFFER_BYTES:
            raise ValueError(
                f"buffer_positions={self.config.buffer_positions:,} would hold {needed / 2**30:.1f} GiB of "
                f"positions of {self.ref.name}; at most {MAX_BUFFER_BYTES >> 30} GiB "
                f"({MAX_BUFFER_BYTES // row:,} positions) are kept"
            )

    def _check_search(self) -> None:
        """One iteration of the self-play search at the first decision, so that an algorithm the
        game cannot take fails now, naming what is valid, not in a worker."""
        state = self.game.new_initial_state(self.config.seed)
        while state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        options = SelfPlaySettings(self.ref, self.algorithm, 1, 0, 0.3, 0.25).search_options()
        mcts.search(state, seed=0, evaluator=self.template, **options)

    def _local_workers(self) -> int:
        """Worker processes to start here: at most one per core (a WorkersCapped warning says so)."""
        count, note = plan_workers(self.config.workers, self.config.workers)
        if note:
            warnings.warn(note.split(" (")[0], WorkersCapped, stacklevel=4)
        return count

    def seconds(self) -> float:
        """Seconds of the run so far, its earlier sessions included."""
        return self.base_seconds + time.monotonic() - self.started

    def run(self) -> TrainResult:
        resuming = self.folder.prepare(self.config)
        pool: Optional[LocalPool] = None
        try:
            workers = self.config.workers if self.given_executor is not None else self._local_workers()
            if self.given_executor is not None:
                executor = self.given_executor
            elif workers > 1:
                pool = LocalPool(workers)
                executor = pool.executor
                executor.submit(int).result()  # starts the workers before JAX starts its threads (fork)
            else:
                executor = InlineExecutor()
            result = self._run(executor, workers, resuming)
        except BaseException:
            if pool is not None:
                pool.stop()
                pool = None
            raise
        finally:
            if pool is not None:
                pool.close()
            self.folder.release()
        return result

    def _run(self, executor: cf.Executor, workers: int, resuming: bool) -> TrainResult:
        from tablesearch.training.learner import Learner  # JAX: imported once the workers run

        config, folder = self.config, self.folder
        learner = Learner(self.template, config.learning_rate, config.weight_decay)
        checkpoint = folder.load_checkpoint(self.template) if resuming else None
        if checkpoint is None:
            checkpoint = Checkpoint(0, 0, 0, 0.0, dict(self.template.tensors), learner.state_arrays())
            folder.save_model(self.template, 0, keep=True)
            folder.save_checkpoint(checkpoint)
        else:
            try:
                learner.restore(
                    Model(self.template.game, self.template.architecture, checkpoint.params), checkpoint.optimizer
                )
            except ValueError as error:
                raise ValueError(f"{folder.checkpoint_path}: {error}") from None
        self.base_seconds, self.started = checkpoint.seconds, time.monotonic()
        results = ResultsFile(folder.results_path, folder.path)
        results.keep_until(checkpoint.step)
        folder.forget_after(checkpoint.step)
        folder.prune_positions(config.buffer_positions, checkpoint.step)
        empty = no_positions(self.template)
        buffer = ReplayBuffer(
            config.buffer_positions, folder.load_buffer(config.buffer_positions, checkpoint.step, empty)
        )
        total = float(config.steps) if config.steps is not None else config.minutes * 60
        bar = TrainingProgress(total, config.progress)
        run = _Run(self, executor, workers, learner, buffer, results, checkpoint, bar)
        try:
            run.go()
        except BaseException:
            run.evaluations.cancel()
            raise
        finally:
            bar.close()
        return TrainResult(
            out=os.fspath(folder.path),
            model_path=os.fspath(folder.model_path),
            steps=run.checkpoint.step,
            games=run.checkpoint.games,
            positions=run.checkpoint.positions,
            seconds=run.checkpoint.seconds,
            evaluations=sorted(results.of_kind("evaluation"), key=lambda line: line["step"]),
        )


class _Run:
    """One session of a run: the loop of steps, with evaluations in flight."""

    def __init__(
        self,
        trainer: Trainer,
        executor: cf.Executor,
        workers: int,
        learner: Any,
        buffer: ReplayBuffer,
        results: ResultsFile,
        checkpoint: Checkpoint,
        bar: TrainingProgress,
    ) -> None:
        self.t, self.executor, self.workers = trainer, executor, workers
        self.learner, self.buffer, self.results, self.checkpoint, self.bar = learner, buffer, results, checkpoint, bar
        self.last_figures = ""
        self.evaluations = Evaluations(
            executor,
            trainer.ref,
            trainer.player,
            self._ladder(),
            trainer.config.eval_games,
            trainer.config.seed,
            results,
            self._show_evaluation,
            in_flight=max(1, workers // 2),
        )

    def _ladder(self) -> dict[str, Any]:
        """The ladder's line of the results file, after placing the rungs by matches between neighbours once."""
        t = self.t
        players = rungs(t.config.ladder, t.game)
        saved = self.results.of_kind("ladder")
        if saved:
            named = [(r["name"], r["algorithm"], r["iterations"]) for r in saved[0]["rungs"]]
            if named != [(p.name, p.algorithm, p.iterations) for p in players]:
                raise ValueError(f"{self.results.path}: its ladder is not this run's ({t.config.ladder})")
            return saved[0]
        futures = [
            self.executor.submit(
                play_match, t.ref, upper, lower, t.config.eval_games, derive_seed(t.config.seed, LADDER_STREAM, i)
            )
            for i, (lower, upper) in enumerate(zip(players, players[1:]))
        ]
        scores = [future.result() for future in futures]
        ratings = rung_ratings(scores) if scores else [0.0]
        line = {
            "kind": "ladder",
            "game": t.ref.name,
            "step": 0,
            "rungs": [
                {"name": p.name, "algorithm": p.algorithm, "iterations": p.iterations, "elo": elo}
                for p, elo in zip(players, ratings)
            ],
            "neighbour_scores": [float(np.mean(s)) for s in scores],
            "games": [len(s) for s in scores],
        }
        self.results.append(line)
        return line

    def go(self) -> None:
        # A session killed between a step's model file and its checkpoint left a newer model file.
        self.t.folder.save_model(self.learner.model(self._metadata()), self.checkpoint.step, keep=False)
        self._resubmit_evaluations()
        while not self._budget_spent():
            self._step()
            self._show()
        if self.checkpoint.step not in self._evaluated_steps():
            self._evaluate(self.checkpoint.step, self.learner.model(self._metadata()))
        while len(self.evaluations):
            self._wait(set())

    def _budget_spent(self) -> bool:
        config = self.t.config
        if config.steps is not None and self.checkpoint.step >= config.steps:
            return True
        return self.t.seconds() >= config.minutes * 60

    def _network(self) -> tuple[dict[str, Any], dict[str, np.ndarray]]:
        model = self.learner.model({})
        return model.architecture.to_json(), model.tensors

    def _step(self) -> None:
        """Plays and learns from a step's games. Games still being played when the time budget
        runs out are abandoned, and the step keeps those that finished."""
        t, config = self.t, self.t.config
        step = self.checkpoint.step + 1
        seeds = [derive_seed(config.seed, SELF_PLAY_STREAM, step, g) for g in range(config.games_per_step)]
        chunks = np.array_split(np.array(seeds, dtype=np.int64), min(len(seeds), 2 * self.workers))
        architecture, tensors = self._network()
        started = time.monotonic()
        deadline = time.time() + config.minutes * 60 - t.seconds()
        futures = [
            self.executor.submit(play_games, t.settings, architecture, tensors, [int(s) for s in chunk], deadline)
            for chunk in chunks
        ]
        self._wait(set(futures))
        played = [future.result() for future in futures]
        positions = Positions.concatenate([part for part, _ in played])
        games = sum(count for _, count in played)
        self_play_seconds = time.monotonic() - started
        if games == 0:
            return
        self.buffer.add(positions)
        updates = max(1, round(config.replay_ratio * len(positions) / config.batch_size))
        rng = np.random.default_rng(derive_seed(config.seed, SAMPLE_STREAM, step))
        losses = [self.learner.update(self._batch(rng)) for _ in range(updates)]
        self._commit(step, games, positions, losses, self_play_seconds)

    def _batch(self, rng: np.random.Generator) -> Positions:
        batch = self.buffer.sample(rng, self.t.config.batch_size)
        return self.t.mirror(batch, rng) if self.t.mirror is not None else batch

    def _commit(
        self,
        step: int,
        games: int,
        positions: Positions,
        losses: list[tuple[float, float]],
        self_play_seconds: float,
    ) -> None:
        """Saves the step; from the checkpoint's write on, a kill loses nothing of it. Its results
        line and a network due for evaluation are written before that (a resume drops or forgets
        them if the checkpoint never came), so a resumed run has the line and evaluates the network."""
        t, folder = self.t, self.t.folder
        folder.save_positions(step, positions)
        seconds = t.seconds()
        self.checkpoint = Checkpoint(
            step=step,
            games=self.checkpoint.games + games,
            positions=self.checkpoint.positions + len(positions),
            seconds=seconds,
            params={name: np.asarray(value) for name, value in self.learner.params.items()},
            optimizer=self.learner.state_arrays(),
        )
        policy_loss, value_loss = np.mean(losses, axis=0)
        self.results.append(
            {
                "kind": "step",
                "step": step,
                "seconds": seconds,
                "games": self.checkpoint.games,
                "positions": self.checkpoint.positions,
                "step_positions": len(positions),
                "positions_per_second": len(positions) / max(self_play_seconds, 1e-9),
                "buffer": len(self.buffer),
                "updates": len(losses),
                "policy_loss": float(policy_loss),
                "value_loss": float(value_loss),
            }
        )
        model = self.learner.model(self._metadata())
        due = seconds - self._seconds_at(max(self._evaluated_steps(), default=0)) >= t.config.evaluation_interval()
        folder.save_model(model, step, keep=due)
        folder.save_checkpoint(self.checkpoint)
        folder.prune_positions(t.config.buffer_positions, step)
        if due:
            self._submit_evaluation(step, model)

    def _metadata(self) -> dict[str, Any]:
        return {
            "trained_by": "tablesearch train",
            "step": self.checkpoint.step,
            "games": self.checkpoint.games,
            "seconds": round(self.checkpoint.seconds, 3),
            "search": self.t.algorithm,
            "simulations": self.t.config.simulations,
            "settings": self.t.config.to_json(),  # the seed and every setting: what remakes this model
        }

    def _evaluate(self, step: int, model: Model) -> None:
        self.t.folder.save_model(model, step, keep=True)
        self._submit_evaluation(step, model)

    def _submit_evaluation(self, step: int, model: Model) -> None:
        self.evaluations.submit(step, self._seconds_at(step), (model.architecture.to_json(), model.tensors))

    def _resubmit_evaluations(self) -> None:
        """Evaluations a stopped session sent but never wrote: their networks were kept, so they are sent again."""
        done = {line["step"] for line in self.results.of_kind("evaluation")}
        for step in self.t.folder.kept_steps():
            if step not in done:
                self._submit_evaluation(step, load_model(self.t.folder.kept_model(step), self.t.game))

    def _evaluated_steps(self) -> set[int]:
        """The steps whose networks were kept for evaluation (whether or not their line is written yet)."""
        return set(self.t.folder.kept_steps())

    def _seconds_at(self, step: int) -> float:
        if step <= 0:
            return 0.0
        if step == self.checkpoint.step:
            return self.checkpoint.seconds
        return next((line["seconds"] for line in self.results.of_kind("step") if line["step"] == step), 0.0)

    def _wait(self, needed: set[cf.Future[Any]]) -> None:
        """Waits until every future in `needed` is done, taking finished evaluation pieces and
        sending more meanwhile (with `needed` empty: takes what is finished, or waits for one piece)."""
        while True:
            self.evaluations.collect()
            outstanding = {f for f in needed if not f.done()}
            if needed and not outstanding:
                return
            waiting = outstanding | self.evaluations.futures()
            if not waiting:
                return
            cf.wait(waiting, timeout=1.0, return_when=cf.FIRST_COMPLETED)
            self._show()
            if not needed:
                return

    def _show_evaluation(self, line: dict[str, Any]) -> None:
        self.last_figures = f", Elo {line['elo']:+.0f}"

    def _show(self) -> None:
        config = self.t.config
        done = self.checkpoint.step if config.steps is not None else min(self.t.seconds(), config.minutes * 60)
        steps = self.results.of_kind("step")
        rate = f"{steps[-1]['positions_per_second']:,.0f} pos/s" if steps else ""
        figures = f"step {self.checkpoint.step}, {self.checkpoint.games} games, {rate}{self.last_figures}"
        self.bar.update(done, figures)
