"""Tournament worker processes end with their parent, however it ends: killed with SIGKILL or
SIGTERM (no chance to clean up), no worker is alive 10 seconds later."""

import os
import signal
import subprocess
import sys
import time

import pytest


def _children(pid: int) -> list[int]:
    """Processes whose parent is `pid` (Linux /proc)."""
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                out.append(int(entry))
    return out


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"  # a zombie has ended
    except OSError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM], ids=["SIGKILL", "SIGTERM"])
def test_no_worker_outlives_a_killed_tournament(tmp_path, sig):
    out = tmp_path / "games.jsonl"
    command = [
        sys.executable,
        "-m",
        "tablesearch.cli",
        "tournament",
        "connect_four",
        "--agents",
        "mcts:iterations=3000",
        "random",
        "--games",
        "40",
        "--workers",
        "2",
        "--out",
        str(out),
    ]
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while not (out.exists() and out.read_text().count("\n") >= 1):  # the workers are playing
            assert proc.poll() is None and time.monotonic() < deadline, "the tournament ended too early"
            time.sleep(0.05)
        workers = _children(proc.pid)
        assert len(workers) >= 2, workers
        proc.send_signal(sig)
        proc.wait(timeout=30)
        deadline = time.monotonic() + 10
        while any(_alive(w) for w in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        left = [w for w in workers if _alive(w)]
    finally:
        proc.kill()
        for w in _children(proc.pid):
            os.kill(w, signal.SIGKILL)
    for w in left:  # clean up before failing
        os.kill(w, signal.SIGKILL)
    assert not left, f"workers {left} still alive 10 s after {signal.Signals(sig).name}"
