"""A run's folder, and how a run survives Ctrl-C or a kill.

    DIR/config.json           the run's settings (TrainConfig), checked on resume
    DIR/checkpoint.npz        the last finished step: counters, network, optimiser state
    DIR/buffer/step-N.npz     the positions self-play made in step N (the newest fill the buffer)
    DIR/model.tsmodel         the latest network as a model file, for the search
    DIR/models/step-N.tsmodel the networks that were evaluated (the learning curve's points)
    DIR/results.jsonl         the results file (tablesearch.training.results_file)

Everything is plain arrays (NumPy's .npz, read with allow_pickle=False) or JSON, written to a
temporary file and renamed, so a kill at any moment leaves every file whole. The folder may come
from someone else: every file is read as hostile data (tablesearch.safe_files), and a folder
holding links, named pipes or devices is refused, so a run reads and writes only its own files. A step is committed
by writing checkpoint.npz after its positions; a resume starts from checkpoint.npz and ignores
whatever a killed step wrote after the last one (later buffer files, results lines).
"""

from __future__ import annotations

import json
import os
import re
import stat
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Optional, Union

import numpy as np

from tablesearch.models import Model
from tablesearch.safe_files import FileRefused, check_inside, file_kind, read_regular, write_atomically
from tablesearch.training.arrays_file import load_arrays, save_arrays
from tablesearch.training.config import TrainConfig
from tablesearch.training.replay_buffer import Positions

_CHUNK = re.compile(r"^step-(\d+)\.npz$")
MAX_CONFIG_BYTES = 1 << 20
MAX_COUNTER = 1 << 53  # steps, games and positions: a larger one is damage, not a run


@dataclass
class Checkpoint:
    """The state a run resumes from: where it is, and the network and optimiser after `step`."""

    step: int
    games: int
    positions: int
    seconds: float
    params: dict[str, np.ndarray]
    optimizer: dict[str, np.ndarray]


class RunFolder:
    def __init__(self, out: Union[str, os.PathLike[str]]) -> None:
        self.path = Path(out)
        self.config_path = self.path / "config.json"
        self.checkpoint_path = self.path / "checkpoint.npz"
        self.model_path = self.path / "model.tsmodel"
        self.results_path = self.path / "results.jsonl"
        self.buffer_dir = self.path / "buffer"
        self.models_dir = self.path / "models"

    def prepare(self, config: TrainConfig) -> bool:
        """Creates the folder for a new run, or checks that `config` continues the run there, and
        locks it until `release`. Returns True when resuming. Raises ValueError naming the
        settings that differ, RuntimeError if another process is training into the folder."""
        if self.path.exists() and not self.path.is_dir():
            raise ValueError(f"--out {os.fspath(self.path)!r} is a file; a training run's output is a folder")
        if not self.config_path.exists() and self.path.exists() and any(p.name != ".lock" for p in self.path.iterdir()):
            raise ValueError(f"{os.fspath(self.path)} is not empty and holds no training run; give a new folder")
        self.path.mkdir(parents=True, exist_ok=True)
        self._check_entries()
        self._lock()
        try:
            return self._prepare(config)
        except BaseException:
            self.release()
            raise

    def _check_entries(self) -> None:
        """Raises ValueError naming the first entry of the folder, buffer/ or models/ that is a
        link, a named pipe, a device or a socket: a run reads and writes only its own files."""
        for folder in (self.path, self.buffer_dir, self.models_dir):
            if folder != self.path:
                check_inside(folder, self.path)
            if not folder.is_dir():
                continue
            for entry in folder.iterdir():
                mode = entry.lstat().st_mode
                if not (stat.S_ISREG(mode) or (stat.S_ISDIR(mode) and folder == self.path)):
                    raise FileRefused(
                        f"{os.fspath(entry)} is {file_kind(mode)}; a training run's folder holds only its own "
                        "files and folders, never links (remove it, or train into another folder)"
                    )

    def _lock(self) -> None:
        lock = self.path / ".lock"
        flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
        try:
            self._lock_file = os.fdopen(os.open(lock, flags, 0o644), "r+b")  # held for the whole run
        except OSError as error:
            raise FileRefused(f"cannot open the run's lock file {os.fspath(lock)}: {error.strerror}") from None
        if sys.platform == "win32":  # no flock: one run at a time is then the user's care
            return
        import fcntl

        try:
            fcntl.flock(self._lock_file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            self._lock_file.close()
            raise RuntimeError(
                f"{os.fspath(self.path)} is in use by another training run that is running now; wait for it "
                "to finish (then rerun this command to resume), or train into another folder"
            ) from None

    def release(self) -> None:
        lock = getattr(self, "_lock_file", None)
        if lock is not None:
            lock.close()

    def _prepare(self, config: TrainConfig) -> bool:
        if self.config_path.exists():
            try:
                text = read_regular(self.config_path, "run settings", MAX_CONFIG_BYTES, self.path)
                saved = TrainConfig.from_json(json.loads(text))
            except FileRefused:
                raise
            except (ValueError, TypeError, RecursionError) as error:
                raise ValueError(f"{self.config_path} is not a training run's settings: {error}") from None
            differences = saved.differences(config)
            if differences:
                raise ValueError(
                    f"{os.fspath(self.path)} holds a run with other settings ({'; '.join(differences)}); "
                    "resume it with the same settings, or train into another folder"
                )
            return self.checkpoint_path.exists()
        self.buffer_dir.mkdir(exist_ok=True)
        self.models_dir.mkdir(exist_ok=True)
        write_atomically(self.config_path, (json.dumps(config.to_json(), indent=1) + "\n").encode(), self.path)
        return False

    def save_checkpoint(self, checkpoint: Checkpoint) -> None:
        counters = np.array([checkpoint.step, checkpoint.games, checkpoint.positions], np.int64)
        arrays = {"counters": counters, "seconds": np.array([checkpoint.seconds], np.float64)}
        arrays.update({f"param.{name}": array for name, array in checkpoint.params.items()})
        arrays.update(checkpoint.optimizer)
        save_arrays(self.checkpoint_path, arrays, self.path)

    def load_checkpoint(self, template: Model) -> Optional[Checkpoint]:
        """The last finished step, its network checked against `template`'s game and architecture.
        Raises ValueError naming the file if it is not such a checkpoint."""
        if not self.checkpoint_path.exists():
            return None
        arrays = load_arrays(self.checkpoint_path, inside=self.path)
        counters, seconds = arrays.get("counters"), arrays.get("seconds")
        if counters is None or counters.shape != (3,) or seconds is None or seconds.shape != (1,):
            raise ValueError(f"{self.checkpoint_path} is not a training checkpoint (no counters)")
        in_range = (counters >= 0).all() and (counters <= MAX_COUNTER).all()
        if not (in_range and np.isfinite(seconds).all() and 0 <= seconds[0] <= MAX_COUNTER):
            raise ValueError(f"{self.checkpoint_path} has counters {counters.tolist()} and seconds {seconds.tolist()}")
        params = {name[6:]: array for name, array in arrays.items() if name.startswith("param.")}
        try:
            Model(template.game, template.architecture, params)
        except ValueError as error:
            raise ValueError(f"{self.checkpoint_path} does not hold this run's network: {error}") from None
        optimizer = {name: array for name, array in arrays.items() if name.startswith("opt.")}
        if not all(np.isfinite(array).all() for array in optimizer.values()):
            raise ValueError(f"{self.checkpoint_path} has an optimiser state that is not finite")
        return Checkpoint(
            step=int(counters[0]),
            games=int(counters[1]),
            positions=int(counters[2]),
            seconds=float(seconds[0]),
            params=params,
            optimizer=optimizer,
        )

    def save_positions(self, step: int, positions: Positions) -> None:
        save_arrays(self.buffer_dir / f"step-{step:08d}.npz", positions.arrays(), self.path)

    def load_buffer(self, capacity: int, through_step: int, empty: Positions) -> Positions:
        """The newest `capacity` positions of steps up to `through_step`, oldest first."""
        parts, count = [], 0
        for step in sorted((s for s in self._chunk_steps() if s <= through_step), reverse=True):
            if count >= capacity:
                break
            path = self.buffer_dir / f"step-{step:08d}.npz"
            arrays = load_arrays(path, inside=self.path)
            try:
                part = Positions.from_arrays(arrays).check_like(empty)
            except ValueError as error:
                raise ValueError(f"{path}: {error}") from None
            parts.append(part)
            count += len(part)
        merged = Positions.concatenate([empty, *reversed(parts)])
        return merged.take(slice(max(0, len(merged) - capacity), None))

    def prune_positions(self, capacity: int, through_step: int) -> None:
        """Deletes the buffer files of steps up to `through_step` no longer needed to fill the buffer."""
        count = 0
        for step in sorted((s for s in self._chunk_steps() if s <= through_step), reverse=True):
            path = self.buffer_dir / f"step-{step:08d}.npz"
            if count >= capacity:
                path.unlink(missing_ok=True)
                continue
            count += len(load_arrays(path, ["movers"], self.path).get("movers", ()))

    def save_model(self, model: Model, step: int, keep: bool) -> Path:
        """Writes the latest model file, and with `keep` also models/step-N.tsmodel; returns the kept path."""
        check_inside(self.model_path, self.path)
        model.save(self.model_path)
        kept = self.kept_model(step)
        if keep:
            check_inside(kept, self.path)
            model.save(kept)
        return kept

    def kept_model(self, step: int) -> Path:
        return self.models_dir / f"step-{step:08d}.tsmodel"

    def kept_steps(self) -> list[int]:
        """The steps whose networks were kept (models/step-N.tsmodel), in order."""
        if not self.models_dir.exists():
            return []
        return sorted(int(p.stem.split("-")[1]) for p in self.models_dir.glob("step-*.tsmodel"))

    def forget_after(self, step: int) -> None:
        """Deletes what a killed session wrote for steps after `step`: their positions and kept networks."""
        for later in self._chunk_steps():
            if later > step:
                (self.buffer_dir / f"step-{later:08d}.npz").unlink(missing_ok=True)
        for later in self.kept_steps():
            if later > step:
                (self.models_dir / f"step-{later:08d}.tsmodel").unlink(missing_ok=True)

    def _chunk_steps(self) -> list[int]:
        if not self.buffer_dir.exists():
            return []
        return [int(m.group(1)) for p in self.buffer_dir.iterdir() if (m := _CHUNK.match(p.name))]
