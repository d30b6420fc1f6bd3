"""Evaluations in flight: matches of the network's player against each rung, played by the same
workers as self-play and written to the results file, one line per evaluated step, once all its
games are back.

Matches are sent in pieces of a few deals, at most `in_flight` pieces at a time, so that
self-play, which the workers take in the order it is sent, never waits long behind them: the
evaluation borrows part of the workers while training goes on.
"""

from __future__ import annotations

import concurrent.futures as cf
from typing import Any, Callable

import numpy as np

from tablesearch.tournaments.runner import GameRef
from tablesearch.tournaments.schedule import derive_seed
from tablesearch.training.ladder import Player, play_match
from tablesearch.training.ladder_elo import ladder_elo, score_interval
from tablesearch.training.results_file import ResultsFile

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
        in_flight: int = 1,
        deals_per_piece: int = 2,
    ) -> None:
        self.executor, self.game, self.player, self.ladder = executor, game, player, ladder
        self.games, self.seed, self.results, self.on_line = games, seed, results, on_line
        self.in_flight, self.deals_per_piece = in_flight, deals_per_piece
        self._seats = game.load().num_players()
        self._queue: list[tuple[int, int, int, Any]] = []  # (step, rung, first deal, network), in order
        self._running: dict[cf.Future[list[float]], tuple[int, int, int]] = {}
        self._scores: dict[int, dict[tuple[int, int], list[float]]] = {}  # step -> (rung, deal) -> scores
        self._seconds: dict[int, float] = {}

    def submit(self, step: int, seconds: float, network: tuple[dict[str, Any], dict[str, np.ndarray]]) -> None:
        """Queues the matches of the network after `step` (reached at `seconds`) against every rung."""
        deals = -(-self.games // self._seats)
        self._seconds[step] = seconds
        self._scores[step] = {}
        for rung in range(len(self.ladder["rungs"])):
            for first in range(0, deals, self.deals_per_piece):
                self._queue.append((step, rung, first, network))
        self.pump()

    def pump(self) -> None:
        """Sends queued pieces while fewer than `in_flight` are running."""
        while self._queue and len(self._running) < self.in_flight:
            step, rung_index, first, network = self._queue.pop(0)
            rung = self.ladder["rungs"][rung_index]
            deals = min(self.deals_per_piece, -(-self.games // self._seats) - first)
            future = self.executor.submit(
                play_match,
                self.game,
                self.player,
                Player(rung["algorithm"], rung["iterations"]),
                deals * self._seats,
                derive_seed(self.seed, EVALUATION_STREAM, step, rung_index),
                network,
                first,
            )
            self._running[future] = (step, rung_index, first)

    def futures(self) -> set[cf.Future[Any]]:
        return set(self._running)

    def __len__(self) -> int:
        return len(self._seconds)

    def collect(self) -> None:
        """Takes the finished pieces (raising a worker's error), writes the line of every
        evaluation whose games are all back, and sends more pieces."""
        for future in [f for f in self._running if f.done()]:
            step, rung, first = self._running.pop(future)
            self._scores[step][(rung, first)] = future.result()
        deals = -(-self.games // self._seats)
        pieces = len(self.ladder["rungs"]) * len(range(0, deals, self.deals_per_piece))
        for step in sorted(self._seconds):
            if len(self._scores[step]) == pieces:
                parts = self._scores.pop(step)
                scores = [
                    [score for (r, _), piece in sorted(parts.items()) if r == rung for score in piece]
                    for rung in range(len(self.ladder["rungs"]))
                ]
                self._write(step, self._seconds.pop(step), scores)
        self.pump()

    def _write(self, step: int, seconds: float, scores: list[list[float]]) -> None:
        rungs = self.ladder["rungs"]
        elo, low, high = ladder_elo(scores, [rung["elo"] for rung in rungs], seed=step)
        table = []
        for rung, rung_scores in zip(rungs, scores):
            score, score_low, score_high = score_interval(rung_scores)
            wins = sum(1 for s in rung_scores if s == 1.0)  # ahead of every other seat
            losses = sum(1 for s in rung_scores if s == 0.0)  # behind every other seat
            table.append(
                {
                    "name": rung["name"],
                    "elo": rung["elo"],
                    "games": len(rung_scores),
                    "wins": wins,
                    "draws": len(rung_scores) - wins - losses,
                    "losses": losses,
                    "score": score,
                    "score_low": score_low,
                    "score_high": score_high,
                }  # fmt: skip
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
        for future in self._running:
            future.cancel()
        self._running.clear()
        self._queue.clear()
