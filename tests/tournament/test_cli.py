"""The tablesearch command."""

import os
import re
import subprocess
import sys

import pytest

import tablesearch as ts
from tablesearch import cli


def test_games_lists_every_game(capsys):
    assert cli.main(["games"]) == 0
    out = capsys.readouterr().out
    assert "connect_four" in out and "tic_tac_toe" in out


def test_games_describes_one_game_from_what_it_declares(capsys):
    assert cli.main(["games", "leduc_poker"]) == 0
    out = capsys.readouterr().out
    game = ts.load_game("leduc_poker")
    assert f"leduc_poker: {game.min_players()}-{game.max_players()} players" in out
    assert f"at most {game.max_game_length()} decisions" in out
    for spec in game.parameter_specs():
        assert f"{spec['name']}={spec['default']!r}  ({spec['min']}..{spec['max']})  {spec['help']}" in out


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


def run_cli(*args, env=None, input=None):
    import os

    return subprocess.run(
        [sys.executable, "-m", "tablesearch.cli", *args],
        capture_output=True,
        text=True,
        input=input,
        env={**os.environ, **(env or {})},
        timeout=120,
    )


def test_tournament_prints_the_ratings_table_and_writes_lines_and_plot(tmp_path, capsys):
    out, plot = tmp_path / "games.jsonl", tmp_path / "ratings.png"
    assert (
        cli.main(
            [
                "tournament",
                "tic_tac_toe",
                "--agents",
                "mcts:iterations=200,uct_c=1.0,random",
                "--games",
                "10",
                "--workers",
                "1",
                "--out",
                str(out),
                "--plot",
                str(plot),
            ]
        )
        == 0
    )
    text = capsys.readouterr().out
    assert "Ratings" in text and "Elo [95% CI]" in text and "mcts:iterations=200,uct_c=1.0" in text
    assert "Win rate by seat" in text and "Pairwise score" in text
    assert len(out.read_text().splitlines()) == 10
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_repeatable_agent_option_keeps_commas_and_runner_budget(tmp_path, capsys):
    out = tmp_path / "games.jsonl"
    assert (
        cli.main(
            [
                "tournament",
                "tic_tac_toe",
                "--agent",
                "mcts:uct_c=1.0,max_memory_mb=64",
                "--agent",
                "random",
                "--iterations",
                "25",
                "--games",
                "2",
                "--workers",
                "1",
                "--out",
                str(out),
            ]
        )
        == 0
    )
    import json

    line = json.loads(out.read_text().splitlines()[0])
    assert line["budgets"][line["agents"].index("mcts:uct_c=1.0,max_memory_mb=64")] == {"iterations": 25}


def test_progress_bar_only_on_a_terminal(monkeypatch, capsys):
    """Piped output (a subprocess with pipes) gets no bar; a terminal does."""
    args = ["tournament", "tic_tac_toe", "--agents", "mcts:iterations=300", "random", "--games", "6", "--workers", "1"]
    piped = run_cli(*args)
    assert piped.returncode == 0 and piped.stderr == "" and "Ratings" in piped.stdout
    monkeypatch.setenv("TTY_COMPATIBLE", "1")  # rich then treats the captured stderr as a terminal
    assert cli.main(args) == 0
    assert "6/6" in capsys.readouterr().err


def test_sprt_from_the_command_line(capsys):
    assert (
        cli.main(
            [
                "tournament",
                "connect_four",
                "--agents",
                "mcts:iterations=300",
                "random",
                "--games",
                "200",
                "--workers",
                "1",
                "--sprt",
                "--elo1",
                "50",
                "--resamples",
                "100",
            ]
        )
        == 0
    )
    text = capsys.readouterr().out
    assert "SPRT elo0=0 elo1=50" in text and "H1 accepted" in text and "of 200 planned" in text


def test_tournament_on_a_dask_scheduler(tmp_path, capsys):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, protocol="tcp", host="127.0.0.1", dashboard_address=None
    ) as cluster:
        assert (
            cli.main(
                [
                    "tournament",
                    "tic_tac_toe",
                    "--agents",
                    "mcts:iterations=50",
                    "random",
                    "--games",
                    "6",
                    "--scheduler",
                    cluster.scheduler_address,
                    "--out",
                    str(tmp_path / "g.jsonl"),
                ]
            )
            == 0
        )
    assert "Ratings" in capsys.readouterr().out
    assert len((tmp_path / "g.jsonl").read_text().splitlines()) == 6


def test_play_against_the_ai_with_piped_input(monkeypatch, capsys):
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO("x(1,1)\nnot-a-move\n0\n2\n6\n8\n3\n5\n7\n1\n"))
    assert cli.main(["play", "tic_tac_toe", "--agents", "human,mcts:iterations=500"]) == 0
    out = capsys.readouterr().out
    assert "Legal actions:" in out and "4:x(1,1)" in out
    assert "'not-a-move' is not a legal action" in out
    assert "P1 puts an O in row " in out and "[mcts:iterations=500]" in out and "visit share" in out
    assert "How to read the board:" in out
    assert "winner:" in out or "draw" in out
    monkeypatch.setattr(sys, "stdin", io.StringIO("4\n"))
    assert cli.main(["play", "tic_tac_toe", "--agents", "human", "random"]) == 1
    assert "input ended" in capsys.readouterr().err


def test_command_errors_are_messages(capsys):
    assert cli.main(["tournament", "tic_tac_toe", "--agents", "random,alphazero", "--games", "2"]) == 2
    assert "unknown agent 'alphazero'" in capsys.readouterr().err
    assert cli.main(["tournament", "tic_tac_toe", "--games", "2"]) == 2
    assert "--agents" in capsys.readouterr().err
    assert cli.main(["play", "tic_tac_toe", "--agents", "human"]) == 2
    assert "one agent per seat" in capsys.readouterr().err


def test_play_tells_moves_as_the_human_seat_observed_them(monkeypatch, capsys):
    """Leduc: the AI's card is never printed, the human's own is; the AI's moves are named."""
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO("call\n" * 10))
    assert cli.main(["play", "leduc_poker", "--agents", "human,mcts:iterations=200", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "How to read the board:" in out
    assert re.search(r"P0 is dealt the (jack|queen|king) of (spades|hearts)", out)  # the human's own card
    assert "P1 is dealt a card" in out
    assert re.search(r"P1 (calls|raises|folds)  \[mcts:iterations=200\]", out)
    assert "visit share" not in out  # the AI's statistics would tell its card


def test_play_tells_the_position_in_words_not_the_searchs_keys():
    """Gnomi at the terminal: whose turn and what is under way, each seat's cards as far as the
    human knows them, instead of the state's internal string."""
    import io

    from tablesearch.agents import HumanAgent

    state = ts.load_game("gnomi", players=3).new_initial_state(1)
    out = io.StringIO()
    action = HumanAgent(input=io.StringIO("use 1 blue (m0)\n"), output=out).step(state)
    text = out.getvalue()
    assert action == 0
    assert "Gnomi, round 1: P0 chooses a move" in text
    assert "P0 (you): mushrooms up: blue m0, blue m1, orange m2, red m3" in text
    assert "P1: mushrooms up: ? m4, ? m5, ? m6, ? m7" in text  # faces P0 has not seen
    assert "phase" not in text and "history" not in text


def test_a_reader_that_stops_early_is_no_error():
    """`tablesearch games | head -1`: the command stops quietly when its reader has gone away (here
    before it starts, so that every write fails)."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        run = subprocess.run(
            [sys.executable, "-m", "tablesearch.cli", "games"], stdout=write_end, stderr=subprocess.PIPE, timeout=120
        )
    finally:
        os.close(write_end)
    assert run.returncode == 0 and run.stderr == b"", run.stderr
