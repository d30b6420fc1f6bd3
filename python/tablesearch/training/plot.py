"""The learning curve: the network's Elo on the ladder's scale against training time, with its
95% interval, and the rungs as horizontal lines (matplotlib, the `plot` extra)."""

from __future__ import annotations

import os
from typing import Union

from tablesearch.tournaments.plots import pyplot, save_figure
from tablesearch.training.results_file import read_results


def plot_learning_curve(results: Union[str, os.PathLike[str]], path: Union[str, os.PathLike[str]]) -> None:
    """Draws the learning curve of the run whose results file is `results` into `path` (its
    suffix names the image format). Raises ValueError if the run has no evaluation yet."""
    lines = read_results(results)
    evaluations = sorted((line for line in lines if line.get("kind") == "evaluation"), key=lambda line: line["step"])
    if not evaluations:
        raise ValueError(f"{os.fspath(results)} holds no evaluation yet: nothing to plot")
    ladder = next((line for line in lines if line.get("kind") == "ladder"), None)
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(7, 4.2))
    minutes = [line["seconds"] / 60 for line in evaluations]
    elo = [line["elo"] for line in evaluations]
    ax.fill_between(minutes, [e["elo_low"] for e in evaluations], [e["elo_high"] for e in evaluations], alpha=0.25)
    ax.plot(minutes, elo, marker="o", label="network (95% interval)")
    for rung in ladder["rungs"] if ladder else []:
        ax.axhline(rung["elo"], color="grey", linestyle=":", linewidth=1)
        ax.annotate(rung["name"], (0, rung["elo"]), xytext=(2, 2), textcoords="offset points", fontsize=8)
    ax.set_xlabel("training time (minutes)")
    ax.set_ylabel("Elo (lowest rung = 0)")
    ax.set_title(f"{evaluations[-1].get('game', '')} learning curve".strip())
    ax.legend(loc="lower right")
    fig.tight_layout()
    try:
        save_figure(fig, path, dpi=120)
    finally:
        plt.close(fig)
