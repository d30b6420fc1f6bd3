"""A model path someone else chose: a named pipe, a device or a folder is refused at once, naming
the file, by `load_model`, `best-move --model` and `serve --model` (each run in a child process with
a time-out, so a hang fails the test); a tensor offset that is not an int is refused by name; a
model file removed while the server runs is reported to the page and the log, and the server goes
on."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys

import pytest

import tablesearch as ts
from helpers.model_files import rewrite_header
from tablesearch.models import Model, ModelFileError, load_model

CHILD_SECONDS = 60  # a refused path answers in well under a second; a hang runs into this


def _fifo(tmp_path) -> str:
    path = str(tmp_path / "pipe.tsmodel")
    os.mkfifo(path)
    return path


def _child(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, timeout=CHILD_SECONDS, stdin=subprocess.DEVNULL
    )


@pytest.mark.parametrize("kind", ["fifo", "device", "folder"])
def test_load_model_refuses_what_is_not_a_regular_file(tmp_path, kind):
    path = {"fifo": lambda: _fifo(tmp_path), "device": lambda: "/dev/zero", "folder": lambda: str(tmp_path)}[kind]()
    code = "\n".join(["from tablesearch.models import load_model", "try:", f"    load_model({path!r})",
                      "except ValueError as error:", "    print(error)"])  # fmt: skip
    proc = _child("-c", code)
    words = {"fifo": "is a named pipe (FIFO)", "device": "is a character device", "folder": "is a folder"}[kind]
    assert proc.returncode == 0, proc.stderr
    assert f"model file {path!r} {words}; only a regular file is read" in proc.stdout


def test_best_move_and_serve_refuse_a_fifo_model_in_one_line(tmp_path):
    path = _fifo(tmp_path)
    best = _child("-m", "tablesearch.cli", "best-move", "tic_tac_toe", "--model", path)
    serve = _child("-m", "tablesearch.cli", "serve", "--port", "0", "--model", f"strong={path}")
    for proc in (best, serve):
        assert proc.returncode != 0
        assert "is a named pipe (FIFO)" in proc.stderr and "pipe.tsmodel" in proc.stderr, proc.stderr
        assert "Traceback" not in proc.stderr


def test_a_tensor_offset_that_is_not_an_int_is_refused(tmp_path):
    path = tmp_path / "model.tsmodel"
    Model.for_game(ts.load_game("tic_tac_toe"), hidden=(4,), seed=1).save(path)

    def offset_as_float(header):
        header["tensors"][0]["offset"] = 0.0
        return json.dumps(header)

    rewrite_header(path, offset_as_float)
    with pytest.raises(ModelFileError, match=r"model\.tsmodel.*has offset 0\.0; an offset is an int"):
        load_model(path)


def test_a_model_removed_while_the_server_runs_is_reported_and_the_server_goes_on(tmp_path, caplog):
    pytest.importorskip("starlette", reason="the web extra is not installed: pip install '.[web]' in the clone")
    pytest.importorskip("httpx", reason="Starlette's test client needs httpx")
    from starlette.testclient import TestClient

    from tablesearch.web.app import create_app
    from tablesearch.web.plugins import check_models
    from tablesearch.web.settings import ServerSettings

    path = tmp_path / "ttt.tsmodel"
    Model.for_game(ts.load_game("tic_tac_toe"), hidden=(4,), seed=1).save(path)
    settings = ServerSettings(hosts=frozenset({"testserver"}), models=check_models({"strong": str(path)}))
    body = {"game": "tic_tac_toe", "seats": ["human", "mcts:model=strong,iterations=20"]}
    with TestClient(create_app(sessions={}, settings=settings), headers={"x-tablesearch-token": settings.token}) as c:
        assert c.post("/api/sessions", json=body).status_code == 200
        path.unlink()
        with caplog.at_level(logging.INFO, logger="tablesearch.web"):
            refused = c.post("/api/sessions", json=body)
        assert refused.status_code == 400
        assert f"model file {str(path)!r} can no longer be read" in refused.json()["error"]
        assert any("can no longer be read" in record.getMessage() for record in caplog.records)
        assert c.post("/api/sessions", json={"game": "tic_tac_toe", "seats": ["human", "random"]}).status_code == 200
