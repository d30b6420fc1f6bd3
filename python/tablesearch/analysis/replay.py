"""What a game record does not store, read back by replaying it.

A tournament line keeps the actions (chance outcomes included) and the deal's seed, so the game
can be replayed exactly: the replay counts, for one game, its plies (moves by players), its
decisions (plies with more than one legal action: a real choice), its turns, the legal actions at
each decision (the branching factor), the order in which seats took their first turn, whether a
cap ended it, and, for games that report scores (`state.scores()` differing from the returns
before the end), the lead: how often it changed hands and from when the eventual winner held it
for good.

A turn is a maximal run of plies by the seat whose turn it is: by default the player to move,
except where a game lets others decide inside a turn (a target reacts, say): its extras'
``turn_holder`` then says whose turn it is (`tablesearch.games.extras`); in a one-seat game every
ply is a turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from tablesearch.games.extras import game_extras


def _player_to_move(state: Any) -> int:
    return int(state.current_player())


@dataclass
class GameFacts:
    """One replayed game (see the module docstring for the definitions)."""

    plies: int
    decisions: int
    turns: int
    legal_at_decisions: int  # sum of legal-action counts over the decisions
    turn_order: list[int]  # seats in the order of their first turn
    rounds: int  # the most turns any one seat took
    scored: bool  # scores differed from the returns before the end
    lead_changes: Optional[int]  # None unless scored
    winner_leads_from: Optional[float]  # share of the turns before the sole winner leads for good
    margin: Optional[float]  # winner's final score minus the best other seat's (sole winner, scored)


def _sole_leader(scores: list[float]) -> Optional[int]:
    best = max(scores)
    leaders = [s for s, v in enumerate(scores) if v == best]
    return leaders[0] if len(leaders) == 1 else None


def replay(game: Any, line: dict[str, Any]) -> GameFacts:
    """Replays one tournament line (its `seed` and `actions`) on `game` and returns its facts."""
    state = game.new_initial_state(line["seed"])
    holder_of = game_extras(game.name).turn_holder or _player_to_move
    one_seat = game.num_players() == 1
    plies = decisions = turns = legal_sum = 0
    turn_order: list[int] = []
    turns_by_seat: dict[int, int] = {}
    holder: Optional[int] = None
    scored = False
    leaders: list[Optional[int]] = []  # the sole leader at the start of each turn, then at the end
    for action in line["actions"]:
        if not state.is_chance_node():
            who = holder_of(state)
            if one_seat or who != holder:
                holder = who
                turns += 1
                turns_by_seat[who] = turns_by_seat.get(who, 0) + 1
                if who not in turn_order:
                    turn_order.append(who)
                scores = list(state.scores())
                if not scored and scores != list(state.returns()):
                    scored = True
                leaders.append(_sole_leader(scores))
            count = len(state.legal_actions())
            plies += 1
            if count > 1:
                decisions += 1
                legal_sum += count
        state.apply_action(action)
    final = list(state.scores())
    leaders.append(_sole_leader(final))
    lead_changes = winner_from = margin = None
    if scored:
        held = [s for s in leaders if s is not None]
        lead_changes = sum(1 for a, b in zip(held, held[1:]) if a != b)
        winners = line.get("winners") or []
        if len(winners) == 1:
            winner = winners[0]
            start = len(leaders)
            while start > 0 and leaders[start - 1] == winner:
                start -= 1
            winner_from = start / max(turns, 1) if start < len(leaders) else 1.0
            winner_from = min(winner_from, 1.0)
            others = [v for s, v in enumerate(final) if s != winner]
            margin = float(final[winner] - max(others)) if others else None
    return GameFacts(
        plies=plies,
        decisions=decisions,
        turns=turns,
        legal_at_decisions=legal_sum,
        turn_order=turn_order,
        rounds=max(turns_by_seat.values(), default=0),
        scored=scored,
        lead_changes=lead_changes,
        winner_leads_from=winner_from,
        margin=margin,
    )
