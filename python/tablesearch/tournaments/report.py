"""Tables of a tournament, drawn with rich (plain text when piped). Balance reports: tablesearch.analysis."""

from __future__ import annotations

import io
import math
from typing import Any, Optional, Protocol

from rich import box
from rich.console import Console
from rich.table import Table

from tablesearch.tournaments.ratings import SprtResult


class TournamentResult(Protocol):
    """What these tables read of a tournament's summary (tournaments.summary.TournamentResult,
    which renders itself with this module, so this module does not import it)."""

    game: str
    params: dict[str, Any]
    agents: list[str]
    table: list[dict[str, Any]]
    seats: list[dict[str, Any]]
    seat_table: list[dict[str, Any]]
    pairwise: list[list[Optional[float]]]
    planned: int
    sprt: Optional[SprtResult]

    @property
    def games(self) -> int: ...

    @property
    def complete(self) -> bool: ...


def _table(title: str) -> Table:
    return Table(box=box.SIMPLE_HEAD, title=title, title_justify="left", title_style="bold", min_width=len(title))


def _pct(value: float) -> str:
    return "-" if value is None or math.isnan(value) else f"{100 * value:.1f}%"


def _rate(row: dict[str, Any]) -> str:
    if not row["games"]:
        return "-"
    return f"{_pct(row['win_rate'])} [{100 * row['win_rate_low']:.1f}, {100 * row['win_rate_high']:.1f}]"


def _elo(value: float) -> str:
    return f"{value:+.0f}"


def _header(result: TournamentResult) -> str:
    params = ", ".join(f"{k}={v}" for k, v in result.params.items())
    text = f"{result.game}{f' ({params})' if params else ''}: {result.games} games"
    if not result.complete:
        text += f" of {result.planned} planned"
    return text


def ratings_table(result: TournamentResult) -> Table:
    rated = result.table and "elo" in result.table[0]
    table = _table("Ratings (Elo scale, mean 0; 95% intervals)")
    for name in ("#", "agent", "games", "score", "W-D-L", "win rate [95% CI]"):
        table.add_column(name, justify="left" if name == "agent" else "right")
    if rated:
        table.add_column("Elo [95% CI]", justify="right")
    for i, row in enumerate(result.table, start=1):
        cells = [
            str(i),
            row["agent"],
            str(row["games"]),
            _pct(row["score"]),
            f"{row['wins']}-{row['draws']}-{row['losses']}",
            _rate(row),
        ]
        if rated:
            cells.append(f"{_elo(row['elo'])} [{_elo(row['elo_low'])}, {_elo(row['elo_high'])}]")
        table.add_row(*cells)
    return table


def seats_table(result: TournamentResult, per_agent: bool) -> Table:
    table = _table("Win rate by seat (95% Wilson intervals)")
    table.add_column("seat", justify="right")
    table.add_column("games", justify="right")
    table.add_column("all agents", justify="right")
    table.add_column("mean return", justify="right")
    if per_agent:
        for name in result.agents:
            table.add_column(name, justify="right")
    by = {(row["agent"], row["seat"]): row for row in result.seat_table}
    for row in result.seats:
        cells = [str(row["seat"]), str(row["games"]), _rate(row), f"{row['mean_return']:+.3f}"]
        if per_agent:
            cells += [_pct(by[(name, row["seat"])]["win_rate"]) for name in result.agents]
        table.add_row(*cells)
    return table


def pairwise_table(result: TournamentResult) -> Table:
    table = _table("Pairwise score (row agent against column agent)")
    table.add_column("agent")
    for j in range(len(result.agents)):
        table.add_column(f"[{j + 1}]", justify="right")
    for i, name in enumerate(result.agents):
        table.add_row(f"[{i + 1}] {name}", *(_pct(v) if v is not None else "-" for v in result.pairwise[i]))
    return table


def sprt_line(result: TournamentResult) -> Optional[str]:
    test = result.sprt
    if test is None:
        return None
    verdict = {
        "H1": f"H1 accepted: {result.agents[0]} is stronger than {result.agents[1]} (elo {test.elo1:g} "
        f"rather than {test.elo0:g})",
        "H0": f"H0 accepted: {result.agents[0]} is not stronger than {result.agents[1]} (elo {test.elo0:g} "
        f"rather than {test.elo1:g})",
        None: "undecided",
    }[test.decision]
    return (
        f"SPRT elo0={test.elo0:g} elo1={test.elo1:g} alpha={test.alpha:g} beta={test.beta:g}: "
        f"LLR {test.llr:.2f} in [{test.lower:.2f}, {test.upper:.2f}] after {test.units} deals: {verdict}"
    )


def render_tournament(result: TournamentResult, console: Console) -> None:
    console.print(_header(result))
    console.print(ratings_table(result))
    console.print(seats_table(result, per_agent=len(result.agents) > 1))
    if len(result.agents) > 1:
        console.print(pairwise_table(result))
    line = sprt_line(result)
    if line:
        console.print(line)


def render_text(result: TournamentResult, width: int = 110) -> str:
    buffer = io.StringIO()
    render_tournament(result, Console(file=buffer, width=width, color_system=None, force_terminal=False))
    return buffer.getvalue()
