"""Tournaments: the runner, the schedule of deals and seatings, the results file, ratings and reports."""

from tablesearch.tournaments.runner import tournament
from tablesearch.tournaments.summary import TournamentResult

__all__ = ["TournamentResult", "tournament"]
