"""Bad input gets a clear message, and games already played stay on disk and are resumed."""

from __future__ import annotations

import json
import os

import pytest

import tablesearch as ts


def test_unknown_parameter_in_a_sweep_names_the_valid_ones(tmp_path):
    with pytest.raises(ValueError, match=r"candyland has no parameter 'colour'.*deck, draw, max_plies, players"):
        ts.analyze("candyland", sweep=["colour=red,blue"], agents=["random"], games=2, out=tmp_path)
    assert os.listdir(tmp_path) == []  # nothing was played


@pytest.mark.parametrize(
    "sweep, message",
    [
        ({"deck": ["64", "65"]}, r"variant deck=65 of candyland does not load: .*64, 66, 64-later"),
        ({"players": [2, 9]}, r"variant players=9 of candyland does not load: .*players"),
        (["players=2,three"], r"--sweep players=2,three: invalid literal"),
        (["deck"], r"--sweep is written NAME=V1,V2"),
    ],
)
def test_a_variant_that_does_not_load_is_named_before_any_game(tmp_path, sweep, message):
    with pytest.raises(ValueError, match=message):
        ts.analyze("candyland", sweep=sweep, agents=["random"], games=2, out=tmp_path)
    assert os.listdir(tmp_path) == []


def test_bad_agents_and_games_are_refused():
    with pytest.raises(ValueError, match="one or two agents"):
        ts.analyze("tic_tac_toe", agents=["random", "random", "random"], games=2)
    with pytest.raises(ValueError, match="unknown agent 'alphazero'"):
        ts.analyze("tic_tac_toe", agents=["alphazero"], games=2)
    with pytest.raises(ValueError, match="games must be a whole number from 1 to"):
        ts.analyze("tic_tac_toe", agents=["random"], games=0)
    with pytest.raises(ValueError, match="unknown game|no game"):
        ts.analyze("tic_tac_tow", agents=["random"], games=2)


class _Crashing:
    """Plays random moves, and raises on its `crash_at`-th move across all games while armed."""

    armed = True
    moves = 0
    crash_at = 60

    def __init__(self, seed=None):
        self.inner = ts.agents.RandomAgent(seed=seed)

    def step(self, state):
        cls = type(self)
        cls.moves += 1
        if cls.armed and cls.moves == cls.crash_at:
            raise RuntimeError("the agent's model file is corrupt")
        return self.inner.step(state)


def crashing(seed=None):
    return _Crashing(seed)


def test_an_agent_that_crashes_mid_run_keeps_the_games_played(tmp_path):
    # Tic-tac-toe: 60 moves is about 7 games into the 20-game skill run.
    _Crashing.armed, _Crashing.moves = True, 0
    with pytest.raises(ts.AnalysisError) as caught:
        ts.analyze("tic_tac_toe", agents=["random", crashing], games=20, workers=1, out=tmp_path, progress=False)
    error = caught.value
    text = str(error)
    assert "skill run failed after" in text and "RuntimeError: the agent's model file is corrupt" in text
    assert error.path and os.path.dirname(error.path) == str(tmp_path)
    assert "run the same command to resume" in text
    assert error.kept > 0
    with open(error.path) as f:
        kept = [json.loads(line) for line in f]
    assert len(kept) == error.kept
    # The self-play run finished before and is kept too.
    files = sorted(os.listdir(tmp_path))
    assert any(".self-play." in name for name in files) and any(".skill." in name for name in files)

    _Crashing.armed, _Crashing.moves = False, 0
    report = ts.analyze("tic_tac_toe", agents=["random", crashing], games=20, workers=1, out=tmp_path, progress=False)
    with open(error.path) as f:
        lines = [json.loads(line) for line in f]
    assert len(lines) == 20 and len({line["id"] for line in lines}) == 20  # resumed, none played twice
    assert lines[: error.kept] == kept
    assert report.variants[0]["skill"]["games"] == 20


def test_without_an_out_directory_the_kept_games_are_in_a_named_temporary_one():
    _Crashing.armed, _Crashing.moves = True, 0
    with pytest.raises(ts.AnalysisError) as caught:
        ts.analyze("tic_tac_toe", agents=["random", crashing], games=20, workers=1, progress=False)
    assert os.path.exists(caught.value.path) and caught.value.kept > 0
    import shutil

    shutil.rmtree(os.path.dirname(caught.value.path))
