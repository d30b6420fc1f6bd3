"""Recorded playthroughs (tests/playthroughs/*.json, made by playthrough.py): every native game at
every player count replays its recorded game to the same views, returns and search results.
A failure shows the diff; if the change is intended, regenerate the records with
`python scripts/regenerate_playthroughs.py` and review the diff of the files."""

from __future__ import annotations

import difflib
import json

import pytest

from playthroughs.playthrough import HERE, configs, path_of, replay_record, to_text

CONFIGS = configs()


def test_every_game_and_player_count_has_a_record_and_no_record_is_stale():
    assert sorted(p.name for p in HERE.glob("*.json")) == sorted(path_of(*c).name for c in CONFIGS)


@pytest.mark.parametrize("name, params", CONFIGS, ids=[path_of(*c).stem for c in CONFIGS])
def test_playthrough_replays_to_the_record(name, params):
    path = path_of(name, params)
    if not path.exists():
        pytest.fail(f"{path.name} is missing: run python scripts/regenerate_playthroughs.py")
    recorded = path.read_text()
    actions = [step["action"] for step in json.loads(recorded)["steps"]]
    replayed = to_text(replay_record(name, params, actions))
    if replayed != recorded:
        diff = difflib.unified_diff(
            recorded.splitlines(), replayed.splitlines(), f"{path.name} (recorded)", "replayed", lineterm="", n=1
        )
        lines = list(diff)
        more = f"\n... {len(lines) - 60} more diff lines" if len(lines) > 60 else ""
        pytest.fail(
            f"{path.name} no longer replays to its record (regenerate with "
            f"python scripts/regenerate_playthroughs.py if the change is intended):\n" + "\n".join(lines[:60]) + more
        )
