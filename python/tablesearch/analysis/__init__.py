"""The balance lab: ``analyze(game, ...) -> BalanceReport`` (see docs/balance.md).

Modules, one job each: `lab` (runs the tournaments), `replay` (what a record does not store),
`metrics` (the figures and their intervals), `intervals` (the statistics), `exact` (exact
figures where the game allows), `variants` (sweeps and tests between variants), `verdicts`
(words and thresholds), `report` (BalanceReport and its JSON), `report_text`, `report_html`,
`html_figures`, `svg_charts` (its terminal and HTML forms), `plot_png` (the --plot figure).
"""

from __future__ import annotations

from tablesearch.analysis.lab import DEFAULT_AGENTS, AnalysisError, analyze
from tablesearch.analysis.report import BalanceReport
from tablesearch.analysis.verdicts import THRESHOLDS

__all__ = ["AnalysisError", "BalanceReport", "DEFAULT_AGENTS", "THRESHOLDS", "analyze"]
