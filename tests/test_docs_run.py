"""The code blocks of README.md and docs/ run as a reader would run them (tests/helpers/doc_blocks.py
says how a block is marked as not run, or as needing an extra).

A page's Python blocks run in order in one fresh interpreter, in an empty temporary directory; each
bash or sh block runs alone under `bash -e` in one, with the `tablesearch` command on PATH. A block
that fails fails the test with its page and line."""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path
from typing import Optional

import pytest

from helpers.doc_blocks import (
    EXTRA_MODULES,
    NOT_RUN,
    PYTHON,
    PYTHON_DRIVER,
    ROOT,
    SHELL,
    TRANSCRIPT,
    Block,
    blocks,
    pages,
)

TIMEOUT = 120  # seconds for one page's Python or one shell block; those that run take seconds (a server never ends)
BIN = os.path.dirname(sys.executable)  # the environment's bin: its python and tablesearch

ALL = [block for page in pages() for block in blocks(page)]
PYTHON_PAGES = sorted({b.page for b in ALL if b.runs and b.lang in PYTHON})
SHELL_BLOCKS = [b for b in ALL if b.runs and b.lang in SHELL]
# An untagged block would never run, so one that holds commands must say what it is.
COMMAND = re.compile(r"^\s*(?:tablesearch|python|pip|import|from)\s", re.MULTILINE)
IMPORTS = re.compile(r"^\s*(?:import|from)\s+([A-Za-z_][\w.]*)", re.MULTILINE)


def _missing(extra: str) -> list[str]:
    return [module for module in EXTRA_MODULES[extra] if importlib.util.find_spec(module) is None]


def _unmet(block: Block) -> str:
    """Why `block` cannot run here (an extra it names is not installed), or ''."""
    unmet = [f".[{extra}] ({', '.join(_missing(extra))} missing)" for extra in block.needs if _missing(extra)]
    return f"{block.where} needs {', '.join(unmet)}" if unmet else ""


def _env(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ, PATH=BIN + os.pathsep + os.environ.get("PATH", ""))
    # numba caches a compiled block's functions beside their source, which is the page: not in the checkout.
    env["NUMBA_CACHE_DIR"] = str(tmp_path / "numba-cache")
    return env


def _run(command: list[str], stdin: str, tmp_path: Path) -> tuple[Optional[int], str, str]:
    """Runs `command` in its own process group, so that on a timeout everything it started (worker
    processes, a server) ends with it; the return code is None on a timeout."""
    process = subprocess.Popen(
        command,
        cwd=tmp_path,
        env=_env(tmp_path),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        out, err = process.communicate(stdin, timeout=TIMEOUT)
        return process.returncode, out, err
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        out, err = process.communicate()
        return None, out, err
    finally:
        with contextlib.suppress(ProcessLookupError):  # none left: the usual case
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def _fail(what: str, code: Optional[int], out: str, err: str) -> None:
    ended = f"exited with {code}" if code is not None else f"did not finish in {TIMEOUT} s"
    hint = "a block that should not run says why on the line before its fence (tests/helpers/doc_blocks.py)"
    pytest.fail(
        f"{what} {ended} ({hint})\n--- stdout (end)\n{out[-3000:]}\n--- stderr (end)\n{err[-6000:]}", pytrace=False
    )


def test_every_marker_and_needs_line_is_well_formed():
    problems = []
    for block in ALL:
        if block.marker_line and not block.not_run:
            problems.append(f"{block.where}: malformed {block.marker_line!r}; write <!-- not run (KIND): why -->")
        if block.not_run and block.not_run[0] not in NOT_RUN:
            problems.append(f"{block.where}: unknown kind {block.not_run[0]!r}; kinds: {sorted(NOT_RUN)}")
        if block.not_run and not block.is_code:
            problems.append(f"{block.where}: a marker on a ```{block.lang} block, which never runs")
        if not block.lang and COMMAND.search(block.code):
            problems.append(f"{block.where}: an untagged block of commands; tag it bash or python (or text)")
        if block.lang in TRANSCRIPT and not block.not_run:
            problems.append(f"{block.where}: a ```{block.lang} transcript cannot run; mark it (output) or tag it text")
        for extra in block.needs:
            if extra not in EXTRA_MODULES:
                problems.append(f"{block.where}: needs an unknown extra {extra!r}; known: {sorted(EXTRA_MODULES)}")
        if block.lang in PYTHON:
            imported = {name.split(".")[0] for name in IMPORTS.findall(block.code)}
            for extra, modules in EXTRA_MODULES.items():
                named = imported & {module.split(".")[0] for module in modules}
                if named and extra not in block.needs and not block.not_run:
                    problems.append(f'{block.where}: imports {sorted(named)}; add # needs: pip install ".[{extra}]"')
    assert not problems, "\n".join(problems)


def test_the_pages_have_blocks_that_run():
    # A parser that found nothing would pass every other test here.
    assert len(PYTHON_PAGES) >= 5 and SHELL_BLOCKS, (PYTHON_PAGES, SHELL_BLOCKS)


@pytest.mark.parametrize("page", PYTHON_PAGES)
def test_python_blocks_of_a_page_run(page, tmp_path):
    ready, skipped = [], []
    for block in blocks(ROOT / page):
        if block.runs and block.lang in PYTHON:
            unmet = _unmet(block)
            (skipped if unmet else ready).append(unmet or block)
    if ready:
        payload = [{"where": b.where, "line": b.line, "code": b.code, "path": str(ROOT / b.page)} for b in ready]
        code, out, err = _run([sys.executable, "-c", PYTHON_DRIVER], json.dumps(payload), tmp_path)
        if code != 0:
            started = re.findall(r">>> block (\S+)", err)
            _fail(f"the Python block at {started[-1] if started else page}", code, out, err)
    if skipped:
        pytest.skip("; ".join(skipped))


@pytest.mark.parametrize("block", SHELL_BLOCKS, ids=[b.where for b in SHELL_BLOCKS])
def test_shell_block_runs(block, tmp_path):
    unmet = _unmet(block)
    if unmet:
        pytest.skip(unmet)
    code, out, err = _run(["bash", "-e", "-c", block.code], "", tmp_path)
    if code != 0:
        _fail(f"the {block.lang} block at {block.where}", code, out, err)
