"""Search under hidden information: ISMCTS (single and multiple observer) and PIMC.

The generic tests run on every registered game with hidden information (at its default
parameters, and with 3 players where it accepts them)."""

from __future__ import annotations

import itertools
import json
import math
import random
from collections import Counter

import pytest

import tablesearch as ts
from tablesearch import mcts

HIDDEN_ALGORITHMS = list(mcts.HIDDEN_INFORMATION_ALGORITHMS)  # every one must pass the leak test
# Every algorithm, and the ones whose worlds can be weighted by the opponents' moves with it.
HIDDEN_SEARCHES = [(a, {}) for a in HIDDEN_ALGORITHMS] + [(a, {"beliefs": True}) for a in ("ismcts", "mo-ismcts")]
SEARCH_IDS = [a + ("-beliefs" if options else "") for a, options in HIDDEN_SEARCHES]


def hidden_information_configs() -> list[tuple[str, dict]]:
    configs = []
    for name in ts.list_games():
        if not ts.load_game(name).has_hidden_information():
            continue
        configs.append((name, {}))
        for spec in ts.parameter_specs(name):
            if spec["name"] == "players" and spec["default"] != 3 and spec["min"] <= 3 <= spec["max"]:
                configs.append((name, {"players": 3}))
    return configs


HIDDEN_GAMES = hidden_information_configs()
HIDDEN_IDS = [name + "".join(f"-{k}={v}" for k, v in params.items()) for name, params in HIDDEN_GAMES]


def decision_states(game, games, seed=0):
    """The decision states (not chance, not terminal) of `games` seeded random games."""
    rng = random.Random(seed)
    states = []
    for g in range(games):
        state = game.new_initial_state(seed * 1000 + g)
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, weights=probs)[0])
            else:
                states.append(state.clone())
                state.apply_action(rng.choice(state.legal_actions()))
    return states


def leduc(actions, players=2):
    state = ts.load_game("leduc_poker", players=players).new_initial_state()
    for a in actions:
        state.apply_action(a)
    return state


def test_every_hidden_information_game_is_covered():
    assert ("leduc_poker", {}) in HIDDEN_GAMES


# --- no leaks ----------------------------------------------------------------------------------


def concrete(state):
    """Everything a state holds, hidden parts included (its seed aside: a resampled copy gets its own)."""
    return state.fields(), state.history()


def indistinguishable_pairs(game, count):
    """Pairs of decision states that the player to move cannot tell apart but that differ in
    hidden information: a state and another world drawn from its mover's information set."""
    pairs = []
    for i, state in enumerate(decision_states(game, 3 * count)):
        player = state.current_player()
        for seed in range(10):
            other = state.resample_from_infostate(player, 1000 * i + seed)
            if concrete(other) != concrete(state):
                pairs.append((state, other))
                break
        if len(pairs) == count:
            break
    return pairs


@pytest.mark.parametrize("search", HIDDEN_SEARCHES, ids=SEARCH_IDS)
@pytest.mark.parametrize("config", HIDDEN_GAMES, ids=HIDDEN_IDS)
def test_no_leak_identical_statistics_for_indistinguishable_states(config, search):
    """Same seed, states the searcher cannot tell apart: identical statistics, values, tree size."""
    name, params = config
    algorithm, options = search
    pairs = indistinguishable_pairs(ts.load_game(name, **params), 6)
    assert len(pairs) >= 3, "found too few states with hidden information to compare"
    for seed, (a, b) in enumerate(pairs):
        player = a.current_player()
        assert a.information_state_string(player) == b.information_state_string(player)
        ra = mcts.search(a, iterations=1500, seed=seed, algorithm=algorithm, **options)
        rb = mcts.search(b, iterations=1500, seed=seed, algorithm=algorithm, **options)
        assert ra.stats == rb.stats
        assert ra.root_values == rb.root_values
        assert (ra.best_action, ra.nodes) == (rb.best_action, rb.nodes)


@pytest.mark.parametrize("config", HIDDEN_GAMES, ids=HIDDEN_IDS)
def test_leak_test_detects_a_search_that_reads_hidden_cards(config):
    """UCT searches the true world: on the same pairs its statistics differ, so the leak test
    above would catch a search that reads hidden information."""
    name, params = config
    pairs = indistinguishable_pairs(ts.load_game(name, **params), 6)
    differing = sum(
        mcts.search(a, iterations=1500, seed=s, algorithm="uct").stats
        != mcts.search(b, iterations=1500, seed=s, algorithm="uct").stats
        for s, (a, b) in enumerate(pairs)
    )
    assert differing >= len(pairs) // 2


@pytest.mark.parametrize(
    "histories",
    [
        [[3, x] for x in (0, 4, 5)],  # player 0 to act; player 1's card hidden
        [[3, x, 1, 1, 5] for x in (0, 1, 4)],  # after the public card 5
        [[x, 3, 2] for x in (0, 4, 5)],  # player 1 to act; player 0's card hidden
        [[x, 3, 1, 2, 1, 5, 2] for x in (0, 1, 4)],  # round 2, facing a raise
    ],
)
def test_no_leak_on_hand_built_leduc_positions(histories):
    states = [leduc(h) for h in histories]
    player = states[0].current_player()
    assert len({s.information_state_string(player) for s in states}) == 1
    for algorithm in HIDDEN_ALGORITHMS:
        results = [mcts.search(s, iterations=3000, seed=7, algorithm=algorithm) for s in states]
        assert all(r.stats == results[0].stats and r.root_values == results[0].root_values for r in results)


# --- determinizations --------------------------------------------------------------------------


@pytest.mark.parametrize("config", HIDDEN_GAMES, ids=HIDDEN_IDS)
def test_every_sampled_world_keeps_the_players_information_state(config):
    name, params = config
    game = ts.load_game(name, **params)
    varied = 0
    for i, state in enumerate(decision_states(game, 8, seed=1)):
        for player in range(game.num_players()):
            worlds = [state.resample_from_infostate(player, 100 * i + s) for s in range(8)]
            for world in worlds:
                assert world.information_state_string(player) == state.information_state_string(player)
                assert world.current_player() == state.current_player()
                again = world.resample_from_infostate(player, i)
                assert again.information_state_string(player) == state.information_state_string(player)
            varied += len({json.dumps(concrete(w)) for w in worlds}) > 1
    assert varied > 0, "resampling never changed any hidden information"


def consistent_worlds(state, player):
    """Every history of the same length that differs only in chance outcomes and gives `player`
    the same information state, with its probability under the chance model (the true posterior
    when the players' choices do not depend on what `player` cannot see)."""
    game = state.get_game()
    target = state.information_state_string(player)
    history = state.history()
    worlds = {}

    def extend(s, depth, weight):
        if depth == len(history):
            if s.information_state_string(player) == target:
                worlds[tuple(s.history())] = weight
            return
        if s.is_chance_node():
            for action, p in s.chance_outcomes():
                child = s.clone()
                child.apply_action(action)
                extend(child, depth + 1, weight * p)
        elif history[depth] in s.legal_actions():
            s = s.clone()
            s.apply_action(history[depth])
            extend(s, depth + 1, weight)

    extend(game.new_initial_state(0), 0, 1.0)  # Leduc's deal is all chance: the seed is unused
    total = sum(worlds.values())
    return {w: p / total for w, p in worlds.items()}


@pytest.mark.parametrize(
    "actions, players, player, expected_worlds",
    [
        ([3, 0, 2], 2, 1, 5),  # player 1 to act: player 0 has one of 5 cards
        ([3, 0, 1, 1, 5], 2, 0, 4),  # player 0 after the public card: 4 cards left
        ([3], 2, 1, 6),  # mid-deal: player 1 has no card and saw nothing
        ([2, 3, 0, 1], 3, 1, 7 * 6),  # 3 players: two hidden cards out of 7
        ([2, 3, 0, 1, 1, 1, 6], 3, 2, 6 * 5),
    ],
)
def test_worlds_are_sampled_with_the_right_frequencies(actions, players, player, expected_worlds):
    """Chi-square goodness of fit of 4,000 resamples against the enumerated posterior (uniform
    over the cards `player` has not seen); rejects at significance 0.001, so a correct sampler
    fails this seeded test with probability 1/1000."""
    stats = pytest.importorskip("scipy.stats")
    state = leduc(actions, players)
    worlds = consistent_worlds(state, player)
    assert len(worlds) == expected_worlds
    assert all(math.isclose(p, 1 / expected_worlds) for p in worlds.values())
    samples = 4000
    counts = Counter(tuple(state.resample_from_infostate(player, seed).history()) for seed in range(samples))
    assert set(counts) <= set(worlds), "a sampled world is not consistent with the information state"
    keys = sorted(worlds)
    observed = [counts.get(k, 0) for k in keys]
    expected = [worlds[k] * samples for k in keys]
    assert min(expected) >= 5  # the chi-square approximation needs 5 or more per cell
    assert stats.chisquare(observed, expected).pvalue > 0.001


# --- results, budgets, reproducibility -----------------------------------------------------------


@pytest.mark.parametrize("algorithm", HIDDEN_ALGORITHMS)
def test_results_have_the_same_form_for_every_algorithm(algorithm):
    state = leduc([3, 0, 2])
    result = mcts.search(state, iterations=2000, seed=0, algorithm=algorithm)
    assert result.algorithm == algorithm
    assert [s.action for s in result.stats] == state.legal_actions() == [0, 1, 2]
    if algorithm in ("smooth-uct", "infoset-uct"):
        # A quarter of the iterations search the whole game (beliefs), not through the root.
        assert 1000 < sum(s.visits for s in result.stats) <= result.iterations == 2000
    elif algorithm == "oos":
        # Half the iterations are targeted at the root's information set, the others sample the
        # whole game (measured: 705 of 2,000 meet the root).
        assert 500 < sum(s.visits for s in result.stats) <= result.iterations == 2000
    elif algorithm == "ismcts-puct":
        # Its first iteration meets the root as a leaf: it adds the root's choices and values it.
        assert sum(s.visits for s in result.stats) == result.iterations - 1 == 1999
    else:
        assert sum(s.visits for s in result.stats) == result.iterations == 2000
    assert math.isclose(sum(result.policy().values()), 1.0)
    if result.strategy:  # oos: the move is the likeliest of its strategy
        assert result.policy()[result.best_action] == max(result.strategy)
    else:
        top = max(s.visits for s in result.stats)
        assert result.best_action in [s.action for s in result.stats if s.visits == top]
    assert len(result.root_values) == 2 and math.isclose(sum(result.root_values), 0, abs_tol=1e-9)
    assert result.nodes > 1 and result.node_bytes >= result.nodes * 16


@pytest.mark.parametrize("algorithm", HIDDEN_ALGORITHMS)
def test_same_seed_same_result_different_seed_differs(algorithm):
    state = leduc([1, 4, 1])
    a = mcts.search(state, iterations=3000, seed=11, algorithm=algorithm)
    b = mcts.search(state, iterations=3000, seed=11, algorithm=algorithm)
    c = mcts.search(state, iterations=3000, seed=12, algorithm=algorithm)
    assert a.stats == b.stats and a.root_values == b.root_values and a.nodes == b.nodes
    assert a.stats != c.stats


def test_auto_picks_by_game():
    """infoset-uct for two-player Leduc (native information-state keys), ISMCTS for other
    hidden-information games, UCT for perfect information."""
    assert mcts.search(leduc([3, 0]), iterations=100, seed=0).algorithm == "infoset-uct"
    assert mcts.search(leduc([3, 0, 1], players=3), iterations=100, seed=0).algorithm == "ismcts"
    board = ts.load_game("connect_four").new_initial_state()
    assert mcts.search(board, iterations=100, seed=0).algorithm == "uct"


@pytest.mark.parametrize("bad", ["so-ismcts", "ISMCTS", "", "mcts"])
def test_unknown_algorithm_names_raise(bad):
    with pytest.raises(
        ValueError, match="algorithm must be one of uct, puct, ismcts, mo-ismcts, pimc, smooth-uct, infoset-uct"
    ):
        mcts.search(leduc([3, 0]), iterations=100, seed=0, algorithm=bad)


@pytest.mark.parametrize("algorithm", HIDDEN_ALGORITHMS)
def test_search_from_a_resampled_copy_and_with_three_players(algorithm):
    state = leduc([2, 3, 0, 2], players=3)
    view = state.resample_from_infostate(1, 5)
    result = mcts.search(view, iterations=1000, seed=1, algorithm=algorithm)
    assert [s.action for s in result.stats] == [0, 1, 2]
    assert len(result.root_values) == 3 and math.isclose(sum(result.root_values), 0, abs_tol=1e-6)


@pytest.mark.parametrize("algorithm", HIDDEN_ALGORITHMS)
def test_finds_the_forced_win_in_a_perfect_information_game(algorithm):
    """Without hidden information every world is the state itself: ISMCTS is plain MCTS."""
    state = ts.load_game("connect_four").new_initial_state()
    for a in [0, 1, 0, 1, 0, 1]:
        state.apply_action(a)
    assert mcts.search(state, iterations=3000, seed=1, algorithm=algorithm).best_action == 0


@pytest.mark.parametrize("algorithm", HIDDEN_ALGORITHMS)
def test_memory_cap_stops_growth_but_search_goes_on(algorithm):
    state = ts.load_game("connect_four").new_initial_state()
    result = mcts.search(state, iterations=100_000, max_memory_mb=1, seed=0, algorithm=algorithm, determinizations=2)
    assert result.memory_capped and result.iterations == 100_000
    # PIMC's figure adds up its worlds' trees, each within the cap (one is held at a time).
    assert result.node_bytes <= 1024 * 1024 * (2 if algorithm == "pimc" else 1)
    assert result.best_action in range(7)


@pytest.mark.timing
@pytest.mark.parametrize("algorithm", HIDDEN_ALGORITHMS)
def test_time_budget(algorithm):
    result = mcts.search(leduc([3, 0]), time_limit=0.1, seed=0, algorithm=algorithm)
    assert 0.08 < result.elapsed < 0.5 and result.iterations > 1000


@pytest.mark.timing
def test_pimc_time_budget_covers_setting_up_many_worlds():
    """Each world gets a share of the time still left: drawing worlds and reserving their trees
    used to come on top (20,000 worlds in 0.1 s took 0.37 s)."""
    result = mcts.search(leduc([3, 0]), time_limit=0.1, seed=0, algorithm="pimc", determinizations=20_000)
    assert result.elapsed < 0.2


def test_pimc_splits_iterations_between_determinizations():
    state = leduc([3, 0, 2])
    for iterations, worlds in [(10, 8), (5, 8), (1001, 3)]:
        result = mcts.search(state, iterations=iterations, seed=0, algorithm="pimc", determinizations=worlds)
        assert result.iterations == iterations == sum(s.visits for s in result.stats)
    one = mcts.search(state, iterations=3000, seed=0, algorithm="pimc", determinizations=1)
    many = mcts.search(state, iterations=3000, seed=0, algorithm="pimc", determinizations=30)
    assert one.stats != many.stats


# --- playing strength ---------------------------------------------------------------------------


def round_robin(factories, games, seed=0):
    """Every pair of agents plays `games` seeded games in each seating. Returns {(a, b): total
    return of a against b}."""
    game = ts.load_game("leduc_poker")
    totals = Counter()
    for a, b in itertools.permutations(factories, 2):
        for g in range(games):
            record = ts.play_game(game, [factories[a](seed + g), factories[b](seed + g + 1)], seed=seed + g)
            totals[a, b] += record.returns[0]
            totals[b, a] += record.returns[1]
    return totals


def searcher(algorithm, iterations=1000):
    return lambda seed: mcts.Agent(iterations=iterations, seed=seed, algorithm=algorithm)


def random_agent(seed):
    return ts.agents.RandomAgent(seed)


@pytest.mark.parametrize("algorithm", HIDDEN_ALGORITHMS)
def test_beats_random_play_in_leduc(algorithm):
    """1,000 iterations per move against uniform random play, 200 seeded games in each seat.
    Measured over 1,000 games: about +1.2 chips per game (ISMCTS), with a standard deviation of
    about 4.2 per game, so the mean of 400 has a standard error of about 0.21; the bound +0.5 is
    over 3 standard errors below the measured mean, and 2 above zero."""
    totals = round_robin({algorithm: searcher(algorithm), "random": random_agent}, games=200)
    mean = totals[algorithm, "random"] / 400
    assert mean >= 0.5, f"{algorithm} won only {mean:+.2f} chips per game against random play"


def test_tournament_ismcts_mo_ismcts_pimc_and_random():
    """Round robin on Leduc poker: every pair, 60 seeded games in each seating (120 per pair),
    1,000 iterations per move. Prints the table of mean chips per game of the row agent against
    the column agent (pytest -s shows it). Checks what must hold: every pairing is zero-sum, and
    each searcher is ahead of random play (about +1.2 expected, standard error about 0.4)."""
    agents = {name: searcher(name) for name in ("ismcts", "mo-ismcts", "pimc")}
    agents["random"] = random_agent
    totals = round_robin(agents, games=60, seed=100)
    print("\nLeduc poker round robin, mean chips per game of row against column (120 games each):")
    print(" " * 11 + "".join(f"{name:>11s}" for name in agents) + "      total")
    for a in agents:
        row = [f"{totals[a, b] / 120:+11.3f}" if a != b else " " * 11 for b in agents]
        total = sum(totals[a, b] for b in agents if b != a) / (120 * (len(agents) - 1))
        print(f"{a:>11s}" + "".join(row) + f"{total:+11.3f}")
    for a, b in itertools.combinations(agents, 2):
        assert math.isclose(totals[a, b] + totals[b, a], 0.0, abs_tol=1e-9)
    for name in ("ismcts", "mo-ismcts", "pimc"):
        assert totals[name, "random"] > 0, f"{name} lost to random play"
