"""The docs' reference tables are written from the code (docs/hooks/tables.py, tablesearch.reference):
a flag added to a command, a setting of `tablesearch train`, a game parameter or an algorithm shows
in the page the hook renders with no edit of the page; the command's help shows each default
once, and an on/off setting as on or off."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from dataclasses import fields
from pathlib import Path

import tablesearch as ts
from tablesearch import cli
from tablesearch.games.registry import parameter_specs
from tablesearch.search_options import ALGORITHM_TABLE
from tablesearch.training.config import HELP, TrainConfig

DOCS = Path(__file__).resolve().parents[1] / "docs"


def _hook():
    spec = importlib.util.spec_from_file_location("docs_tables_hook", DOCS / "hooks" / "tables.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _page(name: str) -> str:
    return _hook().render((DOCS / name).read_text())


def test_every_marker_stands_in_a_page():
    pages = "".join(path.read_text() for path in DOCS.rglob("*.md"))
    for marker in _hook().TABLES:
        assert marker in pages, f"no page shows {marker}"


def test_a_flag_added_to_a_command_shows_in_the_cli_page(monkeypatch):
    built = cli.build_parser

    def with_a_new_flag():
        parser = built()
        for action in parser._actions:
            if hasattr(action, "choices") and isinstance(action.choices, dict) and "tournament" in action.choices:
                action.choices["tournament"].add_argument("--brand-new-flag", default=7, help="a flag added in a copy")
        return parser

    monkeypatch.setattr(cli, "build_parser", with_a_new_flag)
    page = _page("cli.md")
    assert "| `--brand-new-flag` BRAND_NEW_FLAG | `7` | a flag added in a copy |" in page
    assert "<!-- reference" not in page


def test_every_command_flag_algorithm_setting_and_parameter_is_in_its_page():
    cli_page, training, games = _page("cli.md"), _page("training.md"), _page("games.md")
    for command in ("games", "best-move", "tournament", "play", "analyze", "serve", "train"):
        assert f"### tablesearch {command}" in cli_page
    for flag in ("--model", "--top", "--max-plies", "--resamples", "--reveal", "--read-hidden", "--rollout-cutoff"):
        assert f"`{flag}`" in cli_page, flag
    for name in ALGORITHM_TABLE:
        assert f"`{name}:iterations=1000`" in cli_page
    for setting in fields(TrainConfig):
        if setting.name in HELP:
            assert f"`--{setting.name.replace('_', '-')}`" in training
    for game in ts.list_games():
        for spec in parameter_specs(game):
            assert f"| `{game}` | `{spec['name']}` |" in games


def test_the_train_help_shows_each_default_once_and_switches_as_on_or_off():
    text = subprocess.run(
        [sys.executable, "-m", "tablesearch.cli", "train", "--help"], capture_output=True, text=True, check=True
    ).stdout
    flat = " ".join(text.split())
    assert "resumes included (default 10)" in flat and "(default 10.0)" not in flat
    assert "--mirror on|off" in flat and "(default on)" in flat and "(default True)" not in flat
    assert "(default one per core (ts.train: 1))" in flat


def test_the_agent_spec_docstring_names_every_algorithm():
    """tablesearch.agents.specs lists the spec kinds by hand in its docstring: a new algorithm
    must join the list."""
    from tablesearch.agents import specs

    for name in ALGORITHM_TABLE:
        assert f"``{name}``" in (specs.__doc__ or ""), name
