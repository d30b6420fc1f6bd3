"""analyze goes through the tournament runner: any executor or worker count gives the same games
(seeded deals), and a progress line per tournament shows when asked."""

from __future__ import annotations

import concurrent.futures as cf

import tablesearch as ts


def test_workers_and_executors_give_the_same_report():
    args = dict(agents=["mcts:iterations=10", "random"], games=12, sweep={"players": [2, 3]}, progress=False)
    inline = ts.analyze("wetland", workers=1, **args).to_dict()
    processes = ts.analyze("wetland", workers=2, **args).to_dict()
    with cf.ThreadPoolExecutor(2) as pool:
        threads = ts.analyze("wetland", executor=pool, workers=2, **args).to_dict()
    assert inline["variants"] == processes["variants"] == threads["variants"]


def test_progress_lines_name_each_tournament(capsys):
    ts.analyze("tic_tac_toe", agents=["random", "mcts:iterations=5"], games=4, workers=1, progress=True)
    err = capsys.readouterr().err
    assert "[1/2] tic_tac_toe base: self-play, random in every seat, 4 games" in err
    assert "[2/2] tic_tac_toe base: skill, random against mcts:iterations=5, 4 games" in err
    ts.analyze("tic_tac_toe", agents=["random"], games=4, workers=1, progress=False)
    assert capsys.readouterr().err == ""
