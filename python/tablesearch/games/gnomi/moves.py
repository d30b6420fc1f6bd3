"""Gnomi's move log, in the players' words (gnomi/words.py): a card's face is said only if the
viewer knows it once the move is over (the state's knowledge masks), else "a mushroom" or "a
gnome": a pass that composts a mushroom without showing it shows no colour to the others. A golden
choice (taken or declined in secret) is told only to its chooser. `consequences` tells what a move
did besides itself."""

from __future__ import annotations

from typing import Any, Optional

from tablesearch.games.gnomi import words
from tablesearch.games.gnomi.drawing import (
    EFFECT_NAMES,
    EFFECTS,
    MUSHROOMS,
    NO_REACTION,
    PHASES,
    RESERVE,
    TARGET,
    Fields,
    G,
    M,
    _latest,
)
from tablesearch.games.gnomi.words import GNOME_NAMES, card, cards
from tablesearch.render.moves import seat_name

_SECRET = "decides in secret whether to take the golden gnome"


def describe_move(before: Any, player: int, action: int, viewer: Optional[int]) -> str:
    if viewer is not None and viewer != player and before.observed_action(viewer, action) != action:
        return f"{seat_name(player)} {_SECRET}"  # the golden choice, a winner's secret
    if player < 0:
        return "a mushroom is drawn at random"  # consequences() tells who takes it
    after = before.clone()
    after.apply_action(action)
    return f"{seat_name(player)} {words.said(before, after, player, action, viewer)}"


# --- the move log: what a move did besides itself ------------------------------------------------


def consequences(before: Any, after: Any, player: int, action: int, viewer: Optional[int]) -> list[str]:
    """What the move did to other cards than the one it names, as `viewer` saw it: an effect
    cancelled by earmuffs, a card given in answer to an ask ("P1 gives an orange mushroom to P0") or
    found missing ("P1 has no orange to give"), a mushroom taken at random, cards composted by
    Hans, players going out, golden cards awarded and the next game of a golden match. Faces only
    where the viewer knows them after the move."""
    b, a = before.fields(), after.fields()
    n = before.get_game().num_players()
    named = _latest((player, action))[0] if player >= 0 else None  # a chance outcome is told here
    effect, target, colour = EFFECTS[b["effect"]], b["target"], b["colour"]
    if target < 0 and player >= 0 and action in TARGET:  # this move chooses the target
        target = TARGET.item(action)
    cancelled = PHASES[b["phase"]] == "react" and action != NO_REACTION and player >= 0
    what = EFFECT_NAMES.get(effect) or GNOME_NAMES.get(effect, effect)
    lines = [f"P{b['turn']}'s {what} is cancelled for P{target}"] if cancelled else []
    if b["game"] != a["game"]:  # the cards are dealt again (and numbered anew)
        return lines + _next_game(b, a, n)
    moved: list[str] = []
    awards: list[str] = []  # golden cards from the reserve, at the end of the match
    turned: dict[tuple[int, str], list[str]] = {}
    for kind, prefix, count in (("m", "mushroom", M), ("g", "gnome", G)):
        for i in range(count):
            was, now = b[f"{prefix}_holder"][i], a[f"{prefix}_holder"][i]
            if f"{kind}{i}" == named or now < 0:  # the pool or the reserve
                continue
            said = card(a, kind, i, viewer)
            if was == RESERVE:  # golden cards
                awards.append(f"P{now} takes a golden {'mushroom' if kind == 'm' else 'gnome'}")
            elif was != now and was >= 0:
                moved.append(
                    f"P{was} gives {said} to P{now}" if effect == "give" else f"P{now} takes {said} from P{was}"
                )
            elif was == now and b[f"{prefix}_up"][i] != a[f"{prefix}_up"][i]:
                up = bool(a[f"{prefix}_up"][i])
                verb = ("sprouts" if up else "composts") if kind == "m" else ("wakes" if up else "puts to sleep")
                turned.setdefault((now, verb), []).append(said)
    lines += moved
    for (seat, verb), turned_cards in turned.items():
        lines.append(
            f"P{seat} puts {cards(turned_cards)} to sleep"
            if verb == "puts to sleep"
            else f"P{seat} {verb} {cards(turned_cards)}"
        )
    over_for_target = a["effect"] == 0 or a["target"] != target
    if target >= 0 and over_for_target and not cancelled:
        if effect == "give" and colour >= 0 and not moved:
            lines.append(f"P{target} has no {MUSHROOMS[colour]} to give")
        elif effect == "steal" and not moved and PHASES[b["phase"]] in ("react", "use 2 target"):
            lines.append(f"P{target} has no mushroom to take")
        elif effect == "hans" and colour >= 0 and not turned:
            lines.append(f"P{target} has no {MUSHROOMS[colour]} to compost")
    lines += [f"P{s} is out" for s in range(n) if (a["out"] >> s) & 1 and not (b["out"] >> s) & 1]
    lines += awards
    golden = PHASES.index("golden choice")
    if a["phase"] == golden and b["phase"] != golden:  # a game of the match is over
        won = " and ".join(f"P{s}" for s in range(n) if (a["awaiting"] >> s) & 1)
        lines.append(f"{won} won game {a['game'] + 1}: offered a golden gnome each, taken or not in secret")
    if after.is_terminal():
        winners = [f"P{s}" for s in range(n) if (a["winners"] >> s) & 1]
        lines.append("game over: " + " and ".join(winners) + (" wins" if len(winners) == 1 else " win"))
    return lines


def _next_game(b: Fields, a: Fields, n: int) -> list[str]:
    """A golden match's next game: a golden mushroom taken in this step (when no golden gnome was
    left to offer, the game that ended is followed at once by the deal), and the new deal, which
    numbers the cards anew."""
    gold = MUSHROOMS.index("gold")

    def golden_mushrooms(f: Fields, seat: int) -> int:
        return sum(1 for i in range(M) if f["mushroom_holder"][i] == seat and f["mushroom_face"][i] == gold)

    lines = [f"P{s} takes a golden mushroom" for s in range(n) if golden_mushrooms(a, s) > golden_mushrooms(b, s)]
    lines.append(f"game {a['game'] + 1} begins: the cards are gathered and dealt again")
    return lines
