"""The JSON lines file of one tournament: locked for the run, read on start (to resume), appended
one whole line per finished game.

- One tournament at a time: the file is locked (``flock``, exclusive) from the moment it is
  opened until the tournament ends; a second tournament on the same file is refused with a clear
  message instead of playing every game again beside the first.
- Read as a stream, line by line: a long results file is never held twice in memory.
- A line is incomplete only if it does not parse: a finished game whose line lost just its final
  newline is kept (the newline is restored); a fragment cut by a hard kill is dropped and that
  game is played again.
- Every kept line is checked against the game the schedule planned under its id (agents, deal,
  one return and rank per seat...), so a hand-edited line is named, not met as a KeyError later.
"""

from __future__ import annotations

import json
import math
import os
import stat
from collections.abc import Sequence
from typing import IO, Any, Optional, Union

try:
    import fcntl
except ImportError:  # not POSIX: no lock (Windows has no flock)
    fcntl = None  # type: ignore[assignment]

from tablesearch.tournaments.schedule import GameTask


class ResultsFile:
    """The results of the tournament identified by `key`, at `path` (created if missing).

    Raises ValueError if the file holds something else than this tournament's game lines, and
    RuntimeError if another tournament has it open. Use as a context manager, or call close().
    """

    def __init__(self, path: Union[str, os.PathLike[str]], key: str) -> None:
        self.path = os.fspath(path)
        self.key = key
        self.lines: dict[str, dict[str, Any]] = {}
        self.line_numbers: dict[str, int] = {}
        try:
            self._file: IO[bytes] = open(self.path, "a+b")  # noqa: SIM115 (held open for the whole run)
        except OSError as error:
            raise ValueError(f"out {self.path!r}: cannot open it as a results file: {error.strerror}") from None
        try:
            if not stat.S_ISREG(os.fstat(self._file.fileno()).st_mode):  # /dev/zero would be read forever
                raise ValueError(f"out {self.path!r} is not a regular file; results go to a file")
            self._lock()
            self._read()
        except OSError as error:  # a file that opens but cannot be read, locked or cut (in /proc, say)
            self._file.close()
            raise ValueError(f"out {self.path!r}: cannot use it as a results file: {error.strerror}") from None
        except BaseException:
            self._file.close()
            raise

    def _lock(self) -> None:
        if fcntl is None:
            return
        try:
            fcntl.flock(self._file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise RuntimeError(
                f"{self.path} is in use by another tournament that is running now; wait for it to "
                "finish (then rerun this command to resume), or choose another --out file"
            ) from None

    def _read(self) -> None:
        self._file.seek(0)
        complete = 0  # bytes up to the end of the last line that parses
        number = 0
        last: Optional[bytes] = None
        for raw in self._file:
            number += 1
            if not raw.endswith(b"\n"):
                last = raw  # the final line, without its newline: kept only if it parses
                break
            complete += len(raw)
            self._take(raw, number)
        if last is not None:
            try:
                json.loads(last)
            except ValueError:
                # A line cut by a hard kill: drop the fragment; that game is played again.
                self._file.truncate(complete)
            else:
                self._take(last, number)
                self._file.write(b"\n")
                self._file.flush()

    def _take(self, raw: bytes, number: int) -> None:
        text = raw.strip()
        if not text:
            return
        try:
            line = json.loads(text)
        except ValueError as error:
            raise ValueError(
                f"{self.path} line {number} is not JSON ({error}); is it a tablesearch results file?"
            ) from None
        if not isinstance(line, dict) or not isinstance(line.get("id"), str):
            raise ValueError(
                f"{self.path} line {number} is not a game record (a JSON object with an id); "
                "is it a tablesearch results file?"
            )
        if line.get("tournament") != self.key:
            raise ValueError(
                f"{self.path} holds games of another tournament (game, agents, seed, budget or "
                "options differ); use another --out file to start a new one"
            )
        if line["id"] not in self.lines:
            self.lines[line["id"]] = line
            self.line_numbers[line["id"]] = number

    def append(self, line: dict[str, Any]) -> None:
        self._file.write((json.dumps(line, separators=(",", ":")) + "\n").encode("utf-8"))
        self._file.flush()
        self.lines[line["id"]] = line

    def check(self, task: GameTask, names: Sequence[str]) -> None:
        """ValueError unless the kept line of `task` is a record of that game (for hand-edited files)."""
        line = self.lines[task.id]
        problem = record_problem(line, task, names)
        if problem:
            raise ValueError(
                f"{self.path} line {self.line_numbers.get(task.id, '?')} (game {task.id}) is not a "
                f"valid record of this tournament: {problem}; delete that line to play the game again"
            )

    def close(self) -> None:
        self._file.close()  # releases the lock

    def __enter__(self) -> ResultsFile:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def _numbers(value: Any, count: int) -> bool:
    return (
        isinstance(value, list)
        and len(value) == count
        and all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in value)
    )


def _ints(value: Any, low: int, high: int) -> bool:
    return isinstance(value, list) and all(type(v) is int and low <= v <= high for v in value)


def record_problem(line: dict[str, Any], task: GameTask, names: Sequence[str]) -> str:
    """What makes `line` unfit as the record of `task` (agents `names`), or "" if nothing does."""
    players = len(task.seats)
    expected_agents = [names[a] for a in task.seats]
    if line.get("agents") != expected_agents:
        return f"agents {line.get('agents')!r}, where the schedule seats {expected_agents}"
    if line.get("deal") != task.deal:
        return f"deal {line.get('deal')!r}, where the schedule has {task.deal}"
    if not _numbers(line.get("returns"), players):
        return f"returns must be {players} finite numbers, got {line.get('returns')!r}"
    if not (_ints(line.get("ranks"), 1, players) and len(line["ranks"]) == players):
        return f"ranks must be {players} ints in 1..{players}, got {line.get('ranks')!r}"
    if not _ints(line.get("winners"), 0, players - 1):
        return f"winners must be seats in 0..{players - 1}, got {line.get('winners')!r}"
    plies = line.get("plies")
    if type(plies) is not int or plies < 0:
        return f"plies must be an int >= 0, got {plies!r}"
    return ""
