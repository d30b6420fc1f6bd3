"""The setup form's levels: the named ones for every game, Expert where a built-in model plays that
player count, and each model file the server was started with, for its own game only."""

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
    assert levels.name_of(expert[0]["spec"]) == "Expert AI"


def test_a_model_the_server_was_started_with_is_a_level_of_its_game(tmp_path):
    path = str(tmp_path / "c4.tsmodel")
    Model.for_game(ts.load_game("connect_four"), hidden=(8,)).save(path)
    rows = levels.for_game("connect_four", {"c4": path})
    (served,) = [row for row in rows if row["name"] == "c4"]
    assert served["spec"] == "mcts:model=c4,iterations=1000" and served["players"] == [2]
    assert levels.name_of(served["spec"]) == "c4 AI"
    assert "c4" not in [row["name"] for row in levels.for_game("tic_tac_toe", {"c4": path})]


def test_a_model_file_gone_since_the_server_started_is_no_level(tmp_path):
    path = tmp_path / "c4.tsmodel"
    Model.for_game(ts.load_game("connect_four"), hidden=(8,)).save(path)
    path.write_bytes(b"TSMODEL not a model any more")
    assert [row["name"] for row in levels.for_game("connect_four", {"c4": str(path)})][-1] == "Hard"
