"""The search option table (cpp/search/options.h) is the one description of the options: the
native search, mcts.search, agent specs, the command line, the web form and the docs agree with it."""

from __future__ import annotations

import inspect
import math
import re
import sys
from pathlib import Path

import pytest

import tablesearch as ts
from tablesearch import _core, cli, mcts
from tablesearch.agents.specs import SEARCH_SPEC_OPTIONS, parse_agent_spec
from tablesearch.search_options import (
    ALGORITHM_TABLE,
    AUTO_CASES,
    COSTLY,
    DEFAULTS,
    OPTIONS,
    PER_GAME,
    algorithm_markdown_table,
    check_option,
    markdown_table,
)

DOCS = Path(__file__).resolve().parents[2] / "docs" / "search.md"
# mcts.search's own defaults where they differ from the table's, and why.
PYTHON_LAYER = {
    "seed": None,  # a fresh random seed
    "max_memory_mb": mcts.DEFAULT_MAX_MEMORY_MB,  # the table's, or TABLESEARCH_MAX_MEMORY_MB
    **{name: "auto" for name in mcts.AUTO_OPTIONS},  # the game's measured default, else the table's
}
THROUGH_THE_EVALUATOR = mcts.EVALUATOR_OPTIONS  # mcts.RandomRollout(rollouts=n), HeuristicEvaluator(rollouts=n)


@pytest.fixture
def state():
    return ts.load_game("connect_four").new_initial_state(0)


def test_mcts_search_takes_every_option_with_the_tables_default():
    parameters = inspect.signature(mcts.search).parameters
    assert set(OPTIONS) - THROUGH_THE_EVALUATOR <= set(parameters)
    for name, option in OPTIONS.items():
        if name in THROUGH_THE_EVALUATOR:
            continue
        assert parameters[name].default == PYTHON_LAYER.get(name, option.default), name


def test_the_binding_takes_the_options_by_keyword_only_and_refuses_unknown_ones(state):
    with pytest.raises(TypeError):
        _core.search(state, "uct")
    with pytest.raises(TypeError, match="unknown search option 'uct_k'; valid: algorithm, iterations"):
        _core.search(state, uct_k=1.0)
    result = _core.search(state, iterations=10, seed=0)
    assert result.iterations == 10


def test_the_default_of_each_option_is_written_once_in_the_source():
    """Each default's literal appears in SearchConfig (search/config.h) and nowhere else that
    describes the options: not in the bindings, mcts, the CLI or the agent specs."""
    root = Path(__file__).resolve().parents[2]
    readers = [
        root / "cpp/bindings/search.cc",
        root / "cpp/bindings/options.cc",
        root / "python/tablesearch/mcts.py",
        root / "python/tablesearch/cli.py",
        root / "python/tablesearch/agents/specs.py",
        root / "python/tablesearch/search_options.py",
    ]
    for name, default in DEFAULTS.items():
        if isinstance(default, float) and default not in (0.0, 1.0):  # 0 and 1 are too common to grep
            for path in readers:
                assert not re.search(rf"\b{name}\b[^\n]*\b{default!r}\b", path.read_text()), (name, path)
    config = (root / "cpp/search/config.h").read_text()
    for name in ("mast_epsilon", "mast_temperature", "dirichlet_epsilon", "determinizations", "max_memory_mb"):
        assert len(re.findall(rf"\b{name} = ", config)) == 1


@pytest.mark.parametrize(
    "name, value, error, text",
    [
        (
            "iterations",
            2**70,
            ValueError,
            r"iterations must be an int in \[1, 9223372036854775807\], got 1180591620717411303424",
        ),
        ("iterations", -(2**70), ValueError, r"iterations must be an int in \[1, "),
        ("seed", 2**64, ValueError, r"seed must be an int in \[0, 18446744073709551615\], got 18446744073709551616"),
        ("threads", 257, ValueError, r"threads must be an int in \[1, 256\], got 257"),
        ("threads", 2**100, ValueError, r"threads must be an int in \[1, 256\]"),
        ("determinizations", 2**31, ValueError, r"determinizations must be an int in \[1, 2147483647\]"),
        ("max_memory_mb", 2**63, ValueError, r"max_memory_mb must be an int in \[1, 9223372036854775807\]"),
        ("uct_c", 10**400, ValueError, r"uct_c must be a finite number >= 0"),
        ("uct_c", -0.5, ValueError, r"uct_c must be a finite number >= 0, got -0.5"),
        ("mast_epsilon", 1.5, ValueError, r"mast_epsilon must be a finite number in \[0, 1\], got 1.5"),
        ("time_limit", 0, ValueError, r"time_limit must be a finite number > 0"),
        ("playout", "smart", ValueError, r"playout must be one of random, mast, mast-gibbs, got 'smart'"),
        ("algorithm", "alphabeta", ValueError, r"algorithm must be one of uct, puct, ismcts"),
        ("solve", 1, TypeError, r"solve must be True or False, got int 1"),
        ("threads", 2.0, TypeError, r"threads must be an int in \[1, 256\], got float 2.0"),
        ("uct_c", "1", TypeError, r"uct_c must be a finite number >= 0, got str '1'"),
        ("threads", None, TypeError, r"threads must be an int"),
    ],
)
def test_bad_values_name_the_option_and_its_valid_values_everywhere(state, name, value, error, text):
    with pytest.raises(error, match=text):
        check_option(name, value)
    with pytest.raises(error, match=text):
        _core.search(state, **{name: value})
    if name not in THROUGH_THE_EVALUATOR:
        with pytest.raises(error, match=text):
            mcts.search(state, **{"iterations": 10, name: value})


def test_values_in_range_pass_unchanged():
    assert check_option("seed", 2**64 - 1) == 2**64 - 1
    assert check_option("uct_c", 2) == 2.0 and isinstance(check_option("uct_c", 2), float)
    assert check_option("rollout_cutoff", None) is None
    assert check_option("playout", "mast") == "mast"
    assert check_option("rollouts", 3, label="RandomRollout.rollouts") == 3
    with pytest.raises(ValueError, match=r"RandomRollout.rollouts must be an int in \[1, 2147483647\], got 0"):
        mcts.RandomRollout(rollouts=0)


def test_the_docs_tables_are_written_from_the_native_tables():
    """docs/search.md holds markers, not copies; the mkdocs hook (docs/hooks/tables.py) writes
    the tables there from search_options."""
    sys.path.insert(0, str(DOCS.parent / "hooks"))
    import tables

    text = DOCS.read_text()
    assert all(marker in text for marker in ("<!-- table: search options -->", "<!-- table: algorithms -->"))
    assert "| `iterations` |" not in text and "| `uct` |" not in text  # no pasted rows
    page = tables.render(text)
    assert markdown_table() in page and algorithm_markdown_table() in page
    for name in OPTIONS:
        assert f"| `{name}` |" in page
    for name in mcts.ALGORITHMS:
        assert f"| `{name}` |" in page


def test_the_algorithm_table_holds_what_the_readers_used_to_list():
    assert mcts.CONTINUING_ALGORITHMS == ("uct", "puct", "ismcts", "mo-ismcts", "oos", "ismcts-puct")
    assert [a for a, row in ALGORITHM_TABLE.items() if row.batched_evaluator] == ["puct"]
    assert COSTLY == ("iterations", "time_limit", "max_memory_mb", "rollouts", "determinizations", "threads")
    assert PER_GAME == ("rollout_cutoff", "playout", "score_weight", "score_scale", "playout_mix")
    assert mcts.AUTO_OPTIONS == {"algorithm", *PER_GAME}
    assert list(AUTO_CASES) == ["hidden-priors", "hidden-two-players-keys", "hidden", "priors", "perfect"]
    picks = {row.auto: name for name, row in ALGORITHM_TABLE.items() if row.auto}
    assert picks == {
        "hidden-two-players-keys": "infoset-uct",
        "hidden-priors": "ismcts-puct",
        "hidden": "ismcts",
        "priors": "puct",
        "perfect": "uct",
    }


def test_search_signature_and_docstring_come_from_the_table():
    parameters = inspect.signature(mcts.search).parameters
    assert list(parameters)[:4] == ["state", "iterations", "time_limit", "seed"]
    assert {p for p in parameters if p in OPTIONS} == set(OPTIONS) - THROUGH_THE_EVALUATOR
    for name in OPTIONS:
        if name not in THROUGH_THE_EVALUATOR:
            assert f"`{name}` = {parameters[name].default!r}: {OPTIONS[name].help}" in mcts.search.__doc__
    with pytest.raises(TypeError, match="unexpected keyword argument 'uct_k'"):
        mcts.search(ts.load_game("connect_four").new_initial_state(0), uct_k=1.0)


def test_each_option_has_a_help_text_and_valid_values():
    for option in OPTIONS.values():
        assert option.help and option.valid
        assert option.type in ("int", "float", "bool", "str")
        if option.type == "str":
            assert option.choices
        if option.default is not None and option.type == "float":
            assert math.isfinite(option.default)
        if option.default is not None:
            assert check_option(option.name, option.default) == option.default


def test_best_move_has_a_flag_for_every_search_option():
    parser = cli.build_parser()
    best = next(a for a in parser._subparsers._group_actions[0].choices.values() if a.prog.endswith("best-move"))
    flags = {action.dest: action for action in best._actions}
    for name, option in OPTIONS.items():
        if name in THROUGH_THE_EVALUATOR or name == "seed":  # --seed seeds the game and the search
            continue
        action = flags[name]
        assert option.help in action.help
        if option.type != "bool":
            assert "--" + name.replace("_", "-") in action.option_strings
            assert option.valid in action.help


def test_best_move_flags_are_read_and_checked_by_the_table(capsys):
    args = ["best-move", "connect_four", "--iterations", "200", "--playout", "mast", "--mast-epsilon", "0.3"]
    assert cli.main(args + ["--rollout-cutoff", "none", "--threads", "2"]) == 0
    options = cli.build_parser().parse_args(["best-move", "connect_four", "--rollout-cutoff", "none"])
    assert options.rollout_cutoff is None and not hasattr(options, "playout")  # given None; not given
    with pytest.raises(SystemExit):
        cli.main(["best-move", "connect_four", "--threads", "300"])
    assert "threads must be an int in [1, 256], got 300" in capsys.readouterr().err


def test_agent_specs_read_their_options_by_the_table():
    spec = parse_agent_spec("ismcts:uct_c=1,rollout_cutoff=none,playout=auto,iterations=30,solve=false")
    assert dict(spec.options) == dict(uct_c=1.0, rollout_cutoff=None, playout="auto", iterations=30, solve=False)
    assert set(SEARCH_SPEC_OPTIONS) == set(OPTIONS) - {"seed"} | {"reuse_tree", "model"}
    with pytest.raises(ValueError, match=r"threads must be an int in \[1, 256\], got 0.*'mcts:threads=0'"):
        parse_agent_spec("mcts:threads=0")
    with pytest.raises(ValueError, match="unknown search option 'uct' in 'mcts:uct=2'; valid: algorithm"):
        parse_agent_spec("mcts:uct=2")


def test_the_web_form_gets_the_table():
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from tablesearch.web.app import create_app
    from tablesearch.web.settings import ServerSettings

    settings = ServerSettings(hosts=frozenset({"testserver"}))
    client = TestClient(create_app(settings=settings), headers={"x-tablesearch-token": settings.token})
    payload = client.get("/api/games").json()
    assert payload["search_options"] == [dict(row) for row in _core.SEARCH_OPTIONS]
