"""A plugin that input from the network or a file must never load: importing this module writes
the file named by the environment variable TABLESEARCH_CANARY, so a test sees any import even in
a child process. Allowed explicitly (``serve --allow helpers.canary_plugin:game``) it is an
ordinary plugin game and agent."""

from __future__ import annotations

import os
import pathlib

from helpers.py_games import Nim
from tablesearch.agents import RandomAgent

_marker = os.environ.get("TABLESEARCH_CANARY")
if _marker:
    pathlib.Path(_marker).write_text("imported\n")


def game(**params):
    return Nim(**params)


def agent(seed=0, **options):
    return RandomAgent(seed=seed)
