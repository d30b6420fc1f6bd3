"""A network whose weights are finite but whose outputs are not (3e38 weights overflow float32) is
never searched: every search that evaluates it raises a ValueError naming the model, on one
thread or two, batched or not, and a model file holding one is refused at load. A header whose
utility overflows a float, or is not an interval, is refused by name. The searches run in a child
process, so a crash fails the test."""

from __future__ import annotations

import json

import pytest

import tablesearch as ts
from helpers.hostile import json_lines, run_isolated
from helpers.model_files import rewrite_header
from tablesearch.models import Model, ModelFileError, load_model

SEARCHES = r"""
import json
import tablesearch as ts
from tablesearch import mcts
from tablesearch.models import Model

def overflowing(game):
    model = Model.for_game(game, hidden=(8,), seed=0)
    tensors = {name: array.copy() for name, array in model.tensors.items()}
    for name, array in tensors.items():
        if name.endswith("weight"):
            array[:] = 3e38
    return Model(model.game, model.architecture, tensors)

cases = [
    ("tic_tac_toe", "puct", {}), ("tic_tac_toe", "uct", {}), ("tic_tac_toe", "gumbel", {}),
    ("tic_tac_toe", "puct", {"batch": 4}), ("leduc_poker", "ismcts", {}), ("leduc_poker", "infoset-uct", {}),
]
for name, algorithm, extra in cases:
    for threads in (1, 2):
        game = ts.load_game(name)
        model = overflowing(game)
        model.batch_size = extra.get("batch", 1)
        state = game.new_initial_state(seed=1)
        while state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        try:
            result = mcts.search(state, evaluator=model, algorithm=algorithm, iterations=300, threads=threads, seed=0)
            error = None
        except ValueError as refused:
            error = str(refused)
        print(json.dumps({"case": f"{name} {algorithm} {extra} threads={threads}", "error": error}))
"""


def test_a_network_with_non_finite_outputs_is_never_searched():
    lines = [line for line in json_lines(run_isolated(SEARCHES).stdout) if "case" in line]
    assert len(lines) == 12
    for line in lines:
        assert line["error"] is not None, f"{line['case']}: searched a network whose outputs are not finite"
        assert "the mlp model for" in line["error"] and "that is not finite" in line["error"], line


def _saved_overflowing(tmp_path) -> str:
    game = ts.load_game("tic_tac_toe")
    model = Model.for_game(game, hidden=(8,), seed=0)
    tensors = {name: array * 0 + (3e38 if name.endswith("weight") else 0) for name, array in model.tensors.items()}
    path = str(tmp_path / "overflowing.tsmodel")
    Model(model.game, model.architecture, tensors).save(path)
    return path


def test_a_model_file_whose_network_overflows_is_refused_at_load(tmp_path):
    path = _saved_overflowing(tmp_path)
    with pytest.raises(ModelFileError, match=r"model file '.*overflowing\.tsmodel'.* gave a .* that is not finite"):
        load_model(path)


def _with_utility(tmp_path, utility_json: str) -> str:
    path = tmp_path / "model.tsmodel"
    Model.for_game(ts.load_game("tic_tac_toe"), hidden=(4,), seed=1).save(path)
    rewrite_header(path, lambda header: json.dumps(header).replace(json.dumps(header["utility"]), utility_json))
    return str(path)


@pytest.mark.parametrize(
    "utility, message",
    [
        ("[-1, 1e999]", "expected 2 numbers of magnitude at most 1e+30"),
        ("[-1, 1" + "0" * 400 + "]", "expected 2 numbers of magnitude at most 1e+30"),
        ("[1, 1]", "utility must be [low, high] with low < high"),
        ("[2, -2]", "utility must be [low, high] with low < high"),
    ],
)
def test_a_header_utility_that_overflows_or_is_not_an_interval_is_refused(tmp_path, utility, message):
    path = _with_utility(tmp_path, utility)
    with pytest.raises(ModelFileError) as refused:
        load_model(path)
    assert message in str(refused.value) and "model.tsmodel" in str(refused.value)


def test_an_excluded_minimum_is_stated_as_an_open_interval():
    from tablesearch import mcts
    from tablesearch.search_options import OPTIONS

    assert OPTIONS["oos_epsilon"].valid == "a finite number in (0, 1]"
    state = ts.load_game("leduc_poker").new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    with pytest.raises(ValueError, match=r"oos_epsilon must be a finite number in \(0, 1\], got 0"):
        mcts.search(state, algorithm="oos", oos_epsilon=0, iterations=10)
    mcts.search(state, algorithm="oos", oos_epsilon=1e-9, iterations=10)
