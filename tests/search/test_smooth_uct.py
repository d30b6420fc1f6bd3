"""Smooth UCT over information sets (search/smooth_uct.h), information-state keys, return ranges,
and the exact exploitability helper."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import tablesearch as ts
from tablesearch import mcts
from tablesearch.exploitability import exploitability

INFOSET_ALGORITHMS = ["smooth-uct", "infoset-uct"]


def leduc(actions, players=2):
    state = ts.load_game("leduc_poker", players=players).new_initial_state()
    for a in actions:
        state.apply_action(a)
    return state


def all_leduc_states(players=2):
    """Every state of Leduc poker (2 players: 9,457), depth first."""
    stack = [leduc([], players)]
    while stack:
        state = stack.pop()
        yield state
        if state.is_terminal():
            continue
        actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        for a in actions:
            child = state.clone()
            child.apply_action(a)
            stack.append(child)


# --- information-state keys ------------------------------------------------------------------


def test_leduc_information_state_keys_match_the_strings_exactly():
    """Over every state of 2-player Leduc and both players: equal keys exactly when the
    information-state strings are equal (no collision, no split)."""
    key_of: dict[str, int] = {}
    string_of: dict[int, str] = {}
    states = 0
    for state in all_leduc_states():
        states += 1
        for player in range(2):
            info = f"{player}|{state.information_state_string(player)}"
            key = state.information_state_key(player)
            assert key_of.setdefault(info, key) == key, f"two keys for {info}"
            assert string_of.setdefault(key, info) == info, f"collision: {info} and {string_of[key]}"
    assert states == 9457 and len(key_of) > 3_000  # OpenSpiel counts 9,457 histories


def test_leduc_keys_have_no_collisions_with_three_players():
    """3-player Leduc, 3,000 random games: keys and strings in one-to-one correspondence."""
    rng = random.Random(0)
    key_of: dict[str, int] = {}
    string_of: dict[int, str] = {}
    for _ in range(3000):
        state = leduc([], players=3)
        while True:
            for player in range(3):
                info = f"{player}|{state.information_state_string(player)}"
                key = state.information_state_key(player)
                assert key_of.setdefault(info, key) == key
                assert string_of.setdefault(key, info) == info
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    assert len(key_of) > 5_000


@pytest.mark.parametrize("players, golden", [(2, False), (3, False), (4, False), (2, True), (3, True)])
def test_gnomi_information_state_keys_match_the_strings(players, golden):
    """Gnomi's native keys: over random games (and worlds resampled from each player's view,
    which share that player's information state), equal keys exactly when the strings are equal."""
    game = ts.load_game("gnomi", players=players, golden=golden)
    assert game.has_information_state_keys()
    rng = random.Random(players * 10 + golden)
    key_of: dict[str, int] = {}
    string_of: dict[int, str] = {}

    def check(state, player):
        info = f"{player}|{state.information_state_string(player)}"
        key = state.information_state_key(player)
        assert key_of.setdefault(info, key) == key, f"two keys for {info}"
        assert string_of.setdefault(key, info) == info, f"collision: {info} and {string_of[key]}"

    for seed in range(60 if golden else 120):
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            for player in range(players):
                check(state, player)
                if rng.random() < 0.2:
                    check(state.resample_from_infostate(player, rng.getrandbits(32)), player)
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    assert len(key_of) > 1_000


@pytest.mark.parametrize("name", ["gummiland"])
def test_games_without_a_native_key_fall_back_to_hashing_the_string(name):
    """A game without information_state_key hashes the string: equal strings, equal keys."""
    game = ts.load_game(name, players=2)
    rng = random.Random(1)
    state = game.new_initial_state(3)
    seen: dict[str, int] = {}
    for _ in range(60):
        if state.is_terminal():
            break
        for player in range(2):
            info = f"{player}|{state.information_state_string(player)}"
            assert seen.setdefault(info, state.information_state_key(player)) == state.information_state_key(player)
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert len(set(seen.values())) == len(seen)


def test_information_state_key_rejects_a_bad_player():
    with pytest.raises(ValueError, match="player must be in 0..1"):
        leduc([3, 0]).information_state_key(2)


# --- return ranges ---------------------------------------------------------------------------


def utility_range(game):
    return game.min_utility(), game.max_utility()


def test_return_ranges():
    assert utility_range(ts.load_game("leduc_poker")) == (-13.0, 13.0)
    assert utility_range(ts.load_game("leduc_poker", players=3)) == (-13.0, 26.0)
    assert utility_range(ts.load_game("tic_tac_toe")) == (-1.0, 1.0)


def test_leduc_returns_stay_within_the_declared_range():
    low, high = utility_range(ts.load_game("leduc_poker"))
    extremes = [r for s in all_leduc_states() if s.is_terminal() for r in s.returns()]
    assert min(extremes) == low and max(extremes) == high


# --- the search ------------------------------------------------------------------------------


@pytest.mark.parametrize("algorithm", INFOSET_ALGORITHMS)
@pytest.mark.parametrize(
    "histories",
    [
        [[3, x] for x in (0, 4, 5)],  # player 0 to act; player 1's card hidden
        [[x, 3, 2] for x in (0, 4, 5)],  # player 1 to act; player 0's card hidden
        [[x, 3, 1, 2, 1, 5, 2] for x in (0, 1, 4)],  # round 2, facing a raise
    ],
)
def test_no_leak_on_leduc(algorithm, histories):
    """States the player to move cannot tell apart, same seed: the same search, beliefs included."""
    states = [leduc(h) for h in histories]
    results = [mcts.search(s, iterations=3000, seed=7, algorithm=algorithm) for s in states]
    assert all(r.stats == results[0].stats and r.root_values == results[0].root_values for r in results)


def test_smooth_uct_result_is_a_mixed_policy():
    result = mcts.search(leduc([3, 0]), iterations=5000, seed=1, algorithm="smooth-uct")
    assert result.algorithm == "smooth-uct" and result.mixed
    policy = result.policy()
    assert sorted(policy) == [1, 2] and sum(policy.values()) == pytest.approx(1.0)
    assert not mcts.search(leduc([3, 0]), iterations=500, seed=1, algorithm="ismcts").mixed


def test_smooth_uct_values_are_reported_in_chips():
    """Values are scaled to [-1, 1] inside the search but reported in the game's units: with a
    pair of kings (card 5 with public 4) against a jack, raising wins chips."""
    result = mcts.search(leduc([5, 0, 1, 1, 4]), iterations=4000, seed=2, algorithm="smooth-uct")
    assert max(s.value for s in result.stats) > 1.0


def test_agent_samples_its_move_from_a_mixed_policy():
    """Where the policy is mixed the agent's moves follow it. At a state where two actions each
    get at least 25% of the policy (checked over 5 seeds), 200 moves play both (the chance of
    missing one is below 2 * 0.75^200 ~ 1e-25 per policy of that shape)."""
    state = leduc([2, 3])  # player 0 with a queen, first to act
    shares = [mcts.search(state, iterations=2000, seed=s, algorithm="smooth-uct").policy() for s in range(5)]
    assert all(sorted(p.values())[-2] >= 0.25 for p in shares), shares
    agent = mcts.Agent(iterations=2000, seed=5, algorithm="smooth-uct")
    moves = Counter(agent.step(state) for _ in range(200))
    assert len(moves) >= 2, moves


def test_mixed_policy_is_thresholded():
    """Shares below mcts.MIXED_POLICY_THRESHOLD are dropped and the rest renormalized; the
    visit counts in stats stay raw."""
    result = mcts.SearchResult(
        best_action=1,
        algorithm="smooth-uct",
        iterations=100,
        elapsed=0.1,
        nodes=1,
        stats=[mcts.ActionStat(0, 10, 0.0), mcts.ActionStat(1, 60, 0.0), mcts.ActionStat(2, 30, 0.0)],
        root_values=[0, 0],
        mixed=True,
    )
    assert result.policy() == pytest.approx({0: 0.0, 1: 60 / 90, 2: 30 / 90})
    result.mixed = False
    assert result.policy() == pytest.approx({0: 0.1, 1: 0.6, 2: 0.3})


def test_auto_picks_infoset_uct_at_leduc_and_keeps_others():
    """infoset-uct won the equal-time match at Leduc against smooth-uct (issue 38)."""
    assert mcts.search(leduc([3, 0]), iterations=200, seed=0).algorithm == "infoset-uct"
    assert mcts.search(ts.load_game("tic_tac_toe").new_initial_state(), iterations=200, seed=0).algorithm == "uct"


@pytest.mark.parametrize("name", ["gnomi", "gummiland", "wetland"])
def test_smooth_uct_runs_on_other_games(name):
    """Games without native keys or whose setup depends on the seed (no replayable trajectory):
    the search falls back to string keys and uniform worlds, and still finds legal moves."""
    game = ts.load_game(name, players=2)
    state = game.new_initial_state(4)
    rng = random.Random(0)
    while state.is_chance_node():
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
    result = mcts.search(state, iterations=300, seed=0, algorithm="smooth-uct")
    assert result.best_action in state.legal_actions()
    assert sum(s.visits for s in result.stats) > 0


def test_smooth_uct_with_threads_merges_and_reproduces():
    a = mcts.search(leduc([3, 0]), iterations=4000, seed=3, algorithm="smooth-uct", threads=2)
    b = mcts.search(leduc([3, 0]), iterations=4000, seed=3, algorithm="smooth-uct", threads=2)
    assert a.stats == b.stats and a.iterations == 4000 and a.mixed


# --- exploitability --------------------------------------------------------------------------


def uniform(state):
    legal = state.legal_actions()
    return {a: 1 / len(legal) for a in legal}


def test_exploitability_of_uniform_play_matches_openspiel():
    """OpenSpiel's exploitability of the uniform random policy at Leduc is 2.3736 (4.7472 / 2)."""
    assert exploitability(ts.load_game("leduc_poker"), uniform) == pytest.approx(2.3736, abs=1e-3)


def test_exploitability_agrees_with_openspiel_on_a_search_policy():
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python import policy as policy_lib
    from open_spiel.python.algorithms import exploitability as os_exploitability

    def ours(state):
        return mcts.search(state, iterations=100, seed=len(state.history()), algorithm="smooth-uct").policy()

    value = exploitability(ts.load_game("leduc_poker"), ours)
    game = pyspiel.load_game("leduc_poker")
    table = policy_lib.TabularPolicy(game)
    for index, s in enumerate(table.states):
        row = table.action_probability_array[index]
        row[:] = 0
        for action, p in ours(leduc(s.history())).items():
            row[action] = p
    assert value == pytest.approx(os_exploitability.exploitability(game, table), abs=1e-6)
