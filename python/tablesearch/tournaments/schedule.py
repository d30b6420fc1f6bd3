"""Who sits where: balanced seatings and duplicate deals.

A tournament is a sequence of deals. Deal d has one seed (the setup and the chance stream) and is
played once under each distinct rotation of one lineup, so every agent at that table sits in every
seat equally often with the same cards and dice: duplicate deals share the luck.

Lineups cycle so that, over a full cycle, play is balanced:
- k >= n agents for n seats: every set of n agents (all C(k, n)), and for each set every cyclic
  order (who plays after whom; (n-1)! of them), sets varying fastest so a short tournament meets
  every matchup first.
- k < n: each agent holds n // k or n // k + 1 seats, every choice of the agents holding an extra
  seat in turn, and every distinct cyclic order of that multiset.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Optional

import numpy as np

SCHEDULE_VERSION = 1  # part of every tournament's key: a change here must not mix with old files


def derive_seed(*parts: int) -> int:
    """A 63-bit seed determined by `parts` (non-negative ints), independent across different parts."""
    state = np.random.SeedSequence([int(p) for p in parts]).generate_state(1, dtype=np.uint64)
    return int(state[0]) & (2**63 - 1)


def _canonical_rotation(order: tuple[int, ...]) -> tuple[int, ...]:
    return min(order[i:] + order[:i] for i in range(len(order)))


@functools.lru_cache(maxsize=4096)
def _cyclic_orders(members: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every distinct cyclic order of the multiset `members` (sorted), each as its least rotation."""
    if len(set(members)) == len(members):  # distinct: fix the first, permute the rest
        return tuple((members[0],) + rest for rest in itertools.permutations(members[1:]))
    return tuple(sorted({_canonical_rotation(p) for p in itertools.permutations(members)}))


@functools.lru_cache(maxsize=64)
def _groups(num_agents: int, num_seats: int) -> tuple[tuple[int, ...], ...]:
    """The sorted multisets of agents that share a table, one per lineup of a cycle."""
    if num_agents < 1 or num_seats < 1:
        raise ValueError(f"need at least one agent and one seat, got {num_agents} agents, {num_seats} seats")
    if num_agents >= num_seats:
        return tuple(itertools.combinations(range(num_agents), num_seats))
    base, extra = divmod(num_seats, num_agents)
    return tuple(
        tuple(sorted([a for a in range(num_agents) for _ in range(base)] + list(extras)))
        for extras in itertools.combinations(range(num_agents), extra)
    )


def cycle_length(num_agents: int, num_seats: int) -> int:
    """How many deals make one balanced cycle of lineups."""
    groups = _groups(num_agents, num_seats)
    if num_agents >= num_seats:
        return len(groups) * math.factorial(num_seats - 1)
    return len(groups) * max(len(_cyclic_orders(g)) for g in groups)


def lineup(deal: int, num_agents: int, num_seats: int) -> tuple[int, ...]:
    """The base lineup (agent index per seat) of deal `deal`."""
    groups = _groups(num_agents, num_seats)
    group = groups[deal % len(groups)]
    orders = _cyclic_orders(group)
    return orders[(deal // len(groups)) % len(orders)]


def deal_seatings(deal: int, num_agents: int, num_seats: int) -> list[tuple[int, ...]]:
    """The seatings deal `deal` is played under: the distinct rotations of its lineup."""
    base = lineup(deal, num_agents, num_seats)
    seatings: list[tuple[int, ...]] = []
    for i in range(num_seats):
        rotation = base[i:] + base[:i]
        if rotation not in seatings:
            seatings.append(rotation)
    return seatings


@dataclass(frozen=True)
class GameTask:
    """One game of a tournament: its id, deal, seating, seeds, and the agent in each seat."""

    id: str
    deal: int
    seating: int
    seed: int  # the deal's seed: the same for every seating of the deal
    seats: tuple[int, ...]
    agent_seeds: tuple[int, ...]


@dataclass(frozen=True)
class Schedule:
    """The first whole deals holding at least `games` games, produced on demand: a tournament of
    a billion games does not hold a billion tasks (`len` is computed from the cycle of lineups).

    Game ids are ``"<deal>.<seating>"``, fixed by (agents, seats, seed) alone, so a longer
    tournament with the same seed extends a shorter one.
    """

    num_agents: int
    num_seats: int
    games: int
    seed: int

    @functools.cached_property
    def _size(self) -> tuple[int, int]:
        """(deals, games) of the schedule. How many games a deal holds repeats with the cycle of
        lineups, so whole cycles are counted at once and only the last one is walked."""
        cycle = cycle_length(self.num_agents, self.num_seats)
        deals = games = 0
        while games < self.games and deals < cycle:
            games += self.games_in_deal(deals)
            deals += 1
        if games >= self.games:
            return deals, games
        full = (self.games - 1) // games  # whole cycles before the last, partial one
        deals, left = 0, self.games - full * games
        while left > 0:
            left -= self.games_in_deal(deals)
            deals += 1
        return full * cycle + deals, self.games - left

    @property
    def deals(self) -> int:
        """How many deals the schedule plays."""
        return self._size[0]

    def __len__(self) -> int:
        """How many games the schedule holds."""
        return self._size[1]

    def games_in_deal(self, deal: int) -> int:
        return len(deal_seatings(deal, self.num_agents, self.num_seats))

    def deal_tasks(self, deal: int) -> list[GameTask]:
        """The games of one deal (any deal number, planned or not)."""
        deal_seed = derive_seed(self.seed, deal)
        tasks = []
        for index, seats in enumerate(deal_seatings(deal, self.num_agents, self.num_seats)):
            agent_seeds = tuple(derive_seed(self.seed, deal, index, seat, 1) for seat in range(self.num_seats))
            tasks.append(GameTask(f"{deal}.{index}", deal, index, deal_seed, seats, agent_seeds))
        return tasks

    def task(self, game_id: str) -> Optional[GameTask]:
        """The planned game with this id, or None if the schedule has no such game."""
        deal, _, seating = game_id.partition(".")
        if not (deal.isdigit() and seating.isdigit()) or int(deal) >= self.deals:
            return None
        tasks = self.deal_tasks(int(deal))
        return tasks[int(seating)] if int(seating) < len(tasks) and tasks[int(seating)].id == game_id else None

    def __iter__(self) -> Iterator[GameTask]:
        for deal in range(self.deals):
            yield from self.deal_tasks(deal)


def plan(num_agents: int, num_seats: int, games: int, seed: int) -> list[GameTask]:
    """Every task of `Schedule(num_agents, num_seats, games, seed)`, in order."""
    return list(Schedule(num_agents, num_seats, games, seed))
