"""Known answers: tiny games (helpers/known_answer_games.py) where the right result of a search is
known exactly, one test per piece of an algorithm, named after the behaviour it decides. Each
search runs natively through the Python-game bridge, so these tests check the same compiled
search code as the native games (cpp/tests/test_known_answers.cc checks it on native games).
Everything is seeded; the statistical tests state their sample size."""

from __future__ import annotations

import math
import random
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
INFOSET_SEARCHES = ["ismcts", "mo-ismcts", "ismcts-puct", "smooth-uct", "infoset-uct"]
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


# --- MO-ISMCTS: each player's tree holds what that player sees -------------------------------


PENNIES_SEEDS = range(10)  # hidden matching pennies (PenniesState), here and for Smooth UCT


def test_mo_ismcts_gives_the_other_player_one_node_for_a_face_down_pick():
    """Hidden matching pennies: player 0 picks face down, player 1 answers. Player 0's tree holds
    its root, its two picks and player 1's two answers under each (7 nodes); player 1's tree its
    root, one node for the face-down pick and its two answers (4). Trees keyed by the root
    player's view give player 1 a node per pick: 14 nodes."""
    result = mcts.search(PenniesState(), iterations=2000, seed=0, algorithm="mo-ismcts")
    assert result.nodes == 7 + 4, "player 1's tree should not tell player 0's face-down picks apart"


def test_mo_ismcts_opponent_cannot_answer_a_face_down_pick():
    """The same game over 10 seeds of 2,000 iterations: player 1 answers blind, so player 0's
    root value averages -0.22 (measured; per seed from -1.0 to 0.15, as the two players' UCB
    choices fall in and out of step; -1/7 at the equilibrium). Bound: above -0.6. An opponent
    that sees the pick (trees keyed by player 0's view) answers it every time: -0.99 on every
    seed."""
    root_values = [
        mcts.search(PenniesState(), iterations=2000, seed=seed, algorithm="mo-ismcts").root_values[0]
        for seed in PENNIES_SEEDS
    ]
    assert statistics.mean(root_values) > -0.6, f"player 1 seems to see player 0's pick: {root_values}"


# --- Smooth UCT: the average policy mixed into selection ------------------------------------


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


# Two plies on (the agent's next turn in a two-player game), the pytest twin of
# cpp/tests/test_tree_reuse.cc: the kept tree is read as it is by a search stopped before its first
# iteration, one ply at a time and in one jump.
STOPPED = mcts.StopFlag()
STOPPED.set()


def kept_stats(state, tree, algorithm):
    """The root statistics of the tree kept for `state` (a search that runs no iteration)."""
    result = mcts.search(state, seed=1, algorithm=algorithm, tree=tree, stop=STOPPED)
    assert result.iterations == 0
    return result.stats


def assert_kept_along(start, algorithm, path):
    """Each ply keeps one visit fewer than the edge it follows held (the first visit of a node
    evaluated it), back to the first search's root statistics; the tree kept after jumping the
    whole path at once is the one reached ply by ply: every child's visits and value."""
    first = mcts.search(start(), iterations=2000, seed=0, algorithm=algorithm)
    tree = mcts.SearchTree()
    mcts.search(start(), iterations=2000, seed=0, algorithm=algorithm, tree=tree)
    stats = first.stats
    for ply, action in enumerate(path):
        held = next(s.visits for s in stats if s.action == action)
        stats = kept_stats(start(path[: ply + 1]), tree, algorithm)
        assert sum(s.visits for s in stats) == held - 1, f"ply {ply + 1} of {path}"
    jump = mcts.SearchTree()
    mcts.search(start(), iterations=2000, seed=0, algorithm=algorithm, tree=jump)
    assert kept_stats(start(path), jump, algorithm) == stats, f"jumping {path} kept another subtree"


@pytest.mark.parametrize("path", [(3,), (0,), (6,), (3, 3), (3, 4), (2, 5)])
@pytest.mark.parametrize("algorithm", ["uct", "puct"])
def test_reused_tree_two_plies_on_is_the_subtree_the_first_tree_held_there(algorithm, path):
    assert_kept_along(connect_four, algorithm, path)


@pytest.mark.parametrize("path", [(1, 2), (2, 2)])
def test_reused_information_set_trees_two_plies_on_are_the_subtrees_the_first_trees_held_there(path):
    """Leduc, player 0 to move again after a call and a raise, or a raise and a raise back."""
    assert_kept_along(leduc_after_the_deal, "mo-ismcts", path)


# A move hidden inside the search: Gnomi's golden match (docs/rules/gnomi.md), where each winner
# takes or declines a golden gnome in secret.
def gnomi_golden_choice():
    """A two-player golden match at the first golden choice, reached by seeded random play."""
    game = ts.load_game("gnomi", players=2, golden=True)
    state, rng = game.new_initial_state(0), random.Random(0)
    while "take the golden gnome" not in [state.action_to_string(a) for a in state.legal_actions()]:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_the_other_players_tree_holds_one_node_for_a_choice_made_in_secret():
    """MO-ISMCTS at the winner's golden choice: the other player sees neither choice, so its tree
    has one node for both, which every iteration passes through; only the two iterations that
    first tried each choice ended there. The other player's next search continues from that
    node. Trees keyed by the root player's view give it a node per choice instead, neither of
    them the node it looks for (it saw no choice): its search starts afresh, 500 visits."""
    state = gnomi_golden_choice()
    winner = state.current_player()
    tree = mcts.SearchTree()
    first = mcts.search(state, iterations=2000, seed=0, algorithm="mo-ismcts", tree=tree)
    assert len(first.stats) == 2 and all(s.visits > 0 for s in first.stats)
    take = next(a for a in state.legal_actions() if state.action_to_string(a) == "take the golden gnome")
    state.apply_action(take)
    assert state.current_player() not in (winner, ts.CHANCE)
    second = mcts.search(state, iterations=500, seed=1, algorithm="mo-ismcts", tree=tree)
    assert sum(visits(second)) == 500 + first.iterations - 2, "not continued from one node for the secret choice"
