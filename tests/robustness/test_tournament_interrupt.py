"""Ctrl-C during a tournament in worker processes: it stops promptly, every line written still
parses, no finished game is lost, and rerunning the command completes the set; with one worker
too, where Ctrl-C lands in a search in the command's own process."""

import json
import signal
import subprocess
import sys
import time

import pytest

from helpers import ctrl_c


@pytest.mark.parametrize("workers", [1, 2])  # 1: the games (and Ctrl-C) run in the command's own process
def test_sigint_keeps_finished_games_and_rerun_completes(tmp_path, workers):
    out = tmp_path / "games.jsonl"
    command = [
        sys.executable,
        "-m",
        "tablesearch.cli",
        "tournament",
        "connect_four",
        "--agents",
        "mcts:iterations=20000",
        "random",
        "--games",
        "8",
        "--workers",
        str(workers),
        "--out",
        str(out),
    ]
    proc = ctrl_c.popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while not (out.exists() and len(out.read_text().splitlines()) >= 2):
        assert proc.poll() is None, "the tournament ended before it could be interrupted"
        assert time.monotonic() < deadline
        time.sleep(0.02)
    sent = time.monotonic()
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    waited = time.monotonic() - sent
    assert proc.returncode == 130 and "run the same command to resume" in err
    assert waited < 3.0, f"took {waited:.2f} s to stop"

    kept = out.read_text()
    lines = [json.loads(line) for line in kept.splitlines()]  # every line parses
    assert kept.endswith("\n") and 2 <= len(lines) < 8, "interrupted too late to test anything"

    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    final = out.read_text()
    assert final.startswith(kept)  # nothing finished was lost or rewritten
    ids = [json.loads(line)["id"] for line in final.splitlines()]
    assert len(ids) == len(set(ids)) == 8  # the set is complete, no game played twice
    assert "Ratings" in done.stdout
