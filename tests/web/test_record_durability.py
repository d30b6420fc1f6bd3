"""Records survive failed writes, and reading them never holds up the server (web/records.py).

A write cut short by a full disk (simulated with RLIMIT_FSIZE, in a child process) leaves nothing
behind and the page is told the game was NOT recorded; a line left cut by a crash never swallows
the next game, and the reader skips damaged lines and says which; record files are read off the
event loop, with size caps, and the server's own record is read straight from its offset; a bad
record directory is refused when the server starts. Budget: a few seconds."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from helpers.hostile import json_lines, run_isolated

pytest.importorskip("starlette", reason="the web extra is not installed: pip install '.[web]' in the clone")
pytest.importorskip("httpx", reason="Starlette's test client needs httpx")

from tablesearch.web import records  # noqa: E402
from tablesearch.web.untrusted import BadRequest  # noqa: E402

CLIENT = """
import json, os, resource, signal, threading, warnings
warnings.simplefilter("ignore")
from starlette.testclient import TestClient
from tablesearch.web import records
from tablesearch.web.app import create_app
from tablesearch.web.settings import ServerSettings

def make_client(record_dir):
    settings = ServerSettings(hosts=frozenset({"testserver"}), record_dir=record_dir)
    sessions = {}
    app = create_app(sessions=sessions, settings=settings)
    client = TestClient(app, headers={"x-tablesearch-token": settings.token})
    client.sessions = sessions
    return client

def finished_game(client, seed):
    body = dict(game="tic_tac_toe", seats=["random", "random"], seed=seed, delay=0)
    sid = client.post("/api/sessions", json=body).json()["id"]
    with client.websocket_connect(f"/ws/{sid}") as ws:
        while True:
            view = ws.receive_json()
            if view["type"] == "view" and view["finished"]:
                return sid, view
"""


def test_a_write_cut_by_a_full_disk_costs_no_later_game(tmp_path):
    proc = run_isolated(
        CLIENT
        + f"""
directory = {str(tmp_path)!r}
path = os.path.join(directory, "tic_tac_toe.jsonl")
client = make_client(directory)
first, _ = finished_game(client, 1)
size = os.path.getsize(path)
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG instead
soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
resource.setrlimit(resource.RLIMIT_FSIZE, (size + 40, hard))  # "the disk is full" 40 bytes on
cut, cut_view = finished_game(client, 2)
resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
size_after_cut = os.path.getsize(path)
later, later_view = finished_game(client, 3)
replay = client.post(f"/api/sessions/{{later}}/replay", json={{}})
def game_id(line):
    try:
        return json.loads(line)["id"]
    except ValueError:
        return "damaged"
print(json.dumps(dict(size=size, size_after_cut=size_after_cut, cut_failed=cut_view.get("record_failed"),
                      cut_note=cut_view["record_note"], later_note=later_view["record_note"],
                      later_failed=later_view.get("record_failed"), replay=replay.status_code,
                      lines=[game_id(line) for line in open(path)],
                      ids=["web." + first, "web." + later])))
"""
    )
    (result,) = json_lines(proc.stdout)
    assert result["cut_failed"] and result["cut_note"].startswith("NOT recorded: writing to"), result
    assert result["size_after_cut"] == result["size"], result  # nothing of the failed line is left
    assert not result["later_failed"] and "recorded as game web." in result["later_note"], result
    assert result["lines"] == result["ids"] and result["replay"] == 200, result


def test_a_line_left_cut_by_a_crash_never_swallows_the_next_game(tmp_path):
    path = tmp_path / "tic_tac_toe.jsonl"
    whole = json.dumps(dict(id="old.1", game="tic_tac_toe", seed=0, actions=[4, 0], agents=["a", "b"]))
    path.write_text(whole + "\n" + "not json at all\n" + whole.replace("old.1", "old.2")[:30])  # cut: no newline
    proc = run_isolated(
        CLIENT
        + f"""
client = make_client({str(tmp_path)!r})
sid, view = finished_game(client, 4)
replay = client.post(f"/api/sessions/{{sid}}/replay", json={{}})
with client.websocket_connect(f"/ws/{{replay.json()['id']}}") as ws:
    shown = ws.receive_json()
found = records.find_record({str(path)!r}, "web." + sid)
print(json.dumps(dict(note=view["record_note"], replay=replay.status_code, error=shown.get("error"),
                      damaged=found.damaged, last_line=open({str(path)!r}).read().splitlines()[-1][:20])))
"""
    )
    (result,) = json_lines(proc.stdout)
    assert "recorded as game web." in result["note"] and result["replay"] == 200, result
    assert result["last_line"].startswith('{"tournament":"web"'), result  # a line of its own
    assert result["damaged"] == [
        "2 (not JSON: cut short, or not a results file)",
        "3 (not JSON: cut short, or not a results file)",
    ]
    assert result["error"] is None, result  # read straight from its offset: nothing skipped to reach it


def test_the_reader_skips_damaged_lines_and_names_them(tmp_path, monkeypatch):
    monkeypatch.setattr(records, "MAX_LINE_BYTES", 200)
    path = tmp_path / "results.jsonl"
    good = json.dumps(dict(id="0.1", game="tic_tac_toe", seed=0, actions=[4]))
    long = json.dumps(dict(id="0.2", game="tic_tac_toe", seed=0, actions=[4] * 100))
    path.write_text("\n".join([long, "{cut", json.dumps([1, 2]), good, ""]))
    found = records.find_record(str(path), "0.1")
    assert found.line["id"] == "0.1"
    assert found.damaged == [
        "1 (longer than 0 MB)",
        "2 (not JSON: cut short, or not a results file)",
        "3 (not a game record)",
    ]
    assert "skipped 3 damaged line(s): 1 (longer" in found.note(str(path))
    with pytest.raises(BadRequest, match=r"has no game '9.9'; its games are 0.1 \(.*skipped 3 damaged line"):
        records.find_record(str(path), "9.9")


def test_record_files_have_a_size_cap(tmp_path, monkeypatch):
    path = tmp_path / "results.jsonl"
    path.write_text(json.dumps(dict(id="0.1", game="tic_tac_toe", seed=0, actions=[4])) + "\n")
    monkeypatch.setattr(records, "MAX_FILE_BYTES", 10)
    with pytest.raises(BadRequest, match=r"results files of up to 0 MB are searched"):
        records.find_record(str(path), "0.1")
    assert records.find_record(str(path), "0.1", offset=0).line["id"] == "0.1"  # by offset: one line read
    with pytest.raises(BadRequest, match="cannot read .*: Is a directory"):
        records.find_record(str(tmp_path), "0.1")


def test_record_files_are_read_off_the_event_loop(tmp_path):
    # A named pipe in place of the record file: opening it on the event loop would wait for a
    # writer and freeze every request; reading in a thread, without waiting, refuses it at once.
    proc = run_isolated(
        CLIENT
        + f"""
import asyncio, time
client = make_client({str(tmp_path)!r})
sid, _ = finished_game(client, 5)
calls = []
find = records.find_record
def watched(*args):
    try:
        asyncio.get_running_loop()
        calls.append("on the event loop")
    except RuntimeError:
        calls.append("in a thread")
    return find(*args)
records.find_record = watched
client.post(f"/api/sessions/{{sid}}/replay", json={{}})
path = client.sessions[sid].record_file
os.remove(path)
os.mkfifo(path)
answers = []
thread = threading.Thread(target=lambda: answers.append(client.post(f"/api/sessions/{{sid}}/replay", json={{}})))
start = time.monotonic()
thread.start()
thread.join(10)
if thread.is_alive():  # unblock the server to end the test
    open(path, "w").close()
    thread.join(10)
print(json.dumps(dict(calls=calls, seconds=time.monotonic() - start, status=answers[0].status_code,
                      error=answers[0].json()["error"])))
"""
    )
    (result,) = json_lines(proc.stdout)
    assert result["calls"] == ["in a thread", "in a thread"], result
    assert result["seconds"] < 5 and result["status"] == 400 and "not a regular file" in result["error"], result


def test_a_bad_record_directory_is_refused_when_the_server_starts(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("a file, not a directory")
    command = [sys.executable, "-m", "tablesearch.cli", "serve", "--record", str(blocked / "sub"), "--port", "0"]
    proc = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    assert f"--record {blocked / 'sub'}: cannot make the record directory: Not a directory" in proc.stderr
    assert "serving" not in proc.stdout
    command[5] = str(blocked)
    proc = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "not a directory (a file of that name exists)" in proc.stderr, proc.stderr
