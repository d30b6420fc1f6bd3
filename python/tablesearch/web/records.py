"""Games played in the web app, recorded as tournament results lines (one JSON line per finished
game, the format of ``tablesearch tournament --out``), so that ``tablesearch serve --replay FILE
--id ID``, the analysis tools and the page's "replay this game" read them like any other.

The server appends each finished game to ``<record dir>/<game>.jsonl``; the directory is chosen
by whoever starts the server (``serve --record DIR``, checked at start-up: `check_directory`),
never by a request. A page may download only the line the server wrote for its own game, kept in
memory with the session.

Durability: a failed write (a full disk, a killed server) never costs a later game. Each game is
written as one whole line and synced to disk; a write that fails is cut back off the file; a line
left without its newline (by a crash mid-write) is ended before the next game is added, so the next
game starts on a line of its own. Reading (`find_record`) skips a damaged line and says so, reads
at most MAX_FILE_BYTES and lines of at most MAX_LINE_BYTES, and goes straight to the line the
server wrote when it knows where that is (its offset in the file).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Optional

from tablesearch.match import GameRecord, ranks_from_returns, winners_from_returns
from tablesearch.web.untrusted import BadRequest

try:
    import fcntl
except ImportError:  # not POSIX: no lock (Windows has no flock)
    fcntl = None  # type: ignore[assignment]

log = logging.getLogger("tablesearch.web")

TOURNAMENT_KEY = "web"  # the "tournament" of every game played in the web app
MAX_LINE_BYTES = 4 << 20  # a longer line is skipped as damaged (a 10,000-move game takes ~100 KB)
MAX_FILE_BYTES = 1 << 30  # a larger results file is not searched (the server's own are read by offset)
SHOWN_DAMAGED = 5  # damaged lines named in a message; the rest are counted


def default_directory() -> Path:
    """Where ``tablesearch serve`` records games unless told otherwise: the user's data
    directory (``$XDG_DATA_HOME/tablesearch/web-games``, by default ``~/.local/share/...``)."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "tablesearch" / "web-games"


def file_for(directory: str, game_name: str) -> Path:
    """The results file of `game_name` in `directory` (a plugin's name is made a safe file name)."""
    return Path(directory) / (re.sub(r"[^A-Za-z0-9_.-]", "_", game_name).strip(".") + ".jsonl")


def record_line(
    session_id: str,
    game: Any,
    seed: int,
    names: list[str],
    actions: list[int],
    returns: list[float],
    plies: int,
    seconds: list[float],
    iterations: list[int],
    budgets: list[Optional[dict[str, Any]]],
    wall_seconds: float,
) -> dict[str, Any]:
    """A finished game as a results line: the tournament runner's fields, with the game's
    parameters (so the replay needs no --param) and the session's id as the game's id."""
    record = GameRecord(
        game=game.name,
        seed=seed,
        returns=[float(r) for r in returns],
        winners=winners_from_returns(returns),
        ranks=ranks_from_returns(returns),
        actions=[int(a) for a in actions],
        plies=plies,
        agent_seconds=[round(s, 3) for s in seconds],
        agent_iterations=iterations,
        budgets=budgets,
        finished=True,
        wall_seconds=round(wall_seconds, 3),
    )
    return {
        "tournament": TOURNAMENT_KEY,
        "id": f"web.{session_id}",
        "deal": 0,
        "seating": 0,
        "agents": names,
        "params": game.parameters(),
        **record.to_dict(),
    }


def check_directory(directory: str) -> str:
    """`directory` made if missing and checked writable, as an absolute path; ValueError naming it
    and what is wrong otherwise (at start-up, not when the first game ends)."""
    path = Path(directory).expanduser()
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise ValueError(f"--record {directory}: not a directory (a file of that name exists)") from None
    except OSError as error:
        where = f" ({error.filename})" if error.filename and str(error.filename) != str(path) else ""
        raise ValueError(f"--record {directory}: cannot make the record directory: {error.strerror}{where}") from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise ValueError(f"--record {directory}: the record directory is not writable")
    return str(path.resolve())


@dataclass(frozen=True)
class Written:
    """Where a game's line was written: the file and the offset of the line's first byte."""

    path: Path
    offset: int


def append(directory: str, line: dict[str, Any]) -> Written:
    """Appends `line` to its game's file in `directory` (made if missing) as one whole line,
    synced to disk; raises OSError (the file is then as it was before). See the module's
    docstring for what protects later games."""
    path = file_for(directory, line["game"])
    path.parent.mkdir(parents=True, exist_ok=True)
    data = (json.dumps(line, separators=(",", ":")) + "\n").encode("utf-8")
    fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX)  # another server writing the same file: one line at a time
        end = os.fstat(fd).st_size
        if end and os.pread(fd, 1, end - 1) != b"\n":  # a line cut by an earlier failure
            data = b"\n" + data
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            os.fsync(fd)
        except OSError:
            with contextlib.suppress(OSError):
                os.ftruncate(fd, end)  # no partial line is left to swallow the next game
            raise
        return Written(path, end + (1 if data.startswith(b"\n") else 0))
    finally:
        os.close(fd)  # releases the lock


@dataclass
class Found:
    """A game's line from a results file, and the lines skipped on the way as damaged."""

    line: dict[str, Any]
    damaged: list[str] = field(default_factory=list)  # "line N (why)"

    def note(self, path: str) -> str:
        """One sentence on the damaged lines skipped, or ""."""
        return damaged_note(path, self.damaged)


def damaged_note(path: str, damaged: list[str]) -> str:
    if not damaged:
        return ""
    more = f" and {len(damaged) - SHOWN_DAMAGED} more" if len(damaged) > SHOWN_DAMAGED else ""
    return f"{path}: skipped {len(damaged)} damaged line(s): {', '.join(damaged[:SHOWN_DAMAGED])}{more}"


def find_record(path: str, game_id: str, offset: Optional[int] = None) -> Found:
    """The game `game_id` of a results file (JSON lines); `offset`, where the server wrote it,
    is tried first. Raises BadRequest naming the file and what is wrong (no such game, with the
    damaged lines skipped; a file too large; not a file)."""
    try:
        # O_NONBLOCK: a named pipe is refused below instead of waiting for a writer.
        with os.fdopen(os.open(path, os.O_RDONLY | os.O_NONBLOCK), "rb") as f:
            info = os.fstat(f.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise BadRequest(f"{path} is not a regular file; a results file is")
            if offset is not None and 0 <= offset < info.st_size:
                f.seek(offset)
                line = _game_line(f.readline(MAX_LINE_BYTES + 1))
                if isinstance(line, dict) and str(line["id"]) == game_id:
                    return Found(line)
                f.seek(0)
            if info.st_size > MAX_FILE_BYTES:
                raise BadRequest(
                    f"{path} is {info.st_size / 2**20:,.0f} MB; results files of up to "
                    f"{MAX_FILE_BYTES >> 20:,} MB are searched for a game"
                )
            return _scan(f, path, game_id)
    except OSError as error:
        raise BadRequest(f"cannot read {path}: {error.strerror}") from None


def _scan(f: IO[bytes], path: str, game_id: str) -> Found:
    ids: list[str] = []
    damaged: list[str] = []
    for number, raw in enumerate(_lines(f), start=1):
        line = _game_line(raw)
        if isinstance(line, str):
            if line:
                damaged.append(f"{number} ({line})")
            continue
        if str(line["id"]) == game_id:
            found = Found(line, damaged)
            if damaged:
                log.warning("%s", found.note(path))
            return found
        ids.append(str(line["id"]))
    shown = ", ".join(ids[:10]) + (" ..." if len(ids) > 10 else "")
    hint = "" if ids else "; is it a tablesearch results file?"
    skipped = damaged_note(path, damaged)
    raise BadRequest(
        f"{path} has no game {game_id[:100]!r}; its games are {shown or 'none'}{hint}"
        + (f" ({skipped})" if skipped else "")
    )


def _lines(f: IO[bytes]) -> Any:
    """The file's lines, each at most MAX_LINE_BYTES + 1 bytes (a longer one: its first part, then
    the rest is skipped)."""
    while True:
        raw = f.readline(MAX_LINE_BYTES + 1)
        if not raw:
            return
        yield raw
        if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
            while (rest := f.readline(1 << 20)) and not rest.endswith(b"\n"):
                pass


def _game_line(raw: bytes) -> Any:
    """The game record on line `raw` (a dict with a valid id and actions), or why it is not one:
    "" for a blank line, else a few words."""
    if len(raw) > MAX_LINE_BYTES:
        return f"longer than {MAX_LINE_BYTES >> 20} MB"
    if not raw.strip():
        return ""
    try:
        line = json.loads(raw)
    except (ValueError, RecursionError):  # UnicodeDecodeError is a ValueError
        return "not JSON: cut short, or not a results file"
    if not isinstance(line, dict) or "id" not in line or "actions" not in line:
        return "not a game record"
    game_id = line["id"]
    if not isinstance(game_id, (str, int)) or isinstance(game_id, bool) or len(str(game_id)) > 100:
        return "no valid game id"
    return line


def read_record(path: str, game_id: str) -> dict[str, Any]:
    """The game `game_id` of a results file (see `find_record`)."""
    return find_record(path, game_id).line
