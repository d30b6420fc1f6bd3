"""A run stays within what it was given: its minutes reach inside a step (a search of any allowed
size stops at the deadline), its worker processes are at most one per core, self-play on a game
with hidden information reads only the mover's view unless told otherwise, and a disk that fills
mid-run stops it with one line naming the file, after which the same command resumes. Runs that
could hang or run away are children with a time-out."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import numpy as np
import pytest

pytest.importorskip("jax")
pytest.importorskip("optax")

import tablesearch as ts  # noqa: E402
from tablesearch.models import Model  # noqa: E402
from tablesearch.tournaments.runner import GameRef  # noqa: E402
from tablesearch.tournaments.workers import WorkersCapped  # noqa: E402
from tablesearch.training import trainer  # noqa: E402
from tablesearch.training.self_play import SelfPlaySettings, play_games  # noqa: E402

TINY = dict(simulations=8, games_per_step=2, ladder=(1, 10), eval_games=2, hidden=(8,))


def _child(code: str, timeout: float) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=timeout
    )


def test_the_minutes_reach_inside_a_step_of_huge_searches(tmp_path):
    # 10,000 games of 100,000 simulations a move would take days; the run has 6 seconds.
    proc = _child(
        f"""
        import json, tablesearch as ts
        result = ts.train("tic_tac_toe", out={str(tmp_path / "run")!r}, minutes=0.1, simulations=100_000,
                          games_per_step=10_000, eval_simulations=4, ladder=(1, 4), eval_games=2, hidden=(8,))
        print(json.dumps({{"seconds": result.seconds, "steps": result.steps}}))
        """,
        timeout=240,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    figures = json.loads(proc.stdout.splitlines()[-1])
    assert figures["seconds"] < 6 + 20, figures  # the budget, plus the learner's updates on what finished


def test_games_unfinished_at_the_deadline_are_left_out():
    game = ts.load_game("tic_tac_toe")
    model = Model.for_game(game, hidden=(8,), seed=0)
    settings = SelfPlaySettings(GameRef.of("tic_tac_toe", {}), "puct", 8, 2, 0.3, 0.25)
    arrays = (model.architecture.to_json(), dict(model.tensors))
    positions, games = play_games(settings, *arrays, [1, 2, 3])
    assert games == 3 and len(positions) >= 3 * 5  # a tic-tac-toe game has at least 5 decisions
    positions, games = play_games(settings, *arrays, [1, 2, 3], deadline=0.0)  # long past
    assert games == 0 and len(positions) == 0


class _Started(Exception):
    pass


def test_training_workers_are_capped_at_one_per_core(tmp_path, monkeypatch):
    started = []

    def recording_pool(count: int) -> None:  # no process is started: this process has JAX's threads
        started.append(count)
        raise _Started

    note = "using 2 worker processes, not the {} asked for: this machine has 2 cores (--force-workers ...)"
    monkeypatch.setattr(trainer, "LocalPool", recording_pool)
    monkeypatch.setattr(trainer, "plan_workers", lambda requested, games: (2, note.format(requested)))
    with pytest.warns(WorkersCapped, match="not the 24 asked for: this machine has 2 cores$"), pytest.raises(_Started):
        ts.train("tic_tac_toe", out=tmp_path, steps=1, workers=24, **TINY)
    assert started == [2]


def test_the_cap_is_the_tournaments_plan():
    from tablesearch.tournaments.workers import cores, plan_workers

    assert trainer.plan_workers is plan_workers
    assert plan_workers(24, 24)[0] == min(24, cores())


def test_self_play_that_reads_hidden_state_is_refused_unless_asked_for(tmp_path):
    with pytest.raises(
        ValueError, match=r"search 'puct' reads the whole state, and leduc_poker hides information"
    ) as e:
        ts.train("leduc_poker", out=tmp_path / "refused", steps=1, search="puct", **TINY)
    assert "ismcts" in str(e.value) and "read_hidden=True" in str(e.value)
    assert not (tmp_path / "refused").exists()
    ts.train("leduc_poker", out=tmp_path / "asked", steps=1, search="puct", read_hidden=True, **TINY)
    assert json.loads((tmp_path / "asked" / "config.json").read_text())["read_hidden"] is True
    ts.train("leduc_poker", out=tmp_path / "sound", steps=1, **TINY)  # auto reads only the mover's view


def test_a_full_disk_stops_the_run_in_one_line_naming_the_file_and_it_resumes(tmp_path):
    out = str(tmp_path / "run")
    command = ["train", "tic_tac_toe", "--out", out, "--steps", "3", "--workers", "1", "--simulations", "8",
               "--games-per-step", "2", "--ladder", "1,10", "--eval-games", "2", "--hidden", "8"]  # fmt: skip
    limited = _child(
        f"""
        import resource, signal, sys
        from tablesearch.cli import main  # imported first: an editable install may rebuild on import
        import tablesearch.training.trainer, jax, optax
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG
        resource.setrlimit(resource.RLIMIT_FSIZE, (6000, resource.RLIM_INFINITY))
        sys.exit(main({command!r}))
        """,
        timeout=240,
    )
    assert limited.returncode != 0
    error = limited.stderr.strip().splitlines()
    assert len(error) == 1 and "Traceback" not in limited.stderr, limited.stderr[-3000:]
    assert "File too large" in error[0] and out in error[0], error
    resumed = _child(f"import sys\nfrom tablesearch.cli import main\nsys.exit(main({command!r}))", timeout=240)
    assert resumed.returncode == 0, resumed.stderr[-3000:]
    assert "3 steps" in resumed.stdout


def test_positions_cannot_hold_targets_out_of_range():
    from tablesearch.training.replay_buffer import Positions

    empty = Positions.empty(3, 2, 2)
    good = Positions(np.zeros((1, 3), np.float32), np.zeros(1, np.int32), np.array([[0.5, 0.5]], np.float32),
                     np.ones((1, 2), np.bool_), np.zeros((1, 2), np.float32))  # fmt: skip
    assert good.check_like(empty) is good
    with pytest.raises(ValueError, match=r"value targets must lie in \[-1, 1\]"):
        Positions(
            good.observations, good.movers, good.policies, good.legal, np.full((1, 2), 1e30, np.float32)
        ).check_like(empty)
