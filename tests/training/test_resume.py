"""A run survives: killed (SIGKILL) or interrupted (Ctrl-C) in a child process, the same command
resumes it, losing at most the step in progress, and ends with exactly the network, buffer and
results an uninterrupted run has."""

import json
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

pytest.importorskip("jax")
pytest.importorskip("optax")

import tablesearch as ts  # noqa: E402
from tablesearch.training.checkpoint import RunFolder  # noqa: E402
from tablesearch.training.replay_buffer import Positions  # noqa: E402
from tablesearch.training.results_file import read_results  # noqa: E402

STEPS = 8
# 100 positions: the replay buffer's ring wraps after two steps (8 games of tic-tac-toe make 60 or
# more), so a resumed ring, refilled from slot 0, must draw what the wrapped one drew.
SETTINGS = ["--seed", "5", "--workers", "1", "--simulations", "16", "--games-per-step", "8",
            "--buffer-positions", "100",
            "--ladder", "1,10", "--eval-games", "2", "--eval-seconds", "0.000001"]  # fmt: skip


def command(out, steps=STEPS):
    return [sys.executable, "-m", "tablesearch.cli", "train", "tic_tac_toe", "--out", str(out),
            "--steps", str(steps), *SETTINGS]  # fmt: skip


def steps_done(out):
    path = out / "results.jsonl"
    if not path.exists():
        return 0
    return max((line["step"] for line in read_results(path) if line["kind"] == "step"), default=0)


def start_and_stop(out, after_steps, how):
    """Runs the command in a child and sends it `how` once `after_steps` steps are written."""
    child = subprocess.Popen(command(out), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while steps_done(out) < after_steps and child.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    assert child.poll() is None, f"the run ended before it could be stopped: {child.communicate()}"
    child.send_signal(how)
    out_text, err_text = child.communicate(timeout=60)
    return child.returncode, err_text


def buffer_of(out):
    game = ts.load_game("tic_tac_toe")
    empty = Positions.empty(27, game.num_distinct_actions(), game.num_players())
    return RunFolder(out).load_buffer(10**6, STEPS, empty).arrays()


def figures(out):
    """What a run's results file says, without the times (which differ from run to run)."""
    return sorted(
        json.dumps({k: v for k, v in line.items() if k not in ("seconds", "positions_per_second")}, sort_keys=True)
        for line in read_results(out / "results.jsonl")
    )


def assert_same_run(resumed, uninterrupted):
    a, b = ts.load_model(resumed / "model.tsmodel"), ts.load_model(uninterrupted / "model.tsmodel")
    assert all(np.array_equal(a.tensors[k], b.tensors[k]) for k in a.tensors)
    buffer, other = buffer_of(resumed), buffer_of(uninterrupted)
    assert all(np.array_equal(buffer[k], other[k]) for k in buffer)
    lines = read_results(resumed / "results.jsonl")
    assert [line["step"] for line in lines if line["kind"] == "step"] == list(range(1, STEPS + 1))
    assert sorted(line["step"] for line in lines if line["kind"] == "evaluation") == list(range(STEPS + 1))
    assert figures(resumed) == figures(uninterrupted)


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory):
    """The same run, never stopped."""
    out = tmp_path_factory.mktemp("uninterrupted")
    subprocess.run(command(out), check=True, capture_output=True, timeout=300)
    return out


@pytest.mark.parametrize(
    "how", [signal.SIGKILL, pytest.param(signal.SIGINT, marks=pytest.mark.slow)], ids=["kill", "ctrl-c"]
)
def test_the_same_command_resumes_a_stopped_run(tmp_path, how, uninterrupted):
    code, err = start_and_stop(tmp_path / "run", after_steps=3, how=how)
    if how == signal.SIGINT:
        assert code == 130 and "run the same command to resume" in err
    else:
        assert code == -signal.SIGKILL
    kept = steps_done(tmp_path / "run")
    assert 3 <= kept < STEPS
    resumed = subprocess.run(command(tmp_path / "run"), capture_output=True, text=True, timeout=300)
    assert resumed.returncode == 0, resumed.stderr
    assert_same_run(tmp_path / "run", uninterrupted)


def test_a_line_cut_by_a_kill_is_dropped_on_resume(tmp_path):
    ts.train("tic_tac_toe", out=tmp_path, steps=1, simulations=8, games_per_step=4, ladder=(1,), eval_games=2)
    with open(tmp_path / "results.jsonl", "a") as file:
        file.write('{"kind": "step", "step": 2, "sec')  # a kill in the middle of a line
    result = ts.train("tic_tac_toe", out=tmp_path, steps=2, simulations=8, games_per_step=4, ladder=(1,), eval_games=2)
    assert result.steps == 2
    text = (tmp_path / "results.jsonl").read_text()
    assert text.endswith("\n") and '"sec\n' not in text and "sec{" not in text
    assert [line["step"] for line in read_results(tmp_path / "results.jsonl") if line["kind"] == "step"] == [1, 2]
