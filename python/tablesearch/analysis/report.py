"""BalanceReport: what `analyze` returns, as plain data, with its JSON and HTML forms.

The JSON (``report.to_json()``) is the report: the HTML (``report.write_html(path)``) and the
terminal tables are drawn from ``report.to_dict()`` alone, so they show the same numbers.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Any, Optional, Union

from tablesearch.analysis.intervals import LEVEL
from tablesearch.analysis.variants import ALPHA
from tablesearch.analysis.verdicts import THRESHOLDS

FORMAT = "tablesearch balance report"
VERSION = 1


@dataclass
class BalanceReport:
    """The balance of one game over its variants (see docs/balance.md for every key)."""

    game: str
    agents: list[str]  # [self-play agent, skill opponent]
    variants: list[dict[str, Any]]
    comparisons: list[dict[str, Any]] = field(default_factory=list)
    verdicts: list[str] = field(default_factory=list)
    settings: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """The report as JSON-ready data (a deep copy through JSON, so no shared state)."""
        data = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "agents": list(self.agents),
            "confidence": LEVEL,
            "alpha": ALPHA,
            "settings": self.settings,
            "thresholds": THRESHOLDS,
            "variants": self.variants,
            "comparisons": self.comparisons,
            "verdicts": self.verdicts,
        }
        copy: dict[str, Any] = json.loads(json.dumps(data, allow_nan=False))
        return copy

    def to_json(self, path: Union[None, str, os.PathLike[str]] = None, indent: Optional[int] = 2) -> str:
        """The report as JSON text; also written to `path` when given."""
        text = json.dumps(self.to_dict(), indent=indent, allow_nan=False)
        if path is not None:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text + "\n")
        return text

    def write_html(self, path: Union[str, os.PathLike[str]]) -> None:
        """One self-contained HTML file (inline CSS and SVG plots, no scripts, no network)."""
        from tablesearch.analysis.report_html import render_html

        with open(path, "w", encoding="utf-8") as f:
            f.write(render_html(self.to_dict()))

    def __str__(self) -> str:
        from tablesearch.analysis.report_text import render_text

        return render_text(self.to_dict())
