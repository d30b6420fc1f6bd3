"""Games written in Python and compiled with numba (tablesearch.games.compiled): the examples
follow the rules of their native and Python counterparts (compiled connect four searches and plays
exactly as the native one for the same seed), every search and tool takes them, what a game
declares is checked before anything is compiled, and compiled code is cached by a fingerprint.

The generic suites (conformance, serialization, hidden-information leaks, hostile input) run on
the compiled examples through tests/helpers/compiled_games.py; games that break the rules on
purpose are in tests/robustness/test_hostile_compiled_games.py."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import textwrap
import types

import numpy as np
import pytest

pytest.importorskip("numba")

from numba import njit  # noqa: E402

import tablesearch as ts  # noqa: E402
from helpers import compiled_games  # noqa: E402
from tablesearch import mcts  # noqa: E402
from tablesearch.games import python_games  # noqa: E402
from tablesearch.games.compiled import CompiledGame, _fingerprint  # noqa: E402


@pytest.fixture(autouse=True)
def registrations_end_with_the_test():
    """The games a test here registers (some broken on purpose) are unregistered after it, so
    that suites listing every game do not meet them."""
    before = dict(python_games._registry)
    yield
    python_games._registry.clear()
    python_games._registry.update(before)


def walk(state, rng):
    """The states of one random game from `state` (chance by its probabilities), the last one terminal."""
    states = [state.clone()]
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, weights=probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        states.append(state.clone())
    return states


def c4_positions(count, seed=0):
    """Pairs (compiled, native) of the same connect four positions, reached by random moves."""
    rng = random.Random(seed)
    pairs = []
    for _ in range(count):
        a = ts.load_game("compiled_connect_four").new_initial_state(0)
        b = ts.load_game("connect_four").new_initial_state(0)
        for _ in range(rng.randrange(12)):
            if a.is_terminal():
                break
            action = rng.choice(b.legal_actions())
            a.apply_action(action)
            b.apply_action(action)
        if not a.is_terminal():
            pairs.append((a, b))
    return pairs


# --- the examples follow their counterparts' rules ----------------------------------------------


def test_compiled_connect_four_matches_the_native_game_state_by_state():
    for seed in range(20):
        rng = random.Random(seed)
        a = ts.load_game("compiled_connect_four").new_initial_state(0)
        b = ts.load_game("connect_four").new_initial_state(0)
        while not b.is_terminal():
            assert a.legal_actions() == b.legal_actions() and a.current_player() == b.current_player()
            assert str(a) == str(b)
            assert all(a.action_to_string(x) == b.action_to_string(x) for x in b.legal_actions())
            for p in range(2):
                assert np.array_equal(a.observation_tensor(p), b.observation_tensor(p))
            action = rng.choice(b.legal_actions())
            a.apply_action(action)
            b.apply_action(action)
        assert a.is_terminal() and a.returns() == b.returns() and str(a) == str(b)


@pytest.mark.parametrize(
    "options",
    [
        dict(algorithm="uct"),
        dict(algorithm="uct", threads=2),
        dict(algorithm="uct", solve=True),
        dict(algorithm="uct", evaluator=mcts.RandomRollout(rollouts=3), uct_c=2.0, playout="mast"),
        dict(algorithm="ismcts"),
    ],
    ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()),
)
def test_compiled_connect_four_searches_exactly_as_the_native_game(options):
    """Same rules, same action numbering, same seed: the same statistics, values and tree."""
    for seed, (a, b) in enumerate(c4_positions(4)):
        ra = mcts.search(a, iterations=2000, seed=seed, **options)
        rb = mcts.search(b, iterations=2000, seed=seed, **options)
        assert ra.stats == rb.stats and ra.root_values == rb.root_values
        assert (ra.best_action, ra.nodes, ra.proven_value) == (rb.best_action, rb.nodes, rb.proven_value)


def test_compiled_connect_four_plays_the_same_games_as_the_native_game():
    """Agents that keep their trees between moves, seeded alike: move for move the same games."""
    for seed in range(2):
        records = [
            ts.play_game(
                ts.load_game(name), [mcts.Agent(iterations=300, seed=seed), mcts.Agent(iterations=600, seed=seed + 1)]
            )
            for name in ("compiled_connect_four", "connect_four")
        ]
        assert records[0].actions == records[1].actions and records[0].returns == records[1].returns


def test_compiled_leduc_poker_follows_the_native_rules():
    """The same actions give the same legal actions, chance outcomes, players, returns and
    observations; and the two games split states into the same information sets."""
    compiled_game, native_game = ts.load_game("compiled_leduc_poker"), ts.load_game("leduc_poker")
    keys = {}
    for seed in range(60):
        rng = random.Random(seed)
        a, b = compiled_game.new_initial_state(0), native_game.new_initial_state(0)
        while True:
            assert a.current_player() == b.current_player() and a.legal_actions() == b.legal_actions()
            assert a.chance_outcomes() == b.chance_outcomes()
            for p in range(2):
                assert np.array_equal(a.observation_tensor(p), b.observation_tensor(p))
                # One information set in one game is one in the other.
                keys.setdefault(("compiled", p, a.information_state_string(p)), set()).add(
                    b.information_state_string(p)
                )
                keys.setdefault(("native", p, b.information_state_string(p)), set()).add(a.information_state_string(p))
                if not a.is_terminal() and a.current_player() == ts.CHANCE:
                    assert [a.observed_action(p, x) for x in a.legal_actions()] == [
                        b.observed_action(p, x) for x in b.legal_actions()
                    ]
            if a.is_terminal():
                break
            action = rng.choice(a.legal_actions())
            a.apply_action(action)
            b.apply_action(action)
        assert a.returns() == b.returns()
    assert all(len(matches) == 1 for matches in keys.values())
    assert len(keys) > 200


def test_compiled_pig_follows_the_python_rules():
    if "python_pig" not in ts.list_games():
        ts.register_game("python_pig", compiled_games.example("python_dice_game").Pig)
    a, b = ts.load_game("compiled_pig"), ts.load_game("python_pig")
    for seed in range(30):
        rng = random.Random(seed)
        x, y = a.new_initial_state(0), b.new_initial_state(0)
        while not y.is_terminal():
            assert x.current_player() == y.current_player() and x.legal_actions() == y.legal_actions()
            assert x.chance_outcomes() == y.chance_outcomes()
            action = rng.choice(y.legal_actions())
            assert x.action_to_string(action) == y.action_to_string(action)
            x.apply_action(action)
            y.apply_action(action)
        assert x.is_terminal() and x.returns() == y.returns()


def test_a_compiled_game_describes_its_parameters():
    """As the factory declares them (Pig), else each parameter with its value as the default."""
    (target,) = ts.load_game("compiled_pig", target=30).parameter_specs()
    assert (target["name"], target["default"], target["min"], target["max"]) == ("target", 20, 1, 1000)
    assert target["help"] == "points to win"
    ts.register_game("compiled_described", _game(parameters={"size": 3}))
    assert [(s["name"], s["default"]) for s in ts.load_game("compiled_described").parameter_specs()] == [("size", 3)]
    assert ts.load_game("compiled_connect_four").parameter_specs() == []


def test_parameters_kept_in_the_state_share_the_compiled_code():
    short, long = ts.load_game("compiled_pig", target=5), ts.load_game("compiled_pig", target=50)
    assert short.parameters() == {"target": 5} and ts.load_game("compiled_pig").parameters() == {"target": 20}
    plies = [np.mean([len(walk(g.new_initial_state(0), random.Random(s))) for s in range(30)]) for g in (short, long)]
    assert plies[0] < plies[1] / 3
    state = long.new_initial_state(0)
    assert long.deserialize_state(state.serialize()).get_game().parameters() == {"target": 50}
    with pytest.raises(ValueError, match="serialized parameters"):
        short.deserialize_state(state.serialize())


# --- every search and tool --------------------------------------------------------------------


@pytest.mark.parametrize("algorithm", mcts.ALGORITHMS)
@pytest.mark.parametrize("name", list(compiled_games.GAMES))
def test_every_search_runs_on_compiled_games_on_two_threads(name, algorithm):
    state = ts.load_game(name).new_initial_state(0)
    rng = random.Random(1)
    while state.is_chance_node():
        state.apply_action(rng.choice(state.legal_actions()))
    result = mcts.search(state, iterations=1000, seed=0, algorithm=algorithm, threads=2)
    assert [s.action for s in result.stats] == state.legal_actions()
    assert result.iterations == 1000 and sum(s.visits for s in result.stats) > 0
    assert result.best_action in state.legal_actions()


def test_puct_with_python_and_batched_evaluators():
    class Prior:
        def evaluate(self, state):
            return [0.0, 0.0]

        def prior(self, state):
            return {a: 2.0 if a == 3 else 1.0 for a in state.legal_actions()}

    class Batched:
        batch_size = 8

        def __init__(self):
            self.shapes = set()

        def evaluate_batch(self, observations):
            self.shapes.add(observations.shape[1:])
            return np.zeros((len(observations), 2)), np.ones((len(observations), 7))

    state = ts.load_game("compiled_connect_four").new_initial_state(0)
    result = mcts.search(state, iterations=400, seed=0, evaluator=Prior())
    assert result.algorithm == "puct" and result.best_action == 3
    batched = Batched()
    result = mcts.search(state, iterations=200, seed=0, evaluator=batched)
    assert batched.shapes == {(3, 6, 7)} and result.iterations == 200


def test_tournaments_in_worker_processes_and_balance_analysis():
    result = ts.tournament(
        "compiled_pig", {"mcts": "mcts:iterations=200", "random": "random"}, games=8, workers=2, seed=0, progress=False
    )
    assert len(result.lines) == 8 and all(line["game"] == "compiled_pig" for line in result.lines)
    report = ts.analyze("compiled_pig", {"target": 10}, games=4, budget={"iterations": 50}, progress=False)
    assert report.game == "compiled_pig" and len(report.variants) == 1


def test_a_compiled_game_is_drawn_and_played_in_the_web_app():
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    from starlette.testclient import TestClient

    from tablesearch import render
    from tablesearch.web.app import create_app, game_list
    from tablesearch.web.settings import ServerSettings

    assert "compiled_connect_four" in [g["name"] for g in game_list()]
    svg = render.draw(ts.load_game("compiled_connect_four").new_initial_state(0))
    assert svg.startswith("<svg") and "......." in svg  # the game's own text, in a box
    settings = ServerSettings(hosts=frozenset({"testserver"}))
    with TestClient(create_app(settings=settings), headers={"x-tablesearch-token": settings.token}) as client:
        body = dict(game="compiled_connect_four", seats=["human", "mcts:iterations=50"])
        sid = client.post("/api/sessions", json=body).json()["id"]
        with client.websocket_connect(f"/ws/{sid}?seat=0") as ws:
            assert ws.receive_json()["your_turn"]
            ws.send_json({"type": "move", "action": 3})
            view = ws.receive_json()
            while not view.get("your_turn"):
                view = ws.receive_json()
            assert view["log"][0].startswith("You play x3") and "<svg" in view["svg"]


# --- what a game declares ------------------------------------------------------------------------


@njit
def _player(state):
    return ts.TERMINAL if state[0] else 0


@njit
def _legal(state, actions):
    actions[0] = 0
    return 1


@njit
def _apply(state, action):
    state[0] = 1


@njit
def _returns(state, values):
    values[0] = 0.0


@njit
def _observe(state, player, values):
    values[0] = state[0]


def _game(**changes):
    facts = dict(
        num_players=1,
        initial_state=np.zeros(2, np.int8),
        num_distinct_actions=1,
        current_player=_player,
        legal_actions=_legal,
        apply_action=_apply,
        returns=_returns,
    )
    facts.update(changes)
    return lambda: CompiledGame(**facts)


def test_the_example_of_the_docs_runs(tmp_path):
    """docs/fast-python-games.md's Nim, as written there (run from a file: numba reads source)."""
    text = (compiled_games.EXAMPLES.parent / "docs" / "fast-python-games.md").read_text()
    source = text.split("```python\n")[1].split("```")[0]
    path = tmp_path / "docs_nim.py"
    path.write_text(source.replace('"nim"', '"docs_nim"'))
    scope = {"__name__": "docs_nim"}
    exec(compile(source.replace('"nim"', '"docs_nim"'), str(path), "exec"), scope)
    assert scope["result"].best_action == 3  # leave 12 stones: a multiple of 4
    assert scope["game"].parameters() == {"stones": 15}


def test_a_minimal_game_loads_and_plays():
    ts.register_game("compiled_minimal", _game())
    state = ts.load_game("compiled_minimal").new_initial_state()
    assert state.legal_actions() == [0] and str(state) == "0 0"
    state.apply_action(0)
    assert state.is_terminal() and state.returns() == [0.0] and str(state) == "1 0"


@pytest.mark.parametrize(
    "changes, error, message",
    [
        (dict(initial_state=np.zeros((2, 2), np.int8)), TypeError, "one-dimensional numpy array"),
        (dict(initial_state=[0, 0]), TypeError, "one-dimensional numpy array, got list"),
        (dict(initial_state=np.zeros(2, bool)), TypeError, "dtype is bool"),
        (dict(initial_state=np.zeros(5000, np.int8)), ValueError, "must hold 1..4096 bytes, got 5000"),
        (dict(num_players=0), ValueError, "num_players() must be in 1..8, got 0"),
        (dict(num_players=2.0), TypeError, "num_players() must be an int"),
        (dict(num_distinct_actions=-1), ValueError, "max_legal_actions() must be >= 0, got -1"),
        (dict(num_distinct_actions=0, max_legal_actions=1), ValueError, "num_distinct_actions() must be in 1..65536"),
        (dict(legal_actions=None), ValueError, "current_player, legal_actions, apply_action and returns are required"),
        (dict(legal_actions="legal"), TypeError, "legal_actions must be a function"),
        (dict(information_state=_legal), ValueError, "needs information_state and resample"),
        (dict(resample=_apply), ValueError, "are for games with hidden information"),
        (dict(observation=_apply), ValueError, "observation needs observation_shape"),
        (dict(min_utility=1, max_utility=-1), ValueError, "below max_utility"),
        (dict(min_utility="wide"), TypeError, "min_utility() must be a number"),
        (dict(max_game_length=-1), ValueError, "max_game_length() must be >= 0"),
        (dict(parameter_specs="size"), TypeError, "parameter_specs() must return a list of dicts"),
        (dict(parameter_specs=[{"name": "size"}]), TypeError, "a str 'name' and a 'default'"),
        (dict(parameter_specs=[{"name": "size", "default": [3]}]), TypeError, "'size' of parameter_specs(): default"),
        (dict(parameter_specs=[{"name": "size", "default": 3, "max": 9.5}]), TypeError, "max must be an int"),
        (dict(parameter_specs=[{"name": "size", "default": 3, "min": -(2**70)}]), ValueError, "fit in 64 bits"),
        (dict(parameter_specs=[{"name": "size", "default": 2**70}]), ValueError, "size"),
        (dict(parameter_specs=[{"name": "size", "default": "a", "choices": [1]}]), TypeError, "choices must be"),
        # Counts beyond 32 bits, each named with its range (not a failed cast to a C++ int).
        (dict(num_players=2**40), ValueError, "'compiled_bad': num_players() must be in 1..8, got 1099511627776"),
        (dict(max_legal_actions=2**40), ValueError, "max_legal_actions() must be in 1..65536, got 1099511627776"),
        (dict(max_game_length=2**32), ValueError, "max_game_length() must be in 0..2147483647, got 4294967296"),
        (dict(num_players=2**70), ValueError, "'compiled_bad': num_players() must be below 2**63, got"),
        (dict(observation=_observe, observation_shape=(2**33,)), ValueError, "entries must be in 1..1048576"),
    ],
)
def test_what_a_game_declares_is_checked_before_compiling(changes, error, message):
    name = "compiled_bad"
    ts.register_game(name, _game(**changes))
    with pytest.raises(error, match=re.escape(message)):
        ts.load_game(name)


def test_a_big_endian_state_array_is_read_in_the_machines_byte_order():
    ts.register_game("compiled_big_endian", _game(initial_state=np.array([0, 7], ">i4")))
    state = ts.load_game("compiled_big_endian").new_initial_state()
    assert str(state) == "0 7" and state.legal_actions() == [0]
    state.apply_action(0)
    assert state.is_terminal() and str(state) == "1 7"


def _sized(size: int = 3, fast: bool = False):
    """A factory without parameter_specs: its keyword defaults give each parameter's type."""
    return _game(initial_state=np.zeros(2, np.int8) + int(size), parameters={"size": size, "fast": fast})()


@pytest.mark.parametrize("value", [1.5, 4.0, "4", True])
def test_a_parameter_of_another_type_is_refused_as_native_games_refuse_it(value):
    """Not played with int(1.5) and recorded as 1.5: the type of the factory's default, or of the
    declared spec's default, is the parameter's type (as leduc_poker refuses players=4.0)."""
    ts.register_game("compiled_sized", _sized)
    with pytest.raises(ValueError, match="parameter 'size' of game 'compiled_sized' must be of type int, got"):
        ts.load_game("compiled_sized", size=value)
    assert ts.load_game("compiled_sized", size=4).parameters() == {"size": 4, "fast": False}
    assert ts.load_game("compiled_sized").parameter_specs()[0]["default"] == 3


def test_parameters_are_checked_against_the_declared_specs():
    specs = [{"name": "size", "default": 3, "min": 1, "max": 9}]
    ts.register_game("compiled_declared", lambda size=3: _game(parameters={"size": size}, parameter_specs=specs)())
    with pytest.raises(ValueError, match="'size' of game 'compiled_declared' must be between 1 and 9, got 12"):
        ts.load_game("compiled_declared", size=12)
    with pytest.raises(ValueError, match="must be of type int, got float 2.5"):
        ts.load_game("compiled_declared", size=2.5)
    assert ts.load_game("compiled_declared", size=9).parameters() == {"size": 9}


def test_a_plain_python_function_is_jitted_and_its_errors_are_named():
    def legal(state, actions):  # not decorated: jitted here, with bounds checks
        actions[0] = 0
        actions[1] = 0  # the buffer holds max_legal_actions (1) entries
        return 1

    ts.register_game("compiled_overflow", _game(legal_actions=legal))
    with pytest.raises(ValueError, match=r"legal_actions raised an exception: IndexError: index 1 is out of bounds"):
        ts.load_game("compiled_overflow")


def _forgot_the_count(state, actions):
    actions[0] = 0


def _writes_a_string(state, action):
    state[0] = "one"


def _half_a_player(state):
    return 0.5


@pytest.mark.parametrize(
    "changes, message",
    [
        (
            dict(legal_actions=_forgot_the_count),
            "compiled game 'compiled_untyped': legal_actions returns none (is its return missing?); it must return "
            "how many actions it wrote, an int",
        ),
        (
            dict(apply_action=_writes_a_string),
            "compiled game 'compiled_untyped': apply_action does not compile: No implementation of function",
        ),
        (
            dict(current_player=_half_a_player),
            "compiled game 'compiled_untyped': current_player returns float64; it must return the player to move",
        ),
    ],
)
def test_a_function_numba_cannot_type_is_named_with_numbas_reason(changes, message):
    """Not a raw numba TypingError located in the wrappers: the game, the function, and the part
    of numba's message that says what is wrong and where in the game's code."""
    ts.register_game("compiled_untyped", _game(**changes))
    with pytest.raises(ValueError, match=re.escape(message)) as error:
        ts.load_game("compiled_untyped")
    assert "_wrappers.py" not in str(error.value) and "\x1b[" not in str(error.value)
    if "does not compile" in message:
        assert 'test_compiled_games.py", line' in str(error.value) and 'state[0] = "one"' in str(error.value)


# --- compiling and caching -------------------------------------------------------------------------


def _module(source):
    module = types.ModuleType("fingerprinted")
    exec(textwrap.dedent(source), module.__dict__)
    return module


def test_the_fingerprint_follows_helpers_constants_and_options():
    source = """
        import numpy as np
        from numba import njit
        LIMIT = 3
        TABLE = np.arange(4)
        @njit
        def helper(x):
            return x + LIMIT + TABLE[0]
        @njit
        def rule(state):
            return helper(state[0])
    """
    base = _module(source)
    same, modules = _fingerprint.fingerprint([base.rule], "sizes")
    assert modules == {"fingerprinted"}
    assert _fingerprint.fingerprint([_module(source).rule], "sizes")[0] == same
    assert _fingerprint.fingerprint([base.rule], "other sizes")[0] != same
    for changed in (
        source.replace("LIMIT = 3", "LIMIT = 4"),
        source.replace("np.arange(4)", "np.arange(1, 5)"),
        source.replace("x + LIMIT", "x - LIMIT"),
        source.replace("@njit\n        def helper", "@njit(fastmath=True)\n        def helper"),
    ):
        assert _fingerprint.fingerprint([_module(changed).rule], "sizes")[0] != same, changed


def test_the_fingerprint_follows_a_helper_in_a_module_inside_a_module():
    """rules.tables.step(...): a change in `step` compiles anew (else numba's cache would serve
    the old code)."""

    def rule_reaching(step_source):
        inner = _module(f"from numba import njit\n@njit\ndef step(x):\n    return {step_source}\n")
        outer = types.ModuleType("outer_rules")
        outer.tables = inner
        return _module(
            "from numba import njit\n@njit\ndef rule(state):\n    return rules.tables.step(state[0])\n"
        ), outer

    fingerprints = []
    for step in ("x + 1", "x + 1", "x + 2"):
        game, outer = rule_reaching(step)
        game.rules = outer
        fingerprints.append(_fingerprint.fingerprint([game.rule], "sizes")[0])
    assert fingerprints[0] == fingerprints[1] != fingerprints[2]


COUNTDOWN = """
import numpy as np
from numba import njit
import tablesearch as ts
from tablesearch.games.compiled import CompiledGame

@njit
def current_player(state):
    return ts.TERMINAL if state[0] == 0 else 0

@njit
def legal_actions(state, actions):
    actions[0] = 1
    return 1

@njit
def apply_action(state, action):
    state[0] -= action

@njit
def returns(state, values):
    values[0] = 0.0

def countdown():
    return CompiledGame(num_players=1, initial_state=np.array([3], np.int64), num_distinct_actions=2,
                        current_player=current_player, legal_actions=legal_actions, apply_action=apply_action,
                        returns=returns)
"""


def test_loading_again_reuses_the_game_and_a_new_process_reuses_the_disk_cache(tmp_path):
    assert ts.load_game("compiled_connect_four") is ts.load_game("compiled_connect_four")
    (tmp_path / "countdown_game.py").write_text(COUNTDOWN)
    code = textwrap.dedent(
        f"""
        import sys
        sys.path.insert(0, {str(tmp_path)!r})
        import tablesearch as ts
        from tablesearch.games import compiled
        ts.load_game("countdown_game:countdown")
        [rules] = compiled.compiled_rules.values()
        print(sum(f.cache_hits for f in rules.cfuncs.values()), len(rules.cfuncs))
        """
    )
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "cache")}
    runs = [
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300)
        for _ in range(2)
    ]
    assert runs[0].returncode == 0 and runs[1].returncode == 0, runs[0].stderr + runs[1].stderr
    hits = [tuple(map(int, r.stdout.split())) for r in runs]
    assert hits == [(0, 4), (4, 4)]  # compiled, then every function read from the cache


def test_serialized_compiled_states_name_the_game_and_replay_through_its_rules():
    state = ts.load_game("compiled_leduc_poker").new_initial_state(0)
    for action in (4, 1, 1, 2):
        state.apply_action(action)
    doc = json.loads(state.serialize())
    assert doc == {"format": 2, "game": "compiled_leduc_poker", "params": {}, "seed": 0, "history": [4, 1, 1, 2]}
    # Player 1 (dealt card 1) does not know player 0's card: worlds redraw it, history included.
    worlds = [state.resample_from_infostate(1, seed=s) for s in range(30)]
    assert {w.history()[0] for w in worlds} == {0, 2, 3, 4, 5}
    assert all(w.history()[1:] == state.history()[1:] for w in worlds)
    assert all(json.loads(w.serialize())["history"] == w.history() for w in worlds)
    doc["history"] = [4, 4, 1, 2]  # the same card twice: not a legal deal
    with pytest.raises(ValueError, match="history entry 1: illegal action 4"):
        state.get_game().deserialize_state(json.dumps(doc))
