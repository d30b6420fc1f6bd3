"""What pages and notebooks are shown, without a browser: every game draws, a seat's view cannot
depend on what the seat does not know, moves are told as the observer saw them, the drawings'
board data agree with the games, and the search results carry a principal variation."""

from __future__ import annotations

import re

import pytest

import tablesearch as ts
from helpers.random_walk import random_steps
from tablesearch import mcts, render
from tablesearch.games.candyland import drawing as candyland
from tablesearch.render import moves
from tablesearch.web import thinking, turns, views

# Every game with a drawing (the registry knows them), and variants whose drawings differ.
GAMES = [(name, {}) for name in ts.list_games() if render.has_drawing(name)] + [
    ("candyland", {"players": 4}),
    ("wetland", {"players": 3}),
    ("wetland", {"players": 4}),
    ("leduc_poker", {"players": 3}),
    ("gnomi", {"players": 5, "golden": True}),
    ("gummiland", {"players": 4, "regions": "pineapple,orange,blackberry"}),
]
HIDDEN = [g for g in GAMES if ts.load_game(g[0], **g[1]).has_hidden_information()]


@pytest.mark.parametrize("name,params", GAMES)
def test_every_state_draws_as_svg(name, params):
    for k, (state, player, _) in enumerate(random_steps(name, params, seed=1)):
        if k % 5 and player is not None:
            continue
        svg = render.draw(state)
        assert svg.startswith("<svg") and svg.endswith("</svg>")
        assert state._repr_svg_() == svg
        if player is not None and player >= 0:
            legal = {a: state.action_to_string(a) for a in state.legal_actions()}
            drawn = render.draw(state, viewer=player, actions=legal)
            clickable = {int(a) for group in re.findall(r'data-actions="([\d,]+)"', drawn) for a in group.split(",")}
            assert clickable <= set(legal)
    assert render.legend(name) and render.text_legend(name)


@pytest.mark.parametrize("name,params", HIDDEN)
def test_a_seat_view_is_the_same_in_every_world_the_seat_cannot_tell_apart(name, params):
    """The page for seat p is built from p's information only: swap the true state for another
    one p cannot tell apart (a resampled one) and the drawing, the clickable moves and the move
    log stay byte for byte the same, and so do the moves offered as one click (follow-ups) or
    played for the seat (automatic). 3 seeds x every 3rd state (the log: every 2nd). A move may reveal something (a
    card, a pile's new top): its log line is compared between worlds the seat cannot tell apart
    after the move either; the move that ends a game is told with what every seat then sees (a
    showdown's cards)."""
    compared = 0
    for seed in range(3):
        log_true, log_other = [], []
        last = None
        for k, (state, player, action) in enumerate(random_steps(name, params, seed)):
            if state.is_terminal():
                break
            for viewer in range(state.num_players()):
                other = state.resample_from_infostate(viewer, 1000 + k)
                if k % 3 == 0:
                    svg, legal, seen = views.board(state, viewer, 5, clickable=True, last=last)
                    other_svg, other_legal, seen_other = views.board(other, viewer, 5, clickable=True, last=last)
                    assert (svg, legal) == (other_svg, other_legal)
                    if not state.is_chance_node() and state.current_player() == viewer:
                        assert turns.automatic_move(seen, viewer) == turns.automatic_move(seen_other, viewer)
                        for a in legal:
                            assert turns.follow_ups(seen, viewer, a) == turns.follow_ups(seen_other, viewer, a)
                if viewer == 0 and k % 2 == 0 and action is not None and _same_after(state, other, action, viewer):
                    log_true.append(moves.describe_move(state, player, action, viewer=0))
                    log_other.append(moves.describe_move(other, player, action, viewer=0))
            if player is not None and player >= 0:
                last = (player, action)  # every player move of these games is public
        assert log_true == log_other
        compared += len(log_true)
    assert compared >= 5, "log lines were compared"


def _same_after(state, other, action, viewer):
    """Whether `action` leaves `state` and `other` (alike to the viewer) alike to the viewer, and
    the game not over."""
    if action not in other.legal_actions():
        return False
    after, other_after = state.clone(), other.clone()
    after.apply_action(action)
    other_after.apply_action(action)
    if after.is_terminal():
        return False
    return after.information_state_string(viewer) == other_after.information_state_string(viewer)


def test_gnomi_moves_hide_faces_the_observer_does_not_know():
    """The card a move names is said by its face ("a blue mushroom", "an Alarm Gnome") to the
    observers who know it once the move is over, else as "a mushroom" or "a gnome"."""
    from tablesearch.games.gnomi import drawing as gnomi

    passes = told = 0
    for state, player, action in random_steps("gnomi", {"players": 3}, seed=4, limit=600):
        if player is None:
            break
        card = gnomi._latest((player, action))[0] if player >= 0 else None
        if card is None:
            continue
        after = state.clone()
        after.apply_action(action)
        kind, index = card[0], int(card[1:])
        known = after.fields()["mushroom_known" if kind == "m" else "gnome_known"][index]
        for observer in range(3):
            head = moves.describe_move(state, player, action, viewer=observer).split("; ")[0]
            unseen = re.search(r"\ba mushroom\b|one unseen" if kind == "m" else r"\ba gnome\b", head)
            assert bool(unseen) == (not (known >> observer) & 1), (head, observer)
            told += 1
        other = moves.describe_move(state, player, action, viewer=(player + 1) % 3)
        if "passes" in other:
            passes += 1
            assert re.search(r"\ba (mushroom|gnome)\b", other) and "without showing it" in other, other
    assert passes > 0 and told > 40


def test_leduc_deals_are_told_only_to_their_receiver():
    game = ts.load_game("leduc_poker")
    state = game.new_initial_state()
    assert moves.describe_move(state, -1, 3, viewer=0) == "P0 is dealt the queen of hearts"
    assert moves.describe_move(state, -1, 3, viewer=1) == "P0 is dealt a card"
    state.apply_action(3)
    assert moves.describe_move(state, -1, 5, viewer=0) == "P1 is dealt a card"
    state.apply_action(5)
    assert moves.describe_move(state, 0, 2, viewer=1) == "P0 raises"


def test_candyland_board_data_matches_the_game():
    """The drawing's track colours and pictures agree with the game's own description of every
    space a piece stands on (random games until every colour and picture was seen)."""
    seen = set()
    for seed in range(30):
        for state, _, _ in random_steps("candyland", {"players": 4}, seed):
            for line in str(state).splitlines():
                m = re.match(r"seat \d+: (\d+) \((\w+)(?:, ([^)]+))?\)", line)
                if not m or int(m[1]) == 0:
                    continue
                cell = int(m[1])
                assert candyland.COLOUR_NAMES[candyland.cell_colour(cell)] == m[2], line
                extra = m[3] or ""
                if cell in candyland.STICKY:
                    colour, place = candyland.STICKY[cell]
                    assert extra.startswith(place) and candyland.COLOUR_NAMES[colour] in extra, line
                else:
                    assert candyland.PICTURES.get(cell, ("",))[0] == extra, line
                seen.add(cell)
    assert len(seen) > 60


def test_search_results_carry_the_principal_variation():
    state = ts.load_game("connect_four").new_initial_state()
    for a in [0, 1, 0, 1, 0]:
        state.apply_action(a)
    result = mcts.search(state, iterations=3000, seed=1)
    pv = result.principal_variation
    assert pv[0] == result.best_action == 0
    walk = state.clone()
    for a in pv:  # a line of legal moves
        assert a in walk.legal_actions()
        walk.apply_action(a)
    html = result._repr_html_()
    assert "<table>" in html and "principal variation" not in html or len(pv) > 1
    assert mcts.search(state, iterations=200, seed=1, threads=2).principal_variation[0] == 0


def test_thinking_in_steps_spends_the_budget_and_reports_progress():
    state = ts.load_game("connect_four").new_initial_state()
    agent = mcts.Agent(iterations=20_000, seed=3)
    seen = []
    action = thinking.think(agent, state, seen.append, mcts.StopFlag())
    assert seen[-1].done and seen[-1].iterations == 20_000
    assert sum(s.visits for s in seen[-1].result.stats) >= 20_000  # one tree grown in steps
    assert action == seen[-1].result.best_action == agent.last_result.best_action
    assert [p.iterations for p in seen] == sorted(p.iterations for p in seen)
    payload = views.thinking_payload(state, 0, seen[-1])
    assert payload["summary"].startswith("uct: 20,000 iterations in ") and payload["pv"][0].startswith("P0: column ")
    cancel = mcts.StopFlag()
    cancel.set()
    with pytest.raises(thinking.Cancelled):
        thinking.think(mcts.Agent(iterations=1000, seed=1), state, seen.append, cancel)


def test_wetland_move_arrows_sit_only_on_the_movers_tokens():
    for state, player, _ in random_steps("wetland", {"players": 4}, seed=2, limit=40):
        if player is None:
            break
        legal = {a: state.action_to_string(a) for a in state.legal_actions()}
        svg = render.draw(state, viewer=player, actions=legal)
        moves_offered = sum(1 for a in legal if a >= 9)
        assert svg.count("<polygon") == moves_offered  # one arrow per legal token move, none on others' tokens


def test_search_results_name_their_moves_and_say_what_the_numbers_count():
    from tablesearch.render import search_view

    state = ts.load_game("connect_four").new_initial_state()
    for a in [3, 3, 2]:
        state.apply_action(a)
    tree = mcts.SearchTree()
    first = mcts.search(state, iterations=3000, seed=1, tree=tree)
    # Named without the state (Jupyter's table of a result), each line move with its seat, the
    # line as players name the moves (columns from 1).
    assert first.action_labels == {a: state.action_to_string(a) for a in state.legal_actions()}
    assert first.principal_variation_labels[:2] == [
        f"P1: column {first.principal_variation[0] + 1}",
        f"P0: column {first.principal_variation[1] + 1}",
    ]
    table = first._repr_html_()
    assert f'<td style="text-align:left">{state.action_to_string(first.best_action)}</td>' in table
    assert "value for the player to move" in table
    # A reused tree: the visits count the kept ones too, and the summary says how many.
    again = mcts.search(state, iterations=1000, seed=2, tree=tree)
    kept = sum(s.visits for s in again.stats) - again.iterations
    assert kept > 0
    assert f"the visits include {kept:,} kept from earlier searches" in again._repr_html_()
    # Too fast to time: no rate.
    assert search_view.summary("mcts", 2000, 0.004, 10, 2000) == "mcts: 2,000 iterations in under 0.01 s, 10 nodes"
    assert "/s" not in search_view.summary("mcts", 2000, 0.03, 10, 2000)
    assert "(2,000/s)" in search_view.summary("mcts", 2000, 1.0, 10, 2000)


def test_gnomi_moves_with_one_label_are_alike():
    """Two moves the page labels alike name cards of one face that the same seats have seen (two
    blue mushrooms: "(everyone has seen it)" tells the one the others know from the other)."""
    from tablesearch.games.gnomi import drawing as gnomi

    told_apart = 0
    for state, player, _ in random_steps("gnomi", {"players": 4}, seed=2, limit=600):
        if player is None or player < 0:
            continue
        f = state.fields()
        labels: dict[str, list[int]] = {}
        for action in state.legal_actions():
            labels.setdefault(moves.action_name(state, action), []).append(action)
        told_apart += sum("seen" in label for label in labels)
        for label, alike in labels.items():
            cards = {gnomi._latest((player, a))[0] for a in alike}
            if len(alike) > 1 and None not in cards:
                faces = {gnomi._face(f, c[0], int(c[1:]), None) for c in cards}
                known = {f["mushroom_known" if c[0] == "m" else "gnome_known"][int(c[1:])] for c in cards}
                assert len(faces) == 1 and len(known) == 1, label
    assert told_apart > 10
