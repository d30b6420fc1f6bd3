"""Searching with a model: every algorithm takes its value at the leaves (PUCT its priors too),
natively on any number of threads, with the same answers for the same seed; hidden-information
searches still read only what the player may know; agents, tournaments and the web app load
models as specs name them."""

import numpy as np
import pytest

import tablesearch as ts
from helpers.constant_models import constant_model
from tablesearch import mcts
from tablesearch.agents.specs import make_agent
from tablesearch.models import Model


def test_puct_follows_the_model_priors():
    game = ts.load_game("connect_four")
    result = mcts.search(game.new_initial_state(), iterations=200, seed=1, evaluator=constant_model(game, 0.0, 5))
    assert result.algorithm == "puct"  # auto: a model gives priors
    assert result.best_action == 5
    assert max(result.stats, key=lambda s: s.visits).visits > 150


@pytest.mark.parametrize("algorithm", ["uct", "puct"])
def test_leaves_take_the_model_value(algorithm):
    """No playout: with 100 iterations from the start of connect four no leaf ends the game, so
    every backed-up value is the network's (random playouts would average near 0, noisily)."""
    game = ts.load_game("connect_four")
    result = mcts.search(game.new_initial_state(), iterations=100, seed=2, algorithm=algorithm,
                         evaluator=constant_model(game, 0.25))  # fmt: skip
    np.testing.assert_allclose(result.root_values, [0.25, -0.25], atol=1e-6)


@pytest.mark.parametrize(
    "name, params, algorithms",
    [
        ("connect_four", {}, ["uct", "puct", "ismcts", "mo-ismcts", "pimc"]),
        ("leduc_poker", {}, ["ismcts", "mo-ismcts", "pimc", "smooth-uct", "infoset-uct"]),
        ("gnomi", {"players": 3}, ["ismcts", "mo-ismcts", "pimc"]),
        ("candyland", {}, ["uct", "puct"]),  # chance at the leaves
    ],
)
def test_every_algorithm_searches_with_a_model(name, params, algorithms):
    game = ts.load_game(name, **params)
    model = Model.for_game(game, hidden=(8,), seed=1)
    state = game.new_initial_state(seed=0)
    while state.current_player() < 0:
        state.apply_action(state.chance_outcomes()[0][0])
    for algorithm in algorithms:
        first = mcts.search(state, iterations=300, seed=5, algorithm=algorithm, evaluator=model)
        again = mcts.search(state, iterations=300, seed=5, algorithm=algorithm, evaluator=model)
        assert first.stats == again.stats, algorithm
        assert first.best_action in state.legal_actions()
        two = mcts.search(state, iterations=300, seed=5, algorithm=algorithm, evaluator=model, threads=2)
        assert two.iterations == 300


def test_a_model_of_another_game_is_refused_by_the_search():
    model = Model.for_game(ts.load_game("connect_four"), hidden=(4,))
    with pytest.raises(ValueError, match=r"this model is for connect_four\(\), not tic_tac_toe\(\)"):
        mcts.search(ts.load_game("tic_tac_toe").new_initial_state(), evaluator=model)


def leak_pairs(game, count):
    """Decision states paired with another world of the mover's information set that differs."""
    pairs, seed = [], 0
    while len(pairs) < count and seed < 200:
        state = game.new_initial_state(seed=seed)
        rng = np.random.default_rng(seed)
        seed += 1
        for _ in range(int(rng.integers(1, 12))):
            if state.is_terminal():
                break
            if state.current_player() < 0:
                actions, weights = zip(*state.chance_outcomes())
                state.apply_action(actions[int(rng.choice(len(actions), p=np.array(weights) / sum(weights)))])
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        if state.is_terminal() or state.current_player() < 0:
            continue
        player = state.current_player()
        other = state.resample_from_infostate(player, seed)
        if (other.fields(), other.history()) != (state.fields(), state.history()):
            pairs.append((state, other))
    return pairs


@pytest.mark.parametrize("name", ["leduc_poker", "gnomi"])
def test_no_leak_with_a_model(name):
    """States the searcher cannot tell apart give identical searches with a model as evaluator
    (the network reads worlds the search resampled, never the real hidden cards)."""
    game = ts.load_game(name)
    model = Model.for_game(game, hidden=(16,), seed=2)
    pairs = leak_pairs(game, 4)
    assert len(pairs) >= 3
    for algorithm in mcts.HIDDEN_INFORMATION_ALGORITHMS:
        if name == "gnomi" and algorithm in ("smooth-uct", "infoset-uct"):
            continue  # two-player games only
        for seed, (a, b) in enumerate(pairs):
            ra = mcts.search(a, iterations=400, seed=seed, algorithm=algorithm, evaluator=model)
            rb = mcts.search(b, iterations=400, seed=seed, algorithm=algorithm, evaluator=model)
            assert (ra.stats, ra.root_values) == (rb.stats, rb.root_values), algorithm


def test_uct_with_a_model_would_fail_the_leak_test():
    """The check above can fail: UCT reads the true world, and the network's view of it differs."""
    game = ts.load_game("leduc_poker")
    model = Model.for_game(game, hidden=(16,), seed=2)
    differing = sum(
        mcts.search(a, iterations=400, seed=s, algorithm="uct", evaluator=model).root_values
        != mcts.search(b, iterations=400, seed=s, algorithm="uct", evaluator=model).root_values
        for s, (a, b) in enumerate(leak_pairs(game, 4))
    )
    assert differing >= 2


def test_agent_specs_name_a_model_file(tmp_path):
    game = ts.load_game("connect_four")
    constant_model(game, 0.0, 3).save(tmp_path / "c4.tsmodel")
    agent = make_agent(f"mcts:model={tmp_path / 'c4.tsmodel'},iterations=100", seed=1)
    assert agent.step(game.new_initial_state()) == 3
    with pytest.raises(ValueError, match="rollouts and model are two evaluators"):
        make_agent(f"mcts:model={tmp_path / 'c4.tsmodel'},rollouts=2", seed=1)


def test_specs_from_a_page_name_models_never_paths(tmp_path):
    game = ts.load_game("connect_four")
    path = str(tmp_path / "c4.tsmodel")
    constant_model(game, 0.0, 3).save(path)
    agent = make_agent("mcts:model=strong,iterations=100", seed=1, models={"strong": path})
    assert agent.step(game.new_initial_state()) == 3
    with pytest.raises(ValueError, match=r"unknown model '.*c4.tsmodel'.*this server's models: strong"):
        make_agent(f"mcts:model={path}", seed=1, models={"strong": path})


def test_tournament_workers_load_the_model(tmp_path):
    game = ts.load_game("connect_four")
    path = tmp_path / "c4.tsmodel"
    constant_model(game, 0.0, 3).save(path)
    spec = f"mcts:model={path},iterations=50"
    result = ts.tournament("connect_four", [spec, "random"], games=4, workers=2, seed=0)
    assert {row["agent"]: row["games"] for row in result.table} == {spec: 4, "random": 4}


def test_the_web_app_plays_models_its_starter_named(tmp_path):
    pytest.importorskip("starlette")
    from tablesearch.web.plugins import check_models
    from tablesearch.web.seats import build_agent
    from tablesearch.web.settings import ServerSettings
    from tablesearch.web.untrusted import BadRequest, SeatRequest

    game = ts.load_game("connect_four")
    path = str(tmp_path / "c4.tsmodel")
    constant_model(game, 0.0, 3).save(path)
    settings = ServerSettings(models=check_models({"strong": path}))
    agent = build_agent(0, SeatRequest("mcts:model=strong,iterations=100"), game, 1, settings)
    assert agent.step(game.new_initial_state()) == 3
    with pytest.raises(BadRequest, match="seat 2: unknown model"):
        build_agent(1, SeatRequest(f"mcts:model={path}"), game, 1, settings)
    (tmp_path / "bad.tsmodel").write_bytes(b"not a model")
    with pytest.raises(ValueError, match="--model weak: model file .* is not a tablesearch model file"):
        check_models({"weak": tmp_path / "bad.tsmodel"})
    with pytest.raises(ValueError, match="NAME free of"):
        check_models({"a,b": path})
