"""The setup form's levels: the named ones for every game, Expert where a built-in model plays that
player count, and each model file the server was started with, for its own game only; each level
measured stronger than the one below it (levels.json)."""

import json

import pytest

pytest.importorskip("starlette")

import tablesearch as ts  # noqa: E402
from tablesearch.models import Model  # noqa: E402
from tablesearch.web import levels  # noqa: E402


def test_named_levels_for_every_game_and_expert_where_a_model_ships():
    names = [row["name"] for row in levels.for_game("tic_tac_toe")]
    assert names == ["Beginner", "Easy", "Medium", "Hard"]
    expert = [row for row in levels.for_game("gummiland") if row["key"] == "expert"]
    assert len(expert) == 1 and 2 in expert[0]["players"]
    assert levels.name_of(expert[0]["spec"], "gummiland") == "Expert AI"


@pytest.mark.parametrize("game", ["tic_tac_toe", "connect_four", "leduc_poker", "wetland", "gnomi", "gummiland"])
def test_each_level_is_measured_stronger_than_the_one_below(game):
    """levels.json (python benchmarks/web_levels.py): every level offered at the measured player
    count has an Elo, and its interval lies wholly above the interval of the level below."""
    measured = levels.measured_players(game)
    rows = [row for row in levels.for_game(game) if row["players"] is None or measured in row["players"]]
    assert all(row["elo"] is not None for row in rows), [row["name"] for row in rows if row["elo"] is None]
    for below, above in zip(rows, rows[1:]):
        assert above["elo_low"] > below["elo_high"], (below, above)


def test_each_game_s_figures_say_how_many_games_when_and_from_which_commit():
    data = json.loads(levels.ELO_FILE.read_text())
    for game in data["games"]:
        assert data["played"][game] >= 100, game
        assert set(data["measured"][game]) >= {"date", "commit", "machine"}, game


def test_a_game_offers_the_levels_that_play_better_than_the_one_below():
    assert [row["spec"] for row in levels.for_game("tic_tac_toe")][1:] == [
        "mcts:iterations=10",
        "mcts:iterations=30",
        "mcts:iterations=3000",
    ]
    assert levels.name_of("mcts:iterations=30", "tic_tac_toe") == "Medium AI"
    assert levels.name_of("mcts:iterations=30", "connect_four") == "Easy AI"
    assert levels.name_of("mcts:iterations=31", "connect_four") is None


def test_a_model_the_server_was_started_with_is_a_level_of_its_game(tmp_path):
    path = str(tmp_path / "c4.tsmodel")
    Model.for_game(ts.load_game("connect_four"), hidden=(8,)).save(path)
    rows = levels.for_game("connect_four", {"c4": path})
    (served,) = [row for row in rows if row["name"] == "c4"]
    assert served["spec"] == "mcts:model=c4,iterations=1000" and served["players"] == [2]
    assert levels.name_of(served["spec"], "connect_four") == "c4 AI"
    assert "c4" not in [row["name"] for row in levels.for_game("tic_tac_toe", {"c4": path})]


def test_a_model_file_gone_since_the_server_started_is_no_level(tmp_path):
    path = tmp_path / "c4.tsmodel"
    Model.for_game(ts.load_game("connect_four"), hidden=(8,)).save(path)
    path.write_bytes(b"TSMODEL not a model any more")
    assert [row["name"] for row in levels.for_game("connect_four", {"c4": str(path)})][-1] == "Hard"
