"""OpenSpiel interop: tablesearch games inside pyspiel (to_pyspiel) and OpenSpiel's games inside
tablesearch (load_game("openspiel:...")). Skipped without the openspiel extra. Budget: ~20 s."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="needs the openspiel extra: pip install '.[openspiel]' in the clone")

from open_spiel.python import policy as os_policy  # noqa: E402
from open_spiel.python.algorithms import best_response, exploitability  # noqa: E402

import tablesearch as ts  # noqa: E402
from tablesearch import _core, cli, mcts  # noqa: E402
from tablesearch.interop.openspiel import to_pyspiel  # noqa: E402

NATIVE = _core.list_games()  # every native game declares what pyspiel's GameInfo needs


# ---- observation tensors laid out as OpenSpiel lays them out ----------------------------------


@pytest.mark.parametrize("name", ["tic_tac_toe", "connect_four"])
def test_observation_tensors_equal_pyspiel_along_random_games(name):
    rng = random.Random(0)
    for _ in range(20):
        ours, theirs = ts.load_game(name).new_initial_state(), pyspiel.load_game(name).new_initial_state()
        while True:
            for player in (0, 1):
                expected = np.array(theirs.observation_tensor(player), np.float32)
                np.testing.assert_array_equal(ours.observation_tensor(player).ravel(), expected)
            assert list(ours.observation_tensor(0).shape) == pyspiel.load_game(name).observation_tensor_shape()
            if ours.is_terminal():
                assert theirs.is_terminal()
                break
            action = rng.choice(ours.legal_actions())
            ours.apply_action(action)
            theirs.apply_action(action)


# ---- tablesearch games as pyspiel games ---------------------------------------------------------


def test_exploitability_best_response_and_cfr_give_openspiels_figures_on_our_leduc():
    """On to_pyspiel(leduc) and on OpenSpiel's own Leduc: the uniform policy's exploitability
    (2.3736...), each player's best-response value against it, and C++ CFR's average policy after
    two iterations (the first average is still uniform) with its exploitability. ~15 s: every
    call walks the whole tree through pyspiel's Python-game API."""
    ours, theirs = to_pyspiel(ts.load_game("leduc_poker")), pyspiel.load_game("leduc_poker")
    assert ours.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert (
        ours.num_distinct_actions(),
        ours.max_chance_outcomes(),
        ours.min_utility(),
        ours.max_utility(),
        ours.max_game_length(),
    ) == (
        theirs.num_distinct_actions(),
        theirs.max_chance_outcomes(),
        theirs.min_utility(),
        theirs.max_utility(),
        theirs.max_game_length(),
    )
    figures = []
    for game in (ours, theirs):
        uniform = os_policy.UniformRandomPolicy(game)
        root = game.new_initial_state()
        solver = pyspiel.CFRSolver(game)
        for _ in range(2):
            solver.evaluate_and_update_policy()
        figures.append(
            {
                "uniform": pyspiel.exploitability(
                    game, os_policy.python_policy_to_pyspiel_policy(os_policy.TabularPolicy(game))
                ),
                "best responses": [best_response.BestResponsePolicy(game, p, uniform).value(root) for p in (0, 1)],
                "cfr": pyspiel.exploitability(game, solver.average_policy()),
            }
        )
    assert figures[0]["uniform"] == pytest.approx(2.373611111111111, abs=1e-12)
    assert figures[0]["uniform"] == pytest.approx(figures[1]["uniform"], abs=1e-12)
    assert figures[0]["best responses"] == pytest.approx(figures[1]["best responses"], abs=1e-12)
    assert figures[0]["cfr"] == pytest.approx(figures[1]["cfr"], abs=1e-12)
    assert figures[0]["cfr"] < 2.3  # CFR improves on uniform play


def test_python_exploitability_module_agrees():
    """open_spiel.python.algorithms.exploitability (a separate, Python implementation)."""
    game = to_pyspiel("leduc_poker")
    value = exploitability.exploitability(game, os_policy.UniformRandomPolicy(game))
    assert value == pytest.approx(2.373611111111111, abs=1e-12)


@pytest.mark.parametrize("name", NATIVE)
def test_every_native_game_plays_through_pyspiel(name):
    """Random games through pyspiel's API: chance sums to one, returns add up to zero (the
    declared ZERO_SUM), the length stays within max_game_length, strings and tensors answer."""
    game = to_pyspiel(name)
    assert game.get_type().short_name == f"tablesearch_{name}"
    shape = game.observation_tensor_shape()
    rng = random.Random(1)
    for _ in range(3):
        state, plies = game.new_initial_state(), 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                assert sum(p for _, p in outcomes) == pytest.approx(1.0)
                action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                player = state.current_player()
                assert state.information_state_string(player).startswith(f"p{player} ")
                assert len(state.observation_tensor(player)) == int(np.prod(shape))
                action = rng.choice(state.legal_actions())
                assert action < game.num_distinct_actions()
            plies += not state.is_chance_node()  # max_game_length counts decisions, as OpenSpiel's
            state.apply_action(action)
        assert sum(state.returns()) == pytest.approx(0.0, abs=1e-9)
        assert game.min_utility() <= min(state.returns()) <= max(state.returns()) <= game.max_utility()
        assert plies <= game.max_game_length()


@pytest.mark.parametrize("name", NATIVE)
def test_openspiels_own_random_simulation_test_passes(name):
    """pyspiel.random_sim_test: OpenSpiel's generic checks (legal actions within the declared
    ranges, chance, clones, histories, tensors, strings), with state serialization where
    pyspiel can do it: not for sampled-stochastic Python games (pyspiel cannot reach their RNG
    state), nor for candyland, whose deck=64 a game string reads back as an int."""
    game = to_pyspiel(name)
    sampled = game.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    pyspiel.random_sim_test(game, num_sims=3, serialize=not sampled and name != "candyland", verbose=False)


def test_states_serialize_through_pyspiel():
    game = to_pyspiel("leduc_poker")
    state = game.new_initial_state()
    for action in (1, 4, 2, 1):
        state.apply_action(action)
    text = pyspiel.serialize_game_and_state(game, state)
    again_game, again = pyspiel.deserialize_game_and_state(text)
    assert again.history() == [1, 4, 2, 1] and str(again) == str(state)
    assert again.ts_state.history() == [1, 4, 2, 1]
    assert again.information_state_string(1) == state.information_state_string(1)


def test_pyspiel_parameters_and_seeded_setups():
    to_pyspiel("leduc_poker")  # registers tablesearch_leduc_poker with pyspiel
    three = pyspiel.load_game("tablesearch_leduc_poker(players=3)")
    assert three.num_players() == 3 and three.max_utility() == 26
    assert to_pyspiel(ts.load_game("leduc_poker", players=4)).num_players() == 4
    # Gnomi deals from the seed: pyspiel sees a sampled-stochastic game whose rng_seed replays.
    gnomi = to_pyspiel(ts.load_game("gnomi"))
    assert gnomi.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    deal = [str(pyspiel.load_game("tablesearch_gnomi(rng_seed=5)").new_initial_state()) for _ in range(2)]
    assert deal[0] == deal[1] != str(pyspiel.load_game("tablesearch_gnomi(rng_seed=6)").new_initial_state())
    assert to_pyspiel("tic_tac_toe").get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC


def test_hidden_information_stays_hidden_through_pyspiel():
    game = to_pyspiel("leduc_poker")
    state = game.new_initial_state()
    state.apply_action(0)  # player 0 gets card 0
    state.apply_action(3)  # player 1 gets card 3
    other = game.new_initial_state()
    other.apply_action(0)
    other.apply_action(4)
    assert state.information_state_string(0) == other.information_state_string(0)
    assert state.information_state_string(1) != other.information_state_string(1)
    with pytest.raises(ValueError, match="no observation strings"):
        state.observation_string(0)  # hidden-information games declare no observation strings
    world = state.resample_from_infostate(0, random.Random(3).random)
    assert world.information_state_string(0) == state.information_state_string(0)


def test_a_python_game_states_its_utility_bounds():
    from helpers.py_games import Nim

    game = ts.load_game("py_nim")
    with pytest.raises(ValueError, match="needs max_game_length, which the game does not declare"):
        to_pyspiel(game)
    spiel = to_pyspiel(game, min_utility=-1, max_utility=1, utility_sum=0, max_game_length=Nim().stones)
    assert spiel.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    values = pyspiel.CFRSolver(spiel)  # a perfect-information game solves too
    values.evaluate_and_update_policy()
    state = spiel.new_initial_state()
    state.apply_action(0)
    assert state.current_player() == 1 and str(state) == "12 stones, player 1 to move"


# ---- pyspiel games inside tablesearch -----------------------------------------------------------


@pytest.mark.parametrize("name, facts", [("kuhn_poker", (-2.0, 2.0, 0.0, 3)), ("liars_dice", (-1.0, 1.0, 0.0, 13))])
def test_openspiel_games_declare_openspiels_facts(name, facts):
    """A game's utility range, sum and length bound are OpenSpiel's (the search scales by the
    range: smooth-uct on Kuhn poker's [-2, 2])."""
    game = ts.load_game("openspiel:" + name)
    assert (game.min_utility(), game.max_utility(), game.utility_sum(), game.max_game_length()) == facts
    assert (game.info.min_utility, game.info.max_utility) == facts[:2]


def test_openspiel_game_strings_load_with_checked_actions_and_serialize():
    game = ts.load_game("openspiel:kuhn_poker")
    assert game.num_players() == 2 and game.has_chance() and game.has_hidden_information()
    state = game.new_initial_state(seed=0)
    assert state.is_chance_node() and [p for _, p in state.chance_outcomes()] == pytest.approx([1 / 3] * 3)
    with pytest.raises(ValueError, match="legal actions: 0, 1, 2"):
        state.apply_action(7)
    for action in (2, 0, 1):
        state.apply_action(action)
    assert state.current_player() == 1 and state.action_to_string(0) == "Pass"
    again = game.deserialize_state(state.serialize())
    assert again.history() == [2, 0, 1] and str(again) == str(state)
    assert json.loads(state.serialize())["game"] == "openspiel:kuhn_poker"
    assert ts.load_game("openspiel:leduc_poker(players=3)").num_players() == 3
    assert ts.load_game("openspiel:leduc_poker", players=4).num_players() == 4
    assert ts.load_game("openspiel:tic_tac_toe").observation_shape() == (3, 3, 3)


@pytest.mark.parametrize(
    "name, message",
    [
        ("openspiel:no_such_game", "Unknown game 'no_such_game'"),
        ("openspiel:kuhn_poker(bogus=1)", "Unknown parameter 'bogus'"),
        ("openspiel:mfg_crowd_modelling", "tablesearch plays sequential games"),
    ],
)
def test_bad_openspiel_names_say_what_is_wrong(name, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        ts.load_game(name)
    assert name not in ts.list_games()


def test_observed_actions_hide_the_other_private_deal():
    state = ts.load_game("openspiel:kuhn_poker").new_initial_state(seed=0)
    state.apply_action(1)  # player 0's card; player 1's comes next
    assert len({state.observed_action(0, a) for a in state.legal_actions()}) == 1
    assert len({state.observed_action(1, a) for a in state.legal_actions()}) == 2


def test_worlds_without_openspiels_resampling_keep_the_players_information_state():
    """liars_dice has no ResampleFromInfostate: the generic replay keeps player 0's view and
    redraws player 1's dice."""
    game = ts.load_game("openspiel:liars_dice")
    state = game.new_initial_state(seed=0)
    for action in (0, 5, 0):  # dice 1 for player 0, 6 for player 1; player 0 bids
        state.apply_action(action)
    seen = state.information_state_string(0)
    worlds = [state.resample_from_infostate(0, seed) for seed in range(12)]
    assert all(w.information_state_string(0) == seen for w in worlds)
    assert all(w.history()[0] == 0 and w.history()[2] == 0 for w in worlds)  # what player 0 did and saw
    assert len({w.history()[1] for w in worlds}) > 1  # player 1's die is redrawn, in history() too
    assert all(w.history() == w.native_state.history() for w in worlds)


def test_ismcts_on_an_openspiel_game_reads_only_the_information_set():
    game = ts.load_game("openspiel:kuhn_poker")
    results = []
    for other_card in (0, 2):
        state = game.new_initial_state(seed=0)
        state.apply_action(1)
        state.apply_action(other_card)
        results.append(mcts.search(state, iterations=300, seed=4).stats)
    assert results[0] == results[1]


def test_a_tournament_runs_on_openspiel_kuhn_poker_in_worker_processes():
    result = ts.tournament("openspiel:kuhn_poker", ["mcts:iterations=100", "random"], games=8, seed=0, workers=2)
    assert result.games == 8 and result.game == "openspiel:kuhn_poker"
    assert sum(row["games"] for row in result.table) == 16  # both agents in each game
    assert all(line["finished"] and sum(line["returns"]) == 0 for line in result.lines)


def test_the_command_line_runs_a_tournament_on_openspiel_kuhn_poker(tmp_path, capsys):
    out = tmp_path / "kuhn.jsonl"
    assert (
        cli.main(
            [
                "tournament",
                "openspiel:kuhn_poker",
                "--agents",
                "mcts:iterations=100",
                "random",
                "--games",
                "6",
                "--workers",
                "1",
                "--out",
                str(out),
            ]
        )
        == 0
    )
    assert "Ratings" in capsys.readouterr().out
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(lines) == 6 and all(line["game"] == "openspiel:kuhn_poker" for line in lines)
    assert cli.main(["best-move", "openspiel:no_such_game"]) == 2  # an error message, no traceback
