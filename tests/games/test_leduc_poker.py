"""Leduc poker: OpenSpiel's rules, numbering and returns; the knowledge model (information
states, resampling, observed actions)."""

from __future__ import annotations

import random

import numpy as np
import pytest

import tablesearch as ts

FOLD, CALL, RAISE = 0, 1, 2


def play(actions, players=2):
    state = ts.load_game("leduc_poker", players=players).new_initial_state()
    for a in actions:
        state.apply_action(a)
    return state


def contributions(state):
    """Chips each player has put in the pot (the last n entries of the observation tensor)."""
    n = state.num_players()
    return [int(x) for x in state.observation_tensor(0)[-n:]]


def all_states(players=2):
    """Every state of the game, depth first (about 10,000 for 2 players)."""
    stack = [ts.load_game("leduc_poker", players=players).new_initial_state()]
    while stack:
        state = stack.pop()
        yield state
        for a in state.legal_actions():
            child = state.clone()
            child.apply_action(a)
            stack.append(child)


def knowledge(state, player):
    """What `player` has seen, rebuilt from the history: its own deal, that others were dealt a
    card (not which), the public card and every bet."""
    replay = ts.load_game("leduc_poker", players=state.num_players()).new_initial_state()
    seen = []
    deals = 0
    for a in state.history():
        if replay.is_chance_node() and deals < state.num_players():
            seen.append(("deal", a if deals == player else None))
            deals += 1
        elif replay.is_chance_node():
            seen.append(("public", a))
        else:
            seen.append(("bet", a))
        replay.apply_action(a)
    return tuple(seen)


# --- rules ------------------------------------------------------------------------------------


def test_deal_is_chance_over_six_cards():
    state = play([])
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(c, pytest.approx(1 / 6)) for c in range(6)]
    state.apply_action(3)
    assert state.legal_actions() == [0, 1, 2, 4, 5]
    assert all(p == pytest.approx(1 / 5) for _, p in state.chance_outcomes())
    state.apply_action(0)
    assert state.current_player() == 0


def test_fold_is_legal_only_facing_a_bet_and_two_raises_at_most():
    state = play([3, 0])
    assert state.legal_actions() == [CALL, RAISE]
    state.apply_action(RAISE)
    assert state.legal_actions() == [FOLD, CALL, RAISE]
    state.apply_action(RAISE)
    assert state.legal_actions() == [FOLD, CALL]
    with pytest.raises(ValueError, match="legal actions: 0, 1"):
        state.apply_action(RAISE)


def test_antes_and_raise_sizes_two_then_four():
    state = play([3, 0])
    assert contributions(state) == [1, 1]
    state.apply_action(RAISE)
    assert contributions(state) == [3, 1]
    state.apply_action(RAISE)  # calls 2 and raises 2
    assert contributions(state) == [3, 5]
    state.apply_action(CALL)
    assert contributions(state) == [5, 5] and state.is_chance_node()
    assert state.legal_actions() == [1, 2, 4, 5]  # the public card, from the 4 cards left
    state.apply_action(5)
    assert state.current_player() == 0
    state.apply_action(RAISE)
    assert contributions(state) == [9, 5]
    state.apply_action(RAISE)
    assert contributions(state) == [9, 13]
    state.apply_action(CALL)
    assert state.is_terminal()


def test_check_check_deals_the_public_card_and_player_0_opens_round_two():
    state = play([3, 0, CALL, CALL])
    assert state.is_chance_node()
    state.apply_action(1)
    assert state.current_player() == 0 and state.legal_actions() == [CALL, RAISE]


def test_fold_ends_the_game_and_the_other_player_takes_the_pot():
    state = play([3, 0, RAISE, FOLD])
    assert state.is_terminal() and state.returns() == [1.0, -1.0]
    state = play([3, 0, CALL, RAISE, RAISE, FOLD])  # player 1 folds with 3 chips in
    assert state.returns() == [3.0, -3.0]


def test_pair_beats_a_higher_card():
    # Player 0 holds a jack (0) and pairs the public jack (1); player 1 holds a king (4).
    state = play([0, 4, CALL, CALL, 1, RAISE, CALL])
    assert state.is_terminal() and state.returns() == [5.0, -5.0]


def test_higher_card_wins_without_pairs():
    state = play([2, 4, CALL, CALL, 0, CALL, CALL])  # queen against king, public jack
    assert state.returns() == [-1.0, 1.0]


def test_equal_ranks_split_the_pot():
    state = play([2, 3, RAISE, CALL, 4, RAISE, CALL])  # two queens, public king
    assert state.returns() == [0.0, 0.0]


def test_largest_pot_is_13_each():
    state = play([4, 0, RAISE, RAISE, CALL, 1, RAISE, RAISE, CALL])
    assert state.returns() == [-13.0, 13.0]  # player 1 pairs jacks


def test_three_players_split_between_two_winners():
    # 8 cards; players 0 and 1 hold queens (2, 3), player 2 a jack (0); the public card is a king (6).
    state = play([2, 3, 0, CALL, CALL, CALL, 6, CALL, CALL, CALL], players=3)
    assert state.is_terminal() and state.returns() == [0.5, 0.5, -1.0]


def test_three_players_fold_leaves_two_in():
    state = play([2, 3, 0, RAISE, FOLD, CALL], players=3)
    assert state.is_chance_node()  # player 1 folded; the round ends and the public card comes
    state.apply_action(6)
    assert state.current_player() == 0
    state.apply_action(CALL)
    assert state.current_player() == 2  # player 1 is skipped


def test_players_parameter_range():
    assert ts.load_game("leduc_poker").num_players() == 2
    assert ts.load_game("leduc_poker", players=8).observation_shape() == (2 * 8 + 4 * 9,)
    with pytest.raises(ValueError, match="between 2 and 8"):
        ts.load_game("leduc_poker", players=9)


def test_observation_tensor_layout():
    obs = play([3, 0, RAISE]).observation_tensor(1)
    assert obs.shape == (16,)
    expected = np.zeros(16, dtype=np.float32)
    expected[1] = 1  # observer: player 1
    expected[2 + 0] = 1  # private card 0
    expected[14:16] = [3, 1]  # chips in the pot
    np.testing.assert_array_equal(obs, expected)
    obs = play([3, 0, CALL, CALL, 5]).observation_tensor(0)
    assert obs[2 + 3] == 1 and obs[8 + 5] == 1


# --- knowledge ----------------------------------------------------------------------------------


@pytest.mark.parametrize("player", [0, 1])
def test_information_state_strings_differ_exactly_when_knowledge_differs(player):
    """Over every state of the 2-player game: the string is a function of what the player has
    seen, and different knowledge gives different strings."""
    by_string, by_knowledge = {}, {}
    for state in all_states():
        s, k = state.information_state_string(player), knowledge(state, player)
        assert by_string.setdefault(s, k) == k
        assert by_knowledge.setdefault(k, s) == s
    assert len(by_string) > 1000


def test_observed_action_hides_other_players_deals():
    state = play([])
    hidden = state.observed_action(1, 0)
    assert [state.observed_action(1, c) for c in range(6)] == [hidden] * 6
    assert [state.observed_action(0, c) for c in range(6)] == list(range(6))
    state.apply_action(3)
    assert [state.observed_action(1, c) for c in state.legal_actions()] == state.legal_actions()
    assert len({state.observed_action(0, c) for c in state.legal_actions()}) == 1
    state.apply_action(0)
    for p in (0, 1):
        assert [state.observed_action(p, a) for a in state.legal_actions()] == state.legal_actions()
    for a in (CALL, CALL):
        state.apply_action(a)
    assert [state.observed_action(1, c) for c in state.legal_actions()] == state.legal_actions()
    with pytest.raises(ValueError):
        state.observed_action(1, 3)  # card 3 is player 0's: not a legal outcome here


def test_resample_redraws_only_unseen_cards_and_rewrites_the_history():
    state = play([3, 0, RAISE, CALL, 5, CALL])
    for seed in range(50):
        world = state.resample_from_infostate(0, seed)
        history = world.history()
        assert history[0] == 3 and history[2:] == state.history()[2:]
        assert history[1] not in (3, 5)
        assert world.information_state_string(0) == state.information_state_string(0)
        assert play(history).information_state_string(1) == world.information_state_string(1)
    assert {state.resample_from_infostate(0, s).history()[1] for s in range(50)} == {0, 1, 2, 4}


def test_resample_does_not_depend_on_the_hidden_card():
    a, b = play([3, 0, RAISE]), play([3, 4, RAISE])
    for seed in range(20):
        assert a.resample_from_infostate(0, seed).history() == b.resample_from_infostate(0, seed).history()


def test_resample_before_the_deal_is_complete():
    state = play([3])  # player 1 has no card yet; player 0's is hidden from player 1
    first_cards = set()
    for seed in range(40):
        world = state.resample_from_infostate(1, seed)
        assert world.is_chance_node() and len(world.history()) == 1
        assert world.legal_actions() == [c for c in range(6) if c != world.history()[0]]
        first_cards.add(world.history()[0])
    assert first_cards == set(range(6))


# --- against OpenSpiel --------------------------------------------------------------------------


@pytest.mark.parametrize("players, games", [(2, 400), (3, 150), (4, 60)])
def test_matches_openspiel_step_by_step(players, games):
    """Random games played in both: the same player to move, legal actions, chance outcomes,
    observation tensors at every step and the same returns at the end. Decision-node
    information states partition states exactly as OpenSpiel's do."""
    pyspiel = pytest.importorskip("pyspiel")
    os_game = pyspiel.load_game("leduc_poker", {"players": players})
    game = ts.load_game("leduc_poker", players=players)
    rng = random.Random(players)
    ours_to_theirs, theirs_to_ours = {}, {}
    for seed in range(games):
        theirs, ours = os_game.new_initial_state(), game.new_initial_state(seed)
        while True:
            assert ours.current_player() == theirs.current_player()
            assert ours.is_terminal() == theirs.is_terminal()
            for p in range(players):
                np.testing.assert_array_equal(ours.observation_tensor(p), np.array(theirs.observation_tensor(p)))
            if theirs.is_terminal():
                assert ours.returns() == pytest.approx(theirs.returns())
                break
            assert ours.returns() == [0.0] * players
            assert ours.legal_actions() == theirs.legal_actions()
            if theirs.is_chance_node():
                (our_actions, our_probs), (their_actions, their_probs) = (
                    zip(*ours.chance_outcomes()),
                    zip(*theirs.chance_outcomes()),
                )
                assert our_actions == their_actions
                assert our_probs == pytest.approx(their_probs)
            else:
                for p in range(players):
                    pair = (ours.information_state_string(p), theirs.information_state_string(p))
                    assert ours_to_theirs.setdefault(pair[0], pair[1]) == pair[1]
                    assert theirs_to_ours.setdefault(pair[1], pair[0]) == pair[0]
            action = rng.choice(theirs.legal_actions())
            ours.apply_action(action)
            theirs.apply_action(action)
