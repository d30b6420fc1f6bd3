"""The tablesearch command."""
import subprocess
import sys

from tablesearch import cli


def test_games_lists_every_game(capsys):
    assert cli.main(["games"]) == 0
    out = capsys.readouterr().out
    assert "connect_four" in out and "tic_tac_toe" in out


def test_best_move_finds_the_win(capsys):
    assert cli.main(["best-move", "connect_four", "--history", "0,1,0,1,0,1", "--iterations", "3000"]) == 0
    out = capsys.readouterr().out
    assert "best move for player 0: x0 (action 0)" in out


def test_bad_input_gives_an_error_not_a_traceback(capsys):
    assert cli.main(["best-move", "connect_four", "--history", "0,9"]) == 2
    assert "illegal action 9" in capsys.readouterr().err
    assert cli.main(["best-move", "nonsense"]) == 2
    assert cli.main(["best-move", "connect_four", "--history", "a,b"]) == 2


def test_console_script_runs():
    out = subprocess.run([sys.executable, "-m", "tablesearch.cli", "games"], capture_output=True, text=True, check=True)
    assert "connect_four" in out.stdout
