"""Ctrl-C stops a long native search promptly with KeyboardInterrupt."""
import signal
import subprocess
import sys
import time

SCRIPT = """
import sys, tablesearch as ts
from tablesearch import mcts
state = ts.load_game("connect_four").new_initial_state(0)
print("searching", flush=True)
try:
    mcts.search(state, time_limit=60, seed=0, max_memory_mb=64)
except KeyboardInterrupt:
    print("interrupted", flush=True)
    sys.exit(3)
"""


def test_sigint_stops_search_within_a_second():
    proc = subprocess.Popen([sys.executable, "-c", SCRIPT], stdout=subprocess.PIPE, text=True)
    while proc.stdout.readline().strip() != "searching":  # skip any build chatter
        assert proc.poll() is None, "the search process died before searching"
    time.sleep(0.5)  # let the search start
    sent = time.monotonic()
    proc.send_signal(signal.SIGINT)
    out, _ = proc.communicate(timeout=10)
    waited = time.monotonic() - sent
    assert proc.returncode == 3 and "interrupted" in out
    assert waited < 1.0, f"took {waited:.2f} s to stop"
