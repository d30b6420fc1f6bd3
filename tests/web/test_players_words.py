"""Every word a player reads on a game's page is the players' word, not a code (issue 50): the move
log, the status, the ending, the moves offered (their labels, their follow-ups, the shortcuts)
and the AI's thinking (its moves and the line it expects), for several seeded games of every web
game, each text made by the functions the page gets it from (PlaySession.view, the thinking
payload as a page receives it); and the seats in the drawings' texts.

What counts as a code:
- a word without a vowel ("SS>L", "grd", "m5", "P0"), but numbers and the few words in ALLOWED;
- a clause (between "; " or ", then ") that opens with the same three words as the one before it,
  of the same speaker ("uses 2 mushrooms: white; uses 2 mushrooms: and red"), or a word said
  twice in a row ("clockwise clockwise");
- a game's id where it differs from its title ("leduc_poker");
- a seat written "P0" or "player 0", or counted from 0 ("seat 0").

Budget: about 15 s.
"""

from __future__ import annotations

import html
import random
import re
from collections.abc import Iterator
from typing import Any, Optional

import pytest

from tablesearch import mcts

pytest.importorskip("starlette", reason="the web extra is not installed: pip install '.[web]' in the clone")

from tablesearch.games.extras import title_of  # noqa: E402
from tablesearch.web import thinking, views  # noqa: E402
from tablesearch.web.sessions import Event, PlaySession  # noqa: E402
from tablesearch.web.settings import ServerSettings  # noqa: E402
from tablesearch.web.untrusted import parse_game_request  # noqa: E402

GAMES = [
    ("candyland", {"players": 2}),
    ("candyland", {"players": 4}),
    ("gummiland", {"players": 2}),
    ("gummiland", {"players": 3, "regions": "pineapple,orange,blackberry"}),
    ("gummiland", {"players": 4}),
    ("wetland", {"players": 2}),
    ("wetland", {"players": 3}),
    ("gnomi", {"players": 3}),
    ("gnomi", {"players": 4, "golden": True}),
    ("tic_tac_toe", {}),
    ("connect_four", {}),
    ("leduc_poker", {"players": 2}),
    ("leduc_poker", {"players": 3}),
]
SEEDS = range(3)
# Words without a vowel that players write: "Mr. Mint" (Candy Land), tic-tac-toe's X, Wetland's
# tokens A and B (the rules page's names).
ALLOWED = {"Mr", "X", "B"}
VOWEL = re.compile(r"[aeiouyAEIOUY]")
WORD = re.compile(r"[A-Za-z][A-Za-z0-9']*|[0-9]+[A-Za-z][A-Za-z0-9']*")
SEAT_CODE = re.compile(r"\bP\d+\b|\b[Pp]layer \d+\b|\bseat 0\b")
IDS = ["leduc_poker", "tic_tac_toe", "connect_four", "candyland"]  # the ids that differ from the titles


def codes(text: str, names: list[str]) -> list[str]:
    """What in `text` is not the players' words (the module's list); `names`: the seats' names."""
    found = [f"code {w!r}" for w in WORD.findall(text) if not VOWEL.search(w) and w not in ALLOWED]
    found += seat_codes(text)
    found += [f"id {i!r}" for i in IDS if i in text]
    found += [f"doubled {w!r}" for w in _doubled(text)]
    found += [f"repeated {p!r}" for p in _repeated(text, names)]
    return found


def seat_codes(text: str) -> list[str]:
    return [f"seat {m!r}" for m in SEAT_CODE.findall(text)]


def _doubled(text: str) -> list[str]:
    words = re.findall(r"[A-Za-z']+|\S", text.lower())
    return [a for a, b in zip(words, words[1:]) if a == b and a[0].isalpha()]


def _repeated(text: str, names: list[str]) -> list[str]:
    """The openings (three words) of clauses (split at "; " and ", then ") that open like the
    clause before them of the same subject: a clause starting with a seat's name has that seat as
    its subject, others keep the one before. Seats' names are left out of the words."""
    found = []
    before: tuple[str, tuple[str, ...]] = ("", ())
    subject = ""
    for clause in re.split(r"; |, then ", text):
        who = next((n for n in sorted(names, key=len, reverse=True) if clause.startswith(n)), None)
        subject = who.lower() if who is not None else subject
        for name in sorted(names, key=len, reverse=True):
            clause = clause.replace(name, " ")
        opening = tuple(re.findall(r"[a-z0-9']+", clause.lower())[:3])
        if len(opening) == 3 and before == (subject, opening):
            found.append(" ".join(opening))
        before = (subject, opening)
    return found


def _texts(view: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """(where, text) of every text a page shows from `view`."""
    yield "status", view["status"]
    yield from (("log", line) for line in view["log"])
    for move in view["legal"]:
        yield "move", move["label"]
        yield from (("follow-up", then["label"]) for then in move["then"])
    yield from (("shortcut", s["label"]) for s in view["shortcuts"])
    if view.get("ending"):
        yield "ending", view["ending"]["status"]
        yield "reason", view["ending"]["reason"]
    if view.get("error"):
        yield "error", view["error"]
    yield "title", view["session"]["title"]
    # The drawing keeps its own notation (letters on tiles, cards' numbers, explained by its
    # legend), but names the seats as the page does.
    yield from (("drawing", html.unescape(t)) for t in re.findall(r">([^<>]+)<", view["svg"]))


def _thinking_texts(session: PlaySession, seat: int, viewer: Optional[int]) -> Iterator[tuple[str, str]]:
    """The AI's thinking as `viewer`'s page gets it, from a short search of seat `seat`."""
    view = session.state.clone() if not views.hidden(session.game) else session.state.resample_from_infostate(seat, 1)
    result = mcts.search(view, iterations=60, seed=1)
    payload = views.thinking_payload(view, seat, thinking.Progress(result, 60, 0.01, True))
    shown = session._thinking_for(viewer, payload)
    yield from (("thinking move", row["label"]) for row in shown["rows"])
    yield "thinking sure", shown["confidence"]["text"]
    yield from (("thinking line", move) for move in shown["expects"])
    yield from (("thinking variation", move) for move in shown["pv"])


def _played(game: str, params: dict[str, Any], seed: int) -> Iterator[tuple[str, str]]:
    """Every text of a seeded random game, one human seat (seat `seed` mod n) against random AIs:
    the human's page at each of its decisions and at the end, a spectator's at the end."""
    n = int(params.get("players", 2))
    human = seed % n
    seats = ["random"] * n
    seats[human] = "human"
    body = {"game": game, "params": params, "seats": seats, "seed": seed}
    session = PlaySession(parse_game_request(body, frozenset()), ServerSettings())
    rng = random.Random(seed)
    thought = False
    while not session.over:
        state = session.state
        if state.is_chance_node():
            actions, weights = zip(*state.chance_outcomes())
            player, action = -1, rng.choices(actions, weights=weights)[0]
        else:
            player = state.current_player()
            if player == human:
                yield from _texts(session.view(human))
            elif not thought and len(state.legal_actions()) > 1:
                yield from _thinking_texts(session, player, human)
                thought = True
            action = rng.choice(state.legal_actions())
        session.events.append(Event.of(len(session.events), player, int(action), state.clone()))
        state.apply_action(action)
    yield from _texts(session.view(human))
    yield from _texts(session.view(None))


@pytest.mark.parametrize("game, params", GAMES, ids=[f"{g}-{p.get('players', 2)}" for g, p in GAMES])
def test_every_text_on_a_games_page_is_in_players_words(game, params):
    found: dict[str, str] = {}
    texts = 0
    names = ["You", "you", "Your", "your", "Human", "Beginner AI"] + [f"Beginner AI (seat {k})" for k in range(1, 7)]
    for seed in SEEDS:
        for where, text in _played(game, params, seed):
            texts += 1
            for problem in codes(text, names) if where != "drawing" else seat_codes(text):
                found.setdefault(f"{where}: {problem}", text)
    assert texts > 20 and title_of(game)
    report = "\n".join(f"{problem} in {text!r}"[:300] for problem, text in sorted(found.items())[:40])
    assert not found, f"{len(found)} kinds of code on {game}'s pages:\n{report}"


def test_the_check_finds_each_kind_of_code():
    names = ["You", "Medium AI", "Medium AI (seat 3)"]
    assert codes("You use 2 mushrooms: white; you capture an apple tile from pile 3", names) == []
    assert codes("Medium AI is dealt a card; You are dealt a card; Medium AI (seat 3) is dealt a card", names) == []
    assert codes("Medium AI captures SS>L:2 from pile 2", names) == ["code 'SS'", "code 'L'"]
    assert codes("rotate tile (0,0) clockwise clockwise", names) == ["doubled 'clockwise'"]
    assert codes("uses 2 mushrooms: white (m5); uses 2 mushrooms: and red", names) == [
        "code 'm5'",
        "repeated 'uses 2 mushrooms'",
    ]
    assert "seat 'P0'" in codes("P0 plays", names) and "seat 'player 0'" in codes("player 0 won", names)
    assert codes("a leduc_poker game", names) == ["id 'leduc_poker'"]
