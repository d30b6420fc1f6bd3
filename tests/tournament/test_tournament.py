"""Tournaments: results files, resuming, parallel executors, SPRT, multi-player games."""

import concurrent.futures as cf
import json

import pytest

import tablesearch as ts
from helpers.py_games import Pick, greedy, middling
from tablesearch.tournaments.schedule import plan

FAST = ["mcts:iterations=30", "random"]


def read_lines(path):
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_results_file_has_one_whole_line_per_game(tmp_path):
    out = tmp_path / "games.jsonl"
    result = ts.tournament("tic_tac_toe", FAST, games=10, seed=1, out=out)
    lines = read_lines(out)
    assert len(lines) == result.games == result.planned == 10 and result.complete
    assert sorted(line["id"] for line in lines) == sorted(t.id for t in plan(2, 2, 10, 1))
    line = lines[0]
    for key in (
        "tournament",
        "id",
        "deal",
        "seating",
        "agents",
        "game",
        "seed",
        "returns",
        "winners",
        "ranks",
        "actions",
        "plies",
        "agent_seconds",
        "agent_iterations",
        "budgets",
        "finished",
    ):
        assert key in line
    assert {tuple(l["agents"]) for l in lines} == {tuple(FAST), tuple(FAST[::-1])}


def test_rerun_resumes_without_playing_a_game_twice(tmp_path):
    out = tmp_path / "games.jsonl"
    ts.tournament("tic_tac_toe", FAST, games=6, seed=2, out=out)
    first = out.read_text()
    result = ts.tournament("tic_tac_toe", FAST, games=14, seed=2, out=out)  # extends the same schedule
    text = out.read_text()
    assert text.startswith(first)
    ids = [line["id"] for line in read_lines(out)]
    assert len(ids) == len(set(ids)) == 14 and result.games == 14
    again = ts.tournament("tic_tac_toe", FAST, games=14, seed=2, out=out)  # nothing left to play
    assert out.read_text() == text and again.table == result.table


def test_resume_drops_a_cut_last_line_and_refuses_another_tournament(tmp_path):
    out = tmp_path / "games.jsonl"
    ts.tournament("tic_tac_toe", FAST, games=4, seed=0, out=out)
    lines = out.read_text().splitlines(keepends=True)
    out.write_text("".join(lines[:3]) + lines[3][:20])  # as if killed while writing
    ts.tournament("tic_tac_toe", FAST, games=4, seed=0, out=out)
    assert len(read_lines(out)) == 4
    with pytest.raises(ValueError, match="another tournament"):
        ts.tournament("tic_tac_toe", FAST, games=4, seed=1, out=out)
    with pytest.raises(ValueError, match="another tournament"):
        ts.tournament("connect_four", FAST, games=4, seed=0, out=out)


@pytest.mark.parametrize("line", ["[1, 2]", "3", '"text"', '{"tournament": "k"}', '{"id": 5}'])
def test_results_file_lines_that_are_not_game_records_are_refused(tmp_path, line):
    out = tmp_path / "games.jsonl"
    out.write_text(line + "\n")
    with pytest.raises(ValueError, match="line 1 is not a game record"):
        ts.tournament("tic_tac_toe", FAST, games=4, seed=0, out=out)


def test_same_games_in_process_and_in_worker_processes(tmp_path):
    inline = ts.tournament("connect_four", FAST, games=8, seed=5, workers=1)
    pooled = ts.tournament("connect_four", FAST, games=8, seed=5, workers=2)
    strip = lambda r: [(l["id"], l["actions"], l["returns"]) for l in r.lines]  # noqa: E731
    assert strip(inline) == strip(pooled)


def test_any_executor(tmp_path):
    with cf.ThreadPoolExecutor(2) as pool:
        result = ts.tournament("tic_tac_toe", FAST, games=6, seed=3, executor=pool)
    assert result.games == 6


def test_dask_local_cluster(tmp_path):
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=2, processes=False, protocol="tcp", host="127.0.0.1", dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        out = tmp_path / "games.jsonl"
        result = ts.tournament("tic_tac_toe", FAST, games=8, seed=4, executor=client.get_executor(), out=out)
    assert result.games == 8 and len(read_lines(out)) == 8
    inline = ts.tournament("tic_tac_toe", FAST, games=8, seed=4)
    assert [l["actions"] for l in result.lines] == [l["actions"] for l in inline.lines]


def test_duplicate_deals_share_the_seed_and_rotate_the_seats():
    result = ts.tournament(Pick(3), [greedy, middling, "random"], games=30, seed=0)
    by_deal = {}
    for line in result.lines:
        by_deal.setdefault(line["deal"], []).append(line)
    assert len(by_deal) == 10
    for lines in by_deal.values():
        assert len(lines) == 3 and len({l["seed"] for l in lines}) == 1
        for seat in range(3):
            assert sorted(l["agents"][seat] for l in lines) == sorted(["greedy", "middling", "random"])


def test_multiplayer_ratings_order_the_agents():
    """Pick with 4 seats and 3 agents (one agent holds two seats): greedy picks 9, the best pick,
    so over 48 games its rating interval lies above the others'."""
    result = ts.tournament(
        Pick(4), {"greedy": greedy, "middling": middling, "random": "random"}, games=48, seed=1, resamples=300
    )
    assert result.table[0]["agent"] == "greedy"
    assert result.table[0]["elo_low"] > max(row["elo_high"] for row in result.table[1:])
    assert sum(row["games"] for row in result.table) == 4 * result.games
    for i in range(3):
        for j in range(3):
            if i != j:
                assert result.pairwise[i][j] + result.pairwise[j][i] == pytest.approx(1.0)
    assert result.pairwise[0][1] > 0.5 and result.pairwise[0][2] > 0.5
    assert len(result.seats) == 4 and len(result.seat_table) == 12


def test_sprt_stops_a_lopsided_match_early():
    result = ts.tournament(Pick(2), [greedy, "random"], games=400, seed=0, sprt=True)
    assert result.sprt.decision == "H1" and result.games < 100 and not result.complete
    with pytest.raises(ValueError, match="exactly two agents"):
        ts.tournament(Pick(2), [greedy, middling, "random"], games=4, sprt=True)


def test_argument_errors():
    with pytest.raises(ValueError, match="unknown game"):
        ts.tournament("no_such_game", FAST, games=2)
    with pytest.raises(ValueError, match="games must be"):
        ts.tournament("tic_tac_toe", FAST, games=0)
    with pytest.raises(ValueError, match="unknown agent"):
        ts.tournament("tic_tac_toe", ["random", "alphazero"], games=2)
    with pytest.raises(ValueError, match="unknown search option"):
        ts.tournament("tic_tac_toe", ["random", "mcts:depth=2"], games=2)
    with pytest.raises(ValueError, match="tablesearch play"):
        ts.tournament("tic_tac_toe", ["random", "human"], games=2)
    with pytest.raises(ValueError, match="cannot be sent to worker processes"):
        ts.tournament("tic_tac_toe", [lambda seed: ts.agents.RandomAgent(seed), "random"], games=2, workers=2)


def test_summary_counts_and_text():
    result = ts.tournament("tic_tac_toe", ["mcts:iterations=200", "random"], games=20, seed=0, resamples=200)
    best = result.table[0]
    assert best["agent"] == "mcts:iterations=200" and best["elo"] > 0
    for row in result.table:
        assert row["wins"] + row["draws"] + row["losses"] == row["games"] == 20
        assert row["win_rate_low"] <= row["win_rate"] <= row["win_rate_high"]
        assert row["elo_low"] < row["elo"] < row["elo_high"]
    assert sum(s["wins"] for s in result.seats) + result.draws == 20
    text = str(result)
    assert "Ratings" in text and "mcts:iterations=200" in text and "Pairwise" in text


def test_loaded_game_and_self_play_names():
    result = ts.tournament(ts.load_game("tic_tac_toe"), ["random", "random"], games=4, seed=0)
    assert result.agents == ["random", "random#2"] and result.game == "tic_tac_toe" and result.games == 4
    with pytest.raises(ValueError, match="with a game name"):
        ts.tournament(ts.load_game("tic_tac_toe"), FAST, games=2, params={"x": 1})
