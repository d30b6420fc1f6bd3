"""Online Outcome Sampling (algorithm="oos", search/outcome_sampling.h): its average strategy
converges to an equilibrium (Kuhn poker's known one), a kept SearchTree makes one strategy for
the whole game, threads merge, and nothing hidden leaks. The leak tests over every
hidden-information game (tests/search/test_ismcts.py) run it too. Kuhn poker is OpenSpiel's:
those tests are skipped without the openspiel extra."""

from __future__ import annotations

import zlib

import pytest

import tablesearch as ts
from tablesearch import mcts
from tablesearch.exploitability import exploitability

_GAMES: dict = {}


def kuhn_game():
    """One game object for every test: a kept tree serves states of the same game object."""
    pytest.importorskip("pyspiel", reason="needs the openspiel extra: pip install '.[openspiel]' in the clone")
    if "kuhn" not in _GAMES:
        _GAMES["kuhn"] = ts.load_game("openspiel:kuhn_poker")
    return _GAMES["kuhn"]


LEDUC = ts.load_game("leduc_poker")


def kuhn(*actions):
    state = kuhn_game().new_initial_state(0)
    for action in actions:
        state.apply_action(action)
    return state


def leduc(*actions):
    state = LEDUC.new_initial_state(0)
    for action in actions:
        state.apply_action(action)
    return state


def kept_exploitability(game, iterations, offset=0, **options):
    """Exploitability of the policy of one agent's searches through a single kept SearchTree (the
    whole-game mode), one search per information state, seeded by the state (plus `offset`)."""
    tree = mcts.SearchTree()

    def policy_at(state):
        seed = zlib.crc32(state.information_state_string(state.current_player()).encode()) + offset
        return mcts.search(state, iterations=iterations, seed=seed, algorithm="oos", tree=tree, **options).policy()

    return exploitability(game, policy_at)


def test_kuhn_exploitability_falls_with_budget():
    """The whole-game mode on Kuhn poker, 3 seed offsets. Measured: 0.099 / 0.060 / 0.042 at
    1,000 iterations a decision, 0.019 / 0.012 / 0.022 at 10,000 (uniform play: 0.458).
    Required: every run below 0.05 at 10,000, and the mean at 10,000 at most half the mean at
    1,000 (measured: 0.27 of it)."""
    game = kuhn_game()
    small = [kept_exploitability(game, 1000, offset) for offset in range(3)]
    large = [kept_exploitability(game, 10_000, offset) for offset in range(3)]
    assert max(large) < 0.05 and sum(large) < 0.5 * sum(small), (small, large)


def fresh_exploitability(game, iterations, offset=0, **options):
    """Exploitability of the policy of a new search at each information state, seeded by the
    state (plus `offset`): what a per-decision search plays."""

    def policy_at(state):
        seed = zlib.crc32(state.information_state_string(state.current_player()).encode()) + offset
        return mcts.search(state, iterations=iterations, seed=seed, algorithm="oos", **options).policy()

    return exploitability(game, policy_at)


def test_kuhn_per_decision_exploitability_falls_with_budget():
    """A fresh table at every decision, targeted at the public state, 3 seed offsets.
    Measured: 0.152 / 0.075 / 0.120 at 1,000 iterations, 0.041 / 0.022 / 0.058 at 10,000.
    Required: every run below 0.08 at 10,000 and the mean at most half the mean at 1,000
    (measured: 0.35 of it)."""
    game = kuhn_game()
    small = [fresh_exploitability(game, 1000, offset, oos_public=True) for offset in range(3)]
    large = [fresh_exploitability(game, 10_000, offset, oos_public=True) for offset in range(3)]
    assert max(large) < 0.08 and sum(large) < 0.5 * sum(small), (small, large)


@pytest.mark.slow
def test_kuhn_exploitability_reaches_two_hundredths_at_100k():
    """Issue 38's goal: at most 0.02 at 100,000 iterations a decision (measured 0.0072)."""
    assert kept_exploitability(kuhn_game(), 100_000) < 0.02


@pytest.mark.slow
def test_regret_plus_lowers_leduc_per_decision_exploitability_at_100k():
    """oos_regret_plus afresh at each decision of Leduc poker, 100,000 iterations. Measured:
    0.481 (without it 0.573; seed offset 1: 0.497 against 0.650). Required: below 0.53."""
    assert fresh_exploitability(LEDUC, 100_000, oos_regret_plus=True) < 0.53


PER_DECISION = dict(oos_public=True, oos_regret_plus=True, oos_baseline=True)  # docs/hidden-information.md


def test_baselines_lower_kuhn_per_decision_exploitability():
    """A fresh table at every decision, public target and regret matching+, 10,000 iterations, 3
    seed offsets. Measured with baselines: 0.0181, 0.0186, 0.0162; without: 0.0586, 0.0633,
    0.0743. Required: every run below 0.03 with them, and their mean at most half the mean
    without (measured: 0.27 of it)."""
    game = kuhn_game()
    with_baselines = [fresh_exploitability(game, 10_000, offset, **PER_DECISION) for offset in range(3)]
    without = [
        fresh_exploitability(game, 10_000, offset, **PER_DECISION | {"oos_baseline": False}) for offset in range(3)
    ]
    assert max(with_baselines) < 0.03 and sum(with_baselines) < 0.5 * sum(without), (with_baselines, without)


@pytest.mark.slow
def test_leduc_per_decision_exploitability_is_below_infoset_ucts_at_100k():
    """Issue 48: afresh at each decision, 100,000 iterations, below infoset-uct's 0.388 (0.384 in
    the issue) and falling from 10,000. Measured: 0.264 and 0.705 (seed offset 1: 0.254, 0.721)."""
    large = fresh_exploitability(LEDUC, 100_000, **PER_DECISION)
    assert large < 0.384 and large < fresh_exploitability(LEDUC, 10_000, **PER_DECISION)


def test_baselines_past_the_memory_cap_leave_a_legal_search():
    """Gnomi's histories outgrow 1 MB within a few thousand iterations: past the cap the search
    goes on (new histories get baselines of 0) and still returns a strategy over the legal
    actions."""
    state = ts.load_game("gnomi", players=2).new_initial_state(3)
    result = mcts.search(state, iterations=20_000, seed=1, algorithm="oos", max_memory_mb=1, **PER_DECISION)
    assert result.iterations == 20_000 and result.memory_capped
    assert sum(result.strategy) == pytest.approx(1) and len(result.strategy) == len(state.legal_actions())


@pytest.mark.parametrize("baseline", [False, True])
def test_kuhn_average_strategy_matches_the_known_equilibrium(baseline):
    """Kuhn poker's equilibria (Kuhn 1950): player 1 with a jack bets 1/3 after a check and with a
    queen calls 1/3 of bets; player 0 with a queen checks, and bets a king three times as often as
    it bluffs a jack. One table, 200,000 untargeted iterations from player 0's first decision,
    read at each information set (a search of 1 iteration adds nothing that matters). Measured:
    0.337, 0.372, 0.966 checks, 0.400 / 0.135 = 2.96 (with baselines: 0.341, 0.333, 0.999, 0.662 / 0.204 = 3.24).
    Tolerances: 0.06 on probabilities, 0.6 on the ratio. With baselines, an estimate that were
    biased (a wrong sampling probability, a baseline updated before it is used) would converge
    elsewhere."""
    tree = mcts.SearchTree()
    options = dict(algorithm="oos", oos_targeting=0.0, oos_baseline=baseline, tree=tree)
    mcts.search(kuhn(0, 1), iterations=200_000, seed=1, **options)

    def strategy(*history):
        return mcts.search(kuhn(*history), iterations=1, seed=1, **options).policy()

    bet = 1  # Kuhn's actions: 0 pass (check or fold), 1 bet (bet or call)
    assert strategy(2, 0, 0)[bet] == pytest.approx(1 / 3, abs=0.06)  # player 1, jack, after a check
    assert strategy(0, 1, 1)[bet] == pytest.approx(1 / 3, abs=0.06)  # player 1, queen, facing a bet
    assert strategy(1, 0)[bet] < 0.06  # player 0, queen
    jack, king = strategy(0, 1)[bet], strategy(2, 1)[bet]
    assert 0.02 < jack < 1 / 3 + 0.06 and king / jack == pytest.approx(3, abs=0.6)


def test_the_result_plays_the_average_strategy():
    result = mcts.search(leduc(3, 0), iterations=3000, seed=2, algorithm="oos")
    assert result.algorithm == "oos" and result.mixed
    assert len(result.strategy) == len(result.stats) == 2 and sum(result.strategy) == pytest.approx(1)
    assert result.policy() == {s.action: p for s, p in zip(result.stats, result.strategy)}
    assert result.best_action == result.stats[result.strategy.index(max(result.strategy))].action
    assert 0 < sum(s.visits for s in result.stats) <= result.iterations  # times the root's set was met


def test_a_kept_tree_holds_one_strategy_for_the_whole_game():
    """The table carries over to a later decision, and to a new deal of the same game: the second
    search starts from what the first learned (its tree is larger than a fresh one, and its
    answer differs)."""
    tree = mcts.SearchTree()
    mcts.search(leduc(3, 0), iterations=4000, seed=3, algorithm="oos", tree=tree)
    after_first = tree.nodes
    other_deal = leduc(1, 4, 2)  # player 1, another deal
    kept = mcts.search(other_deal, iterations=500, seed=3, algorithm="oos", tree=tree)
    fresh = mcts.search(other_deal, iterations=500, seed=3, algorithm="oos")
    assert tree.nodes >= after_first and kept.nodes > fresh.nodes
    assert kept.strategy != fresh.strategy


@pytest.mark.parametrize("public, baseline", [(True, False), (False, False), (True, True), (False, True)])
def test_no_leak_through_a_kept_tree(public, baseline):
    """Two agents with the same history of searches, then states the player to move cannot tell
    apart: the same answer, with either target, with and without baselines."""
    results = []
    for hidden in (0, 4):
        tree = mcts.SearchTree()
        options = dict(algorithm="oos", tree=tree, oos_public=public, oos_baseline=baseline)
        mcts.search(leduc(2, 5), iterations=2000, seed=5, **options)
        results.append(mcts.search(leduc(hidden, 3, 2), iterations=2000, seed=6, **options))
    assert results[0].strategy == results[1].strategy and results[0].stats == results[1].stats


def test_threads_merge_and_repeat():
    a = mcts.search(leduc(3, 0), iterations=4000, seed=7, algorithm="oos", threads=2)
    b = mcts.search(leduc(3, 0), iterations=4000, seed=7, algorithm="oos", threads=2)
    assert a.strategy == b.strategy and a.stats == b.stats and a.iterations == 4000
    assert sum(a.strategy) == pytest.approx(1)
    assert a.best_action == a.stats[a.strategy.index(max(a.strategy))].action


@pytest.mark.parametrize(
    "option, value, message",
    [
        ("oos_epsilon", 0.0, "oos_epsilon must be a finite number in"),
        ("oos_targeting", 1.5, "oos_targeting must be a finite number in"),
    ],
)
def test_bad_options_are_named(option, value, message):
    with pytest.raises(ValueError, match=message):
        mcts.search(leduc(3, 0), iterations=10, algorithm="oos", **{option: value})


def test_the_tremble_lowers_leduc_per_decision_exploitability():
    """A fresh table at every decision of Leduc poker, 1,000 iterations, 3 seed offsets. Play
    after an opponent's mistake is reached only through the tremble (docs/hidden-information.md,
    a trembling hand). Measured with the default 0.01: 1.287, 1.446, 1.504; without: 1.508,
    1.654, 1.766. Required: each offset lower with it."""
    with_tremble = [fresh_exploitability(LEDUC, 1000, offset) for offset in range(3)]
    without = [fresh_exploitability(LEDUC, 1000, offset, oos_tremble=0.0) for offset in range(3)]
    assert all(a < b for a, b in zip(with_tremble, without)), (with_tremble, without)


def test_a_perfect_information_search_solves_the_subgame_below_its_root():
    """x: 0, 2, 5; o: 1, 7; o to move wins at 4 (the middle column). The opening is off the
    equilibrium path. Walks from the game's start would weigh the updates here by that path's
    reach, which the table learns to be almost 0: the win was missed without the tremble, and at
    1,000 iterations found in 42% of the tactics suite's connect four positions with it. A game
    without hidden information is solved from its state instead (search/outcome_sampling.h), so
    the win is played either way."""
    state = ts.load_game("tic_tac_toe").new_initial_state()
    for action in (0, 1, 2, 7, 5):
        state.apply_action(action)
    for tremble in (0.0, 0.01):
        found = mcts.search(state, algorithm="oos", iterations=10_000, seed=1, oos_tremble=tremble)
        assert found.best_action == 4 and found.strategy[[s.action for s in found.stats].index(4)] > 0.9
