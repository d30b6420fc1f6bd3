"""The measured figures of the README and the docs pages come from the benchmarks' result files
(benchmarks/results/*.json, written by the benchmarks through benchmarks/results_file.py). Each
figure is followed by a marker naming its file and the path to its value:

    +0.706<!-- result: oos.json leduc_match_10ms/infoset-uct/chips_per_game -->

and must read as that value rounded to the digits shown. Between the README's figures-section
markers every number with a decimal point must carry such a marker, so a typed figure fails here."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]
RESULTS = ROOT / "benchmarks" / "results"

MARKER = re.compile(r"(?P<quoted>[^\s(\[*`]+)<!-- result: (?P<file>[\w.-]+\.json) (?P<path>[^>]+?) -->")
SECTION = re.compile(r"<!-- figures: start -->(?P<body>.*?)<!-- figures: end -->", re.S)
PROVENANCE = ("date", "commit", "machine", "load")


def quoted_figures(text: str) -> list[tuple[str, str, str]]:
    """(quoted text, results file, path) for every marked figure in `text`."""
    return [(m["quoted"], m["file"], m["path"]) for m in MARKER.finditer(text)]


def lookup(file: str, path: str) -> tuple[dict[str, Any], Any]:
    """The entry (the path's first part) and the value at `path` in benchmarks/results/`file`."""
    data: Any = json.loads((RESULTS / file).read_text())
    entry_name, *rest = path.split("/")
    entry = data[entry_name]
    value = entry
    for part in rest:
        value = value[part]
    return entry, value


def shown_as(value: Any, quoted: str) -> str:
    """`value` written as `quoted` writes its number: the same digits after the point, a sign if
    `quoted` has one, thousands separators if it has them; a string as it is."""
    if isinstance(value, str):
        return value
    decimals = len(quoted.split(".")[1]) if "." in quoted else 0
    spec = ("+" if quoted[0] in "+-" else "") + ("," if "," in quoted else "") + f".{decimals}f"
    return format(value, spec)


def readme_section() -> str:
    match = SECTION.search(README.read_text())
    assert match, "README.md has no <!-- figures: start --> ... <!-- figures: end --> section"
    return match["body"]


def test_readme_quotes_figures():
    assert len(quoted_figures(README.read_text())) >= 5


def test_docs_pages_quote_figures_too():
    assert len([f for page in PAGES[1:] for f in quoted_figures(page.read_text())]) >= 20


@pytest.mark.parametrize(
    "page,quoted,file,path",
    [(page.relative_to(ROOT).as_posix(), *figure) for page in PAGES for figure in quoted_figures(page.read_text())],
)
def test_each_quoted_figure_is_its_result(page, quoted, file, path):
    assert (RESULTS / file).exists(), f"{quoted} cites benchmarks/results/{file}, which does not exist"
    try:
        entry, value = lookup(file, path)
    except (KeyError, TypeError):
        pytest.fail(f"{quoted} cites {path} in benchmarks/results/{file}, which has no such value")
    missing = [k for k in PROVENANCE if k not in entry]
    assert not missing, f"the entry {path.split('/')[0]} of {file} lacks {missing}"
    assert shown_as(value, quoted) == quoted, f"{page} says {quoted}; {file} {path} is {value}"


def test_no_unmarked_decimal_in_the_figures_section():
    body = MARKER.sub("", readme_section())
    body = re.sub(r"`[^`]*`|\]\([^)]*\)", "", body)  # code and link targets are not figures
    assert not re.findall(r"\d\.\d", body), "a figure in the README's figures section has no result marker"


def test_shown_as_rounds_like_the_quote():
    assert shown_as(0.70549, "+0.705") == "+0.705"
    assert shown_as(-0.0061, "-0.006") == "-0.006"
    assert shown_as(21.74, "21.7") == "21.7"
    assert shown_as(1519604, "1,519,604") == "1,519,604"
    assert shown_as(0.0761, "0.077") != "0.077"
