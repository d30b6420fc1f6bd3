"""Exact analysis of Candy Land under ``draw="replacement"``, where every draw is from the full
deck and one player's piece is a Markov chain over the cells (penalty cells are states too).

The chain is read off the native game, not a second copy of the board: starting from START in
the one-player game, every resting cell reachable by some sequence of cards is found by applying
chance outcomes, and from each such cell every card kind is applied once. The cell a piece stands
on is read from the observation tensor (seat 0's one-hot cell, where the game's description
places it), and the card probabilities are the game's own chance probabilities.

Pieces never interact, so with several players each seat's number of turns is an independent
copy of one player's. Seat i plays its turn t after seats 0..i-1 have played their turn t, so
seat i wins exactly when it finishes on a turn t with every earlier seat finishing after turn t
and every later seat finishing on turn t or after:

    P(seat i wins) = sum_t f(t) * S(t)**i * S(t - 1)**(n - 1 - i),

where f(t) = P(T = t) and S(t) = P(T > t). The figures are for the game without a ply cap; the
native game's default cap (10,000 plies, 5,000 turns) changes them by less than 1e-100.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Optional

import numpy as np

from tablesearch.games.description import description_of
from tablesearch.games.registry import load_game

_GAME = description_of("candyland")
START, CASTLE = _GAME.constant("start"), _GAME.constant("castle")
DRAW = _GAME.action("draw").first  # the one decision action: draw a card
TAIL_TOLERANCE = 1e-16  # where distributions computed "to the end" stop
MAX_TURNS_LIMIT = 1_000_000


@dataclass(frozen=True)
class Chain:
    """One player's Markov chain: `cells` are the resting cells reachable from START (the Castle
    last), `matrix[a, b]` the probability of moving from cells[a] to cells[b] in one turn."""

    deck: str
    cells: tuple[int, ...]
    matrix: np.ndarray

    def index(self, cell: int) -> int:
        return self.cells.index(cell)


@dataclass(frozen=True)
class TurnDistribution:
    """P(T = t) for t = 0..max_turns in `pmf` (T: turns one player needs to reach the Castle),
    and `tail` = P(T > max_turns), the mass not listed."""

    pmf: np.ndarray
    tail: float

    @property
    def max_turns(self) -> int:
        return len(self.pmf) - 1

    def cdf(self) -> np.ndarray:
        return np.cumsum(self.pmf)


def _cell(state: Any) -> int:
    return int(np.argmax(state.observation_tensor(0)[_GAME.observation("cell").span(0)]))


def _check_deck(deck: str) -> None:
    load_game("candyland", deck=deck)  # ValueError naming the valid decks


@cache
def chain(deck: str = "64") -> Chain:
    """The transition matrix of one player's piece under replacement draws from `deck`.

    Raises ValueError for an unknown deck (the message names the valid ones)."""
    _check_deck(deck)
    game = load_game("candyland", players=1, deck=deck, draw="replacement", max_plies=10**9)
    start = game.new_initial_state(0)
    states = {START: start}
    rows: dict[int, dict[int, float]] = {}
    frontier = [START]
    while frontier:
        cell = frontier.pop()
        drawing = states[cell].clone()
        drawing.apply_action(DRAW)
        row: dict[int, float] = {}
        for kind, probability in drawing.chance_outcomes():
            after = drawing.clone()
            after.apply_action(kind)
            target = CASTLE if after.is_terminal() else _cell(after)
            row[target] = row.get(target, 0.0) + probability
            if target != CASTLE and target not in states:
                states[target] = after
                frontier.append(target)
        rows[cell] = row
    cells = tuple(sorted(rows)) + (CASTLE,)
    position = {c: i for i, c in enumerate(cells)}
    matrix = np.zeros((len(cells), len(cells)))
    for cell, row in rows.items():
        for target, probability in row.items():
            matrix[position[cell], position[target]] += probability
    matrix[-1, -1] = 1.0  # the Castle absorbs
    return Chain(deck, cells, matrix)


def _transient(c: Chain) -> tuple[np.ndarray, np.ndarray]:
    """Q (transient to transient) and r (transient to the Castle)."""
    return c.matrix[:-1, :-1], c.matrix[:-1, -1]


def turn_distribution(deck: str = "64", max_turns: Optional[int] = None) -> TurnDistribution:
    """The exact distribution of the number of turns one player needs, by dynamic programming
    over the chain: to `max_turns`, or (None) until the unlisted tail is below 1e-16.

    Raises ValueError for an unknown deck or a negative max_turns."""
    if max_turns is not None and (isinstance(max_turns, bool) or not isinstance(max_turns, int) or max_turns < 0):
        raise ValueError(f"max_turns must be an int >= 0 or None, got {max_turns!r}")
    c = chain(deck)
    q, r = _transient(c)
    mass = np.zeros(len(q))
    mass[c.index(START)] = 1.0
    pmf = [0.0]
    limit = MAX_TURNS_LIMIT if max_turns is None else max_turns
    while len(pmf) <= limit:
        pmf.append(float(mass @ r))
        mass = mass @ q
        if max_turns is None and mass.sum() < TAIL_TOLERANCE:
            break
    return TurnDistribution(np.array(pmf), float(max(mass.sum(), 0.0)))


@cache
def _moments(deck: str) -> tuple[float, float]:
    """E[T] and E[T^2] from START, through the fundamental matrix F = (I - Q)^-1:
    m = F 1 and E[T^2] = F (1 + 2 Q m)."""
    c = chain(deck)
    q, _ = _transient(c)
    fundamental = np.linalg.inv(np.eye(len(q)) - q)
    ones = np.ones(len(q))
    m = fundamental @ ones
    second = fundamental @ (ones + 2 * q @ m)
    i = c.index(START)
    return float(m[i]), float(second[i])


def mean_turns(deck: str = "64") -> float:
    """E[T], the expected number of turns one player needs: the solution m of the linear
    system (I - Q) m = 1 over the transient cells, at START."""
    return _moments(deck)[0]


def variance_turns(deck: str = "64") -> float:
    """Var[T] = E[T^2] - E[T]^2, both from the chain's linear systems."""
    mean, second = _moments(deck)
    return second - mean**2


def median_turns(deck: str = "64") -> int:
    """The smallest t with P(T <= t) >= 1/2."""
    return int(np.searchsorted(turn_distribution(deck).cdf(), 0.5))


def win_probabilities(players: int, deck: str = "64") -> np.ndarray:
    """Each seat's probability of winning a `players`-player game (1..4), seat 0 moving first.

    Raises ValueError for a player count outside 1..4 or an unknown deck."""
    if isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= 4:
        raise ValueError(f"players must be an int between 1 and 4, got {players!r}")
    dist = turn_distribution(deck)
    f = dist.pmf
    after = 1.0 - np.cumsum(f)  # S(t) = P(T > t)
    before = np.concatenate(([1.0], after[:-1]))  # S(t - 1) = P(T >= t)
    after = np.clip(after, 0.0, 1.0)
    before = np.clip(before, 0.0, 1.0)
    return np.array([float(np.sum(f * after**i * before ** (players - 1 - i))) for i in range(players)])


def report(players: int, deck: str = "64") -> str:
    """A text report: one player's turn distribution (mean, median, quantiles, bands of ten
    turns) and each seat's win probability in a `players`-player game, all exact."""
    probabilities = win_probabilities(players, deck)
    dist = turn_distribution(deck)
    cdf = dist.cdf()
    shortest = int(np.flatnonzero(dist.pmf)[0])
    lines = [
        f"Candy Land, exact analysis: deck {deck}, draws with replacement (a Markov chain over "
        f"{len(chain(deck).cells)} cells)",
        "",
        "Turns one player needs to reach the Candy Castle",
        f"  mean     {mean_turns(deck):.6f}",
        f"  std dev  {variance_turns(deck) ** 0.5:.6f}",
        f"  median   {median_turns(deck)}",
        f"  shortest {shortest} (probability {dist.pmf[shortest]:.6e})",
        "  quantiles: "
        + ", ".join(f"{int(q * 100)}% <= {int(np.searchsorted(cdf, q))}" for q in (0.1, 0.25, 0.5, 0.75, 0.9, 0.99)),
        "",
        "  turns      P(in band)   P(T <= last)",
    ]
    last_band = int(np.searchsorted(cdf, 0.999)) // 10 * 10 + 10
    for low in range(1, last_band, 10):
        high = low + 9
        lines.append(f"  {low:>4}-{high:<4}  {cdf[high] - cdf[low - 1]:.8f}   {cdf[high]:.8f}")
    lines.append(f"  > {last_band:<8} {1 - cdf[last_band]:.8f}")
    lines += ["", f"Win probability by seat, {players} player{'s' if players > 1 else ''} (seat 0 draws first)"]
    lines += [f"  seat {i}  {p:.8f}" for i, p in enumerate(probabilities)]
    return "\n".join(lines)


def game_length_distribution(players: int, deck: str = "64") -> np.ndarray:
    """P(the game lasts k draws) for k = 0, 1, ...: the game ends at the winner's finishing draw.

    Seat i winning on its turn t ends the game after n(t - 1) + i + 1 draws (every seat draws
    once per round, seat 0 first), with probability f(t) * S(t)**i * S(t - 1)**(n - 1 - i) as in
    win_probabilities. Each draw is one decision (the one legal action) and one turn.

    Raises ValueError for a player count outside 1..4 or an unknown deck."""
    if isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= 4:
        raise ValueError(f"players must be an int between 1 and 4, got {players!r}")
    f = turn_distribution(deck).pmf
    after = np.clip(1.0 - np.cumsum(f), 0.0, 1.0)
    before = np.concatenate(([1.0], after[:-1]))
    pmf = np.zeros(players * len(f) + 1)
    for t in range(1, len(f)):
        for i in range(players):
            pmf[players * (t - 1) + i + 1] += f[t] * after[t] ** i * before[t] ** (players - 1 - i)
    return pmf


def length_summary(players: int, deck: str = "64") -> dict[str, float]:
    """Mean, median, 10th and 90th percentile of the game length in draws (exact; a quantile is
    the smallest length whose cumulative probability reaches it)."""
    pmf = game_length_distribution(players, deck)
    cdf = np.cumsum(pmf)
    out = {"mean": float(np.arange(len(pmf)) @ pmf)}
    for name, q in (("median", 0.5), ("p10", 0.1), ("p90", 0.9)):
        out[name] = float(np.searchsorted(cdf, q))
    return out


def tail_beyond(players: int, deck: str, draws: int) -> float:
    """P(the game needs more than `draws` draws)."""
    pmf = game_length_distribution(players, deck)
    return float(max(0.0, 1.0 - pmf[: draws + 1].sum()))


# --- the balance lab and the command line -------------------------------------------------

EXACT_PARAMS = ("players", "deck", "draw", "max_plies")  # what the Candy Land figures can honour
NEGLIGIBLE = 1e-12  # a ply cap is honoured when the games it would stop have at most this probability


def scope(params: Mapping[str, Any], defaults: Mapping[str, Any]) -> tuple[int, str, str]:
    """(players, deck, description) for the exact analysis of Candy Land with `params` (the ones
    the user gave) over `defaults` (the game's), or ValueError naming what it cannot honour:
    ``draw=deck`` (no Markov chain), a ply cap that would stop games with probability above 1e-12,
    and any other parameter."""
    unknown = sorted(set(params) - set(EXACT_PARAMS))
    if unknown:
        raise ValueError(
            f"the exact analysis honours only {', '.join(EXACT_PARAMS)}; it cannot honour "
            f"{', '.join(f'{k}={params[k]}' for k in unknown)}"
        )
    draw = params.get("draw", "replacement")
    if draw != "replacement":
        raise ValueError(
            f"the exact analysis needs draw=replacement (every draw from the full deck, a Markov "
            f"chain); draw={draw} depends on the cards already drawn and has no exact figures here. "
            f"Run without --exact to estimate it from games"
        )
    players = int(params.get("players", defaults["players"]))
    deck = str(params.get("deck", defaults["deck"]))
    cap = int(params.get("max_plies", defaults["max_plies"]))
    tail = tail_beyond(players, deck, cap // 2)  # a turn is two plies: draw, card
    if tail > NEGLIGIBLE:
        raise ValueError(
            f"max_plies={cap} stops a game with probability {tail:.3g}; the exact analysis is of the "
            f"game without a cap, so it honours only caps that stop games with probability "
            f"<= {NEGLIGIBLE:g}"
        )
    used = f"players={players}, deck={deck}, draw=replacement"
    if "draw" not in params:
        used += f" (the exact analysis needs draw=replacement; the game's default is draw={defaults['draw']})"
    return players, deck, used


def exact_figures(params: Mapping[str, Any]) -> Optional[dict[str, Any]]:
    """The exact figures of a variant (`params`: the loaded game's full parameters) for the balance
    lab, or None where there are none (draw=deck, or a ply cap that would stop games)."""
    if params.get("draw") != "replacement":
        return None
    players, deck = int(params["players"]), str(params["deck"])
    if tail_beyond(players, deck, int(params["max_plies"]) // 2) > NEGLIGIBLE:
        return None
    length = length_summary(players, deck)
    out: dict[str, Any] = {
        "source": f"Markov chain over the board (deck {deck}, draws with replacement)",
        "length": {"plies": length, "turns": length, "decisions": {"mean": 0.0, "median": 0.0, "p10": 0.0, "p90": 0.0}},
        "skill": 0.5,
    }
    if players > 1:
        p = win_probabilities(players, deck)
        out["seats"] = [{"seat": s, "win_rate": float(v)} for s, v in enumerate(p)]
        # Seat 0 beats everyone when it wins; otherwise it loses to the winner and ties the rest.
        out["first_player_advantage"] = float(p[0] + (1 - p[0]) * (players - 2) / (2 * (players - 1)) - 0.5)
    return out


def exact_report(params: Mapping[str, Any], defaults: Mapping[str, Any]) -> str:
    """`tablesearch analyze candyland --exact`: the report for `params` (as given) over `defaults`
    (the game's), saying which parameters it used; ValueError for what it cannot honour."""
    players, deck, used = scope(params, defaults)
    return f"Parameters used: {used}\n\n" + report(players, deck)
