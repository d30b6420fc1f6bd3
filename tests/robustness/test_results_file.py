"""The results file of a tournament: finished games are never lost or played twice. A last line
that lacks only its newline is kept, a cut fragment is dropped (and its game replayed), a second
tournament on the same file is refused while the first runs, and hand-edited lines are named
with a ValueError rather than met as a KeyError. Also: a game name that fails to load leaves
nothing behind, and the command line reports file problems in one line."""

import json
import subprocess
import sys

import pytest

import tablesearch as ts
from tablesearch.tournaments.results_file import ResultsFile

ARGS = dict(game="tic_tac_toe", agents=["random", "random"], games=8, seed=3)


def play(out, **kwargs):
    return ts.tournament(**{**ARGS, **kwargs}, out=out, progress=False, resamples=0)


def test_a_last_line_without_its_newline_is_kept(tmp_path):
    out = tmp_path / "games.jsonl"
    play(out)
    text = out.read_text()
    out.write_text(text.rstrip("\n"))  # a complete last line, its newline lost
    play(out)
    assert out.read_text() == text, "the finished game was replayed or the file rewritten"


def test_a_cut_fragment_is_dropped_and_its_game_replayed(tmp_path):
    out = tmp_path / "games.jsonl"
    play(out)
    lines = out.read_text().splitlines(keepends=True)
    out.write_text("".join(lines[:-1]) + lines[-1][: len(lines[-1]) // 2])
    play(out)
    final = out.read_text().splitlines()
    assert len(final) == 8 and final[:-1] == [line.rstrip("\n") for line in lines[:-1]]
    assert all(json.loads(line) for line in final)


def test_a_second_tournament_on_the_same_file_is_refused(tmp_path):
    out = tmp_path / "games.jsonl"
    with ResultsFile(out, "k"):
        with pytest.raises(RuntimeError, match="in use by another tournament"):
            ResultsFile(out, "k")
    with ResultsFile(out, "k"):  # free again once the first is closed
        pass


def test_two_tournaments_at_once_in_two_processes(tmp_path):
    out = tmp_path / "games.jsonl"
    command = [
        sys.executable,
        "-m",
        "tablesearch.cli",
        "tournament",
        "connect_four",
        "--agents",
        "mcts:iterations=30000",
        "random",
        "--games",
        "200",
        "--workers",
        "1",
        "--out",
        str(out),
    ]
    first = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while not out.exists() or out.stat().st_size == 0:  # the first one has played a game
            assert first.poll() is None
        second = subprocess.run(command, capture_output=True, text=True, timeout=60)
        assert first.poll() is None, "the first tournament ended too soon to test anything"
    finally:
        first.kill()
        first.wait()
    assert second.returncode != 0 and "in use by another tournament" in second.stderr
    assert "Traceback" not in second.stderr and len(second.stderr.strip().splitlines()) == 1
    ids = [json.loads(line)["id"] for line in out.read_text().splitlines() if line.endswith("}")]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize(
    "edit, message",
    [
        (lambda line: line.pop("ranks"), "ranks"),
        (lambda line: line.update(returns=[1.0]), "returns"),
        (lambda line: line.update(agents=["random", "nobody"]), "agents"),
        (lambda line: line.update(winners=[7]), "winners"),
        (lambda line: line.update(deal="x"), "deal"),
        (lambda line: line.update(plies=-2), "plies"),
    ],
)
def test_hand_edited_lines_are_named(tmp_path, edit, message):
    out = tmp_path / "games.jsonl"
    play(out)
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    edit(lines[2])
    out.write_text("".join(json.dumps(line) + "\n" for line in lines))
    with pytest.raises(ValueError, match=f"line 3 .*{message}"):
        play(out)


def test_a_game_name_that_fails_to_load_leaves_nothing_behind():
    before = ts.list_games()
    with pytest.raises((TypeError, ValueError)):
        ts.load_game("os:getcwd")
    with pytest.raises(ValueError):
        ts.load_game("os:sep")  # not callable
    assert ts.list_games() == before


@pytest.mark.parametrize(
    "options, expected",
    [
        (lambda tmp: ["--out", str(tmp)], "Is a directory"),
        (lambda tmp: ["--out", str(tmp / "missing" / "games.jsonl")], "No such file or directory"),
        (lambda tmp: ["--plot", str(tmp / "missing" / "plot.png")], "No such file or directory"),
        (lambda tmp: ["--out", "/dev/zero"], "not a regular file"),
        (lambda tmp: ["--resamples", "-1"], "resamples"),
        (lambda tmp: ["--max-plies", "-1"], "--max-plies"),
    ],
)
def test_command_line_errors_are_one_line(tmp_path, options, expected):
    command = [
        sys.executable,
        "-m",
        "tablesearch.cli",
        "tournament",
        "tic_tac_toe",
        "--agents",
        "random",
        "random",
        "--games",
        "2",
        "--workers",
        "1",
        *options(tmp_path),
    ]
    proc = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert proc.returncode != 0 and expected in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr and len(proc.stderr.strip().splitlines()) == 1, proc.stderr


FULL_DISK = """
import resource, sys
from tablesearch import cli  # imported (and built) before the limit
resource.setrlimit(resource.RLIMIT_FSIZE, (600, 600))  # a disk that fills after about two lines
sys.exit(cli.main(sys.argv[1:]))
"""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX resource limits")
def test_a_full_disk_is_one_line(tmp_path):
    command = [
        sys.executable,
        "-c",
        FULL_DISK,
        "tournament",
        "tic_tac_toe",
        "--agents",
        "random",
        "random",
        "--games",
        "8",
        "--workers",
        "1",
        "--out",
        str(tmp_path / "games.jsonl"),
    ]
    proc = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1 and "File too large" in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr and len(proc.stderr.strip().splitlines()) == 1, proc.stderr


def test_an_unreachable_scheduler_is_one_line():
    command = [
        sys.executable,
        "-m",
        "tablesearch.cli",
        "tournament",
        "tic_tac_toe",
        "--agents",
        "random",
        "random",
        "--games",
        "2",
        "--scheduler",
        "tcp://127.0.0.1:9",
        "--connect-timeout",
        "1",
    ]
    proc = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and "cannot reach the Dask scheduler" in proc.stderr, proc.stderr
    assert "after 1 s" in proc.stderr, proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr
