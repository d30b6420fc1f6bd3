"""ISMCTS against random play on the seed games with hidden information (issues' thresholds)."""

import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from functools import partial

import pytest

import tablesearch as ts
from helpers.strength_games import ismcts_won


def ismcts_wins(game_name, games, iterations):
    """Games with seeds 0 to games - 1, played two at a time in child processes (the suite runs
    in one process on two cores)."""
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        return sum(pool.map(partial(ismcts_won, game_name, iterations), range(games)))


def test_ismcts_beats_random_at_gummiland():
    """800 iterations per move: at least 8 of 10 seeded games."""
    assert ismcts_wins("gummiland", games=10, iterations=800) >= 8


def test_ismcts_beats_random_at_gnomi():
    """1,000 iterations per move: at least 12 of 16 seeded games."""
    assert ismcts_wins("gnomi", games=16, iterations=1000) >= 12


def test_hidden_information_algorithms_compared_at_gnomi():
    """A seeded round robin of ISMCTS, MO-ISMCTS and PIMC (and random) at 2-player Gnomi, 500
    iterations per move, 24 games per pair; the tables are printed with -s. Every searcher must
    score above random (at least 15 of 24: random's expected share is 12, sd 2.4)."""
    result = ts.tournament(
        ts.load_game("gnomi", players=2),
        {name: f"{name}:iterations=500" for name in ("ismcts", "mo-ismcts", "pimc")} | {"random": "random"},
        games=144,
        seed=0,
        progress=False,
    )
    print(result)
    names = result.agents
    scores = result.pairwise
    random_index = names.index("random")
    for i, name in enumerate(names):
        if name != "random":
            assert scores[i][random_index] * result.pairwise_games[i][random_index] >= 15, name
    for i in range(len(names)):
        for j in range(len(names)):
            if i != j:
                assert scores[i][j] + scores[j][i] == pytest.approx(1.0)


def test_budget_benchmark_skips_mirror_matches(monkeypatch):
    """hidden_strength_budget.old_against_new plays no match where the default is the old one."""
    import importlib
    import os

    monkeypatch.syspath_prepend(os.path.join(os.path.dirname(__file__), "..", "..", "benchmarks"))
    budget = importlib.import_module("hidden_strength_budget")

    gummiland = ("gummiland", {"players": 2, "regions": budget.ALL_REGIONS})
    assert budget.default_is_old(*gummiland)
    assert not budget.default_is_old("gnomi", {"players": 2})
    reports: list = []
    assert budget.old_against_new(games=2, configs=[gummiland], report=reports.append) == []
    assert len(reports) == 1 and "the default is the old one" in reports[0]
