"""`analyze --plot FILE.png`: the report's seat win rates (95% intervals) and length histograms,
one row per variant (matplotlib, the `plot` extra), drawn from the report's JSON data."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any, Union

import numpy as np

from tablesearch.tournaments.plots import pyplot, save_figure


def plot_report(data: Mapping[str, Any], path: Union[str, os.PathLike[str]]) -> None:
    """Draws the figure and writes it to `path` (see `tournaments.plots.save_figure` for errors)."""
    plt = pyplot()

    variants = data["variants"]
    fig, axes = plt.subplots(len(variants), 2, figsize=(10, 3.6 * len(variants)), squeeze=False)
    for (left, right), v in zip(axes, variants):
        seats = v["seats"]
        x = np.arange(len(seats))
        rate = np.array([s["win_rate"] or 0.0 for s in seats])
        low = np.array([s["low"] if s["low"] is not None else r for s, r in zip(seats, rate)])
        high = np.array([s["high"] if s["high"] is not None else r for s, r in zip(seats, rate)])
        left.bar(x, rate, yerr=[np.maximum(rate - low, 0), np.maximum(high - rate, 0)], capsize=4)
        fair = (1 - (v["draw_rate"] or 0.0)) / v["num_players"]
        left.axhline(fair, color="grey", ls="--", lw=0.8, label="fair share")
        left.set_xticks(x, [f"seat {s['seat']}" for s in seats])
        left.set_ylabel("win rate (95% interval)")
        left.set_title(f"{data['game']} {v['label']}: {v['games']} games")
        left.legend()
        hist = v["length"]["plies"].get("histogram")
        if hist:
            edges = hist["start"] + hist["step"] * np.arange(len(hist["counts"]) + 1) - 0.5
            right.stairs(hist["counts"], edges, fill=True)
        right.set_xlabel("plies (moves by players)")
        right.set_ylabel("games")
        right.set_title("game length")
    fig.tight_layout()
    try:
        save_figure(fig, path, dpi=110)
    finally:
        plt.close(fig)
