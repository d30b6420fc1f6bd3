"""The reference tables of the docs, made from the code that defines what they describe, so that
no page holds a copy that can fall behind: every command's flags (the argparse parsers of
`tablesearch.cli`), the agent specs (the algorithm table), each game's parameters (its specs) and
the training settings (`TrainConfig`). A mkdocs hook (docs/hooks/tables.py) writes them into the
pages where their markers stand.
"""

from __future__ import annotations

import argparse
from typing import Any

from tablesearch.search_options import ALGORITHM_TABLE


def _cell(text: Any) -> str:
    return " ".join(str(text or "").split()).replace("|", "\\|")


def cli_reference(parser: argparse.ArgumentParser | None = None) -> str:
    """Every subcommand of `tablesearch` (or of `parser`) with its arguments: a section each."""
    if parser is None:
        from tablesearch.cli import build_parser

        parser = build_parser()
    sections = []
    for action in parser._actions:  # argparse keeps its subcommands there, as its help does
        if not isinstance(action, argparse._SubParsersAction):
            continue
        helps = {choice.dest: choice.help for choice in action._choices_actions}
        for name, sub in action.choices.items():
            rows = ["| argument | default | meaning |", "|---|---|---|"]
            for argument in sub._actions:
                if not isinstance(argument, argparse._HelpAction):
                    rows.append(f"| {_cell(_flag(argument))} | {_cell(_default(argument))} | {_cell(argument.help)} |")
            usage = " ".join(sub.format_usage().split())[len("usage: ") :]
            sections.append(f"### tablesearch {name}\n\n{helps.get(name, '')}\n\n`{usage}`\n\n" + "\n".join(rows))
    return "\n\n".join(sections)


def _flag(argument: argparse.Action) -> str:
    names = ", ".join(f"`{option}`" for option in argument.option_strings) or f"`{argument.dest}`"
    if argument.option_strings and argument.nargs != 0:
        names += f" {argument.metavar or argument.dest.upper()}"
    return names


def _default(argument: argparse.Action) -> str:
    if not argument.option_strings:
        return "(required)" if argument.nargs not in ("?", "*") else ""
    if argument.required:
        return "(required)"
    if argument.nargs == 0:
        return "off"
    if argument.default in (None, [], "", argparse.SUPPRESS):
        return ""
    return f"`{argument.default}`"


def agent_specs() -> str:
    """The agent specs: the built-in kinds and one per algorithm of the table."""
    rows = [
        "| spec | agent |",
        "|---|---|",
        "| `random` | uniformly random legal moves |",
        "| `mcts`, `mcts:iterations=1000,uct_c=1.4` | `mcts.Agent` (`algorithm=auto`); options are the "
        "[search options](search.md#the-search-options) (all but `seed`; `rollouts=N`: random playouts per leaf), "
        "`reuse_tree=false` (a fresh tree every move), and `model=PATH` (a model file's network as the evaluator; "
        "`model=builtin`: the model shipped for the game; a page names a model the server was given) |",
    ]
    for name, algorithm in ALGORITHM_TABLE.items():
        rows.append(
            f"| `{name}`, `{name}:iterations=1000` | `mcts.Agent(algorithm={name!r})`: {_cell(algorithm.help)} |"
        )
    rows += [
        "| `package.module:factory`, `package.module:factory:depth=3` | your code: `factory(seed=S, **options)` "
        "returns any object with `step(state) -> action` (command line and Python only) |",
        "| `human` | you, at the terminal (`play` only) or in the browser |",
    ]
    return "\n".join(rows)


def game_parameters() -> str:
    """Each registered game's parameters: name, default, valid values, meaning."""
    import tablesearch as ts
    from tablesearch.games.registry import parameter_specs, parameter_valid

    rows = ["| game | parameter | default | valid | meaning |", "|---|---|---|---|---|"]
    for game in ts.list_games():
        for spec in parameter_specs(game):
            valid, meaning = _cell(parameter_valid(spec)), _cell(spec.get("help"))
            rows.append(f"| `{game}` | `{spec['name']}` | `{spec['default']!r}` | {valid} | {meaning} |")
    return "\n".join(rows)


def train_options() -> str:
    """The settings of `tablesearch train` (TrainConfig): flag, default as used, valid values, meaning."""
    from tablesearch.training.config import option_rows

    rows = ["| option | default | valid | meaning |", "|---|---|---|---|"]
    for flag, default, valid, meaning in option_rows():
        rows.append(f"| `{flag}` | {_cell(default)} | {_cell(valid)} | {_cell(meaning)} |")
    return "\n".join(rows)


def builtin_models(measured: dict[str, Any]) -> str:
    """The shipped models (tablesearch.models.builtin): how each was trained, the command that makes
    it again, and its figure against the default search from `measured` (the results file of
    benchmarks/trained_models.py, {model: {"text": ...}})."""
    from tablesearch.models import load_model
    from tablesearch.models.builtin import FOLDER, builtin_files
    from tablesearch.training.config import command_line

    rows = ["| model | trained | against the default search, equal time a move | made by |", "|---|---|---|---|"]
    for (name, players), path in sorted(builtin_files().items()):
        key, metadata = f"{name}-{players}p", load_model(path).metadata
        trained = f"{metadata['seconds'] / 60:.0f} minutes: {metadata['step']} steps, {metadata['games']:,} games"
        # The steps it reached, so that the command makes the same network on a faster or slower machine.
        command = command_line({**metadata["settings"], "steps": metadata["step"]}, f"runs/{key}")
        copy = f"cp runs/{key}/model.tsmodel python/tablesearch/models/{FOLDER.name}/{path.name}"
        figure = measured.get(key, {}).get("text", "not measured")
        rows.append(f"| `{key}` | {trained} | {_cell(figure)} | `{command}`, then `{copy}` |")
    return "\n".join(rows)
