"""The models shipped in the package (tablesearch/models/trained): loaded by their game, never by a
path, each playing a legal game, and refused for a game or player count they were not made for."""

import pytest

import tablesearch as ts
from models.test_model_search import leak_pairs
from tablesearch import mcts, reference
from tablesearch.agents.specs import make_agent
from tablesearch.models.builtin import builtin_files, describe_builtin

SHIPPED = sorted(builtin_files())


def test_models_ship_for_the_tabletop_games():
    assert ("gummiland", 2) in SHIPPED
    assert all(name in {"gummiland", "gnomi", "wetland"} for name, _ in SHIPPED)


@pytest.mark.parametrize(("name", "players"), SHIPPED)
def test_each_builtin_model_loads_by_name_and_plays_a_legal_game(name, players):
    game = ts.load_game(name, players=players)
    model = ts.load_model("builtin", game)
    assert model.game.num_players == players
    settings = model.metadata["settings"]  # what remakes it: the seed and every setting of the run
    assert settings["game"] == name and isinstance(settings["seed"], int)
    assert settings["steps"] in (None, model.metadata["step"])  # a run stopped by its minutes records none
    assert f"--steps {model.metadata['step']} " in reference.builtin_models({})  # the docs' command names them
    agents = [make_agent("mcts:model=builtin,iterations=30", seed=seat) for seat in range(players)]
    record = ts.play_game(game, agents, seed=3)  # play_game refuses an illegal move
    assert record.returns is not None and len(record.returns) == players


def test_a_game_without_a_builtin_model_is_refused_naming_those_that_have_one():
    refused = r"no built-in model for tic_tac_toe with 2 players; built-in models: .*gummiland"
    with pytest.raises(ValueError, match=refused):
        ts.load_model("builtin", ts.load_game("tic_tac_toe"))
    with pytest.raises(ValueError, match=r"no built-in model for tic_tac_toe"):
        mcts.search(ts.load_game("tic_tac_toe").new_initial_state(), evaluator=ts.models.BuiltinModel())


def test_a_model_for_other_parameters_or_another_player_count_is_refused_by_name(tmp_path):
    other = r"this model is for gummiland\(max_rounds=60,players=2,regions=\), not gummiland\(max_rounds=30"
    with pytest.raises(ValueError, match=other):
        ts.load_model("builtin", ts.load_game("gummiland", players=2, max_rounds=30))
    path = tmp_path / "two.tsmodel"
    ts.load_model("builtin", ts.load_game("gummiland", players=2)).save(path)
    three = ts.load_game("gummiland", players=3)
    with pytest.raises(ValueError, match=r"this model is for gummiland\(.*players=2.*\), not gummiland\(.*players=3"):
        ts.load_model(path, three)


def test_builtin_is_chosen_by_game():
    with pytest.raises(ValueError, match=r'chosen by its game: load_model\("builtin", game\)'):
        ts.load_model("builtin")
    assert "gummiland for 2" in describe_builtin()


HIDDEN = [(name, players) for name, players in SHIPPED if ts.load_game(name, players=players).has_hidden_information()]


def test_a_hidden_information_model_ships():
    assert HIDDEN  # so that the leak test below runs


@pytest.mark.parametrize(("name", "players"), HIDDEN)
def test_no_leak_with_a_builtin_hidden_information_model(name, players):
    """Worlds the mover cannot tell apart give identical searches with the shipped network."""
    game = ts.load_game(name, players=players)
    model = ts.load_model("builtin", game)
    pairs = leak_pairs(game, 4)
    assert len(pairs) >= 3
    for seed, (a, b) in enumerate(pairs):
        ra = mcts.search(a, iterations=300, seed=seed, evaluator=model)
        rb = mcts.search(b, iterations=300, seed=seed, evaluator=model)
        assert (ra.stats, ra.root_values) == (rb.stats, rb.root_values)


def test_the_balance_lab_takes_the_builtin_model_as_its_skilled_player():
    report = ts.analyze(
        "gummiland",
        agents=["mcts:model=builtin,iterations=20", "random"],
        games=2,
        params={"players": 2},
        workers=1,
        progress=False,
    ).to_dict()
    (variant,) = report["variants"]
    assert variant["games"] == 2 and variant["skill"]["games"] == 2


def test_a_page_may_name_the_builtin_model_but_still_no_path(tmp_path):
    """Specs from a page (models given): model=builtin means the package's own file, never one the
    page names; a path is still refused, and a game without a model is refused at its first move."""
    served = {"strong": str(tmp_path / "never-read.tsmodel")}
    agent = make_agent("mcts:model=builtin,iterations=20", seed=1, models=served)
    with pytest.raises(ValueError, match="no built-in model for tic_tac_toe"):
        agent.step(ts.load_game("tic_tac_toe").new_initial_state())
    for hostile in ("../../etc/passwd", "/dev/zero", "builtin/../x"):
        with pytest.raises(ValueError, match="unknown model"):
            make_agent(f"mcts:model={hostile}", seed=1, models=served)
