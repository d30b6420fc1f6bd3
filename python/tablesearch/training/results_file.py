"""A run's results file, ``results.jsonl``: one JSON object a line, easy to load into pandas.

Lines by ``kind``:
- ``ladder``: the rungs, each with its Elo (the lowest at 0), from matches between neighbours.
- ``step``: after each training step: step, seconds (of the run, resumes included), games and
  positions so far, the positions of this step and the self-play rate, the buffer's size, the
  step's mean policy and value loss.
- ``evaluation``: the network's player after `step` (reached at `seconds`) against each rung
  (games; wins, draws and losses: games it finished ahead of, level with or behind the rest;
  score and its 95% interval) and its Elo on the ladder's scale with a 95% interval.

Lines are appended whole and flushed. On resume, lines of steps past the checkpoint (written
after it, by a run killed before its next checkpoint) and a last line cut by a kill are dropped,
so the file agrees with what the run resumes from.
"""

from __future__ import annotations

import json
import math
import os
from pathlib import Path
from typing import Any, Optional, Union

from tablesearch.safe_files import append_to, read_regular, write_atomically

MAX_FILE_BYTES = 256 << 20  # a run writes a few lines a step: a larger file is not a run's

FIELDS: dict[str, dict[str, type]] = {
    "ladder": {"rungs": list},
    "step": {"seconds": float, "games": int, "positions": int, "positions_per_second": float},
    "evaluation": {"seconds": float, "elo": float, "elo_low": float, "elo_high": float, "rungs": list},
}
"""The fields of each kind of line that are read back (by a resumed run, the command, the plot), with their types."""
RUNG_FIELDS: dict[str, dict[str, type]] = {
    "ladder": {"name": str, "algorithm": str, "iterations": int, "elo": float},
    "step": {},
    "evaluation": {"name": str, "score": float, "score_low": float, "score_high": float},
}


class ResultsFile:
    """A run's results file; `inside` is the run's folder (no link on the way is followed)."""

    def __init__(self, path: Union[str, os.PathLike[str]], inside: Optional[Path] = None) -> None:
        self.path = Path(path)
        self.inside = inside
        self.lines: list[dict[str, Any]] = read_results(self.path, inside) if self.path.exists() else []

    def append(self, line: dict[str, Any]) -> None:
        append_to(self.path, _encode([line]), "results file", self.inside)
        self.lines.append(line)

    def keep_until(self, step: int) -> None:
        """Drops the lines of steps after `step` (and a cut last line), rewriting the file atomically."""
        kept = [line for line in self.lines if line.get("step", 0) <= step]
        on_disk = _read(self.path, self.inside) if self.path.exists() else b""
        if kept == self.lines and (not on_disk or on_disk.endswith(b"\n")):
            return
        write_atomically(self.path, _encode(kept), self.inside)
        self.lines = kept

    def of_kind(self, kind: str) -> list[dict[str, Any]]:
        return [line for line in self.lines if line.get("kind") == kind]


def read_results(path: Union[str, os.PathLike[str]], inside: Optional[Path] = None) -> list[dict[str, Any]]:
    """The lines of a results file. A last line cut short (a kill while writing) is left out;
    ValueError naming the file and line for any other line that is not a line of a training run
    (a JSON object of a known kind whose fields this module reads have their types), and for a
    file that is not a regular file of at most MAX_FILE_BYTES."""
    try:
        text = _read(path, inside).decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError(f"{os.fspath(path)} is not a results file (not UTF-8 text)") from None
    parsed = []
    for number, line in enumerate(text.split("\n")[:-1], 1):  # the piece after the last newline is cut
        if not line.strip():
            continue
        try:
            value = json.loads(line)
            problem = _problem(value)
        except (ValueError, RecursionError):
            problem = "not JSON"
        if problem:
            raise ValueError(f"{os.fspath(path)}, line {number}: not a line of a training run ({problem})")
        parsed.append(value)
    return parsed


def _read(path: Union[str, os.PathLike[str]], inside: Optional[Path]) -> bytes:
    return read_regular(path, "results file", MAX_FILE_BYTES, inside)


def _encode(lines: list[dict[str, Any]]) -> bytes:
    """Lines as the file holds them; ValueError naming the value for a number JSON cannot hold."""
    try:
        return "".join(json.dumps(line, allow_nan=False) + "\n" for line in lines).encode()
    except ValueError:
        raise ValueError(f"a results line holds a number that is not finite: {lines[-1]!r}"[:500]) from None


def _problem(line: Any) -> str:
    """What is wrong with `line` as a results line ("" if nothing)."""
    if not isinstance(line, dict):
        return "not a JSON object"
    kind = line.get("kind")
    if kind not in FIELDS:
        return f"kind {kind!r}; valid: {', '.join(FIELDS)}"
    if not (_is_int(line.get("step")) and line["step"] >= 0):
        return f"step {line.get('step')!r} is not an int >= 0"
    problem = _fields(line, FIELDS[kind])
    rungs = line.get("rungs", [])
    if problem or not isinstance(rungs, list):
        return problem or "rungs is not a list"
    return next((f"rung {rung!r}: {p}" for rung in rungs if (p := _fields(rung, RUNG_FIELDS[kind]))), "")


def _fields(line: Any, types: dict[str, type]) -> str:
    if not isinstance(line, dict):
        return "not a JSON object"
    for name, kind in types.items():
        value = line.get(name)
        if kind is float:
            ok = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
        else:
            ok = _is_int(value) if kind is int else isinstance(value, kind)
        if not ok:
            return f"{name} {value!r} is not a {'finite number' if kind is float else kind.__name__}"
    return ""


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
