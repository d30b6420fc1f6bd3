"""The figures a benchmark keeps: benchmarks/results/NAME.json, one entry per measured setting, each
with when, from which commit and on what machine it was measured and the load average then. The
README and the docs quote figures from these files (docs/hooks/tables.py; tests/test_readme_figures.py
checks the README's), so a figure is changed by running its benchmark, never by typing it."""

from __future__ import annotations

import json
import os
import platform
import subprocess
import time
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).parent / "results"


def provenance() -> dict[str, Any]:
    """When, from which commit and on what machine a figure was measured, and the 1-minute load
    average now (on a busy machine a time-limited search gets a share of a core)."""
    try:
        git = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False, cwd=RESULTS.parent
        )
        commit = git.stdout.strip()
    except OSError:
        commit = ""
    machine = f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    return {
        "date": time.strftime("%Y-%m-%d"),
        "commit": commit or "unknown",
        "machine": machine,
        "load": round(os.getloadavg()[0], 1),
    }


def read(name: str) -> dict[str, Any]:
    """The entries of results/`name` (empty when the benchmark has not written it yet)."""
    path = RESULTS / name
    data: dict[str, Any] = json.loads(path.read_text()) if path.exists() else {}
    return data


def save(name: str, key: str, figures: dict[str, Any]) -> dict[str, Any]:
    """Store `figures` as entry `key` of results/`name` with their provenance (a `load` in `figures`,
    measured during the run, wins over the load now); the other entries stay. Returns the entry."""
    entry = {**provenance(), **figures}
    data = read(name)
    data[key] = entry
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / name).write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    print(f"(kept in benchmarks/results/{name}, entry {key!r})", flush=True)
    return entry
