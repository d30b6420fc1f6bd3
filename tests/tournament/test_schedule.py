"""Seatings: balance over seats, matchups and neighbours; duplicate deals; stable game ids."""

import itertools
from collections import Counter

import pytest

from tablesearch.tournaments.schedule import cycle_length, deal_seatings, plan

SIZES = [(k, n) for n in range(2, 7) for k in range(1, 8)]


@pytest.mark.parametrize("k, n", SIZES)
def test_every_deal_puts_each_agent_in_each_seat_equally(k, n):
    for deal in range(min(cycle_length(k, n), 40)):
        seatings = deal_seatings(deal, k, n)
        assert len(set(seatings)) == len(seatings)
        assert all(sorted(s) == sorted(seatings[0]) for s in seatings)  # rotations of one lineup
        for agent in set(seatings[0]):
            per_seat = Counter(seat for s in seatings for seat, a in enumerate(s) if a == agent)
            assert len(set(per_seat.values())) == 1 and len(per_seat) == n


@pytest.mark.parametrize("k, n", [(k, n) for k, n in SIZES if cycle_length(k, n) <= 400])
def test_a_cycle_balances_games_matchups_and_neighbours(k, n):
    games, pairs, follows = Counter(), Counter(), Counter()
    for deal in range(cycle_length(k, n)):
        for seating in deal_seatings(deal, k, n):
            for seat, agent in enumerate(seating):
                games[agent] += 1
                follows[(agent, seating[(seat + 1) % n])] += 1
            for a, b in itertools.combinations(sorted(set(seating)), 2):
                pairs[(a, b)] += 1
    assert sorted(games) == list(range(k)) and len(set(games.values())) == 1
    if k >= 2:
        assert len(pairs) == k * (k - 1) // 2 and len(set(pairs.values())) == 1
    if k >= n:  # every agent follows every other equally often
        assert len(follows) == k * (k - 1) and len(set(follows.values())) == 1


def test_plan_rounds_up_to_whole_deals_and_shares_the_deal_seed():
    tasks = plan(2, 2, 5, seed=3)
    assert [t.id for t in tasks] == ["0.0", "0.1", "1.0", "1.1", "2.0", "2.1"]
    for a, b in zip(tasks[::2], tasks[1::2]):
        assert a.seed == b.seed and a.seats == b.seats[::-1]
    assert len({t.seed for t in tasks}) == 3
    assert len({s for t in tasks for s in t.agent_seeds}) == 12


def test_plan_is_stable_and_a_longer_plan_extends_a_shorter_one():
    short, long = plan(3, 4, 20, seed=9), plan(3, 4, 60, seed=9)
    assert long[: len(short)] == short
    assert plan(3, 4, 20, seed=9) == short and plan(3, 4, 20, seed=10) != short


@pytest.mark.parametrize("k, n", [(k, n) for k, n in SIZES if cycle_length(k, n) <= 400])
def test_the_schedule_counts_its_deals_and_games_as_playing_them_out_would(k, n):
    from tablesearch.tournaments.schedule import Schedule

    cycle_games = sum(len(deal_seatings(d, k, n)) for d in range(cycle_length(k, n)))
    for games in (1, 7, cycle_games, cycle_games + 1, 3 * cycle_games + 5):
        deals = played = 0
        while played < games:  # whole deals until at least `games` games
            played += len(deal_seatings(deals, k, n))
            deals += 1
        schedule = Schedule(k, n, games, seed=0)
        assert (schedule.deals, len(schedule)) == (deals, played), (games, cycle_games)
