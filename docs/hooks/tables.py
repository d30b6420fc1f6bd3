"""A mkdocs hook (mkdocs.yml, hooks): writes the tables made from the native core's tables
(`tablesearch.search_options`) into the pages, where a page holds their marker, so that the docs
never hold a pasted copy: the search options (cpp/search/options.h) and the algorithms
(cpp/search/algorithm.h)."""

from __future__ import annotations

from typing import Any, Callable

from tablesearch.search_options import algorithm_markdown_table, markdown_table

TABLES: dict[str, Callable[[], str]] = {
    "<!-- table: search options -->": markdown_table,
    "<!-- table: algorithms -->": algorithm_markdown_table,
}


def render(markdown: str) -> str:
    """`markdown` with every marker replaced by its table."""
    for marker, table in TABLES.items():
        markdown = markdown.replace(marker, table())
    return markdown


def on_page_markdown(markdown: str, **_: Any) -> str:
    return render(markdown)
