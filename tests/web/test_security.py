"""The web server's boundary, attacked as another site, a hostile request or a shared results file
would (docs/security.md). Each attack runs in a child process, so that a crash fails the test and
``sys.modules`` starts clean: no name from a request, a websocket message or a results file is
ever imported (the canary plugin writes a file when imported), every refusal is a 4xx with a
one-line reason, and the server log holds no traceback. Budget: about 30 s."""

from __future__ import annotations

import json

import pytest

from helpers.hostile import json_lines, run_isolated

pytest.importorskip("starlette", reason="the web extra is not installed: pip install '.[web]' in the clone")
pytest.importorskip("httpx", reason="Starlette's test client needs httpx")

# In the child: an app behind its guard, a test client that carries the token, and `attack(...)`
# printing one JSON line per request: its status, its error, and whether anything was imported.
PRELUDE = """
import json, logging, os, pathlib, sys, tempfile
os.environ["TABLESEARCH_CANARY"] = MARKER = os.path.join(tempfile.mkdtemp(), "canary")
import warnings
warnings.simplefilter("ignore")
from starlette.testclient import TestClient
from tablesearch.web.app import create_app
from tablesearch.web.settings import Limits, ServerSettings

class Records(logging.Handler):
    def __init__(self):
        super().__init__()
        self.records = []
    def emit(self, record):
        self.records.append(record)

records = Records()
logging.getLogger().addHandler(records)
logging.getLogger().setLevel(logging.INFO)
MODULES = set(sys.modules)

def make_client(**limits):
    settings = ServerSettings(hosts=frozenset({"testserver"}), limits=Limits(**limits))
    sessions = {}
    app = create_app(sessions=sessions, settings=settings)
    client = TestClient(app, headers={"x-tablesearch-token": settings.token})
    client.sessions, client.settings = sessions, settings
    return client

client = make_client()

def report(label, status, error):
    new = sorted(m for m in set(sys.modules) - MODULES if "canary" in m or m.split(".")[0] in ("os_", "antigravity"))
    print(json.dumps(dict(label=label, status=status, error=error, imported=new, marker=os.path.exists(MARKER),
                          tracebacks=sum(1 for r in records.records if r.exc_info))), flush=True)

def attack(label, body, content=None, headers=None):
    kwargs = dict(json=body) if content is None else dict(content=content)
    response = client.post("/api/sessions", headers=headers, **kwargs)
    try:
        error = response.json().get("error")
    except ValueError:
        error = response.text
    report(label, response.status_code, error)
"""


def run(code: str) -> list[dict]:
    return json_lines(run_isolated(PRELUDE + code, timeout=120).stdout)


def assert_refused(lines: list[dict], status: int = 400) -> None:
    assert lines
    for line in lines:
        assert line["status"] == status, line
        assert line["error"] and "\n" not in line["error"], line
        assert not line["imported"] and not line["marker"], f"{line['label']} imported code: {line}"
        assert line["tracebacks"] == 0, line


def test_game_names_from_a_request_are_never_imported():
    lines = run(
        """
marker_command = "touch " + MARKER
for label, game, params in [
    ("os.system", "os:system", {"command": marker_command}),
    ("plugin game", "helpers.canary_plugin:game", {}),
    ("plugin with params", "helpers.canary_plugin:game", {"stones": 3}),
    ("dotted", "helpers.canary_plugin.game", {}),
    ("scheme", "openspiel:kuhn_poker", {}),
    ("unicode colon", "helpers.canary_plugin\\uff1agame", {}),
    ("whitespace", " helpers.canary_plugin:game ", {}),
]:
    attack(label, {"game": game, "params": params, "seats": ["random", "random"]})
"""
    )
    assert_refused(lines)
    assert all("--allow" in line["error"] for line in lines)


def test_agent_specs_from_a_request_are_never_imported():
    lines = run(
        """
for label, spec in [
    ("factory", "helpers.canary_plugin:agent"),
    ("factory with options", "helpers.canary_plugin:agent:x=1"),
    ("os", "os:system"),
    ("in a budget seat", {"spec": "helpers.canary_plugin:agent", "budget": {"iterations": 5}}),
]:
    attack(label, {"game": "tic_tac_toe", "seats": ["human", spec]})
"""
    )
    assert_refused(lines)
    assert all("may not be run here" in line["error"] for line in lines)


def test_plugins_named_when_the_server_starts_are_served():
    lines = run(
        """
from tablesearch.web.plugins import import_allowed
allowed = import_allowed(["helpers.canary_plugin:game", "helpers.canary_plugin:agent"])
settings = ServerSettings(hosts=frozenset({"testserver"}), allowed=allowed)
client = TestClient(create_app(sessions={}, settings=settings), headers={"x-tablesearch-token": settings.token})
response = client.post("/api/sessions", json={"game": "helpers.canary_plugin:game",
                                              "seats": ["human", "helpers.canary_plugin:agent"]})
print(json.dumps(dict(status=response.status_code, body=response.json())))
"""
    )
    assert lines[0]["status"] == 200, lines
    assert lines[0]["body"]["game"] == "helpers.canary_plugin:game"


def test_a_shared_results_file_cannot_name_code(tmp_path):
    results = tmp_path / "results.jsonl"
    record = dict(id="0.1", game="helpers.canary_plugin:game", params={}, seed=1, actions=[1], agents=["a", "b"])
    results.write_text(json.dumps(record) + "\n")
    proc = run_isolated(
        f"""
import os, subprocess, sys, tempfile
marker = os.path.join(tempfile.mkdtemp(), "canary")
env = dict(os.environ, TABLESEARCH_CANARY=marker, PYTHONPATH={str(tmp_path.parent)!r})
command = [sys.executable, "-m", "tablesearch.cli", "serve", "--replay", {str(results)!r}, "--id", "0.1", "--port", "0"]
done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=60)
print(done.returncode)
print(done.stderr.strip())
print(os.path.exists(marker))
""",
        timeout=120,
    )
    code, error, imported = proc.stdout.strip().splitlines()
    assert code == "2"
    assert error.startswith("tablesearch: error: game 0.1 of the results file: unknown game")
    assert "Traceback" not in proc.stdout
    assert imported == "False"


def test_other_sites_and_other_host_names_are_refused():
    lines = run(
        """
def status(label, response):
    is_json = response.headers.get("content-type") == "application/json"
    report(label, response.status_code, response.json()["error"] if is_json else response.text[:80])

body = {"game": "tic_tac_toe", "seats": ["human", "random"]}
status("dns rebinding read", client.get("/api/games", headers={"host": "attacker.example"}))
status("dns rebinding post", client.post("/api/sessions", json=body, headers={"host": "attacker.example:8000"}))
status("cross-site post", client.post("/api/sessions", json=body, headers={"origin": "http://attacker.example"}))
status("null origin", client.post("/api/sessions", json=body, headers={"origin": "null"}))
text = {"content-type": "text/plain"}
form = {"content-type": "application/x-www-form-urlencoded"}
status("text/plain post", client.post("/api/sessions", content=json.dumps(body), headers=text))
status("form post", client.post("/api/sessions", content="game=tic_tac_toe", headers=form))
bare = TestClient(client.app)
status("no token: games", bare.get("/api/games"))
status("no token: post", bare.post("/api/sessions", json=body))
status("wrong token", bare.get("/api/games", headers={"x-tablesearch-token": "x" * 32}))
status("wrong cookie", bare.get("/api/games", headers={"cookie": client.settings.cookie_name + "=" + "y" * 32}))
status("no token: page", bare.get("/"))
status("wrong token: page", bare.get("/?token=nope"))
"""
    )
    by_label = {line["label"]: line for line in lines}
    assert by_label["dns rebinding read"]["status"] == 400
    assert by_label["dns rebinding post"]["status"] == 400
    assert by_label["cross-site post"]["status"] == 403
    assert by_label["null origin"]["status"] == 403
    assert by_label["text/plain post"]["status"] == 415
    assert by_label["form post"]["status"] == 415
    for label in (
        "no token: games",
        "no token: post",
        "wrong token",
        "wrong cookie",
        "no token: page",
        "wrong token: page",
    ):
        assert by_label[label]["status"] == 401, by_label[label]
    for line in lines:
        assert line["tracebacks"] == 0 and not line["marker"]


def test_the_printed_address_sets_a_strict_cookie_that_opens_the_api():
    lines = run(
        """
bare = TestClient(client.app, follow_redirects=False)
response = bare.get("/?session=abc&token=" + client.settings.token)
cookie = response.headers["set-cookie"]
cookie = cookie.replace(client.settings.token, "TOKEN")
report("redirect", response.status_code, response.headers["location"] + " | " + cookie)
report("with cookie", bare.get("/api/games").status_code, "")
report("page with cookie", bare.get("/").status_code, "")
headers = bare.get("/").headers
report("headers", 200, json.dumps({k: headers.get(k) for k in ("content-security-policy", "x-frame-options")}))
"""
    )
    redirect, api, page, headers = lines
    assert redirect["status"] == 303
    assert redirect["error"].startswith("/?session=abc | tablesearch-")
    assert "TOKEN" in redirect["error"] and "HttpOnly" in redirect["error"] and "SameSite=Strict" in redirect["error"]
    assert api["status"] == 200 and page["status"] == 200
    assert "frame-ancestors 'none'" in headers["error"] and "DENY" in headers["error"]


def test_websockets_from_other_sites_or_without_the_token_are_refused():
    lines = run(
        """
from starlette.websockets import WebSocketDisconnect
sid = client.post("/api/sessions", json={"game": "tic_tac_toe", "seats": ["human", "random"]}).json()["id"]
bare = TestClient(client.app)
for label, c, headers in [
    ("other origin", client, {"origin": "http://attacker.example"}),
    ("no token", bare, {}),
    ("other host", client, {"host": "attacker.example"}),
]:
    try:
        with c.websocket_connect(f"/ws/{sid}?seat=0", headers=headers) as ws:
            report(label, 200, str(ws.receive_json())[:60])
    except WebSocketDisconnect as refused:
        report(label, refused.code, refused.reason or "closed")
with client.websocket_connect(f"/ws/{sid}?seat=0") as ws:
    report("own page", 200, ws.receive_json()["type"])
"""
    )
    by_label = {line["label"]: line for line in lines}
    for label in ("other origin", "no token", "other host"):
        assert by_label[label]["status"] == 1008, by_label[label]
    assert by_label["own page"]["error"] == "view"


def test_oversized_deep_and_huge_number_requests_get_a_reason():
    lines = run(
        """
body = {"game": "tic_tac_toe", "seats": ["human", "random"]}
JSON = {"content-type": "application/json"}
attack("64 MB body", None, content=b"{" + b" " * (64 << 20) + b"}", headers=JSON)
attack("lying length", None, content=b"{}", headers={**JSON, "content-length": "99999999999"})
attack("deep json", None, content=("[" * 30_000 + "]" * 30_000).encode(), headers=JSON)
SEATS = b'"seats": ["human", "random"]'
brackets, digits = b'{"game": "[[[[[[[[[[[[[[[[[[[[[[[", ', b'{"game": "tic_tac_toe", "seed": ' + b"9" * 5000 + b", "
attack("deep in a string is fine, then bad", None, content=brackets + SEATS + b"}", headers=JSON)
attack("5000-digit int", None, content=digits + SEATS + b"}", headers=JSON)
attack("seed 10**30", {**body, "seed": 10**30})
attack("seed -1", {**body, "seed": -1})
attack("seed float", {**body, "seed": 1.5})
attack("Infinity", None, content=b'{"game": "tic_tac_toe", "delay": Infinity, ' + SEATS + b"}", headers=JSON)
attack("NaN delay", None, content=b'{"game": "tic_tac_toe", "delay": NaN, ' + SEATS + b"}", headers=JSON)
attack("not utf-8", None, content=b'{"game": "\\xff"}', headers=JSON)
attack("unknown field", {**body, "exec": "x"})
attack("params list", {**body, "params": [1, 2]})
attack("param 2**70", {"game": "gnomi", "params": {"players": 2**70}, "seats": ["human", "random"]})
attack("param object", {"game": "gnomi", "params": {"players": {"a": 1}}, "seats": ["human", "random"]})
attack("huge spec", {**body, "seats": ["human", "mcts:" + "x" * 10_000]})
attack("1000 seats", {**body, "seats": ["random"] * 1000})
attack("budget junk", {**body, "seats": ["human", {"spec": "mcts", "budget": {"iterations": "many"}}]})
attack("budget field", {**body, "seats": ["human", {"spec": "mcts", "budget": {"rollouts": 5}}]})
attack("time_limit inf in spec", {**body, "seats": ["human", "mcts:time_limit=inf"]})
attack("time_limit over cap", {**body, "seats": ["human", {"spec": "mcts", "budget": {"time_limit": 1e9}}]})
attack("iterations over cap", {**body, "seats": ["human", "mcts:iterations=100000000000"]})
attack("iterations 2**70", {**body, "seats": ["human", "mcts:iterations=1180591620717411303424"]})
attack("threads", {**body, "seats": ["human", "mcts:threads=100000"]})
attack("threads text", {**body, "seats": ["human", "mcts:threads=abc"]})
attack("memory", {**body, "seats": ["human", "mcts:max_memory_mb=1000000"]})
attack("rollouts", {**body, "seats": ["human", "mcts:rollouts=100000000"]})
attack("bad playout", {**body, "seats": ["human", "mcts:playout=sideways"]})
for mix in ("nan", "2"):  # a page may name playout_mix, which Gummiland's Expert sets
    attack(f"playout_mix {mix}", {**body, "seats": ["human", f"mcts:model=builtin,playout_mix={mix}"]})
"""
    )
    by_label = {line["label"]: line for line in lines}
    assert by_label.pop("64 MB body")["status"] == 413
    assert by_label.pop("lying length")["status"] == 413
    assert "nests 30000 levels" in by_label["deep json"]["error"]
    assert "unknown game" in by_label["deep in a string is fine, then bad"]["error"]
    assert "seed" in by_label["seed 10**30"]["error"] and "digits" in by_label["seed 10**30"]["error"]
    assert "time_limit must be a finite number > 0, got inf" in by_label["time_limit inf in spec"]["error"]
    assert "over this server's limit" in by_label["iterations over cap"]["error"]
    assert "playout must be one of random, mast, mast-gibbs, got 'sideways'" in by_label["bad playout"]["error"]
    for mix in ("nan", "2"):
        assert f"playout_mix must be a finite number in [0, 1], got {mix}" in by_label[f"playout_mix {mix}"]["error"]
    assert "unknown field 'exec'" in by_label["unknown field"]["error"]
    assert "players" in by_label["param 2**70"]["error"]
    assert_refused(list(by_label.values()))


def test_bad_websocket_frames_get_a_reason_and_the_socket_stays_open():
    lines = run(
        """
sid = client.post("/api/sessions", json={"game": "tic_tac_toe", "seats": ["human", "random"]}).json()["id"]
with client.websocket_connect(f"/ws/{sid}?seat=0") as ws:
    ws.receive_json()
    for label, frame in [
        ("binary", b"\\x00\\xff"),
        ("deep", "[" * 50_000),
        ("not json", "{x"),
        ("huge", "[" + "1," * 40_000 + "1]"),
        ("Infinity", '{"type": "speed", "delay": Infinity}'),
        ("pause junk", '{"type": "pause", "paused": "yes"}'),
        ("move 2**70", '{"type": "move", "action": 1180591620717411303424}'),
    ]:
        ws.send_bytes(frame) if isinstance(frame, bytes) else ws.send_text(frame)
        reply = ws.receive_json()
        report(label, 400 if reply["type"] == "error" else 200, reply.get("message"))
    ws.send_json({"type": "move", "action": 4})
    report("still playing", 200, ws.receive_json()["log"][0])
for seat in ["9" * 5000, "-1", "0x1"]:
    with client.websocket_connect(f"/ws/{sid}?seat={seat}") as ws:
        reply = ws.receive_json()
        report("seat " + seat[:8], 400 if reply.get("fatal") else 200, reply["message"])
"""
    )
    still = [line for line in lines if line["label"] == "still playing"]
    assert still and still[0]["error"].startswith("You put an X")
    assert_refused([line for line in lines if line["label"] != "still playing"])


def test_a_seat_name_from_a_results_file_is_text_in_the_drawing():
    """A replayed file names its seats (hostile text): put into a drawing's labels in place of
    "P1", it stays text, never markup."""
    from tablesearch.web.names import named_in_drawing

    hostile = '</text><image href="x" onerror="alert(1)"/><text>'
    svg = named_in_drawing('<svg><text x="1">P1 to move</text></svg>', ["human", hostile])
    assert "<image" not in svg and "&lt;image" in svg and svg.count("<text") == 1
