"""Eights, a shedding card game with hidden hands, written as compiled rules on the card helpers
(`tablesearch.games.compiled.cards`): the helpers track who knows each card, so the game's
`information_state` and `resample` are a few lines each, and a world `resample` draws keeps what
the player knows by construction: no who-knows-what bitmasks written by hand.

The rules: a deck of 20 cards, four suits (A to D) of ranks 1 to 5. Each of 2 or 3 players is
dealt 4 cards, seen by its holder only; one card is turned face up to start the discard pile;
the rest is the draw pile, face down. On your turn play a card of your hand that matches the top
card's suit or rank (face up: everyone sees it), or instead draw the pile's next card (only you
see it), or pass once the pile is empty. Whoever empties their hand first wins; when every player
passes in a row, the fewest cards in hand win.

A pass is allowed even with a card that matches: were it allowed only without one, a pass would
tell the table something about the passer's hand, and a world that `resample` draws would have to
respect it (the check run when the game loads finds such a rule: the history replayed in a world
where the passer holds a matching card is not legal). Winners share the losers' stakes: each loser scores
-1/(players - 1), the winners split what the losers lose.

    pip install 'tablesearch[compiled]'
    python examples/compiled_eights.py
"""

from __future__ import annotations

import numpy as np
from numba import njit

import tablesearch as ts
from tablesearch import mcts
from tablesearch.games.compiled import CompiledGame, cards

SUITS, RANKS, HAND = 4, 5, 4
CARDS = SUITS * RANKS  # card c's face is a suit and rank: face // RANKS, face % RANKS
COPIES = np.ones(CARDS, np.int64)  # one copy of each face
PILE, DISCARD = -1, -2  # the places a card can be besides a seat
DRAW, PASS = CARDS, CARDS + 1  # actions: 0..CARDS-1 play that card (by its number, not its face)
HIDDEN = CARDS  # how a deal looks to a player who does not see the card
# The state, an int32 array: the card set (faces, holders, who knows), then the table.
FACE, HOLDER, KNOWN = 0, CARDS, 2 * CARDS
PLAYERS = 3 * CARDS  # the number of players (a parameter, kept in the state)
DEALT = PLAYERS + 1  # cards dealt so far (the setup is a run of chance nodes, one a card)
TOP = PLAYERS + 2  # the card on top of the discard pile
TO_MOVE = PLAYERS + 3  # the player to move
PASSES = PLAYERS + 4  # passes in a row
OVER = PLAYERS + 5
SIZE = PLAYERS + 6
INFORMATION_STATE_SIZE = 5 + 2 * CARDS


@njit
def card_set(state):
    """The card set's three runs (views into the state)."""
    return state[FACE:HOLDER], state[HOLDER:KNOWN], state[KNOWN:PLAYERS]


@njit
def current_player(state):
    if state[OVER]:
        return ts.TERMINAL
    return ts.CHANCE if state[DEALT] < CARDS else state[TO_MOVE]


@njit
def destination(state, card):
    """Where the setup deals `card`: round the seats HAND times, then the discard, then the pile."""
    players = state[PLAYERS]
    if card < players * HAND:
        return card % players
    return DISCARD if card == players * HAND else PILE


@njit
def knowers(state, card):
    """Who sees the face of `card` when it is dealt: the whole table for the first discard,
    nobody for the pile (a seat sees its own cards: `cards.deal` adds it)."""
    return cards.everyone(state[PLAYERS]) if destination(state, card) == DISCARD else 0


@njit
def matches(state, card):
    face, top = state[FACE + card], state[FACE + state[TOP]]
    return face // RANKS == top // RANKS or face % RANKS == top % RANKS


@njit
def next_from_pile(state):
    """The pile's next card: the lowest-numbered card in it (its face is unknown to everyone),
    or -1 when it is empty."""
    for c in range(CARDS):
        if state[HOLDER + c] == PILE:
            return c
    return -1


@njit
def legal_actions(state, actions):
    n = 0
    for c in range(CARDS):
        if state[HOLDER + c] == state[TO_MOVE] and matches(state, c):
            actions[n] = c
            n += 1
    actions[n] = DRAW if next_from_pile(state) >= 0 else PASS
    return n + 1


@njit
def chance_outcomes(state, actions, probabilities):
    return cards.deal_outcomes(state[FACE:HOLDER], COPIES, actions, probabilities)


@njit
def apply_action(state, action):
    face, holder, known = card_set(state)
    players, player = state[PLAYERS], state[TO_MOVE]
    if state[DEALT] < CARDS:  # the setup: the next card gets its face
        card = state[DEALT]
        cards.deal(face, holder, known, card, action, destination(state, card), knowers(state, card))
        if destination(state, card) == DISCARD:
            state[TOP] = card
        state[DEALT] += 1
        return
    if action == DRAW:
        cards.move(holder, known, next_from_pile(state), player, 0)
        state[PASSES] = 0
    elif action == PASS:
        state[PASSES] += 1
        state[OVER] = state[PASSES] == players
    else:
        cards.move(holder, known, action, DISCARD, 0)
        cards.reveal(known, action, players)
        state[TOP] = action
        state[PASSES] = 0
        state[OVER] = cards.held(holder, player) == 0
    state[TO_MOVE] = (player + 1) % players


@njit
def returns(state, values):
    players, holder = state[PLAYERS], state[HOLDER:KNOWN]
    fewest = CARDS
    for p in range(players):
        fewest = min(fewest, cards.held(holder, p))
    winners = 0
    for p in range(players):
        winners += cards.held(holder, p) == fewest
    for p in range(players):
        if winners == players:
            values[p] = 0.0
        elif cards.held(holder, p) == fewest:
            values[p] = (players - winners) / (winners * (players - 1))
        else:
            values[p] = -1.0 / (players - 1)


@njit
def information_state(state, player, values):
    """What `player` knows: the table (public) and, from the card set, where every card is and
    the faces it has seen."""
    values[0] = player
    values[1] = current_player(state)
    values[2] = state[DEALT]
    values[3] = state[TOP]
    values[4] = state[PASSES]
    face, holder, known = card_set(state)
    cards.write_view(face, holder, known, player, values, 5)


@njit
def resample(state, player, draws, world, history):
    """The faces `player` has not seen, drawn again from the cards it has not seen; the deals in
    the history (the first CARDS actions) follow."""
    cards.resample(world[FACE:HOLDER], world[KNOWN:PLAYERS], player, COPIES, draws)
    cards.rewrite_deals(world[FACE:HOLDER], history, 0)


@njit
def observed_action(state, observer, action):
    """A card dealt face down looks the same as any other to those who do not see it."""
    if state[DEALT] < CARDS:
        card = state[DEALT]
        to = destination(state, card)
        return cards.observed_face(knowers(state, card) | (1 << to if to >= 0 else 0), observer, action, HIDDEN)
    return action


@njit
def observation(state, player, values):
    """The player's view as floats, for evaluators that read tensors: every card's holder and the
    faces it has seen (-1: not seen), then the top card and the passes in a row."""
    face, holder, known = card_set(state)
    at = cards.write_view(face, holder, known, player, values, 0)
    values[at] = state[TOP]
    values[at + 1] = state[PASSES]


def card_name(face: int) -> str:
    return f"{'ABCD'[face // RANKS]}{face % RANKS + 1}"


def state_to_string(state: np.ndarray) -> str:
    lines = [f"Top: {card_name(state[FACE + state[TOP]]) if state[DEALT] > state[PLAYERS] * HAND else '-'}"]
    for p in range(state[PLAYERS]):
        hand = [card_name(state[FACE + c]) for c in range(CARDS) if state[HOLDER + c] == p]
        lines.append(f"P{p}: {' '.join(hand) or '(no cards)'}")
    pile = sum(1 for c in range(CARDS) if state[HOLDER + c] == PILE)
    lines.append(f"Pile: {pile} cards, {state[PASSES]} passes in a row")
    return "\n".join(lines) + "\n"


def action_to_string(state: np.ndarray, action: int) -> str:
    if state[DEALT] < CARDS:
        return f"deal {card_name(action)}"
    return {DRAW: "draw", PASS: "pass"}.get(action) or f"play {card_name(state[FACE + action])}"


def eights(players: int = 2) -> CompiledGame:
    if players not in (2, 3):
        raise ValueError(f"eights is for 2 or 3 players, got players={players!r}")
    initial = np.zeros(SIZE, np.int32)
    initial[FACE:HOLDER] = -1
    initial[HOLDER:KNOWN] = PILE
    initial[PLAYERS] = players
    return CompiledGame(
        num_players=players,
        initial_state=initial,
        num_distinct_actions=CARDS + 2,
        max_legal_actions=CARDS + 2,
        current_player=current_player,
        legal_actions=legal_actions,
        chance_outcomes=chance_outcomes,
        apply_action=apply_action,
        returns=returns,
        information_state=information_state,
        information_state_size=INFORMATION_STATE_SIZE,
        resample=resample,
        resample_draws=CARDS,
        observed_action=observed_action,
        observation=observation,
        observation_shape=(2 * CARDS + 2,),
        min_utility=-1.0 / (players - 1),
        max_utility=1.0,
        # The deals, then each card played or drawn once at most, with a round of passes
        # between any two of those and one at the end.
        max_game_length=CARDS + (2 * CARDS + 1) * (players + 1),
        parameters={"players": players},
        parameter_specs=[{"name": "players", "default": 2, "min": 2, "max": 3, "help": "number of players"}],
        state_to_string=state_to_string,
        action_to_string=action_to_string,
    )


def main() -> None:
    ts.register_game("compiled_eights", eights)
    game = ts.load_game("compiled_eights")
    state = game.new_initial_state()
    for action in (0, 5, 1, 6, 2, 7, 3, 8, 10):  # P0 gets A1-A4, P1 B1-B4; the first discard is C1
        state.apply_action(action)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    print(state)
    for algorithm in ("ismcts", "mo-ismcts", "smooth-uct"):
        policy = mcts.search(state, iterations=5_000, seed=0, algorithm=algorithm).policy()
        best = max(policy, key=policy.get)
        print(f"{algorithm:>10}: player 0 would {state.action_to_string(best)} ({policy[best]:.0%})")


if __name__ == "__main__":
    main()
