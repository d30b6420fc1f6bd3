"""Gnomi positions built from chosen hands (docs/rules/gnomi.md), for the rule tests and the
tactics suite: `build` makes a state through helpers.positions (so the game validates it), `act`
plays a move by its name."""

from __future__ import annotations

from collections import Counter

import tablesearch as ts
from helpers.positions import position

M_FACES = ["orange", "white", "blue", "red", "purple", "gold"]
M_COPIES = [5, 5, 5, 5, 5, 3]
G_FACES = ["hans", "sprout", "wake", "lullaby", "thief", "peek", "earmuffs", "compost", "golden"]
G_COPIES = [1, 3, 3, 3, 3, 3, 3, 2, 4]
POOL, RESERVE = -1, -2


def build(hands, golden=False, max_rounds=100, pad=None, known=None, **scalars):
    """A hand-built position at the start of seat `turn`'s turn (default 0).

    hands[s] = dict(up=[colours], down=[colours], awake=[kinds], asleep=[kinds]). Cards are numbered
    in the order listed (seat 0's up then composted mushrooms, then seat 1's, ...; gnomes likewise).
    Every player holds 3 gnomes; a first game's hands hold 4 regular mushrooms per player in total,
    so `pad` names a seat that takes the missing ones as composted mushrooms (numbered after all
    hands, colours in table order). Golden cards not in hands are in the reserve. known maps "m3"
    or "g2" to the seats that know the card (default: its holder; golden mushrooms: everyone).
    Other keyword arguments replace fields (turn, out, game, ...)."""
    n = len(hands)
    game = ts.load_game("gnomi", players=n, golden=golden, max_rounds=max_rounds)
    table = game.new_initial_state(0).fields()
    everyone = (1 << n) - 1
    mush, gnomes = [], []
    for s, hand in enumerate(hands):
        mush += [(M_FACES.index(c), s, 1) for c in hand.get("up", [])]
        mush += [(M_FACES.index(c), s, 0) for c in hand.get("down", [])]
        kinds = [(G_FACES.index(k), s, 1) for k in hand.get("awake", [])]
        kinds += [(G_FACES.index(k), s, 0) for k in hand.get("asleep", [])]
        assert len(kinds) == 3, f"seat {s} must hold 3 gnomes"
        gnomes += kinds
    left = Counter({f: c for f, c in enumerate(M_COPIES)}) - Counter(f for f, _, _ in mush)
    regular_in_hands = sum(1 for f, _, _ in mush if f < 5)
    if pad is not None:
        for f in range(5):
            while regular_in_hands < 4 * n and left[f] > 0:
                mush.append((f, pad, 0))
                left[f] -= 1
                regular_in_hands += 1
    mush += [(f, POOL, 0) for f in range(5) for _ in range(left[f])]
    mush += [(5, RESERVE, 0)] * left[5]
    gleft = Counter({f: c for f, c in enumerate(G_COPIES)}) - Counter(f for f, _, _ in gnomes)
    gnomes += [(f, POOL, 0) for f in range(8) for _ in range(gleft[f])]
    gnomes += [(8, RESERVE, 0)] * gleft[8]

    def mask(kind, i, face, holder):
        if known and f"{kind}{i}" in known:
            return sum(1 << s for s in known[f"{kind}{i}"])
        if holder == RESERVE or (kind == "m" and face == 5):
            return everyone
        return 0 if holder == POOL else 1 << holder

    for kind, cards, prefix in (("m", mush, "mushroom"), ("g", gnomes, "gnome")):
        table[prefix + "_face"] = [c[0] for c in cards]
        table[prefix + "_holder"] = [c[1] for c in cards]
        table[prefix + "_up"] = [c[2] for c in cards]
        table[prefix + "_known"] = [mask(kind, i, c[0], c[1]) for i, c in enumerate(cards)]
    # Each golden gnome in a hand was offered to its holder, taken and dealt: settled offers.
    owners = [h for f, h, _ in gnomes if f == 8 and h >= 0]
    table["offer_seat"] = owners + [-1] * (4 - len(owners))
    table["offer_kept"] = (1 << len(owners)) - 1
    table["settled"] = len(owners)
    return position(game, fields=table, **scalars)


def act(state, text):
    """Applies the legal action described as `text`."""
    matches = [a for a in state.legal_actions() if state.action_to_string(a) == text]
    assert len(matches) == 1, f"{text!r} not among {[state.action_to_string(a) for a in state.legal_actions()]}"
    state.apply_action(matches[0])
    return state


def legal_strings(state):
    return [state.action_to_string(a) for a in state.legal_actions()]
