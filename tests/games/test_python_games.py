"""Games and evaluators written in Python, searched by the native core."""

import json

import numpy as np
import pytest

import tablesearch as ts
from helpers.py_games import Nim, NimState
from tablesearch import mcts
from tablesearch.games import python_games


def test_registered_python_game_is_listed_and_loads():
    assert "py_nim" in ts.list_games()
    game = ts.load_game("py_nim", stones=7)
    assert game.num_players() == 2 and game.parameters() == {"stones": 7}
    with pytest.raises(ValueError, match="bad parameters"):
        ts.load_game("py_nim", pebbles=3)


class DeclaredNim(Nim):
    """Nim declaring every fact a Python game can declare."""

    def parameter_specs(self):
        return [{"name": "stones", "default": 13, "min": 1, "max": 99, "help": "stones on the pile"}]

    def min_utility(self):
        return -1

    def max_utility(self):
        return 1

    def utility_sum(self):
        return 0

    def max_game_length(self):
        return self.stones


def test_python_games_declare_their_facts_or_get_the_defaults():
    declared = python_games.PythonGame("declared_nim", DeclaredNim(stones=7), {"stones": 7})
    assert declared.parameter_specs() == [
        {"name": "stones", "default": 13, "min": 1, "max": 99, "help": "stones on the pile"}
    ]
    assert (declared.min_utility(), declared.max_utility(), declared.utility_sum()) == (-1.0, 1.0, 0.0)
    assert declared.max_game_length() == 7
    assert (declared.min_players(), declared.max_players()) == (2, 2)
    plain = ts.load_game("py_nim")
    defaults = python_games.GAME_FACTS
    assert plain.parameter_specs() == ts.parameter_specs("py_nim") == defaults["parameter_specs"]
    assert (plain.min_utility(), plain.max_utility()) == (defaults["min_utility"], defaults["max_utility"])
    assert plain.utility_sum() is defaults["utility_sum"] is None
    assert plain.max_game_length() is defaults["max_game_length"] is None


@pytest.mark.parametrize(
    "method, bad, error",
    [
        ("parameter_specs", {"stones": 13}, TypeError),
        ("parameter_specs", [{"default": 1}], TypeError),
        ("max_game_length", 0, ValueError),
        ("max_game_length", 2.5, ValueError),
    ],
)
def test_badly_declared_facts_are_refused_naming_the_game(method, bad, error):
    game = Nim()
    setattr(game, method, lambda: bad)
    with pytest.raises(error, match="game 'bad_nim'"):
        python_games.PythonGame("bad_nim", game).max_game_length()


def test_module_factory_names_load():
    game = ts.load_game("helpers.py_games:Nim")
    assert game.new_initial_state().legal_actions() == [0, 1, 2]
    with pytest.raises(ValueError, match="cannot load game"):
        ts.load_game("no_such_module_xyz:Game")


def test_states_check_values_like_native_states():
    """Python-game states take and refuse the same values as native ones."""
    game = ts.load_game("py_nim")
    state = game.new_initial_state(np.int64(3))  # numpy integers are ints
    for bad in (True, 1.0, "1", None):
        with pytest.raises(TypeError, match="action must be an int"):
            state.action_to_string(bad)
        with pytest.raises(TypeError, match="action must be an int"):
            state.observed_action(0, bad)
    with pytest.raises(ValueError, match="legal actions: 0, 1, 2"):
        state.action_to_string(7)
    for bad_seed, error in (("x", TypeError), (1.5, TypeError), (-1, ValueError), (2**64, ValueError)):
        with pytest.raises(error, match="seed"):
            state.resample_from_infostate(0, bad_seed)
    assert state.observed_action(1, np.int64(2)) == 2  # every action public: seen as itself
    with pytest.raises(ValueError, match="player must be in 0..1"):
        state.observed_action(2, 0)
    doc = json.loads(state.serialize())
    for fmt in (True, 1.0):
        with pytest.raises(ValueError, match="format"):
            game.deserialize_state(json.dumps(dict(doc, format=fmt)))


@pytest.mark.parametrize("stones, winning", [(5, 0), (6, 1), (7, 2), (13, 0), (10, 1)])
def test_search_finds_forced_wins_in_nim(stones, winning):
    """Leaving a multiple of four stones wins; the search must find the one move that does."""
    state = ts.load_game("py_nim", stones=stones).new_initial_state()
    result = mcts.search(state, iterations=3000, seed=0)
    assert result.best_action == winning


def test_bare_protocol_objects_are_searched():
    result = mcts.search(NimState(9), iterations=3000, seed=0)  # no registration, no wrapper
    assert result.best_action == 0
    assert [s.action for s in result.stats] == [0, 1, 2]


@pytest.mark.parametrize("p, choice", [(0.9, 1), (0.1, 0)])
def test_chance_probabilities_are_honoured(p, choice):
    """Gambling wins with probability p: worth +0.8 at p=0.9 and -0.8 at p=0.1, against a safe 0."""
    state = ts.load_game("py_gamble", p=p).new_initial_state()
    result = mcts.search(state, iterations=4000, seed=1)
    assert result.best_action == choice
    gamble = next(s for s in result.stats if s.action == 1)
    assert gamble.value == pytest.approx(2 * p - 1, abs=0.15)  # 4 sigma at the gamble's visits


def test_python_game_plays_matches():
    game = ts.load_game("py_nim", stones=15)
    record = ts.play_game(game, [mcts.Agent(iterations=500, seed=0), ts.agents.RandomAgent(1)], seed=0)
    assert record.winners == [0]


class CountingEvaluator:
    def __init__(self, prior_action=None):
        self.evaluations = 0
        self.prior_action = prior_action

    def evaluate(self, state):
        self.evaluations += 1
        return [0.0, 0.0]  # no opinion on values: only the priors can steer

    def prior(self, state):
        actions = state.legal_actions()
        return {a: (0.97 if a == self.prior_action else 0.03 / (len(actions) - 1)) for a in actions}


@pytest.mark.parametrize("favoured", [1, 5])
def test_biased_prior_changes_the_chosen_move(favoured):
    state = ts.load_game("connect_four").new_initial_state()
    evaluator = CountingEvaluator(prior_action=favoured)
    result = mcts.search(state, iterations=300, evaluator=evaluator, seed=0)
    assert result.algorithm == "puct"
    assert result.best_action == favoured
    assert evaluator.evaluations > 0


def test_value_only_evaluator_is_called_under_uct():
    class Values:
        calls = 0

        def evaluate(self, state):
            Values.calls += 1
            return [0.0, 0.0]

    result = mcts.search(NimState(6), iterations=200, evaluator=Values(), seed=0)
    assert result.algorithm == "uct" and Values.calls > 0


def test_dirichlet_noise_changes_root_statistics_reproducibly():
    state = ts.load_game("connect_four").new_initial_state()
    plain = mcts.search(state, iterations=400, evaluator=CountingEvaluator(3), seed=0)
    noisy = mcts.search(state, iterations=400, evaluator=CountingEvaluator(3), seed=0, dirichlet_alpha=0.3)
    again = mcts.search(state, iterations=400, evaluator=CountingEvaluator(3), seed=0, dirichlet_alpha=0.3)
    assert noisy.stats != plain.stats and noisy.stats == again.stats


class LinearBatchEvaluator:
    """A numpy 'network': values from a fixed linear map of the observation, priors favouring one column."""

    def __init__(self, batch_size, favoured=None):
        self.batch_size = batch_size
        self.favoured = favoured
        self.batches = []

    def evaluate_batch(self, observations):
        self.batches.append(observations.shape)
        n = observations.shape[0]
        values = np.zeros((n, 2))
        priors = np.ones((n, 7))
        if self.favoured is not None:
            priors[:, self.favoured] = 100.0
        return values, priors


def test_batched_evaluator_receives_arrays_of_observations():
    state = ts.load_game("connect_four").new_initial_state()
    evaluator = LinearBatchEvaluator(batch_size=8, favoured=2)
    result = mcts.search(state, iterations=400, evaluator=evaluator, seed=0)
    assert result.algorithm == "puct" and result.iterations == 400
    assert all(shape[1:] == (3, 6, 7) for shape in evaluator.batches)
    assert max(shape[0] for shape in evaluator.batches) == 8
    assert len(evaluator.batches) < 400 / 4  # many leaves per call
    assert result.best_action == 2


def test_batched_search_on_a_python_game():
    game = ts.load_game("py_nim", stones=9)

    class NimNet:
        batch_size = 4

        def evaluate_batch(self, observations):
            return np.zeros((len(observations), 2)), np.ones((len(observations), 3))

    result = mcts.search(game.new_initial_state(), iterations=2000, evaluator=NimNet(), seed=0)
    assert result.best_action == 0


def test_batched_evaluator_needs_puct():
    with pytest.raises(ValueError, match="puct"):
        mcts.search(
            ts.load_game("connect_four").new_initial_state(),
            iterations=10,
            evaluator=LinearBatchEvaluator(4),
            algorithm="uct",
        )


class Boom(Exception):
    pass


def test_errors_in_user_callbacks_propagate_with_their_traceback():
    class Failing:
        def evaluate(self, state):
            raise Boom("evaluator failed")

    with pytest.raises(Boom, match="evaluator failed") as info:
        mcts.search(ts.load_game("connect_four").new_initial_state(), iterations=50, evaluator=Failing())
    assert any(entry.name == "evaluate" for entry in info.traceback)

    class BrokenState(NimState):
        def legal_actions(self):
            raise Boom("legal_actions failed")

    with pytest.raises(Boom):
        mcts.search(BrokenState(5), iterations=50)


@pytest.mark.parametrize(
    "method, bad, error",
    [
        ("legal_actions", lambda self: "abc", TypeError),
        ("legal_actions", lambda self: [-3], ValueError),
        ("returns", lambda self: [1.0], ValueError),
        ("returns", lambda self: ["x", "y"], TypeError),
        ("current_player", lambda self: "me", TypeError),
        ("current_player", lambda self: 7, ValueError),
        ("clone", lambda self: self, ValueError),
    ],
)
def test_wrong_types_from_state_callbacks_give_clear_errors(method, bad, error):
    broken = type("Broken", (NimState,), {method: bad})
    with pytest.raises(error):
        mcts.search(broken(6), iterations=100, seed=0)


@pytest.mark.parametrize(
    "returned, error",
    [
        ([0.0], ValueError),
        ("ab", TypeError),
        ([float("nan"), 0.0], ValueError),
        (None, TypeError),
    ],
)
def test_wrong_evaluator_results_give_clear_errors(returned, error):
    class Bad:
        def evaluate(self, state):
            return returned

    with pytest.raises(error):
        mcts.search(NimState(6), iterations=50, evaluator=Bad(), seed=0)


@pytest.mark.parametrize(
    "values, priors",
    [
        (np.zeros((1, 2)), np.ones((1, 7))),  # wrong batch size in values
        (np.zeros((8, 3)), np.ones((8, 7))),  # wrong number of players
        (np.zeros((8, 2)), np.ones((8, 5))),  # wrong prior width
        (np.zeros((8, 2)), -np.ones((8, 7))),  # negative priors
    ],
)
def test_wrong_batch_shapes_give_clear_errors(values, priors):
    class Bad:
        batch_size = 8

        def evaluate_batch(self, observations):
            n = len(observations)
            return values[:n] if values.shape[0] > 1 else values, priors[:n] if priors.shape[0] > 1 else priors

    with pytest.raises(ValueError):
        mcts.search(ts.load_game("connect_four").new_initial_state(), iterations=64, evaluator=Bad(), seed=0)


def test_bad_evaluator_object():
    with pytest.raises(TypeError, match="evaluator"):
        mcts.search(NimState(5), iterations=10, evaluator=object())


def test_bad_state_object():
    with pytest.raises(TypeError, match="lacks"):
        mcts.search(object(), iterations=10)


def test_methods_are_looked_up_as_python_looks_them_up():
    """The search finds a state type's methods once; a method an instance attribute overrides on
    the state searched from, or one a custom __getattribute__ serves, is still the one called."""

    class Shadowed(NimState):
        def clone(self):
            copy = super().clone()
            copy.__dict__.update({k: v for k, v in self.__dict__.items() if k == "legal_actions"})
            return copy

    state = Shadowed(9)
    state.legal_actions = lambda: [0]  # only "take 1" is legal for this state and its clones
    assert [s.action for s in mcts.search(state, iterations=200, seed=0).stats] == [0]

    class Served(NimState):
        def __getattribute__(self, name):
            if name == "legal_actions":
                return lambda: [1]  # only "take 2"
            return super().__getattribute__(name)

    assert [s.action for s in mcts.search(Served(8), iterations=200, seed=0).stats] == [1]  # 8, 6, 4, 2, 0


def test_python_game_threads_are_deterministic():
    runs = [mcts.search(NimState(11), iterations=2000, threads=2, seed=3).stats for _ in range(2)]
    assert runs[0] == runs[1]


def test_pyspiel_states_are_searched():
    pyspiel = pytest.importorskip("pyspiel")
    state = pyspiel.load_game("tic_tac_toe").new_initial_state()
    for a in [0, 3, 1, 4]:
        state.apply_action(a)
    result = mcts.search(state, iterations=2000, seed=0)
    assert result.best_action == 2
    pytest.importorskip("open_spiel.python.games.tic_tac_toe")  # registers python_tic_tac_toe
    python_game = pyspiel.load_game("python_tic_tac_toe")
    state = python_game.new_initial_state()
    for a in [0, 3, 1, 4]:
        state.apply_action(a)
    assert mcts.search(state, iterations=2000, seed=0).best_action == 2


def test_hidden_information_of_python_games_is_honoured():
    """Peek: guess the opponent's secret card. UCT searches the true state and finds the card;
    the hidden-information searches only see what player 0 knows, so two states that differ in
    the hidden card give identical statistics. "auto" picks ISMCTS from has_hidden_information."""
    from helpers.py_games import Peek, PeekState

    def position(their_card):
        state = PeekState([4, their_card])
        state.apply_action(0)  # the coin
        return state

    assert mcts.search(position(7), iterations=2000, seed=0, algorithm="uct").best_action == 7
    for algorithm in ("ismcts", "mo-ismcts", "pimc"):
        a = mcts.search(position(7), iterations=2000, seed=3, algorithm=algorithm)
        b = mcts.search(position(2), iterations=2000, seed=3, algorithm=algorithm)
        assert a.stats == b.stats, algorithm

    if "py_peek" not in ts.list_games():
        ts.register_game("py_peek", Peek)
    state = ts.load_game("py_peek").new_initial_state(seed=0)
    state.apply_action(0)
    assert mcts.search(state, iterations=500, seed=0).algorithm == "ismcts"
