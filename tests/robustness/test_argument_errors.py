"""Every bad argument of the command line and of the public API (tournament, analyze,
play_game) is refused before any work with one line that names the argument and what is valid:
no traceback, no OverflowError, no "Invalid argument" without the file. And local worker
processes are capped at the games and the cores (unless forced), with a note when capped. Each
group runs in a child process. Budget: about 15 s."""

from __future__ import annotations

import os

import pytest

from helpers.hostile import json_lines, run_isolated

CLI_CASES = [
    # (arguments, what the one line must say)
    (["tournament", "tic_tac_toe", "--games", "9223372036854775808"], "--games: must be a whole number from 1 to"),
    (["tournament", "tic_tac_toe", "--games", "two"], "--games: must be a whole number"),
    (["tournament", "tic_tac_toe", "--seed", str(2**64)], "--seed: must be a whole number from 0 to"),
    (["tournament", "tic_tac_toe", "--resamples", str(2**70)], "--resamples: must be a whole number from 0 to"),
    (["tournament", "tic_tac_toe", "--max-plies", "-1"], "--max-plies: must be a whole number from 0 to"),
    (["tournament", "tic_tac_toe", "--workers", "0"], "--workers: must be a whole number from 1 to"),
    (["tournament", "tic_tac_toe", "--out", "{tmp}"], "out '{tmp}': cannot open it as a results file: Is a directory"),
    (["tournament", "tic_tac_toe", "--plot", "{tmp}/missing/x.png"], "--plot '{tmp}/missing/x.png': No such file"),
    (["analyze", "tic_tac_toe", "--games", str(2**63)], "--games: must be a whole number from 1 to"),
    (["analyze", "tic_tac_toe", "--out", "{tmp}/file"], "out '{tmp}/file' is a file; out is the directory"),
    (["best-move", "tic_tac_toe", "--top", "-1"], "--top: must be a whole number from 1 to"),
    (["best-move", "tic_tac_toe", "--seed", "-5"], "--seed: must be a whole number from 0 to"),
    (["serve", "--port", "70000"], "--port: must be a whole number from 0 to 65,535"),
    (["serve", "--max-iterations", "0"], "--max-iterations: must be a whole number from 1 to"),
    (["serve", "--max-seconds", "nan"], "--max-seconds: must be a finite number of seconds > 0"),
]
if os.path.exists("/proc/version"):  # opens, but takes no appends: the path must be in the message
    CLI_CASES.append((["tournament", "tic_tac_toe", "--out", "/proc/version"], "out '/proc/version': cannot"))


def test_command_line_errors_name_the_option_in_one_line(tmp_path):
    (tmp_path / "file").write_text("a file")
    cases = [([a.format(tmp=tmp_path) for a in args], want.format(tmp=tmp_path)) for args, want in CLI_CASES]
    proc = run_isolated(
        f"""
import contextlib, io, json
from tablesearch import cli
for args, want in {cases!r}:
    if args[0] in ("tournament", "analyze"):
        args = args + ["--agents", "random", "--workers", "1"] + (["--games", "2"] if "--games" not in args else [])
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        try:
            code = cli.main(args)
        except SystemExit as exit:
            code = exit.code
    print(json.dumps(dict(args=args, want=want, code=code, err=err.getvalue())))
"""
    )
    for result in json_lines(proc.stdout):
        lines = result["err"].strip().splitlines()
        assert result["code"] in (1, 2) and len(lines) == 1, result
        assert result["want"] in lines[0] and "Traceback" not in result["err"], result


API_CASES = """
import json, os, tempfile, warnings
import tablesearch as ts
folder = tempfile.mkdtemp()
a_file = os.path.join(folder, "file")
open(a_file, "w").close()
game = ts.load_game("tic_tac_toe")
agents = [ts.agents.RandomAgent(), ts.agents.RandomAgent()]
cases = {
    "games": lambda: ts.tournament("tic_tac_toe", ["random"], games=2**63),
    "seed": lambda: ts.tournament("tic_tac_toe", ["random"], games=2, seed=2**64),
    "workers": lambda: ts.tournament("tic_tac_toe", ["random"], games=2, workers=10**9),
    "resamples": lambda: ts.tournament("tic_tac_toe", ["random"], games=2, resamples=2**70),
    "force_workers": lambda: ts.tournament("tic_tac_toe", ["random"], games=2, force_workers="yes"),
    "out '" + folder: lambda: ts.tournament("tic_tac_toe", ["random"], games=2, out=folder),
    "sweep['players']": lambda: ts.analyze("wetland", sweep={"players": 2}, agents=["random"], games=2),
    "sweep must be": lambda: ts.analyze("wetland", sweep=5, agents=["random"], games=2),
    "out '" + a_file: lambda: ts.analyze("tic_tac_toe", agents=["random"], games=2, out=a_file),
    "max_plies": lambda: ts.analyze("tic_tac_toe", agents=["random"], games=2, max_plies=2**64),
    "agents must be a list": lambda: ts.play_game(game, "ab"),
    "agents[1] must be an agent": lambda: ts.play_game(game, [agents[0], "random"]),
    "seed must be": lambda: ts.play_game(game, agents, seed=-1),
    "on_move": lambda: ts.play_game(game, agents, seed=1, on_move=5),
    "game must be": lambda: ts.play_game(42, agents),
}
for name, call in cases.items():
    try:
        call()
        error = None
    except (ValueError, TypeError) as e:
        error = f"{type(e).__name__}: {e}"
    print(json.dumps(dict(name=name, error=error)))
print(json.dumps(dict(name="a game name", error=None, finished=ts.play_game("tic_tac_toe", agents, seed=1).finished)))
"""


def test_api_errors_name_the_argument_and_what_is_valid():
    results = json_lines(run_isolated(API_CASES).stdout)
    for result in results[:-1]:
        assert result["error"] is not None and result["name"] in result["error"], result
        assert "must be" in result["error"] or "is a file" in result["error"] or "cannot" in result["error"], result
    assert results[-1]["finished"]


WORKERS = """
import json, os, warnings
import tablesearch as ts
from tablesearch.tournaments import runner, workers
pools = []
class Counting(workers.LocalPool):
    def __init__(self, count):
        super().__init__(count)
        pools.append(self)
runner.LocalPool = Counting

def run(**options):
    pools.clear()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        ts.tournament("tic_tac_toe", ["random", "random"], seed=1, progress=False, **options)
    started = sum(len(pool._context.processes) for pool in pools)
    notes = [str(w.message) for w in caught if issubclass(w.category, workers.WorkersCapped)]
    return dict(started=started, notes=notes)

cores = len(os.sched_getaffinity(0))
few_games, many_games = run(games=2, workers=48), run(games=12, workers=48)
forced = run(games=3, workers=3, force_workers=True)
print(json.dumps(dict(cores=cores, few_games=few_games, many_games=many_games, forced=forced)))
"""


def test_workers_are_capped_at_the_games_and_the_cores_unless_forced():
    (result,) = json_lines(run_isolated(WORKERS).stdout)
    cores = result["cores"]
    assert result["few_games"]["started"] <= 2, result  # never a worker without a game
    assert result["many_games"]["started"] == min(cores, 12), result
    if cores < 12:
        (note,) = result["many_games"]["notes"]
        assert f"using {cores} worker processes, not the 48 asked for" in note and "--force-workers" in note
    assert result["forced"] == dict(started=3, notes=[]), result


@pytest.mark.skipif(len(os.sched_getaffinity(0)) >= 12, reason="the machine has the cores asked for")
def test_the_command_line_says_when_it_caps_the_workers():
    proc = run_isolated(
        """
import contextlib, io
from tablesearch import cli
err = io.StringIO()
with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
    code = cli.main(["tournament", "tic_tac_toe", "--agents", "random", "random", "--games", "12", "--workers", "48"])
print(code)
print(err.getvalue())
"""
    )
    assert proc.stdout.startswith("0\n") and "tablesearch: note: using " in proc.stdout, proc.stdout
    assert "not the 48 asked for" in proc.stdout
