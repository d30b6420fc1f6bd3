"""Leduc poker for two players written as compiled rules: a card game with hidden information,
searched by ISMCTS (and every other hidden-information search) at native speed.

The rules and numbering are those of the native `leduc_poker` (OpenSpiel's): six cards, two of
each of three ranks (card c has rank c // 2); each player antes 1 and is dealt a private card;
a betting round, a public card, a second betting round. Actions: 0 fold, 1 call/check, 2 raise
(2 chips in round 1, 4 in round 2, at most two raises a round). A pair with the public card beats
any other hand, else the higher card wins; returns are the chips won or lost.

What hidden information takes, beside the rules: `information_state` (everything a player knows,
as numbers), `resample` (a world the player cannot tell from the true one, drawn from random
numbers the core gives) and `observed_action` (the other player's deal is not seen).

    pip install 'tablesearch[compiled]'
    python examples/compiled_leduc_poker.py
"""

from __future__ import annotations

import numpy as np
from numba import njit

import tablesearch as ts
from tablesearch import mcts
from tablesearch.games.compiled import CompiledGame

PLAYERS, CARDS_IN_DECK, HIDDEN_CARD = 2, 6, 6
FOLD, CALL, RAISE = 0, 1, 2
MAX_BETS = 6  # bets in one round: at most two raises, and the calls between them
# The state, an int32 array.
CARDS = 0  # each player's private card, -1 before the deal
DEALT = 2  # private cards dealt so far
PUBLIC = 3  # the public card, -1 before it is dealt
ROUND = 4  # 1 or 2
RAISES = 5  # raises in this round
CALLS = 6  # calls since the last raise
REMAINING = 7  # players who have not folded
STAKES = 8  # the contribution each player must match
OVER = 9  # 1 once the game is over
PLAYER = 10  # the player to move, or CHANCE while a card is dealt
ANTE = 11  # the chips each player has put in
FOLDED = 13  # 1 for a player who folded
NUM_BETS = 15  # the number of bets in each round
BETS = 17  # the bets of round 1, then of round 2 (MAX_BETS each)
SIZE = BETS + 2 * MAX_BETS
INFORMATION_STATE_SIZE = 6 + 2 * (1 + MAX_BETS)


@njit
def current_player(state):
    return ts.TERMINAL if state[OVER] else state[PLAYER]


@njit
def legal_actions(state, actions):
    n = 0
    if state[STAKES] > state[ANTE + state[PLAYER]]:  # folding is only allowed facing a bet
        actions[n] = FOLD
        n += 1
    actions[n] = CALL
    n += 1
    if state[RAISES] < 2:
        actions[n] = RAISE
        n += 1
    return n


@njit
def is_out(state, card):
    return card == state[CARDS] or card == state[CARDS + 1] or card == state[PUBLIC]


@njit
def chance_outcomes(state, cards, probabilities):
    n = 0
    for card in range(CARDS_IN_DECK):
        if not is_out(state, card):
            cards[n] = card
            n += 1
    for i in range(n):
        probabilities[i] = 1.0 / n
    return n


@njit
def next_player(state, player):
    """The first player after `player` who has not folded."""
    for i in range(1, PLAYERS + 1):
        other = (player + i) % PLAYERS
        if not state[FOLDED + other]:
            return other
    return player


@njit
def apply_action(state, action):
    if state[PLAYER] == ts.CHANCE:
        if state[DEALT] < PLAYERS:
            state[CARDS + state[DEALT]] = action
            state[DEALT] += 1
            if state[DEALT] == PLAYERS:
                state[PLAYER] = 0
        else:
            state[PUBLIC] = action
            state[PLAYER] = next_player(state, PLAYERS - 1)
        return
    player, round_index = state[PLAYER], state[ROUND] - 1
    state[BETS + round_index * MAX_BETS + state[NUM_BETS + round_index]] = action
    state[NUM_BETS + round_index] += 1
    if action == FOLD:
        state[FOLDED + player] = 1
        state[REMAINING] -= 1
    elif action == CALL:
        state[ANTE + player] = state[STAKES]
        state[CALLS] += 1
    else:
        state[STAKES] += 2 if state[ROUND] == 1 else 4
        state[ANTE + player] = state[STAKES]
        state[RAISES] += 1
        state[CALLS] = 0
    ready = (state[RAISES] == 0 and state[CALLS] == state[REMAINING]) or (
        state[RAISES] > 0 and state[CALLS] == state[REMAINING] - 1
    )
    round_over = action != RAISE and ready
    if state[REMAINING] == 1 or (state[ROUND] == 2 and round_over):
        state[OVER] = 1
    elif round_over:
        state[ROUND], state[RAISES], state[CALLS], state[PLAYER] = 2, 0, 0, ts.CHANCE
    else:
        state[PLAYER] = next_player(state, player)


@njit
def hand_rank(state, player):
    """A pair beats every unpaired hand; unpaired hands compare the higher card's rank, then the
    lower one's."""
    low, high = state[PUBLIC], state[CARDS + player]
    if low > high:
        low, high = high, low
    if low % 2 == 0 and high == low + 1:
        return CARDS_IN_DECK * CARDS_IN_DECK + low
    return (high // 2) * CARDS_IN_DECK + low // 2


@njit
def returns(state, values):
    pot = state[ANTE] + state[ANTE + 1]
    best = -1
    for p in range(PLAYERS):
        if not state[FOLDED + p] and state[REMAINING] > 1:
            best = max(best, hand_rank(state, p))
    winners = 0
    for p in range(PLAYERS):
        if not state[FOLDED + p] and (state[REMAINING] == 1 or hand_rank(state, p) == best):
            winners += 1
    for p in range(PLAYERS):
        wins = not state[FOLDED + p] and (state[REMAINING] == 1 or hand_rank(state, p) == best)
        values[p] = -state[ANTE + p] + (pot / winners if wins else 0.0)


@njit
def information_state(state, player, values):
    """What `player` knows: its own card, how many cards were dealt, the round, who is to move,
    the public card and every bet (the chips follow from the bets)."""
    values[0] = player
    values[1] = state[CARDS + player]
    values[2] = state[DEALT]
    values[3] = state[ROUND]
    values[4] = current_player(state)
    values[5] = state[PUBLIC]
    for r in range(2):
        values[6 + r * (1 + MAX_BETS)] = state[NUM_BETS + r]
        for i in range(MAX_BETS):
            values[7 + r * (1 + MAX_BETS) + i] = state[BETS + r * MAX_BETS + i]


@njit
def resample(state, player, draws, world, history):
    """Deals the other player a card `player` has not seen (neither its own nor the public card),
    and writes that deal into the history (the first entries are the private deals, in order)."""
    unseen = np.empty(CARDS_IN_DECK, np.int64)
    n = 0
    for card in range(CARDS_IN_DECK):
        if card != state[CARDS + player] and card != state[PUBLIC]:
            unseen[n] = card
            n += 1
    for p in range(state[DEALT]):
        if p != player:
            pick = draws[0] % n
            world[CARDS + p] = unseen[pick]
            unseen[pick] = unseen[n - 1]
            n -= 1
        if p < len(history):
            history[p] = world[CARDS + p]


@njit
def observed_action(state, observer, action):
    """A private card dealt to someone else looks the same as any other."""
    if state[PLAYER] == ts.CHANCE and state[DEALT] < PLAYERS and state[DEALT] != observer:
        return HIDDEN_CARD
    return action


@njit
def observation(state, player, values):
    """The native game's tensor: the observer (one-hot), its card, the public card, the chips in."""
    values[player] = 1.0
    if state[CARDS + player] >= 0:
        values[PLAYERS + state[CARDS + player]] = 1.0
    if state[PUBLIC] >= 0:
        values[PLAYERS + CARDS_IN_DECK + state[PUBLIC]] = 1.0
    for p in range(PLAYERS):
        values[PLAYERS + 2 * CARDS_IN_DECK + p] = state[ANTE + p]


def state_to_string(state: np.ndarray) -> str:
    def bets(r: int) -> str:
        return " ".join(str(b) for b in state[BETS + r * MAX_BETS : BETS + r * MAX_BETS + state[NUM_BETS + r]])

    cards = " ".join(str(c) if c >= 0 else "-" for c in state[CARDS : CARDS + PLAYERS])
    public = state[PUBLIC] if state[PUBLIC] >= 0 else "-"
    return (
        f"Round: {state[ROUND]}\nPot: {state[ANTE] + state[ANTE + 1]}\nPublic: {public}\nPrivate: {cards}\n"
        f"Round 1 sequence: {bets(0)}\nRound 2 sequence: {bets(1)}\n"
    )


def action_to_string(state: np.ndarray, action: int) -> str:
    if state[PLAYER] == ts.CHANCE and not state[OVER]:
        return f"{'Deal' if state[DEALT] < PLAYERS else 'Public'} {action}"
    return ("Fold", "Call", "Raise")[action]


def leduc_poker() -> CompiledGame:
    initial = np.zeros(SIZE, np.int32)
    initial[CARDS : CARDS + PLAYERS] = -1
    initial[PUBLIC] = -1
    initial[ROUND] = 1
    initial[REMAINING] = PLAYERS
    initial[STAKES] = 1
    initial[PLAYER] = ts.CHANCE
    initial[ANTE : ANTE + PLAYERS] = 1
    return CompiledGame(
        num_players=PLAYERS,
        initial_state=initial,
        num_distinct_actions=3,
        max_legal_actions=CARDS_IN_DECK,  # the first deal has the most outcomes
        current_player=current_player,
        legal_actions=legal_actions,
        chance_outcomes=chance_outcomes,
        apply_action=apply_action,
        returns=returns,
        information_state=information_state,
        information_state_size=INFORMATION_STATE_SIZE,
        resample=resample,
        resample_draws=1,
        observed_action=observed_action,
        observation=observation,
        observation_shape=(2 * PLAYERS + 2 * CARDS_IN_DECK,),
        min_utility=-13.0,  # the ante, two raises of 2 and two of 4
        max_utility=13.0,
        max_game_length=8,  # at most four decisions a round (bet, raise, raise, call)
        state_to_string=state_to_string,
        action_to_string=action_to_string,
    )


def main() -> None:
    ts.register_game("compiled_leduc_poker", leduc_poker)
    state = ts.load_game("compiled_leduc_poker").new_initial_state()
    for action in (4, 1, CALL):  # player 0 holds a king and checks; player 1 (a jack) to act
        state.apply_action(action)
    for algorithm in ("ismcts", "mo-ismcts", "smooth-uct"):
        policy = mcts.search(state, iterations=20_000, seed=0, algorithm=algorithm).policy()
        print(f"{algorithm:>10}: player 1 plays", {("fold", "call", "raise")[a]: f"{p:.0%}" for a, p in policy.items()})


if __name__ == "__main__":
    main()
