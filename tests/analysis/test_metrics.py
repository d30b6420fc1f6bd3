"""The skill score and turn positions on hand-made game lines."""

from __future__ import annotations

import pytest

from tablesearch.analysis import metrics
from tablesearch.analysis.replay import GameFacts


def _line(deal, agents, ranks, winners):
    return {"deal": deal, "agents": agents, "ranks": ranks, "winners": winners}


def test_losers_tied_behind_a_winner_do_not_count_and_draws_count_half():
    lines = [
        # 4 players, A A B B: A's seat 0 wins; A's seat 1 and both B seats tie behind it.
        _line(0, ["A", "A", "B", "B"], [1, 2, 2, 2], [0]),
        # B's seat 3 wins: it beats both A seats; the other pairs tie behind it.
        _line(0, ["A", "A", "B", "B"], [2, 2, 2, 1], [3]),
        # A drawn game: all four pairs count half.
        _line(1, ["A", "B", "A", "B"], [1, 1, 1, 1], []),
    ]
    skill = metrics.skill_metrics(lines, "A", "B")
    # Counted pairs: 2 (A won) + 2 (B won) + 4 (drawn) = 8; A's score (2 + 0 + 2) / 8.
    assert skill["score"] == pytest.approx(0.5)
    assert skill["weaker"] is None and skill["luck_share"] is None  # alike: neither is weaker
    assert skill["deals"] == 2 and 2 <= skill["effective_games"] <= 3
    lines[1] = _line(0, ["A", "A", "B", "B"], [2, 1, 2, 2], [1])
    assert metrics.skill_metrics(lines, "A", "B")["score"] == pytest.approx(6 / 8)


def test_the_luck_share_is_the_weaker_agents_wins():
    # 40 deals of 2 games: A wins 3 games in 4, so B is the weaker and won a quarter of the pairs.
    lines = []
    for deal in range(40):
        for seating, agents in enumerate((["A", "B"], ["B", "A"])):
            winner = agents.index("A" if (2 * deal + seating) % 4 else "B")
            lines.append(_line(deal, agents, [1 if s == winner else 2 for s in range(2)], [winner]))
    skill = metrics.skill_metrics(lines, "A", "B")
    assert skill["score"] == pytest.approx(0.75) and skill["weaker"] == "B"
    assert skill["luck_share"] == pytest.approx(0.25)
    assert 0 <= skill["luck_share_low"] < 0.25 < skill["luck_share_high"] <= 1


def _facts(order):
    return GameFacts(
        plies=1,
        decisions=0,
        turns=len(order),
        legal_at_decisions=0,
        turn_order=order,
        rounds=1,
        scored=False,
        lead_changes=None,
        winner_leads_from=None,
        margin=None,
    )


def test_positions_count_every_game_even_one_that_ends_before_a_seat_moves():
    lines = [_line(0, ["A"] * 3, [1, 2, 2], [0]), _line(1, ["A"] * 3, [2, 1, 2], [1])]
    facts = [_facts([0]), _facts([1, 2, 0])]  # the first game ended in seat 0's first turn
    rows = metrics.positions(lines, facts, 3)
    assert [r["games"] for r in rows] == [2, 2, 2]
    assert [r["wins"] for r in rows] == [2, 0, 0]


def test_turn_order_is_seat_order_only_when_seat_s_always_takes_the_s_th_turn():
    assert metrics.turn_order_is_seat_order([_facts([0, 1, 2]), _facts([0])], 3)  # a short game too
    assert not metrics.turn_order_is_seat_order([_facts([0, 1, 2]), _facts([1, 2, 0])], 3)
