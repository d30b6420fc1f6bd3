"""`tablesearch analyze` on the command line: files written, messages for bad input, --exact."""

from __future__ import annotations

import json

import pytest

from tablesearch import cli
from tablesearch.games.candyland.exact import scope as candyland_scope


def test_analyze_writes_json_html_plot_and_keeps_the_games(tmp_path, capsys):
    out, html, plot = tmp_path / "r.json", tmp_path / "r.html", tmp_path / "r.png"
    args = [
        "analyze",
        "tic_tac_toe",
        "--agents",
        "mcts:iterations=20",
        "--games",
        "10",
        "--workers",
        "1",
        "--json",
        str(out),
        "--report",
        str(html),
        "--plot",
        str(plot),
    ]
    assert cli.main(args) == 0
    text = capsys.readouterr().out
    assert "Balance of tic_tac_toe" in text and "Win rate by seat" in text and "skill" in text
    assert f"games: {tmp_path / 'r.games'}" in text
    data = json.loads(out.read_text())
    assert data["agents"] == ["mcts:iterations=20", "random"] and data["variants"][0]["games"] == 10
    assert html.read_text().startswith("<!DOCTYPE html>")
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    files = sorted(p.name for p in (tmp_path / "r.games").iterdir())
    assert len(files) == 2 and all(name.endswith(".jsonl") for name in files)
    # A rerun plays nothing new: it reads the games back and gives the same numbers.
    assert cli.main(args) == 0
    assert json.loads(out.read_text())["variants"] == data["variants"]


def test_sweep_errors_are_messages(tmp_path, capsys):
    base = ["analyze", "candyland", "--agents", "random", "--games", "2", "--workers", "1", "--out", str(tmp_path)]
    assert cli.main(base + ["--sweep", "colour=red"]) == 2
    err = capsys.readouterr().err
    assert "candyland has no parameter 'colour'" in err and "deck, draw, max_plies, players" in err
    assert cli.main(base + ["--sweep", "deck=64,65"]) == 2
    assert "variant deck=65 of candyland does not load" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_exact_refuses_what_it_cannot_honour(capsys):
    # Issue 17 item 4: draw=deck used to be ignored without a word.
    assert cli.main(["analyze", "candyland", "--exact", "--param", "draw=deck"]) == 2
    err = capsys.readouterr().err
    assert "draw=replacement" in err and "draw=deck" in err and "without --exact" in err
    assert cli.main(["analyze", "candyland", "--exact", "--param", "max_plies=50"]) == 2
    assert "max_plies=50 stops a game with probability" in capsys.readouterr().err
    assert cli.main(["analyze", "tic_tac_toe", "--exact"]) == 2
    assert "candyland only" in capsys.readouterr().err


def test_exact_says_which_parameters_it_used(capsys):
    from tablesearch.games.candyland import exact as candyland_exact

    assert cli.main(["analyze", "candyland", "--exact", "--param", "players=3", "--param", "deck=66"]) == 0
    out = capsys.readouterr().out
    first, _, rest = out.partition("\n\n")
    assert first == (
        "Parameters used: players=3, deck=66, draw=replacement (the exact analysis needs "
        "draw=replacement; the game's default is draw=deck)"
    )
    assert rest.strip() == candyland_exact.report(3, "66").strip()
    assert "39.16" in rest  # the mean number of turns with the 66-card deck
    args = ["analyze", "candyland", "--exact", "--param", "draw=replacement", "--sweep", "deck=64,64-later"]
    assert cli.main(args) == 0
    out = capsys.readouterr().out
    assert out.count("Parameters used: players=2, deck=") == 2 and "default is" not in out


def test_exact_scope_honours_a_harmless_cap():
    defaults = {"players": 2, "deck": "64", "draw": "deck", "max_plies": 10000}
    assert candyland_scope({"draw": "replacement", "max_plies": 5000}, defaults)[:2] == (2, "64")
    with pytest.raises(ValueError, match="honours only players, deck, draw, max_plies"):
        candyland_scope({"colour": 1}, defaults)


def test_an_agent_crash_is_a_message_and_the_games_stay(tmp_path, capsys):
    from helpers import crash_agent

    crash_agent.ARMED, crash_agent.moves = True, 0
    args = [
        "analyze",
        "tic_tac_toe",
        "--agents",
        "random,helpers.crash_agent:make",
        "--games",
        "20",
        "--workers",
        "1",
        "--out",
        str(tmp_path),
    ]
    assert cli.main(args) == 1
    err = capsys.readouterr().err
    assert "skill run failed after" in err and "the agent's model file is corrupt" in err
    assert "run the same command to resume" in err and str(tmp_path) in err
    kept = [p for p in tmp_path.iterdir() if ".skill." in p.name]
    assert len(kept) == 1 and 0 < len(kept[0].read_text().splitlines()) < 20
    crash_agent.ARMED = False
    assert cli.main(args) == 0
    assert len(kept[0].read_text().splitlines()) == 20
