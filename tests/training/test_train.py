"""Training runs: a tiny run measurably improves on random play, a seed makes a run reproducible
(on any number of workers), the results file holds what it promises, and bad settings are
refused with a clear message."""

import json
import re

import numpy as np
import pytest

pytest.importorskip("jax")
pytest.importorskip("optax")

import tablesearch as ts  # noqa: E402
from tablesearch.training import plot_learning_curve  # noqa: E402
from tablesearch.training.results_file import read_results  # noqa: E402

TINY = dict(simulations=16, games_per_step=8, ladder=(1, 10), eval_games=4, minutes=30)


class PolicyPlayer:
    """The network's policy alone, no search: its most probable legal move."""

    def __init__(self, model):
        self.model = model

    def step(self, state):
        _, priors = self.model.evaluate(state)
        return max(priors, key=priors.get)


def score_against_random(model, game, games):
    """The policy's mean score against uniform random play, seats alternating (win 1, draw 1/2)."""
    scores = []
    for g in range(games):
        seat = g % 2
        agents = [PolicyPlayer(model), ts.agents.RandomAgent(seed=g)]
        record = ts.play_game(game, agents if seat == 0 else agents[::-1], seed=g)
        mine, other = record.returns[seat], record.returns[1 - seat]
        scores.append(1.0 if mine > other else 0.5 if mine == other else 0.0)
    return float(np.mean(scores))


def test_a_tiny_run_improves_on_random_play(tmp_path):
    """Tic-tac-toe, 20 steps of 32 games (about 10 s): the network's policy alone, with no search,
    scores far better against random play than the untrained one. Measured: 0.65 before, 0.92
    after, over 200 games (sigma of a score near 0.9 over 200 games: about 0.02); asserted: at
    least 0.85, and at least 0.15 more than before."""
    game = ts.load_game("tic_tac_toe")
    result = ts.train(
        "tic_tac_toe", out=tmp_path, steps=20, simulations=50, games_per_step=32, ladder=(1,), eval_games=2
    )
    assert result.steps == 20 and result.games == 640
    before = score_against_random(ts.load_model(tmp_path / "models" / "step-00000000.tsmodel"), game, 200)
    after = score_against_random(result.model(), game, 200)
    assert after >= 0.85
    assert after - before >= 0.15


def tensors(path):
    return ts.load_model(path).tensors


# The worker processes fork this process, where earlier tests started JAX's threads; the workers
# never call JAX (they play games with the native search), so the warning does not apply to them.
@pytest.mark.filterwarnings("ignore:os.fork:RuntimeWarning")
def test_a_seed_makes_a_run_reproducible_on_any_number_of_workers(tmp_path):
    runs = {
        "one": dict(seed=3, workers=1),
        "again": dict(seed=3, workers=1),
        "two workers": dict(seed=3, workers=2),
        "other seed": dict(seed=4, workers=1),
    }
    for name, options in runs.items():
        ts.train("tic_tac_toe", out=tmp_path / name, steps=3, **TINY, **options)
    one = tensors(tmp_path / "one" / "model.tsmodel")
    for name in ("again", "two workers"):
        other = tensors(tmp_path / name / "model.tsmodel")
        assert all(np.array_equal(one[k], other[k]) for k in one), name
    different = tensors(tmp_path / "other seed" / "model.tsmodel")
    assert not all(np.array_equal(one[k], different[k]) for k in one)


def test_the_command_trains_on_a_dask_scheduler(tmp_path):
    """--scheduler plays the games on a Dask cluster: the same networks as on one local worker."""
    from tablesearch.cli import main

    distributed = pytest.importorskip("distributed")
    settings = ["--steps", "2", "--simulations", "16", "--games-per-step", "8", "--ladder", "1,10",
                "--eval-games", "4", "--seed", "3"]  # fmt: skip
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, protocol="tcp", host="127.0.0.1", dashboard_address=None
    ) as cluster:
        assert main(["train", "tic_tac_toe", "--out", str(tmp_path / "dask"), "--scheduler", cluster.scheduler_address,
                     *settings]) == 0  # fmt: skip
    assert main(["train", "tic_tac_toe", "--out", str(tmp_path / "local"), "--workers", "1", *settings]) == 0
    dask, local = tensors(tmp_path / "dask" / "model.tsmodel"), tensors(tmp_path / "local" / "model.tsmodel")
    assert all(np.array_equal(dask[k], local[k]) for k in dask)


def test_a_hidden_information_game_with_three_players_trains(tmp_path):
    """Leduc poker for 3 (chance, hidden cards): ISMCTS self-play, ISMCTS rungs, a value per player."""
    result = ts.train(
        "leduc_poker", out=tmp_path, params={"players": 3}, steps=1, simulations=16, games_per_step=4,
        ladder=(10,), eval_games=3, hidden=(16,),
    )  # fmt: skip
    model = result.model()
    assert model.game.num_players == 3 and model.game.parameters == {"players": 3}
    assert result.evaluations[-1]["player"] == "ismcts-puct-16+model"
    assert result.evaluations[-1]["rungs"][0]["name"] == "ismcts-10"
    assert result.evaluations[-1]["rungs"][0]["games"] == 3  # one deal: the network in each seat


def test_the_results_file(tmp_path):
    result = ts.train("tic_tac_toe", out=tmp_path, steps=3, eval_seconds=1e-6, **TINY)
    lines = read_results(tmp_path / "results.jsonl")
    assert lines[0]["kind"] == "ladder"
    assert [r["name"] for r in lines[0]["rungs"]] == ["uct-1", "uct-10"]
    assert lines[0]["rungs"][0]["elo"] == 0.0
    steps = [line for line in lines if line["kind"] == "step"]
    assert [line["step"] for line in steps] == [1, 2, 3]
    assert [line["games"] for line in steps] == [8, 16, 24]
    assert all(a["seconds"] <= b["seconds"] for a, b in zip(steps, steps[1:]))
    assert sum(line["step_positions"] for line in steps) == steps[-1]["positions"] == result.positions
    assert all(line["positions_per_second"] > 0 and line["updates"] >= 1 for line in steps)
    evaluations = [line for line in lines if line["kind"] == "evaluation"]
    assert sorted(line["step"] for line in evaluations) == [0, 1, 2, 3]  # every step, with eval_seconds tiny
    assert result.evaluations == sorted(evaluations, key=lambda line: line["step"])
    for line in evaluations:
        assert line["elo_low"] <= line["elo"] <= line["elo_high"]
        assert line["player"] == "puct-16+model"
        for rung in line["rungs"]:
            assert rung["games"] == 4 == rung["wins"] + rung["draws"] + rung["losses"]
            assert 0 <= rung["score_low"] <= rung["score"] <= rung["score_high"] <= 1
            assert rung["score"] == (rung["wins"] + rung["draws"] / 2) / rung["games"]
    for line in lines:
        json.dumps(line, allow_nan=False)  # plain JSON: no NaN or infinity
    pytest.importorskip("matplotlib")
    plot_learning_curve(tmp_path / "results.jsonl", tmp_path / "curve.png")
    assert (tmp_path / "curve.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_command_trains_and_plots(tmp_path, capsys):
    from tablesearch.cli import main

    pytest.importorskip("matplotlib")
    argv = ["train", "tic_tac_toe", "--out", str(tmp_path / "run"), "--steps", "2", "--workers", "1",
            "--simulations", "8", "--games-per-step", "4", "--ladder", "1,10", "--eval-games", "2",
            "--hidden", "16,16", "--mirror", "off", "--search-value-weight", "0.25",
            "--plot", str(tmp_path / "curve.png")]  # fmt: skip
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "2 steps, 8 games" in out and "Elo" in out and "model:" in out
    assert ts.load_model(tmp_path / "run" / "model.tsmodel").architecture.hidden == (16, 16)
    assert (tmp_path / "curve.png").exists()
    config = json.loads((tmp_path / "run" / "config.json").read_text())
    assert (config["mirror"], config["search_value_weight"]) == (False, 0.25)


def test_the_command_names_what_mirror_takes(capsys):
    from tablesearch.cli import main

    with pytest.raises(SystemExit):
        main(["train", "tic_tac_toe", "--out", "unused", "--mirror", "sometimes"])
    assert "expected on or off, got 'sometimes'" in capsys.readouterr().err


@pytest.mark.parametrize(
    "settings, message",
    [
        ({"simulations": 0}, "simulations must be an int in [1, 100,000], got 0"),
        ({"ladder": (100, 10)}, "ladder must be increasing"),
        ({"search": "minimax"}, "search must be one of auto, "),
        ({"architecture": "transformer"}, "architecture must be mlp or resnet"),
        ({"learning_rate": float("nan")}, "learning_rate must be a finite number > 0"),
        ({"colour": "red"}, "unexpected keyword argument 'colour'"),
        # Sizes a user can type are held to what the machine can do in a run (issue 46).
        ({"simulations": 10**12}, "simulations must be an int in [1, 100,000], got 1000000000000"),
        ({"games_per_step": 10**12}, "games_per_step must be an int in [1, 10,000]"),
        ({"eval_games": 10**12}, "eval_games must be an int in [1, 10,000]"),
        ({"ladder": (1, 10**12)}, "ladder (each rung) must be an int in [1, 100,000]"),
        ({"batch_size": 10**12}, "batch_size must be an int in [1, 65,536]"),
        ({"hidden": (10**9,)}, "hidden (each width) must be an int in [1, 4,096]"),
    ],
)
def test_bad_settings_are_named(tmp_path, settings, message):
    with pytest.raises((ValueError, TypeError), match=re.escape(message)):
        ts.train("tic_tac_toe", out=tmp_path, **settings)


def test_a_buffer_larger_than_the_memory_cap_is_refused(tmp_path):
    # connect four: 126 observation numbers and 7 actions a position, about 580 bytes.
    with pytest.raises(ValueError, match=r"buffer_positions=10,000,000 would hold 5\.4 GiB of positions of connect"):
        ts.train("connect_four", out=tmp_path, buffer_positions=10**7, **TINY)


def test_a_folder_of_another_run_or_other_files_is_refused(tmp_path):
    ts.train("tic_tac_toe", out=tmp_path / "run", steps=1, **TINY)
    with pytest.raises(ValueError, match=r"holds a run with other settings \(simulations: 16 in the run, 32 now\)"):
        ts.train("tic_tac_toe", out=tmp_path / "run", steps=1, **{**TINY, "simulations": 32})
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "notes.txt").write_text("mine")
    with pytest.raises(ValueError, match="is not empty and holds no training run"):
        ts.train("tic_tac_toe", out=tmp_path / "other", steps=1, **TINY)


def test_a_folder_another_run_is_training_into_is_refused(tmp_path):
    from tablesearch.training.checkpoint import RunFolder
    from tablesearch.training.config import TrainConfig

    busy = RunFolder(tmp_path)
    busy.prepare(TrainConfig(game="tic_tac_toe", steps=1, **TINY))
    try:
        with pytest.raises(RuntimeError, match="in use by another training run"):
            ts.train("tic_tac_toe", out=tmp_path, steps=1, **TINY)
    finally:
        busy.release()
    assert ts.train("tic_tac_toe", out=tmp_path, steps=1, **TINY).steps == 1  # free again


def test_the_cli_refuses_a_game_without_choices(tmp_path, capsys):
    from tablesearch.cli import main

    assert main(["train", "candyland", "--out", str(tmp_path / "run"), "--steps", "1"]) == 2
    assert "candyland offers its players no choices" in capsys.readouterr().err


def test_the_progress_bar_shows_the_figures_when_asked_and_nothing_off_a_terminal(tmp_path, capfd):
    settings = dict(steps=2, simulations=8, games_per_step=4, ladder=(1,), eval_games=2, hidden=(8,))
    ts.train("tic_tac_toe", out=tmp_path / "shown", progress=True, **settings)
    shown = capfd.readouterr().err
    assert "100%" in shown and "step 2, 8 games" in shown and "pos/s" in shown and "Elo" in shown
    ts.train("tic_tac_toe", out=tmp_path / "quiet", **settings)  # stderr is not a terminal here
    assert capfd.readouterr().err == ""


def test_a_model_records_the_command_that_makes_it_again(tmp_path):
    """The model file holds the run's seed and every setting; command_line writes them as the
    `tablesearch train` command, which the command's own parser reads back to the same settings."""
    import shlex

    from tablesearch import cli
    from tablesearch.training.config import HELP, TrainConfig, command_line

    settings = dict(TINY, seed=5, hidden=(16, 8), mirror=False, steps=1, eval_games=2)
    result = ts.train("tic_tac_toe", out=tmp_path, **settings)
    recorded = result.model().metadata["settings"]
    assert recorded["seed"] == 5 and recorded["hidden"] == [16, 8] and recorded["mirror"] is False
    command = command_line(recorded, "runs/again")
    assert command.startswith("tablesearch train tic_tac_toe --seed 5 ") and command.endswith(" --out runs/again")
    args = cli.build_parser().parse_args(shlex.split(command)[1:])
    again = {name: getattr(args, name) for name in HELP if getattr(args, name, None) is not None}
    made = TrainConfig(game=args.game, params=dict(p.split("=") for p in args.param), **again).to_json()
    where = ("workers", "progress")  # where the run was played, not what it learns
    assert {k: v for k, v in made.items() if k not in where} == {k: v for k, v in recorded.items() if k not in where}
