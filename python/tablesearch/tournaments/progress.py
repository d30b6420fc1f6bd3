"""The tournament's progress bar: rich on a terminal, nothing at all otherwise."""

from __future__ import annotations

from typing import Optional


class Progress:
    """Games done out of `total` (starting at `done`), with the rate and the time left."""

    def __init__(self, total: int, done: int, enabled: Optional[bool], label: str) -> None:
        self._bar = None
        if total == done:
            return
        from rich.console import Console

        console = Console(stderr=True)
        if enabled is False or (enabled is None and not console.is_terminal):
            return
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TaskProgressColumn,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        self._bar = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TaskProgressColumn(),
            TextColumn("{task.fields[rate]}"),
            TimeElapsedColumn(),
            TextColumn("left"),
            TimeRemainingColumn(),
            console=console,
            transient=False,
        )
        self._task = self._bar.add_task(label, total=total, completed=done, rate="")
        self._bar.start()

    def advance(self, count: int) -> None:
        if self._bar is not None:
            speed = self._bar.tasks[0].speed
            self._bar.update(self._task, advance=count, rate=f"{speed:.1f} games/s" if speed else "")

    def close(self) -> None:
        if self._bar is not None:
            self._bar.stop()
