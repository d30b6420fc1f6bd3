"""The examples run as a user would run them."""

import os
import subprocess
import sys

import pytest

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "examples")


@pytest.mark.parametrize(
    "script, expected",
    [
        ("python_dice_game.py", "Ratings"),
        ("numpy_evaluator_puct.py", "beat random play"),
    ],
)
def test_example_runs(script, expected):
    out = subprocess.run(
        [sys.executable, os.path.join(EXAMPLES, script)], capture_output=True, text=True, timeout=300, check=True
    ).stdout
    assert expected in out


@pytest.mark.parametrize(
    "script, expected",
    [
        ("compiled_connect_four.py", "the native C++ game's search with the same seed: identical"),
        ("compiled_pig.py", "Ratings"),
        ("compiled_leduc_poker.py", "smooth-uct: player 1 plays"),
        ("compiled_eights.py", "smooth-uct: player 0 would play"),
    ],
)
def test_compiled_example_runs(script, expected):
    pytest.importorskip("numba", reason="needs the compiled extra")
    test_example_runs(script, expected)


def test_interop_example_runs():
    pytest.importorskip("pyspiel", reason="needs the openspiel extra")
    pytest.importorskip("pettingzoo", reason="needs the pettingzoo extra")
    out = subprocess.run(
        [sys.executable, os.path.join(EXAMPLES, "openspiel_and_pettingzoo.py")],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    ).stdout
    assert "exploitability of uniform play on our Leduc: 2.373611" in out
    assert "openspiel:kuhn_poker: 20 games" in out and "a PettingZoo game of Gnomi" in out
