"""Every search is sound on tactics: on 280 positions with one right move (connect four and
tic-tac-toe, reached by seeded random play: tests/helpers/tactics.py), each algorithm of the
table plays it in at least 95% of them at the simulations named here, with random playouts and
with an untrained network as its evaluator (the tree alone must then find the terminal values);
on 60 Leduc poker spots where folding is dominated, none folds in more than 5% of them; and on
3 Gnomi and Gummiland positions built as in their rules pages' cases, each plays the move that
wins at once.

A new algorithm row has no simulations here, so the suite fails until its row is added and it
passes. The figures are in docs/search.md ("Tactics")."""

from __future__ import annotations

import pytest

import tablesearch as ts
from helpers.tactics import LEDUC_FOLD, forced_defences, immediate_wins, leduc_dominated_folds, tabletop_wins
from tablesearch import mcts
from tablesearch.models import Model
from tablesearch.search_options import ALGORITHM_TABLE

SIMULATIONS = {name: 1000 for name in ALGORITHM_TABLE}
"""The simulations each algorithm is held to (every row of the algorithm table has one)."""

UNSOUND: dict[str, str] = {}
"""Rows known to fail the suite, with the reason; the test fails as soon as one passes."""

POSITIONS = {"connect_four": 100, "tic_tac_toe": 40}  # of each kind: forced defences and immediate wins
SHARE = 0.95


def positions(game: str) -> list:
    count = POSITIONS[game]
    return forced_defences(game, count, seed=0) + immediate_wins(game, count, seed=0)


CASES = {game: positions(game) for game in POSITIONS}


def test_every_algorithm_of_the_table_has_its_simulations():
    assert set(SIMULATIONS) == set(ALGORITHM_TABLE)


@pytest.mark.parametrize("evaluator", ["playouts", "untrained network"])
@pytest.mark.parametrize("game", sorted(POSITIONS))
@pytest.mark.parametrize("algorithm", sorted(ALGORITHM_TABLE))
def test_every_search_finds_the_one_right_move(algorithm, game, evaluator, request):
    if algorithm in UNSOUND:
        request.applymarker(pytest.mark.xfail(reason=UNSOUND[algorithm], strict=True))
    options = {}
    if evaluator != "playouts":
        options["evaluator"] = Model.for_game(ts.load_game(game), hidden=(32,), seed=0)
    cases = CASES[game]
    found = sum(
        mcts.search(state, algorithm=algorithm, iterations=SIMULATIONS[algorithm], seed=1, **options).best_action
        == move
        for state, move in cases
    )
    assert found >= SHARE * len(cases), f"{algorithm} found {found} of {len(cases)} on {game} with {evaluator}"


LEDUC_SPOTS = leduc_dominated_folds(60, seed=0)


@pytest.mark.parametrize("algorithm", sorted(ALGORITHM_TABLE))
def test_no_search_folds_a_hand_that_wins_every_showdown(algorithm):
    folds = sum(
        mcts.search(state, algorithm=algorithm, iterations=SIMULATIONS[algorithm], seed=1).best_action == LEDUC_FOLD
        for state in LEDUC_SPOTS
    )
    assert folds <= (1 - SHARE) * len(LEDUC_SPOTS), f"{algorithm} folded {folds} of {len(LEDUC_SPOTS)} winning hands"


TABLETOP_WINS = tabletop_wins()


@pytest.mark.parametrize("evaluator", ["playouts", "untrained network"])
@pytest.mark.parametrize("algorithm", sorted(ALGORITHM_TABLE))
def test_every_search_wins_at_once_in_gnomi_and_gummiland(algorithm, evaluator):
    for state, move in TABLETOP_WINS:
        options = {}
        if evaluator != "playouts":
            options["evaluator"] = Model.for_game(state.get_game(), hidden=(32,), seed=0)
        result = mcts.search(state, algorithm=algorithm, iterations=SIMULATIONS[algorithm], seed=1, **options)
        played = result.best_action
        assert played == move, f"{algorithm} with {evaluator} played {state.action_to_string(played)} in\n{state}"
