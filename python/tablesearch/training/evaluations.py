"""Evaluations in flight: matches of the network's player against each rung, sent to the same
workers as self-play and written to the results file, one line per evaluated step, once all its
matches are back."""

from __future__ import annotations

import concurrent.futures as cf
from typing import Any, Callable

import numpy as np

from tablesearch.training.ladder import Player, play_match
from tablesearch.training.ladder_elo import ladder_elo, score_interval
from tablesearch.training.results_file import ResultsFile
from tablesearch.tournaments.runner import GameRef
from tablesearch.tournaments.schedule import derive_seed

EVALUATION_STREAM = 2


class Evaluations:
    def __init__(
        self,
        executor: cf.Executor,
        game: GameRef,
        player: Player,
        ladder: dict[str, Any],
        games: int,
        seed: int,
        results: ResultsFile,
        on_line: Callable[[dict[str, Any]], None],
    ) -> None:
        self.executor, self.game, self.player, self.ladder = executor, game, player, ladder
        self.games, self.seed, self.results, self.on_line = games, seed, results, on_line
        self._pending: dict[int, tuple[float, list[cf.Future[list[float]]]]] = {}

    def submit(self, step: int, seconds: float, network: tuple[dict[str, Any], dict[str, np.ndarray]]) -> None:
        """Sends the matches of the network after `step` (reached at `seconds`) against every rung."""
        futures = [
            self.executor.submit(
                play_match,
                self.game,
                self.player,
                Player(rung["algorithm"], rung["iterations"]),
                self.games,
                derive_seed(self.seed, EVALUATION_STREAM, step, index),
                network,
            )
            for index, rung in enumerate(self.ladder["rungs"])
        ]
        self._pending[step] = (seconds, futures)

    def futures(self) -> set[cf.Future[Any]]:
        return {future for _, futures in self._pending.values() for future in futures}

    def __len__(self) -> int:
        return len(self._pending)

    def collect(self) -> None:
        """Writes the line of every evaluation whose matches are all back (raising a worker's error)."""
        for step in sorted(self._pending):
            seconds, futures = self._pending[step]
            if all(future.done() for future in futures):
                del self._pending[step]
                self._write(step, seconds, [future.result() for future in futures])

    def _write(self, step: int, seconds: float, scores: list[list[float]]) -> None:
        rungs = self.ladder["rungs"]
        elo, low, high = ladder_elo(scores, [rung["elo"] for rung in rungs], seed=step)
        table = []
        for rung, rung_scores in zip(rungs, scores):
            score, score_low, score_high = score_interval(rung_scores)
            wins = sum(1 for s in rung_scores if s == 1.0)  # ahead of every other seat
            losses = sum(1 for s in rung_scores if s == 0.0)  # behind every other seat
            table.append(
                {"name": rung["name"], "elo": rung["elo"], "games": len(rung_scores),
                 "wins": wins, "draws": len(rung_scores) - wins - losses, "losses": losses,
                 "score": score, "score_low": score_low, "score_high": score_high}  # fmt: skip
            )
        line = {
            "kind": "evaluation",
            "game": self.game.name,
            "step": step,
            "seconds": seconds,
            "player": self.player.name,
            "games": sum(len(s) for s in scores),
            "elo": elo,
            "elo_low": low,
            "elo_high": high,
            "rungs": table,
        }
        self.results.append(line)
        self.on_line(line)

    def cancel(self) -> None:
        for future in self.futures():
            future.cancel()
        self._pending.clear()
