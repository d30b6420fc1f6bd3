"""Known answers: tiny games (helpers/known_answer_games.py) where the right result of a search is
known exactly, one test per piece of an algorithm, named after the behaviour it decides. Each
search runs natively through the Python-game bridge, so these tests check the same compiled
search code as the native games (cpp/tests/test_known_answers.cc checks it on native games).
Everything is seeded; the statistical tests state their sample size."""

from __future__ import annotations

import math
import statistics

import pytest

import tablesearch as ts
from helpers.known_answer_games import (
    P1_CHOICE,
    P2_CHOICE,
    BanditState,
    HiddenCardState,
    KingmakerState,
    PenniesState,
    pennies_exploitability,
)
from tablesearch import mcts

ALGORITHMS = [info for info in mcts.ALGORITHMS if info != "auto"]
TREE_SEARCHES = ["uct", "puct", "pimc", "gumbel"]
INFOSET_SEARCHES = ["ismcts", "mo-ismcts", "smooth-uct", "infoset-uct"]
REGRET_SEARCHES = ["oos"]


def test_every_algorithm_is_covered():
    assert sorted(ALGORITHMS) == sorted(TREE_SEARCHES + INFOSET_SEARCHES + REGRET_SEARCHES)


def visits(result):
    return [s.visits for s in result.stats]


def values(result):
    return [s.value for s in result.stats]


# --- multi-player backup: every edge holds its mover's own return ---------------------------


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_three_players_each_edge_is_valued_by_its_movers_own_return(algorithm):
    """Player 2 chooses X (0.5 for itself), Y (-0.5) or Z (0): the root edges hold player 2's own
    returns exactly, and it takes X. A backup that values the edges by player 0's return reads
    0, 1 and -1."""
    result = mcts.search(KingmakerState(P2_CHOICE), iterations=300, seed=0, algorithm=algorithm)
    assert values(result) == pytest.approx([0.5, -0.5, 0.0], abs=1e-6)
    assert result.best_action == 0


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_three_players_a_player_takes_its_own_win_over_another_players(algorithm):
    """Player 1 chooses "I win" (+1) or "player 2 wins" (-0.5 for player 1)."""
    result = mcts.search(KingmakerState(P1_CHOICE), iterations=300, seed=0, algorithm=algorithm)
    assert values(result) == pytest.approx([1.0, -0.5], abs=1e-6)
    assert result.best_action == 0


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_three_players_the_root_expects_the_next_mover_to_pick_by_its_own_return(algorithm):
    """Player 0 takes a sure 0.5, or hands the choice to player 2, who takes X (its own best,
    worth 0 to player 0). A search that has player 2 maximise player 0's return expects Y (1) and
    hands over; one that has it minimise player 0's return (two-player negamax) expects Z (-1).
    2,000 iterations: player 2's choice settles on X, so the hand-over's mean is near 0 (its
    exploration of Y and Z moves it by less than 0.3)."""
    result = mcts.search(KingmakerState(), iterations=2000, seed=0, algorithm=algorithm)
    assert result.best_action == 1
    assert values(result)[0] == pytest.approx(0.0, abs=0.3) and values(result)[1] == pytest.approx(0.5)


# --- UCB selection: a deterministic bandit's visit split -------------------------------------

BANDIT = [0.1, 0.35, 0.5, 0.55, -0.2]


def ucb_split(means, pulls, explore):
    """The visit split of a UCB rule on a deterministic bandit: untried arms first, then the arm
    maximising mean + explore(parent visits, arm visits), the first of equal scores."""
    n = [0] * len(means)
    for t in range(pulls):
        if 0 in n:
            n[n.index(0)] += 1  # which untried arm goes first does not change the split
            continue
        scores = [m + explore(t, k) for m, k in zip(means, n)]
        n[scores.index(max(scores))] += 1
    return n


def assert_split(result, expected):
    """Equal up to one visit per arm (the searches score in 32-bit floats)."""
    assert all(abs(a - b) <= 1 for a, b in zip(visits(result), expected)), (visits(result), expected)


@pytest.mark.parametrize("algorithm", ["uct", "ismcts", "mo-ismcts"])
def test_uct_explores_by_the_parents_visit_count(algorithm):
    """UCB1 with c = sqrt(2): mean + c sqrt(ln N / n), N the parent's visits (ISMCTS: the arm's
    availability count, which equals them here). Exploring by the arm's own visits instead
    (sqrt(ln n / n)) leaves the other arms one visit each."""
    c = math.sqrt(2)
    expected = ucb_split(BANDIT, 2000, lambda big_n, n: c * math.sqrt(math.log(big_n) / n))
    assert_split(mcts.search(BanditState(BANDIT), iterations=2000, seed=0, algorithm=algorithm), expected)


def test_infoset_uct_explores_by_the_information_sets_visit_count():
    """infoset-uct: the same rule with its default c = 1 over the information set's visits."""
    expected = ucb_split(BANDIT, 2000, lambda big_n, n: math.sqrt(math.log(big_n) / n))
    assert_split(mcts.search(BanditState(BANDIT), iterations=2000, seed=0, algorithm="infoset-uct"), expected)


def test_puct_explores_by_the_parents_visit_count_and_the_prior():
    """PUCT with uniform priors: mean + c sqrt(N) p / (1 + n). Its first iteration expands and
    evaluates the root, so the arms share one visit fewer than the iterations."""
    c, prior = math.sqrt(2), 1 / len(BANDIT)
    n = [0] * len(BANDIT)
    for big_n in range(1, 2000):
        scores = [m + c * math.sqrt(big_n) * prior / (1 + k) for m, k in zip(BANDIT, n)]
        n[scores.index(max(scores))] += 1
    assert_split(mcts.search(BanditState(BANDIT), iterations=2000, seed=0, algorithm="puct"), n)


def test_pimc_splits_its_iterations_between_worlds_and_follows_ucb_in_each():
    """A game without hidden information: every world is the same, so PIMC's split is the sum of
    UCB1 splits over the worlds' shares of the iterations."""
    c = math.sqrt(2)
    shares = [250] * 8  # 2,000 iterations over the default 8 determinizations
    expected = [0] * len(BANDIT)
    for share in shares:
        for arm, k in enumerate(ucb_split(BANDIT, share, lambda big_n, n: c * math.sqrt(math.log(big_n) / n))):
            expected[arm] += k
    assert_split(mcts.search(BanditState(BANDIT), iterations=2000, seed=0, algorithm="pimc"), expected)


# --- worlds: a new determinization for every iteration ---------------------------------------


@pytest.mark.parametrize("algorithm", ["ismcts", "mo-ismcts", "smooth-uct", "infoset-uct", "oos"])
def test_ismcts_draws_a_new_world_for_every_iteration(algorithm):
    """One world for the root's legal actions, then one per iteration; the worlds follow the
    resampler (each card 0..3 a quarter of the time: 400 draws, sigma 8.7, tolerance 4 sigma)."""
    worlds: list[int] = []
    result = mcts.search(HiddenCardState(2, worlds), iterations=400, seed=0, algorithm=algorithm)
    assert result.iterations == 400
    assert len(worlds) == 401
    counts = [worlds.count(card) for card in range(4)]
    assert all(abs(k - 100) <= 35 for k in counts), counts


def test_pimc_draws_one_world_per_determinization():
    worlds: list[int] = []
    mcts.search(HiddenCardState(2, worlds), iterations=400, seed=0, algorithm="pimc", determinizations=8)
    assert len(worlds) == 1 + 8


@pytest.mark.parametrize("algorithm", ["ismcts", "mo-ismcts", "smooth-uct", "infoset-uct", "oos"])
def test_a_guess_at_a_hidden_card_is_worth_its_chance_over_the_worlds(algorithm):
    """Whatever player 0 guesses, it is right in a quarter of the worlds: the root value is
    1/4 - 3/4 = -0.5, not the +1 of a search that keeps one world and learns its card. 800
    iterations of +-1 values: sigma 0.031, tolerance 4 sigma."""
    result = mcts.search(HiddenCardState(2, []), iterations=800, seed=0, algorithm=algorithm)
    assert result.root_values[0] == pytest.approx(-0.5, abs=0.125)


def test_pimc_searches_each_world_as_if_its_card_were_visible():
    """PIMC's strategy fusion, its known flaw: each world's search finds that world's card, so the
    root value is near +1 although a guess is right a quarter of the time."""
    result = mcts.search(HiddenCardState(2, []), iterations=800, seed=0, algorithm="pimc")
    assert result.root_values[0] > 0.5


# --- Smooth UCT: the average policy mixed into selection ------------------------------------

PENNIES_SEEDS = range(10)


def pennies_root_heads(algorithm, iterations, seed):
    result = mcts.search(PenniesState(), iterations=iterations, seed=seed, algorithm=algorithm)
    return result.stats[0].visits / sum(visits(result))


def test_smooth_uct_mixing_lowers_exploitability_below_infoset_uct():
    """Hidden matching pennies at 3,000 iterations, 10 seeds: player 0's root average policy.
    Measured: smooth-uct 0.017 on average (every seed below 0.05), infoset-uct 0.055; with the
    mixing turned off smooth-uct is infoset-uct. Required: below half of infoset-uct's."""
    smooth = [pennies_exploitability(pennies_root_heads("smooth-uct", 3000, s)) for s in PENNIES_SEEDS]
    plain = [pennies_exploitability(pennies_root_heads("infoset-uct", 3000, s)) for s in PENNIES_SEEDS]
    assert statistics.mean(smooth) < 0.5 * statistics.mean(plain), (smooth, plain)


def test_smooth_uct_average_policy_approaches_the_equilibrium():
    """At 10,000 iterations the root plays heads close to the equilibrium's 3/7 on every seed
    (measured: exploitability at most 0.018 over the 10 seeds; bound 0.03)."""
    worst = max(pennies_exploitability(pennies_root_heads("smooth-uct", 10_000, s)) for s in PENNIES_SEEDS)
    assert worst < 0.03


def test_smooth_uct_mixing_changes_play():
    """The same seed, with and without mixing: the visit shares differ at every seed."""
    for seed in range(3):
        smooth = mcts.search(PenniesState(), iterations=1000, seed=seed, algorithm="smooth-uct")
        plain = mcts.search(PenniesState(), iterations=1000, seed=seed, algorithm="infoset-uct")
        assert visits(smooth) != visits(plain)


# --- Online Outcome Sampling: regret matching whose average converges -----------------------


def test_oos_average_strategy_approaches_the_pennies_equilibrium():
    """Player 0's root strategy (the average strategy, SearchResult.strategy), 10 seeds. Measured:
    exploitability 0.049 on average at 300 iterations (worst 0.099), 0.011 at 10,000 (worst
    0.022). Required: the mean at least halves, and the worst seed at 10,000 stays below 0.04."""

    def exploitability_at(iterations, seed):
        result = mcts.search(PenniesState(), iterations=iterations, seed=seed, algorithm="oos")
        assert result.policy() == {0: result.strategy[0], 1: result.strategy[1]}
        return pennies_exploitability(result.strategy[0])

    small = [exploitability_at(300, s) for s in PENNIES_SEEDS]
    large = [exploitability_at(10_000, s) for s in PENNIES_SEEDS]
    assert statistics.mean(large) < 0.5 * statistics.mean(small), (small, large)
    assert max(large) < 0.04, large


# --- tree reuse: the kept subtree is the one of the position reached ------------------------


CONNECT_FOUR = ts.load_game("connect_four")  # one game: a kept tree serves states of the same game object


def connect_four(actions=()):
    state = CONNECT_FOUR.new_initial_state(0)
    for a in actions:
        state.apply_action(a)
    return state


@pytest.mark.parametrize("algorithm", ["uct", "puct"])
def test_reused_visits_equal_what_the_first_tree_held_at_the_position_reached(algorithm):
    """The game goes on with each root action in turn (a self-play agent's tree): the next search
    starts from that action's subtree. A node's first visit evaluates it, so its children hold
    one visit fewer than the node, and every new iteration adds one."""
    first = mcts.search(connect_four(), iterations=2000, seed=0, algorithm=algorithm)
    for stat in first.stats:
        if stat.visits < 2:
            continue  # no subtree below it
        tree = mcts.SearchTree()
        mcts.search(connect_four(), iterations=2000, seed=0, algorithm=algorithm, tree=tree)
        second = mcts.search(connect_four([stat.action]), iterations=500, seed=1, algorithm=algorithm, tree=tree)
        assert sum(visits(second)) == 500 + stat.visits - 1, stat


LEDUC = ts.load_game("leduc_poker")


def leduc_after_the_deal(actions=()):
    state = LEDUC.new_initial_state(0)
    for a in (2, 4, *actions):  # the deal: a queen to player 0, a king to player 1
        state.apply_action(a)
    return state


def test_reused_information_set_visits_equal_what_the_first_trees_held_at_the_position_reached():
    """MO-ISMCTS keeps a tree per player: after player 0's move, player 1's search continues from
    player 1's node for that move, which the first search visited as often as player 0's edge."""
    first = mcts.search(leduc_after_the_deal(), iterations=2000, seed=0, algorithm="mo-ismcts")
    for stat in first.stats:
        if stat.visits < 2:
            continue
        tree = mcts.SearchTree()
        mcts.search(leduc_after_the_deal(), iterations=2000, seed=0, algorithm="mo-ismcts", tree=tree)
        second = mcts.search(
            leduc_after_the_deal([stat.action]), iterations=500, seed=1, algorithm="mo-ismcts", tree=tree
        )
        assert sum(visits(second)) == 500 + stat.visits - 1, stat
