"""The code blocks of the README and the docs, as tests/test_docs_run.py runs them.

A fenced block tagged python runs with the page's other Python blocks, in order, in one fresh
interpreter; one tagged bash or sh runs alone under `bash -e`. A block that should not run says why on
the line just before its fence, an HTML comment that neither mkdocs nor GitHub shows:

    <!-- not run (long): trains for 30 minutes -->

with one of the kinds in NOT_RUN. A block that needs an extra says so on its first line, as a
comment that tells the reader what to install:

    # needs: pip install ".[learn]"
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

ROOT = Path(__file__).resolve().parents[2]

PYTHON = {"python", "py", "python3"}
SHELL = {"bash", "sh", "shell"}
# Transcripts mix commands with what they print, so they cannot run as they stand.
TRANSCRIPT = {"console", "pycon", "shell-session"}

NOT_RUN = {
    "long": "takes minutes (training, benchmarks, studies, the full checks), or reads what such a run wrote",
    "install": "installs packages or builds the project: it changes the reader's environment",
    "rewrites": "rewrites files of the checkout",
    "server": "serves until it is stopped",
    "interactive": "waits for a person's moves",
    "fragment": "not a program by itself: it uses names or files from elsewhere",
    "output": "shows what a command prints",
}

# What each extra installs, by a module it makes importable.
EXTRA_MODULES = {
    "learn": ("jax", "optax"),
    "web": ("starlette", "uvicorn", "websockets"),
    "openspiel": ("pyspiel",),
    "pettingzoo": ("pettingzoo", "gymnasium"),
    "compiled": ("numba",),
    "plot": ("matplotlib",),
    "distributed": ("dask.distributed",),
}

FENCE = re.compile(r"^(?P<indent>\s*)(?P<fence>`{3,}|~{3,})\s*(?P<info>[^`]*)$")
MARKER = re.compile(r"^\s*<!-- not run \((?P<kind>[a-z]+)\): (?P<reason>\S.*?) -->\s*$")
NEEDS = re.compile(r"^\s*#\s*needs:\s*(?P<what>.*)$")
EXTRAS_IN = re.compile(r"""(?:\.|tablesearch)\[(?P<names>[a-z,\s]+)\]""")


@dataclass(frozen=True)
class Block:
    """One fenced block: `line` is the fence's line (1-based); the code starts on the next line."""

    page: str
    line: int
    lang: str
    code: str
    not_run: Optional[tuple[str, str]]  # (kind, reason) from the marker line, or None
    marker_line: Optional[str]  # the raw comment line before the fence when it starts "<!-- not run"

    @property
    def where(self) -> str:
        return f"{self.page}:{self.line}"

    @property
    def is_code(self) -> bool:
        return self.lang in PYTHON | SHELL | TRANSCRIPT

    @property
    def runs(self) -> bool:
        return self.lang in PYTHON | SHELL and self.not_run is None

    @property
    def needs(self) -> list[str]:
        """The extras named on the block's `# needs:` line."""
        first = self.code.split("\n", 1)[0]
        match = NEEDS.match(first)
        if not match:
            return []
        return [name.strip() for found in EXTRAS_IN.finditer(match["what"]) for name in found["names"].split(",")]


def pages() -> list[Path]:
    """The README and every page under docs/."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def blocks(path: Path) -> list[Block]:
    lines = path.read_text().split("\n")
    page = str(path.relative_to(ROOT))
    found = []
    i = 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if not opening:
            i += 1
            continue
        fence = opening["fence"]
        end = i + 1
        while end < len(lines) and not lines[end].strip().startswith(fence):
            end += 1
        indent = len(opening["indent"])
        code = "\n".join(line[indent:] for line in lines[i + 1 : end])
        before = lines[i - 1] if i > 0 else ""
        marker = MARKER.match(before)
        found.append(
            Block(
                page=page,
                line=i + 1,
                lang=(opening["info"].split() or [""])[0].lower(),
                code=code + "\n",
                not_run=(marker["kind"], marker["reason"]) if marker else None,
                marker_line=before.strip() if before.strip().startswith("<!-- not run") else None,
            )
        )
        i = end + 1
    return found


# Runs a page's Python blocks in order in one namespace, as a script would. Each block is compiled
# under the page's path with its own line numbers, so a traceback names the page and the line.
PYTHON_DRIVER = """
import json, sys
namespace = {"__name__": "__main__", "__builtins__": __builtins__}
for block in json.load(sys.stdin):
    print("\\n>>> block " + block["where"], flush=True)
    print(">>> block " + block["where"], file=sys.stderr, flush=True)
    exec(compile("\\n" * block["line"] + block["code"], block["path"], "exec"), namespace)
"""
