"""The setup form's levels: the named ones for every game, Expert where a built-in model plays that
player count, and each model file the server was started with, for its own game only; each level
measured stronger than the one below it (levels.json)."""

import json

import pytest

pytest.importorskip("starlette")

import tablesearch as ts  # noqa: E402
from tablesearch.models import Model  # noqa: E402
from tablesearch.models.builtin import builtin_files  # noqa: E402
from tablesearch.web import levels  # noqa: E402
from tablesearch.web.app import game_list  # noqa: E402


def test_named_levels_for_every_game_and_expert_where_a_model_ships():
    names = [row["name"] for row in levels.for_game("tic_tac_toe")]
    assert names == ["Beginner", "Easy", "Medium", "Hard"]
    expert = [row for row in levels.for_game("gummiland") if row["key"] == "expert"]
    assert expert[0]["players"] == [2]
    assert levels.name_of(expert[0]["spec"], "gummiland", 2) == "Expert AI"


def test_expert_may_search_more_at_a_player_count():
    """Gummiland at 3 players: its model guiding 1,000 simulations a move played below Hard's 3,000
    plain ones, so there it guides 3,000, as at 4; a seat is named Expert by its own count's level."""
    experts = {tuple(row["players"]): row["spec"] for row in levels.for_game("gummiland") if row["key"] == "expert"}
    assert experts == {(2,): "mcts:model=builtin,iterations=1000", (3, 4): "mcts:model=builtin,iterations=3000"}
    assert levels.name_of("mcts:model=builtin,iterations=3000", "gummiland", 3) == "Expert AI"
    assert levels.name_of("mcts:model=builtin,iterations=3000", "gummiland", 4) == "Expert AI"
    assert levels.name_of("mcts:model=builtin,iterations=3000", "gummiland", 2) is None


# (game, players) with figures in levels.json: 2 players, each game's default, each count a built-in model plays
MEASURED = {
    ("tic_tac_toe", 2),
    ("connect_four", 2),
    ("leduc_poker", 2),
    ("wetland", 2),
    ("wetland", 3),
    ("wetland", 4),
    ("gnomi", 2),
    ("gnomi", 3),
    ("gummiland", 2),
    ("gummiland", 3),
    ("gummiland", 4),
}


def test_every_player_count_with_a_builtin_model_is_measured():
    """The Expert level is measured where it is offered, at that player count: a figure from 2
    players says nothing of 3. Each count listed has figures, and nothing else has."""
    assert set(builtin_files()) <= MEASURED
    assert {(game, n) for game in ts.list_games() for n in levels.measurements(game)} == MEASURED


@pytest.mark.parametrize(("game", "players"), sorted(MEASURED))
def test_each_level_is_measured_stronger_than_the_one_below(game, players):
    """levels.json (python benchmarks/web_levels.py): every level offered at that player count
    has an Elo measured there, and its interval lies wholly above the interval of the level below."""
    rows = [row for row in levels.for_game(game) if row["players"] is None or players in row["players"]]
    missing = [row["name"] for row in rows if str(players) not in row["elo"]]
    assert not missing
    figures = [row["elo"][str(players)] for row in rows]
    assert figures[0]["elo"] == 0  # Beginner, the anchor
    for below, above, row in zip(figures, figures[1:], rows[1:]):
        assert above["low"] > below["high"], (row["name"], below, above)


def test_each_game_s_figures_say_how_many_games_when_and_from_which_commit():
    data = json.loads(levels.ELO_FILE.read_text())
    for game, by_players in data["games"].items():
        for players, figures in by_players.items():
            assert figures["played"] >= 100, (game, players)
            assert set(figures["measured"]) >= {"date", "commit", "machine"}, (game, players)
            offered = [row for row in levels.for_game(game) if row["players"] is None or int(players) in row["players"]]
            assert set(figures["elo"]) == {row["key"] for row in offered}, (game, players)


def test_the_page_offers_wetland_s_expert_at_3_players_with_the_elo_measured_there():
    """Wetland ships models for 3 and 4 players: at 3 players the levels carry their 3-player Elo,
    Expert's among them; the 2-player figures stay with 2 players, where Expert is not offered."""
    (wetland,) = [game for game in game_list() if game["name"] == "wetland"]
    at_3 = [row for row in wetland["levels"] if row["players"] is None or 3 in row["players"]]
    assert [row["name"] for row in at_3] == ["Beginner", "Easy", "Medium", "Hard", "Expert"]
    expert = at_3[-1]
    assert set(expert["elo"]) == {"3", "4"} and expert["elo"]["3"] == dict(
        zip(("elo", "low", "high"), levels.measurements("wetland")[3]["elo"]["expert"])
    )
    assert expert["elo"]["3"]["low"] > at_3[-2]["elo"]["3"]["high"]  # above Hard at 3 players
    assert at_3[-2]["elo"]["3"] != at_3[-2]["elo"]["2"]  # Hard's figure depends on the player count


def test_a_game_offers_the_levels_that_play_better_than_the_one_below():
    assert [row["spec"] for row in levels.for_game("tic_tac_toe")][1:] == [
        "mcts:iterations=10",
        "mcts:iterations=30",
        "mcts:iterations=3000",
    ]
    assert levels.name_of("mcts:iterations=30", "tic_tac_toe", 2) == "Medium AI"
    assert levels.name_of("mcts:iterations=30", "connect_four", 2) == "Easy AI"
    assert levels.name_of("mcts:iterations=31", "connect_four", 2) is None


def test_a_player_count_may_have_its_own_ladder():
    """Wetland at 4 players: 10 simulations a move played like random moves there, so its levels
    search more. Each ladder is offered at its own counts only, with the Elo measured there, and a
    seat's spec is named by the ladder of its game's player count."""
    rows = levels.for_game("wetland")

    def offered(n):
        return [row for row in rows if row["players"] is None or n in row["players"]]

    searching = [row["spec"] for row in offered(4) if row["key"] in ("easy", "medium", "hard")]
    assert searching == ["mcts:iterations=30", "mcts:iterations=100", "mcts:iterations=300"]
    assert [row["spec"] for row in offered(2)] == [row["spec"] for row in offered(3)][:4]
    for n in (2, 3, 4):
        assert [row["key"] for row in offered(n)][:4] == ["beginner", "easy", "medium", "hard"]
    assert all(row["players"] and {int(n) for n in row["elo"]} <= set(row["players"]) for row in rows)
    assert levels.name_of("mcts:iterations=30", "wetland", 2) == "Medium AI"
    assert levels.name_of("mcts:iterations=30", "wetland", 4) == "Easy AI"


def test_a_model_the_server_was_started_with_is_a_level_of_its_game(tmp_path):
    path = str(tmp_path / "c4.tsmodel")
    Model.for_game(ts.load_game("connect_four"), hidden=(8,)).save(path)
    rows = levels.for_game("connect_four", {"c4": path})
    (served,) = [row for row in rows if row["name"] == "c4"]
    assert served["spec"] == "mcts:model=c4,iterations=1000" and served["players"] == [2]
    assert levels.name_of(served["spec"], "connect_four", 2) == "c4 AI"
    assert "c4" not in [row["name"] for row in levels.for_game("tic_tac_toe", {"c4": path})]


def test_a_model_file_gone_since_the_server_started_is_no_level(tmp_path):
    path = tmp_path / "c4.tsmodel"
    Model.for_game(ts.load_game("connect_four"), hidden=(8,)).save(path)
    path.write_bytes(b"TSMODEL not a model any more")
    assert [row["name"] for row in levels.for_game("connect_four", {"c4": str(path)})][-1] == "Hard"


def test_expert_says_when_playouts_value_its_positions_too():
    """Gummiland's model mixes playouts into its values at 3 and 4 players (playout_mix), not at 2."""
    assert "played out" in levels.expert("gummiland", 3).about
    assert "played out" in levels.expert("gummiland", 4).about
    assert "played out" not in levels.expert("gummiland", 2).about
    assert "played out" not in levels.expert("gummiland", 99).about  # no model there: nothing loaded
