"""A run checks everything before its first game (issue 25): agents and their options, budgets
that could not be written, duplicate variants, plot files; and its schedule is drawn lazily, so a
billion planned games cost nothing up front. Command lines that play games, and the billion-game
tournament, run in child processes."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

import tablesearch as ts
from tablesearch import cli
from tablesearch.tournaments.schedule import Schedule, plan


def run_cli(*args, timeout=300):
    return subprocess.run(
        [sys.executable, "-m", "tablesearch.cli", *args], capture_output=True, text=True, timeout=timeout
    )


def games_in(path):
    files = [os.path.join(path, f) for f in os.listdir(path)] if os.path.isdir(path) else [path]
    return sum(1 for f in files if os.path.exists(f) for line in open(f) if line.strip())


# ---- agents and options ------------------------------------------------------------------------


def test_a_bad_second_agent_fails_before_the_self_play_games(tmp_path):
    out = tmp_path / "games"
    proc = run_cli(
        "analyze",
        "tic_tac_toe",
        "--agents",
        "random,mcts:uct_c=-1",
        "--games",
        "4",
        "--workers",
        "1",
        "--out",
        str(out),
    )
    assert proc.returncode == 2 and "uct_c" in proc.stderr and "Traceback" not in proc.stderr
    assert games_in(out) == 0


@pytest.mark.parametrize("command", ["analyze", "tournament"])
def test_an_infinite_time_limit_fails_before_the_games(tmp_path, command):
    out = tmp_path / ("games" if command == "analyze" else "games.jsonl")
    args = [command, "tic_tac_toe", "--agents", "random,random", "--time-limit", "inf", "--games", "4"]
    proc = run_cli(
        *args,
        "--workers",
        "1",
        "--out",
        str(out),
        "--json" if command == "analyze" else "--resamples",
        str(tmp_path / "r.json") if command == "analyze" else "0",
    )
    assert proc.returncode == 2 and "time_limit must be a finite number > 0, got inf" in proc.stderr
    assert games_in(out) == 0


def test_a_bad_option_fails_even_where_every_move_is_forced():
    # Candy Land has no decisions, so its games never search; the option is still refused.
    with pytest.raises(ValueError, match="uct_c"):
        ts.tournament("candyland", ["mcts:uct_c=-1"], 2, workers=1, progress=False)


def test_options_are_checked_before_the_first_game():
    for bad, message in (
        (dict(max_plies=-1), "max_plies"),
        (dict(budget={"time_limit": float("nan")}), "time_limit"),
        (dict(agents=["random", "mcts:iterations=0"]), "iterations"),
    ):
        kwargs = {"agents": ["random"], "games": 4, "workers": 1, "progress": False, **bad}
        with pytest.raises(ValueError, match=message):
            ts.analyze("tic_tac_toe", **kwargs)
        agents = kwargs.pop("agents")
        kwargs.pop("games")
        with pytest.raises(ValueError, match=message):
            ts.tournament("tic_tac_toe", agents, 4, **kwargs)


# ---- sweeps ------------------------------------------------------------------------------------


@pytest.mark.parametrize("sweep", ["players=2,2", "players=2,3,02"])
def test_a_sweep_may_not_compare_a_variant_with_itself(tmp_path, capsys, sweep):
    args = ["analyze", "wetland", "--agents", "random", "--games", "2", "--workers", "1", "--sweep", sweep]
    assert cli.main([*args, "--out", str(tmp_path / "g")]) == 2
    err = capsys.readouterr().err
    assert "more than once" in err and "players" in err
    assert games_in(tmp_path / "g") == 0
    with pytest.raises(ValueError, match="more than once"):
        ts.analyze("wetland", agents=["random"], games=2, sweep={"players": [3, 3]}, progress=False)


def test_variants_that_load_the_same_game_are_refused():
    # A variant spelled out in full and the same one left to the defaults: the loaded parameters tell.
    from tablesearch.analysis import variants

    with pytest.raises(ValueError, match="are the same game"):
        variants.load_variants("wetland", [{"players": 2, "max_rounds": 100}, {"players": 2}], ["players"])


# ---- plots -------------------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["tournament", "analyze"])
@pytest.mark.parametrize(
    "target, message",
    [
        ("missing/plot.png", "does not exist"),
        (".", "is not a file name"),
        ("plot.notanimage", "image format"),
    ],
)
def test_an_unwritable_plot_fails_before_the_games(tmp_path, capsys, command, target, message):
    out = tmp_path / ("g" if command == "analyze" else "g.jsonl")
    plot = target if target == "." else str(tmp_path / target)
    args = [command, "tic_tac_toe", "--agents", "random,random", "--games", "2", "--workers", "1"]
    assert cli.main([*args, "--out", str(out), "--plot", plot]) == 2
    printed = capsys.readouterr()
    assert message in printed.err and plot in printed.err and "plot:" not in printed.out
    assert games_in(out) == 0


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_plot_that_cannot_be_written_after_the_games_fails_loudly(tmp_path):
    full = tmp_path / "full.png"
    full.symlink_to("/dev/full")  # passes every check, then the disk is full
    proc = run_cli(
        "tournament", "tic_tac_toe", "--agents", "random,random", "--games", "2", "--workers", "1", "--plot", str(full)
    )
    assert proc.returncode == 1 and "No space left on device" in proc.stderr and str(full) in proc.stderr
    assert "plot:" not in proc.stdout


# ---- a lazy schedule -------------------------------------------------------------------------------


def test_the_schedule_is_counted_without_being_built():
    schedule = Schedule(3, 4, 10**9, seed=1)
    assert len(schedule) >= 10**9 and len(schedule) - 10**9 < schedule.games_in_deal(0) * 4
    first = list(plan(3, 4, 60, seed=1))
    assert list(Schedule(3, 4, 60, seed=1)) == first
    assert schedule.task(first[7].id) == first[7] and schedule.task("1.99") is None
    assert Schedule(2, 2, 5, seed=0).task("3.0") is None  # past the schedule's 3 deals


def test_a_billion_game_tournament_starts_at_once_and_stops_when_the_sprt_decides():
    code = (
        "import resource, json, tablesearch as ts\n"
        "resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))  # a billion tasks would need far more\n"
        "r = ts.tournament('tic_tac_toe', ['mcts:iterations=200', 'random'], 10**9, workers=1,\n"
        "                  sprt={'elo0': 0, 'elo1': 200}, progress=False, resamples=0)\n"
        "print(json.dumps([r.games, r.planned, r.sprt.decision]))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    played, planned, decision = json.loads(proc.stdout.splitlines()[-1])
    assert planned == 10**9 and played < 200 and decision == "H1"
