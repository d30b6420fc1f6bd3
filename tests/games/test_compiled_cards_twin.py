"""The card helpers of compiled games (tablesearch.games.compiled.cards) are a numba twin of the
native ``ts::CardSet`` (cpp/core/cards.h). A small program compiled from cards.h runs scripts of
deals, moves and reveals on a ``CardSet<N>`` (2 to 4 players, cards held by seats and by places
below 0) and prints the set after each step: faces, holders, who knows each face, and for each
player what ``unknown_to`` says (the cards whose face it does not know, the unseen copies of each
face). The same scripts on the numba helpers must give the same sets, the cards `resample`
redraws must be the cards ``unknown_to`` names, and a resampled world must keep every face the
player knows and put on the others exactly the unseen faces.

Where the two differ by design (pinned in the last test): native ``place`` sets the knowers it is
given, while the twin's ``deal`` also lets the seat it deals to see the face (the native games
pass that seat in the mask themselves); native ``reveal`` sets any mask, the twin's shows the
face to every player; the twin has no ``up`` run; and a card the twin has not dealt yet has face
-1 (``resample`` leaves it alone), where the native set has no undealt cards.
"""

from __future__ import annotations

import collections
import random
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("numba", reason="needs the compiled extra")

from tablesearch.games.compiled import cards  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
COMPILER = shutil.which("c++") or shutil.which("g++")
SIZES = (3, 8, 13)  # the CardSet<N> sizes the program instantiates
PLACES = (-1, -2, -3)  # places below 0: a draw pile, a discard pile, a reserve

# Reads scripts from stdin: "scripts", then for each "N players faces copies... steps" and its
# steps, "P card face holder up knowers" (place), "M card to learners" (move) or "R card mask"
# (reveal). After each step prints one line: face, holder, up and known of every card, then for
# each player the count and list of the cards unknown_to gives and the unseen copies of each face.
PROGRAM = r"""
#include <cstdio>
#include <vector>
#include "core/cards.h"

template <int N>
void run(int players, const std::vector<int>& copies, int steps) {
  ts::CardSet<N> set;
  const int faces = static_cast<int>(copies.size());
  for (int s = 0; s < steps; ++s) {
    char op;
    int a, b, c, d, e;
    if (std::scanf(" %c", &op) != 1) return;
    if (op == 'P') {
      if (std::scanf("%d %d %d %d %d", &a, &b, &c, &d, &e) != 5) return;
      set.place(a, static_cast<int8_t>(b), static_cast<int8_t>(c), static_cast<uint8_t>(d), static_cast<uint8_t>(e));
    } else if (op == 'M') {
      if (std::scanf("%d %d %d", &a, &b, &c) != 3) return;
      set.move(a, b, static_cast<uint8_t>(c));
    } else {
      if (std::scanf("%d %d", &a, &b) != 2) return;
      set.reveal(a, static_cast<uint8_t>(b));
    }
    for (int i = 0; i < N; ++i) std::printf("%d ", set.face[i]);
    for (int i = 0; i < N; ++i) std::printf("%d ", set.holder[i]);
    for (int i = 0; i < N; ++i) std::printf("%d ", set.up[i]);
    for (int i = 0; i < N; ++i) std::printf("%d ", set.known[i]);
    for (int p = 0; p < players; ++p) {
      int8_t unknown[N];
      std::vector<int> unseen(copies);
      const int n = set.unknown_to(p, unknown, unseen.data());
      std::printf("%d ", n);
      for (int i = 0; i < n; ++i) std::printf("%d ", unknown[i]);
      for (int f = 0; f < faces; ++f) std::printf("%d ", unseen[f]);
    }
    std::printf("\n");
  }
}

int main() {
  int scripts;
  if (std::scanf("%d", &scripts) != 1) return 1;
  for (int k = 0; k < scripts; ++k) {
    int n, players, faces, steps;
    if (std::scanf("%d %d %d", &n, &players, &faces) != 3) return 1;
    std::vector<int> copies(faces);
    for (int& c : copies)
      if (std::scanf("%d", &c) != 1) return 1;
    if (std::scanf("%d", &steps) != 1) return 1;
    switch (n) {
      case 3: run<3>(players, copies, steps); break;
      case 8: run<8>(players, copies, steps); break;
      case 13: run<13>(players, copies, steps); break;
      default: return 2;
    }
  }
}
"""


@dataclass
class Script:
    n: int
    players: int
    copies: list[int]
    steps: list[tuple] = field(default_factory=list)


@dataclass
class Native:
    """The set after one step, as the native program printed it."""

    face: list[int]
    holder: list[int]
    known: list[int]
    unknown: list[list[int]]  # per player, the cards unknown_to gives
    unseen: list[list[int]]  # per player, the copies of each face among them


def random_script(rng: random.Random) -> Script:
    """Deals every card in a random order (each face as many times as it has copies), to seats
    and places, with moves and reveals in between and after."""
    n = rng.choice(SIZES)
    players = rng.randint(2, 4)
    faces = rng.randint(1, min(n, 5))
    cuts = sorted(rng.sample(range(1, n), faces - 1))
    copies = [b - a for a, b in zip([0, *cuts], [*cuts, n], strict=True)]
    pool = [f for f, k in enumerate(copies) for _ in range(k)]
    rng.shuffle(pool)
    order = rng.sample(range(n), n)
    script = Script(n, players, copies)
    dealt: list[int] = []

    def place() -> int:
        return rng.choice([*range(players), *PLACES])

    def mask() -> int:
        return rng.choice([0, 0, rng.randrange(1 << players)])

    while order or len(script.steps) < 3 * n:
        if order and (not dealt or rng.random() < 0.5):
            card, to = order.pop(), place()
            # The native games put the seat a card is dealt to in its knowers (gnomi.cc).
            knowers = mask() | (1 << to if to >= 0 else 0)
            script.steps.append(("P", card, pool.pop(), to, rng.randint(0, 1), knowers))
            dealt.append(card)
        elif rng.random() < 0.8:
            script.steps.append(("M", rng.choice(dealt), place(), mask()))
        else:
            script.steps.append(("R", rng.choice(dealt), (1 << players) - 1))
    return script


def script_text(scripts: list[Script]) -> str:
    lines = [str(len(scripts))]
    for s in scripts:
        lines.append(" ".join(map(str, [s.n, s.players, len(s.copies), *s.copies, len(s.steps)])))
        lines += [" ".join(map(str, step)) for step in s.steps]
    return "\n".join(lines) + "\n"


def parse(script: Script, line: str) -> Native:
    values = [int(v) for v in line.split()]
    n, faces = script.n, len(script.copies)
    face, holder, known = values[:n], values[n : 2 * n], values[3 * n : 4 * n]
    at, unknown, unseen = 4 * n, [], []
    for _ in range(script.players):
        count = values[at]
        unknown.append(values[at + 1 : at + 1 + count])
        unseen.append(values[at + 1 + count : at + 1 + count + faces])
        at += 1 + count + faces
    assert at == len(values), line
    return Native(face, holder, known, unknown, unseen)


@pytest.fixture(scope="module")
def native_program(tmp_path_factory) -> Path:
    if COMPILER is None or not (ROOT / "cpp" / "core" / "cards.h").is_file():
        pytest.skip("needs a C++ compiler and the sources")
    where = tmp_path_factory.mktemp("cards_twin")
    (where / "program.cc").write_text(PROGRAM)
    build = subprocess.run(
        [COMPILER, "-std=c++20", "-O0", f"-I{ROOT / 'cpp'}", str(where / "program.cc"), "-o", str(where / "program")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert build.returncode == 0, build.stderr[-3000:]
    return where / "program"


def run_native(program: Path, scripts: list[Script]) -> list[list[Native]]:
    run = subprocess.run(
        [str(program)], input=script_text(scripts), capture_output=True, text=True, timeout=60, check=True
    )
    lines = iter(run.stdout.splitlines())
    return [[parse(s, next(lines)) for _ in s.steps] for s in scripts]


def resample_checks(face, holder, known, player: int, native: Native, copies: np.ndarray, rng) -> None:
    """What resample redraws for `player` is what unknown_to names: the world keeps every face the
    player knows (and undealt cards undealt), and the faces it puts on the cards the player does
    not know are the unseen copies (all of them once every card is dealt). It redraws every such
    card: the same draws from the state with those faces permuted give the same world."""
    redrawn = [c for c in range(len(face)) if face[c] >= 0 and not cards.knows(known, c, player)]
    unseen = collections.Counter({f: k for f, k in enumerate(native.unseen[player]) if k})
    view = np.zeros(2 * len(face), np.int32)
    cards.write_view(face, holder, known, player, view, 0)
    for _ in range(3):
        draws = rng.integers(0, 2**62, len(face), dtype=np.int64)
        world = face.copy()
        cards.resample(world, known, player, copies, draws)
        kept = [c for c in range(len(face)) if c not in redrawn]
        assert world[kept].tolist() == face[kept].tolist()
        drawn = collections.Counter(int(world[c]) for c in redrawn)
        assert not drawn - unseen, (drawn, unseen)  # only unseen copies
        if (face >= 0).all():
            assert drawn == unseen
        world_view = np.zeros_like(view)
        cards.write_view(world, holder, known, player, world_view, 0)
        assert world_view.tolist() == view.tolist()
        other = face.copy()
        other[redrawn] = rng.permutation(face[redrawn])
        cards.resample(other, known, player, copies, draws)
        assert other.tolist() == world.tolist()


def replay_twin(script: Script, native_steps: list[Native], seed: int) -> int:
    """Runs `script` on the numba helpers, comparing the set with the native one after every step.
    Returns how many states were compared."""
    face = np.full(script.n, -1, np.int32)
    holder = np.full(script.n, -1, np.int32)
    known = np.zeros(script.n, np.int32)
    copies = np.array(script.copies, np.int64)
    rng = np.random.default_rng(seed)
    for i, (step, native) in enumerate(zip(script.steps, native_steps, strict=True)):
        if step[0] == "P":
            _, card, card_face, to, _up, knowers = step
            cards.deal(face, holder, known, card, card_face, to, knowers)
        elif step[0] == "M":
            _, card, to, learners = step
            cards.move(holder, known, card, to, learners)
        else:
            cards.reveal(known, step[1], script.players)
        where = f"step {i} {step} of {script}"
        dealt = [c for c in range(script.n) if face[c] >= 0]
        assert [native.face[c] for c in dealt] == face[dealt].tolist(), where
        assert [native.holder[c] for c in dealt] == holder[dealt].tolist(), where
        assert native.known == known.tolist(), where
        for p in range(script.players):
            twin_unknown = [c for c in range(script.n) if not cards.knows(known, c, p)]
            assert native.unknown[p] == twin_unknown, (p, where)
            seen = collections.Counter(int(face[c]) for c in dealt if cards.knows(known, c, p))
            assert native.unseen[p] == [k - seen[f] for f, k in enumerate(script.copies)], (p, where)
            resample_checks(face, holder, known, p, native, copies, rng)
    return len(script.steps)


def test_the_twin_follows_the_native_card_set_on_random_scripts(native_program):
    rng = random.Random(47)
    scripts = [random_script(rng) for _ in range(40)]
    assert {s.players for s in scripts} == {2, 3, 4} and {s.n for s in scripts} == set(SIZES)
    steps = [step for s in scripts for step in s.steps]
    # The scripts hold what the comparison needs: moves to seats whose learners leave that seat
    # out, and to places below 0; deals to places; reveals.
    assert any(st[0] == "M" and st[2] >= 0 and not (st[3] >> st[2]) & 1 for st in steps)
    assert any(st[0] == "M" and st[2] < 0 for st in steps) and any(st[0] == "R" for st in steps)
    assert any(st[0] == "P" and st[3] < 0 for st in steps)
    natives = run_native(native_program, scripts)
    compared = sum(replay_twin(s, n, seed) for seed, (s, n) in enumerate(zip(scripts, natives, strict=True)))
    assert compared == len(steps)


def test_a_scripted_hand(native_program):
    """Three players, eight cards of faces 0..3 (two copies each): a hand dealt to seat 0 with
    seat 2 looking, a card to the draw pile (-1), a card passed from seat 0 to seat 1 (seat 1
    learns it, seat 0 does not forget it), one moved to the pile shown to seat 2, one played face
    up. Pins the native arrays themselves, then the twin against them."""
    script = Script(8, 3, [2, 2, 2, 2])
    script.steps = [
        ("P", 0, 0, 0, 1, 0b101),
        ("P", 1, 1, 0, 1, 0b001),
        ("P", 2, 2, 1, 1, 0b010),
        ("P", 3, 3, -1, 0, 0),
        ("P", 4, 0, -2, 0, 0b111),
        ("P", 5, 1, 2, 1, 0b100),
        ("P", 6, 2, -1, 0, 0),
        ("P", 7, 3, -1, 0, 0),
        ("M", 1, 1, 0),
        ("M", 3, -2, 0b100),
        ("R", 6, 0b111),
    ]
    (native_steps,) = run_native(native_program, [script])
    last = native_steps[-1]
    assert last.holder == [0, 1, 1, -2, -2, 2, -1, -1]
    assert last.known == [0b101, 0b011, 0b010, 0b100, 0b111, 0b100, 0b111, 0]
    # Seat 1 knows cards 1, 2, 4, 6 (faces 1, 2, 0, 2): it has not seen one 0, one 1, both 3s.
    assert last.unknown[1] == [0, 3, 5, 7] and last.unseen[1] == [1, 1, 0, 2]
    replay_twin(script, native_steps, seed=0)


def test_place_and_deal_differ_only_in_the_seat_dealt_to(native_program):
    """Native place sets exactly the knowers it is given; the twin's deal adds the seat the card
    goes to (so the two agree whenever the mask has that seat, as the native games pass it).
    Native reveal sets any mask; the twin's shows the face to every player."""
    script = Script(3, 2, [1, 1, 1])
    script.steps = [("P", 0, 0, 1, 1, 0), ("P", 1, 1, -1, 0, 0), ("R", 1, 0b01)]
    (native_steps,) = run_native(native_program, [script])
    assert native_steps[0].known[0] == 0 and native_steps[2].known[1] == 0b01
    face, holder, known = np.full(3, -1, np.int32), np.full(3, -1, np.int32), np.zeros(3, np.int32)
    cards.deal(face, holder, known, 0, 0, 1, 0)
    cards.deal(face, holder, known, 1, 1, -1, 0)
    cards.reveal(known, 1, 2)
    assert known[0] == 0b10 and known[1] == 0b11
