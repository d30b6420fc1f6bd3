"""What the replay reads back from a game record: plies, decisions, turns, branching, drama."""

from __future__ import annotations

import tablesearch as ts
from tablesearch.analysis.replay import replay


def _lines(game, params, games, agents=("random",)):
    return ts.tournament(game, list(agents), games, params=params, workers=1, progress=False, resamples=0).lines


def test_tic_tac_toe_counts_by_hand():
    game = ts.load_game("tic_tac_toe")
    for line in _lines("tic_tac_toe", {}, 20):
        facts = replay(game, line)
        assert facts.plies == line["plies"] == facts.turns  # players alternate: every ply a turn
        # Ply k (from 0) has 9 - k empty cells; only a ninth ply is forced.
        assert facts.decisions == min(facts.plies, 8)
        assert facts.legal_at_decisions == sum(9 - k for k in range(min(facts.plies, 8)))
        assert facts.turn_order == [0, 1] and not facts.scored and facts.lead_changes is None


def test_candy_land_has_one_turn_per_draw_and_no_decisions():
    for players in (1, 3):
        game = ts.load_game("candyland", players=players)
        for line in _lines("candyland", {"players": players}, 10):
            facts = replay(game, line)
            assert facts.decisions == 0 and facts.legal_at_decisions == 0
            assert facts.turns == facts.plies == line["plies"]
            assert facts.turn_order == list(range(players))


def test_gnomi_reactions_stay_inside_the_turn_and_scores_give_drama():
    game = ts.load_game("gnomi", players=4)
    lines = _lines("gnomi", {"players": 4}, 12)
    facts = [replay(game, line) for line in lines]
    assert all(f.turns <= f.plies for f in facts)
    assert any(f.turns < f.plies for f in facts)  # follow-ups and reactions are not turns
    assert all(sorted(f.turn_order) == [0, 1, 2, 3] for f in facts)
    assert all(f.scored for f in facts)
    for line, f in zip(lines, facts):
        if len(line["winners"]) == 1:
            assert 0 <= f.winner_leads_from <= 1 and f.lead_changes >= 0
