"""Figures of a tournament (matplotlib, the `plot` extra), written to a file. Balance reports:
tablesearch.analysis.plot_png. `check_plot_path` says before a run whether its figure could be
drawn; `save_figure` writes one and fails loudly, naming the file."""

from __future__ import annotations

import io
import os
from typing import Any

import numpy as np

from tablesearch.extras import missing
from tablesearch.tournaments.summary import TournamentResult


def pyplot() -> Any:
    """matplotlib.pyplot on a file-only backend; ValueError naming the extra when it is missing."""
    try:
        import matplotlib
    except ImportError:
        raise ValueError(missing("plots", "plot")) from None
    matplotlib.use("Agg")  # files only: no display needed
    import matplotlib.pyplot as plt

    return plt


def _format(path: str | os.PathLike[str]) -> str:
    """The image format named by the file's suffix; ValueError if matplotlib writes no such format."""
    from matplotlib.backend_bases import FigureCanvasBase

    formats = FigureCanvasBase.get_supported_filetypes()
    suffix = os.path.splitext(os.fspath(path))[1].lstrip(".").lower()
    if suffix not in formats:
        raise ValueError(
            f"cannot write a plot to {os.fspath(path)!r}: the file name must end in an image format "
            f"matplotlib writes ({', '.join('.' + f for f in sorted(formats))})"
        )
    return suffix


def check_plot_path(path: str | os.PathLike[str]) -> None:
    """Raises ValueError, naming the file, if matplotlib is missing or the file name does not end
    in an image format it writes: call it before the games, not after them."""
    pyplot()
    _format(path)


def save_figure(fig: Any, path: str | os.PathLike[str], dpi: int) -> None:
    """Writes `fig` to `path` in the format its suffix names. Raises ValueError for a suffix that
    is not an image format and OSError naming the file when it cannot be written (a full disk
    included: the bytes are written and flushed by this function, not left to the plotting library)."""
    image = io.BytesIO()
    fig.savefig(image, format=_format(path), dpi=dpi)
    try:
        with open(path, "wb") as f:
            f.write(image.getvalue())
    except OSError as error:
        raise OSError(error.errno, f"cannot write the plot: {error.strerror}", os.fspath(path)) from None


def plot_tournament(result: TournamentResult, path: str | os.PathLike[str]) -> None:
    """Ratings with their 95% intervals, and the pairwise score matrix, side by side."""
    plt = pyplot()
    rows = [r for r in result.table if "elo" in r]
    k = len(result.agents)
    fig, (left, right) = plt.subplots(1, 2, figsize=(6 + 0.9 * k, 1.5 + 0.5 * k), gridspec_kw={"width_ratios": [1, 1]})
    y = np.arange(len(rows))[::-1]
    elo = np.array([r["elo"] for r in rows])
    errors = np.array([[r["elo"] - r["elo_low"] for r in rows], [r["elo_high"] - r["elo"] for r in rows]])
    left.errorbar(elo, y, xerr=errors, fmt="o", capsize=4)
    left.set_yticks(y, [r["agent"] for r in rows])
    left.axvline(0, color="grey", lw=0.5)
    left.set_xlabel("Elo (mean 0), 95% interval")
    left.set_title(f"{result.game}: {result.games} games")
    matrix = np.array([[np.nan if v is None else v for v in row] for row in result.pairwise], dtype=float)
    image = right.imshow(matrix, vmin=0, vmax=1, cmap="RdBu")
    labels = [f"[{i + 1}]" for i in range(k)]
    right.set_xticks(range(k), labels)
    right.set_yticks(range(k), [f"[{i + 1}] {name}" for i, name in enumerate(result.agents)])
    for i in range(k):
        for j in range(k):
            if not np.isnan(matrix[i, j]):
                right.text(j, i, f"{100 * matrix[i, j]:.0f}%", ha="center", va="center", fontsize=8)
    right.set_title("score of row against column")
    fig.colorbar(image, ax=right, fraction=0.046)
    fig.tight_layout()
    try:
        save_figure(fig, path, dpi=120)
    finally:
        plt.close(fig)
