#!/usr/bin/env python3
"""Rewrites the recorded playthroughs (tests/playthroughs/*.json), one per native game and player
count, from the current build; then `git diff tests/playthroughs` shows what changed.

    python scripts/regenerate_playthroughs.py              # every game and player count
    python scripts/regenerate_playthroughs.py wetland      # the games named
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from playthroughs.playthrough import HERE, configs, make_record, path_of, to_text  # noqa: E402


def main(names: list[str]) -> None:
    wanted = [c for c in configs() if not names or c[0] in names]
    unknown = set(names) - {name for name, _ in configs()}
    if unknown:
        sys.exit(f"unknown game(s) {sorted(unknown)}; native games: {sorted({n for n, _ in configs()})}")
    if not names:  # records of games or player counts that no longer exist
        for stale in set(HERE.glob("*.json")) - {path_of(*c) for c in wanted}:
            stale.unlink()
            print(f"removed {stale.name}")
    for name, params in wanted:
        path = path_of(name, params)
        text = to_text(make_record(name, params))
        changed = not path.exists() or path.read_text() != text
        path.write_text(text)
        print(f"{'wrote' if changed else 'unchanged'} {path.name}")


if __name__ == "__main__":
    main(sys.argv[1:])
