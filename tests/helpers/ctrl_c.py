"""Child processes for the Ctrl-C tests. A test run started in the background or under nohup
ignores SIGINT, and children inherit that; these children get the default back, so the tests
check our handling of Ctrl-C rather than how the run was started."""

import signal
import subprocess


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def popen(args, **kwargs) -> subprocess.Popen:
    """subprocess.Popen with SIGINT at its default in the child."""
    return subprocess.Popen(args, preexec_fn=_default_sigint, **kwargs)
