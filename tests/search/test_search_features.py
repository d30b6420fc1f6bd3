"""Threads (root parallelism), reproducibility, the solver, tree reuse and the memory cap."""

import os
import random
import subprocess
import sys

import pytest

import tablesearch as ts
from helpers.positions import position
from tablesearch import mcts


def connect_four(actions=()):
    state = ts.load_game("connect_four").new_initial_state(0)
    for a in actions:
        state.apply_action(a)
    return state


def test_one_thread_is_bit_reproducible():
    a = mcts.search(connect_four([3, 3]), iterations=5000, seed=9)
    b = mcts.search(connect_four([3, 3]), iterations=5000, seed=9)
    assert a.stats == b.stats and a.root_values == b.root_values and a.nodes == b.nodes


@pytest.mark.parametrize("threads", [2, 3, 4])
def test_multi_thread_results_are_deterministic_for_a_seed(threads):
    runs = [mcts.search(connect_four([2]), iterations=12_000, seed=4, threads=threads) for _ in range(3)]
    assert all(r.stats == runs[0].stats and r.root_values == runs[0].root_values for r in runs)
    assert sum(s.visits for s in runs[0].stats) == 12_000 == runs[0].iterations
    other = mcts.search(connect_four([2]), iterations=12_000, seed=5, threads=threads)
    assert other.stats != runs[0].stats


def test_threads_still_find_the_win():
    result = mcts.search(connect_four([0, 1, 0, 1, 0, 1]), iterations=4000, threads=2, seed=0)
    assert result.best_action == 0


def test_iterations_below_threads_rejected():
    with pytest.raises(ValueError, match="at least threads"):
        mcts.search(connect_four(), iterations=1, threads=2)


def test_solver_proves_tic_tac_toe_is_a_draw():
    state = ts.load_game("tic_tac_toe").new_initial_state()
    result = mcts.search(state, iterations=1_000_000, solve=True, seed=0)
    assert result.proven_value == 0.0
    assert result.iterations < 1_000_000  # stopped as soon as the root was proven
    assert mcts.search(state, iterations=1000, seed=0).proven_value is None


@pytest.mark.parametrize(
    "history, winning",
    [
        ([3, 3, 4, 4], {2, 5}),  # an open three on the bottom row
        ([0, 1, 0, 1, 0, 1], {0}),  # a win in one
        ([3, 0, 4, 0, 2, 6], {1, 5}),  # x to move: four in one
        ([3, 5, 4, 5, 3, 4, 6, 1, 5, 6], {3}),  # deeper: only column 3 wins
    ],
)
def test_solver_proves_connect_four_wins(history, winning):
    result = mcts.search(connect_four(history), iterations=2_000_000, solve=True, seed=1)
    assert result.proven_value == 1.0
    assert result.best_action in winning
    assert result.iterations < 2_000_000


def test_solver_avoids_a_proven_loss():
    # o must block column 0 or lose at once; every other move is a proven loss.
    result = mcts.search(connect_four([0, 1, 0, 1, 0]), iterations=20_000, solve=True, seed=0)
    assert result.best_action == 0


def test_solver_with_threads():
    result = mcts.search(connect_four([3, 3, 4, 4]), iterations=1_000_000, solve=True, threads=2, seed=0)
    assert result.proven_value == 1.0 and result.best_action in (2, 5)


def test_solve_must_be_bool():
    with pytest.raises(TypeError):
        mcts.search(connect_four(), iterations=10, solve="yes")


def test_agent_reuses_the_subtree_of_the_moves_played():
    agent = mcts.Agent(iterations=3000, seed=0)
    state = connect_four()
    first = agent.step(state)
    state.apply_action(first)
    state.apply_action(3)
    agent.step(state)
    reused_visits = sum(s.visits for s in agent.last_result.stats) - 3000
    assert reused_visits > 0, "the second search should start from the kept subtree"

    fresh = mcts.Agent(iterations=3000, seed=0, reuse_tree=False)
    fresh.step(connect_four())
    fresh.step(state)
    assert sum(s.visits for s in fresh.last_result.stats) == 3000


def test_agent_starts_afresh_on_a_position_that_does_not_follow():
    agent = mcts.Agent(iterations=2000, seed=0)
    agent.step(connect_four([0, 1]))
    agent.step(connect_four([6, 5]))
    assert sum(s.visits for s in agent.last_result.stats) == 2000


def decision_point(game, seed):
    """The first decision of new_initial_state(seed) with a choice (an agent answers a forced move
    without searching): forced moves played, chance outcomes drawn by one fixed stream, so that two
    seeds see the same draws (always the first outcome never reaches a choice in Pig: a 1 ends the
    turn, and a turn starts with a forced roll)."""
    draws = random.Random(0)
    state = game.new_initial_state(seed)
    while state.is_chance_node() or len(state.legal_actions()) == 1:
        state.apply_action(draws.choice(state.legal_actions()))
    return state


def searched_afresh(agent, state, iterations):
    agent.step(state)
    stats = agent.last_result.stats
    return [s.action for s in stats] == state.legal_actions() and sum(s.visits for s in stats) == iterations


@pytest.mark.parametrize("name", ts.list_games())
def test_a_kept_tree_is_not_reused_for_the_same_history_from_another_seed(name):
    """The seed sets the board or deal (Wetland's tiles, Gummiland's piles): the same actions from
    another seed reach another position. Reusing the tree there handed the search actions illegal
    in it (Wetland: 11 of 20 seeds answered with another board's moves)."""
    game = ts.load_game(name)
    for seed in range(5):
        first, second = decision_point(game, seed), decision_point(game, seed + 100)
        if first.is_terminal() or second.is_terminal():
            continue  # no choice in the whole game (Candy Land): nothing is ever searched
        mover = first.current_player()
        if first.information_state_string(mover) == second.information_state_string(mover):
            continue  # the seed changed nothing the mover can see (Leduc deals are chance nodes)
        agent = mcts.Agent(iterations=300, seed=0)
        agent.step(first)
        assert searched_afresh(agent, second, 300)


def test_a_kept_tree_is_not_reused_for_another_position_with_the_same_seed_and_history():
    """Positions set up from serialized fields share seed and history but not the board."""
    game = ts.load_game("wetland")
    agent = mcts.Agent(iterations=300, seed=0)
    agent.step(position(game))
    assert searched_afresh(agent, position(game, turns=2), 300)  # two turns later: the round cap is nearer


def test_a_kept_tree_is_not_reused_for_another_resampled_world():
    """UCT on a game with hidden information sees a new world each move: its tree is dropped."""
    state = ts.load_game("gummiland").new_initial_state(0)
    agent = mcts.Agent(iterations=300, seed=0, algorithm="uct")
    agent.step(state.resample_from_infostate(0, 1))
    assert searched_afresh(agent, state.resample_from_infostate(0, 2), 300)


def test_reuse_tree_is_deterministic():
    def play():
        game = ts.load_game("connect_four")
        return ts.play_game(
            game, [mcts.Agent(iterations=500, seed=1), mcts.Agent(iterations=500, seed=2)], seed=0
        ).actions

    assert play() == play()


PROBE = os.path.join(os.path.dirname(__file__), "..", "..", "benchmarks", "memory_probe.py")


@pytest.mark.skipif(
    "libasan" in os.environ.get("LD_PRELOAD", ""),
    reason="under AddressSanitizer the resident set also holds shadow memory and freed blocks in quarantine",
)
@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize(
    "game, algorithm, cap_mb, iterations", [("connect_four", "uct", 16, 3_000_000), ("gnomi", "ismcts", 4, 400_000)]
)
def test_memory_cap_bounds_process_growth(threads, game, algorithm, cap_mb, iterations):
    """A search capped at C MB that would need far more grows the process by under 1.5 C MB
    (16 MB for UCT as the issue states; 4 MB for ISMCTS, whose trees grow a node per iteration)."""
    out = subprocess.run(
        [sys.executable, PROBE, str(cap_mb), str(threads), str(iterations), game, algorithm],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    growth_mb, tree_mb, capped = float(out[0]), float(out[1]), out[2] == "True"
    assert capped and tree_mb <= cap_mb
    assert growth_mb < 1.5 * cap_mb, f"grew by {growth_mb:.1f} MB"


def test_solver_rejects_games_with_chance_or_more_players():
    candyland = ts.load_game("candyland").new_initial_state(0)
    with pytest.raises(ValueError, match="without chance"):
        mcts.search(candyland, iterations=100, solve=True)
    three = ts.load_game("wetland", players=3).new_initial_state(0)
    with pytest.raises(ValueError, match="two-player"):
        mcts.search(three, iterations=100, solve=True)


def test_threads_work_for_every_algorithm():
    leduc = ts.load_game("leduc_poker").new_initial_state()
    for a in (2, 4):
        leduc.apply_action(a)
    for algorithm in ("ismcts", "mo-ismcts", "pimc"):
        runs = [mcts.search(leduc, iterations=2000, threads=2, seed=1, algorithm=algorithm) for _ in range(2)]
        assert runs[0].stats == runs[1].stats
        assert sum(s.visits for s in runs[0].stats) == 2000


@pytest.mark.parametrize("algorithm", ["ismcts", "mo-ismcts"])
def test_ismcts_agent_reuses_the_information_set_subtree(algorithm):
    state = ts.load_game("leduc_poker").new_initial_state()
    for a in (2, 4):  # the deal
        state.apply_action(a)
    agent = mcts.Agent(iterations=3000, seed=0, algorithm=algorithm)
    agent.step(state)
    for a in (1, 2):  # player 0 calls, player 1 raises: player 0 decides again
        state.apply_action(a)
    agent.step(state)
    assert sum(s.visits for s in agent.last_result.stats) > 3000, "the kept subtree should carry visits"

    fresh = mcts.Agent(iterations=3000, seed=0, algorithm=algorithm, reuse_tree=False)
    fresh.step(state)
    assert sum(s.visits for s in fresh.last_result.stats) == 3000


def test_an_ismcts_agent_moving_for_two_seats_starts_each_seats_tree_afresh():
    """One ISMCTS agent plays both seats of Leduc. Its tree is player 0's (keyed by what player 0
    sees, player 0 choosing at its root): after player 0 calls, player 1's search must not
    continue it, so its visits are its own 2,000 iterations. (Continued, they were 3,991.) A
    tree per player (mo-ismcts) is continued: test_ismcts_agent_reuses_the_information_set_subtree."""
    state = ts.load_game("leduc_poker").new_initial_state()
    for a in (2, 4):  # the deal
        state.apply_action(a)
    agent = mcts.Agent(iterations=2000, seed=0, algorithm="ismcts")
    agent.step(state)
    state.apply_action(1)  # player 0 calls
    agent.step(state)
    assert sum(s.visits for s in agent.last_result.stats) == 2000, "player 0's tree was continued for player 1"


@pytest.mark.parametrize("algorithm", ["uct", "ismcts", "mo-ismcts"])
def test_an_agent_moving_in_another_game_starts_afresh(algorithm):
    """One agent, two games whose positions look alike (Gnomi from the same seed, 100 rounds at
    most or 1): a tree grown for the first is never continued in the second."""
    agent = mcts.Agent(iterations=2000, seed=0, algorithm=algorithm)
    agent.step(ts.load_game("gnomi", max_rounds=100).new_initial_state(0))
    agent.step(ts.load_game("gnomi", max_rounds=1).new_initial_state(0))
    assert sum(s.visits for s in agent.last_result.stats) == 2000, "the first game's tree was continued"


@pytest.mark.parametrize("value, ok", [("16", True), ("0", False), ("abc", False), ("", False)])
def test_default_tree_cap_from_the_environment(value, ok):
    code = (
        "from tablesearch import mcts\nimport tablesearch as ts\n"
        "s = ts.load_game('connect_four').new_initial_state(0)\n"
        "r = mcts.search(s, iterations=400_000, seed=0)\n"
        "print(mcts.DEFAULT_MAX_MEMORY_MB, r.memory_capped, r.node_bytes <= 16 * 2**20)"
    )
    env = dict(os.environ, TABLESEARCH_MAX_MEMORY_MB=value)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    if ok:
        assert proc.stdout.split() == ["16", "True", "True"], proc.stderr
    else:
        assert proc.returncode != 0 and "TABLESEARCH_MAX_MEMORY_MB: max_memory_mb must be an int in [1, " in proc.stderr
