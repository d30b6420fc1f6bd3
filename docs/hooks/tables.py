"""A mkdocs hook (mkdocs.yml, hooks): writes the tables made from the code into the pages, where a
page holds their marker, so that the docs never hold a pasted copy: the search options
(cpp/search/options.h) and the algorithms (cpp/search/algorithm.h), every command's flags, the
agent specs, each game's parameters, the training settings and the built-in models with their
measured figures (tablesearch.reference, benchmarks/results)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

from tablesearch import reference
from tablesearch.search_options import algorithm_markdown_table, markdown_table

TABLES: dict[str, Callable[[], str]] = {
    "<!-- table: search options -->": markdown_table,
    "<!-- table: algorithms -->": algorithm_markdown_table,
    "<!-- reference: command line -->": reference.cli_reference,
    "<!-- table: agent specs -->": reference.agent_specs,
    "<!-- table: game parameters -->": reference.game_parameters,
    "<!-- table: train options -->": reference.train_options,
    "<!-- table: built-in models -->": lambda: reference.builtin_models(_measured("trained_models.json")),
}
RESULTS = Path(__file__).resolve().parents[2] / "benchmarks" / "results"
"""The figures the benchmarks write (python benchmarks/NAME.py), which pages show from there."""


def _measured(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((RESULTS / name).read_text()) if (RESULTS / name).exists() else {}
    return data


def render(markdown: str) -> str:
    """`markdown` with every marker replaced by its table."""
    for marker, table in TABLES.items():
        if marker in markdown:
            markdown = markdown.replace(marker, table())
    return markdown


def on_page_markdown(markdown: str, **_: Any) -> str:
    return render(markdown)
