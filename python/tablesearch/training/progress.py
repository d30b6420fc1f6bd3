"""The training progress bar: time spent of the budget (or steps done), with the latest figures;
rich on a terminal, nothing at all otherwise."""

from __future__ import annotations

from typing import Any, Optional


class TrainingProgress:
    def __init__(self, total: float, enabled: Optional[bool]) -> None:
        self._bar: Any = None
        from rich.console import Console

        console = Console(stderr=True)
        if enabled is False or (enabled is None and not console.is_terminal):
            return
        from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeElapsedColumn

        self._bar = Progress(
            BarColumn(bar_width=16),
            TaskProgressColumn(),
            TimeElapsedColumn(),
            TextColumn("{task.fields[figures]}"),
            console=console,
        )
        self._task = self._bar.add_task("train", total=total, completed=0, figures="")
        self._bar.start()

    def update(self, done: float, figures: str) -> None:
        if self._bar is not None:
            self._bar.update(self._task, completed=done, figures=figures)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.stop()
