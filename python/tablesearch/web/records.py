"""Games played in the web app, recorded as tournament results lines (one JSON line per finished
game, the format of ``tablesearch tournament --out``), so that ``tablesearch serve --replay FILE
--id ID``, the analysis tools and the page's "replay this game" read them like any other.

The server appends each finished game to ``<record dir>/<game>.jsonl``; the directory is chosen
by whoever starts the server (``serve --record DIR``), never by a request. A page may download
only the line the server wrote for its own game, kept in memory with the session.
"""

from __future__ import annotations

import json
import logging
import os
import re
from pathlib import Path
from typing import Any, Optional

from tablesearch.match import GameRecord, ranks_from_returns, winners_from_returns

log = logging.getLogger("tablesearch.web")

TOURNAMENT_KEY = "web"  # the "tournament" of every game played in the web app


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


def append(directory: str, line: dict[str, Any]) -> Path:
    """Appends `line` to its game's file in `directory` (made if missing); raises OSError."""
    path = file_for(directory, line["game"])
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a", encoding="utf-8") as f:
        f.write(json.dumps(line, separators=(",", ":")) + "\n")
    return path
