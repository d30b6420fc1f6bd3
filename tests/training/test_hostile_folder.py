"""A run's folder someone else wrote is hostile: resuming from a damaged or crafted config,
checkpoint, buffer file, results file or kept network is refused with a ValueError naming the
file, and nothing in it is unpickled or run. The cases run in a child process, so a crash fails
the test."""

import pytest

pytest.importorskip("jax")
pytest.importorskip("optax")

import tablesearch as ts  # noqa: E402
from helpers.hostile import json_lines, run_isolated  # noqa: E402

SETTINGS = dict(steps=1, simulations=8, games_per_step=2, ladder=(1, 10), eval_games=2, hidden=(8,))

HOSTILE_FOLDERS = r"""
import io, json, os, pickle, shutil, zipfile
import numpy as np
import tablesearch as ts

base = os.environ["RUN_DIR"]
settings = json.loads(os.environ["SETTINGS"])
marker = os.path.join(os.path.dirname(base), "pickle-ran")

class Payload:
    def __reduce__(self):
        return (open, (marker, "w"))

def npz(path, **arrays):
    with open(path, "wb") as file:
        np.savez(file, **arrays)

def arrays(path):
    with np.load(path) as data:
        return {name: data[name] for name in data.files}

def npy_claiming(shape):
    header = io.BytesIO()
    np.lib.format.write_array_header_1_0(header, {"descr": "<f4", "fortran_order": False, "shape": shape})
    return header.getvalue() + bytes(16)

def zip_of(members, compression=zipfile.ZIP_STORED):
    def write(path):
        with zipfile.ZipFile(path, "w", compression) as archive:
            for name, data in members.items():
                archive.writestr(name, data)
    return write

def edited(name, change):
    def write(path):
        data = arrays(path)
        change(data)
        npz(path, **data)
    return write

def text(content):
    return lambda path: open(path, "w").write(content)

def replaced(old, new):
    return lambda path: text(open(path).read().replace(old, new, 1))(path)

def results_with(change):
    def write(path):
        lines = [json.loads(line) for line in open(path)]
        open(path, "w").write("".join(json.dumps(line) + "\n" for line in change(lines)))
    return write

def first_of(kind, **fields):
    def change(lines):
        line = next(line for line in lines if line["kind"] == kind)
        line.update(fields)
        return lines
    return change

def fifo(path):
    os.remove(path)
    os.mkfifo(path)

def outside(path):
    # a folder beside the run's copy, which the run must never touch
    run = path.split("/case-")[0] + "/case-" + path.split("/case-")[1].split("/")[0]
    os.makedirs(run + "-outside", exist_ok=True)
    return run + "-outside"

def linked_out(path):
    # moves `path` (a file or a folder) out of the run and leaves a link to it in its place
    moved = os.path.join(outside(path), os.path.basename(path))
    shutil.move(path, moved)
    os.symlink(moved, path)

def lock_linked_out(path):
    os.remove(path)
    os.symlink(os.path.join(outside(path), "created-through-the-link"), path)

def overlapping_members(path):
    # an archive whose central directory lists one member 300 times: each fits, all do not
    data = open(path, "rb").read()
    end = data.rindex(b"PK\x05\x06")
    start = data.index(b"PK\x01\x02")
    first_end = data.index(b"PK\x01\x02", start + 4) if data.count(b"PK\x01\x02") > 1 else end
    record = data[start:first_end]
    directory = record * 300
    eocd = bytearray(data[end:])
    eocd[8:10] = eocd[10:12] = (300).to_bytes(2, "little")
    eocd[12:16] = len(directory).to_bytes(4, "little")
    open(path, "wb").write(data[:start] + directory + bytes(eocd))

def snapshot(folder):
    if not os.path.isdir(folder):
        return {}
    return {name: os.path.getsize(os.path.join(folder, name)) for name in sorted(os.listdir(folder))}

good_config = json.load(open(os.path.join(base, "config.json")))
CHECKPOINT, BUFFER, RESULTS = "checkpoint.npz", "buffer/step-00000001.npz", "results.jsonl"
cases = {
    "config not json": ("config.json", text("{simulations: 8")),
    "config a list": ("config.json", text("[]")),
    "config deep json": ("config.json", text("[" * 100000 + "]" * 100000)),
    "config unknown setting": ("config.json", text(json.dumps({**good_config, "exec": "print(1)"}))),
    "config a str for an int": ("config.json", text(json.dumps({**good_config, "simulations": "8"}))),
    "checkpoint a pickle": (CHECKPOINT, lambda p: open(p, "wb").write(pickle.dumps(Payload()))),
    "checkpoint random bytes": (CHECKPOINT, lambda p: open(p, "wb").write(bytes(range(256)) * 8)),
    "checkpoint object array": (CHECKPOINT, edited(CHECKPOINT, lambda d: d.update(counters=np.array([Payload()])))),
    "checkpoint claims a terabyte": (CHECKPOINT, zip_of({"counters.npy": npy_claiming((2**38,))})),
    "checkpoint compressed": (CHECKPOINT, lambda p: np.savez_compressed(p, **arrays(p))),
    "checkpoint without counters": (CHECKPOINT, edited(CHECKPOINT, lambda d: d.pop("counters"))),
    "checkpoint negative step": (CHECKPOINT, edited(CHECKPOINT, lambda d: d.update(counters=np.array([-1, 0, 0])))),
    "checkpoint network of other sizes": (
        CHECKPOINT, edited(CHECKPOINT, lambda d: d.update({"param.hidden.0.weight": np.zeros((3, 3), np.float32)}))
    ),
    "checkpoint network not finite": (
        CHECKPOINT, edited(CHECKPOINT, lambda d: d["param.policy.bias"].__setitem__(0, np.nan))
    ),
    "checkpoint optimiser not finite": (CHECKPOINT, edited(CHECKPOINT, lambda d: d["opt.1"].fill(np.inf))),
    "checkpoint optimiser of other sizes": (CHECKPOINT, edited(CHECKPOINT, lambda d: d.update({"opt.1": np.zeros(3)}))),
    "buffer object array": (BUFFER, edited(BUFFER, lambda d: d.update(movers=np.array([Payload()])))),
    "buffer of another game": (
        BUFFER, edited(BUFFER, lambda d: d.update(observations=d["observations"][:, :5].copy()))
    ),
    "buffer movers out of range": (BUFFER, edited(BUFFER, lambda d: d["movers"].fill(7))),
    "buffer without a field": (BUFFER, edited(BUFFER, lambda d: d.pop("policies"))),
    "buffer not an archive": (BUFFER, text("positions")),
    "results not json": (RESULTS, text("{'kind': 'step'}\n")),
    "results deep json": (RESULTS, text("[" * 100000 + "]" * 100000 + "\n")),
    "results unknown kind": (RESULTS, results_with(lambda lines: lines + [{"kind": "exec", "step": 0}])),
    "results step a str": (RESULTS, results_with(first_of("step", step="1"))),
    "results seconds NaN": (RESULTS, replaced('"seconds": ', '"seconds": NaN, "x": ')),
    "results elo a str": (RESULTS, results_with(first_of("evaluation", elo="high"))),
    "results ladder of other rungs": (
        RESULTS, results_with(first_of("ladder", rungs=[{"name": "uct-999999999", "algorithm": "uct",
                                                          "iterations": 999999999, "elo": 0.0}]))
    ),
    "checkpoint counter past int64": (
        CHECKPOINT, edited(CHECKPOINT, lambda d: d.update(counters=np.array([1, 2**63 - 1, 5])))
    ),
    "checkpoint overlapping members": (CHECKPOINT, overlapping_members),
    "buffer values out of range": (BUFFER, edited(BUFFER, lambda d: d["values"].fill(3e38))),
    "buffer policies not distributions": (BUFFER, edited(BUFFER, lambda d: d["policies"].fill(1e30))),
    "config a FIFO": ("config.json", fifo),
    "checkpoint a FIFO": (CHECKPOINT, fifo),
    "results a FIFO": (RESULTS, fifo),
    "buffer a FIFO": (BUFFER, fifo),
    "kept network a FIFO": ("models/step-00000001.tsmodel", fifo),
    "results a link out of the run": (RESULTS, linked_out),
    "checkpoint a link out of the run": (CHECKPOINT, linked_out),
    "buffer folder a link out of the run": ("buffer", linked_out),
    "models folder a link out of the run": ("models", linked_out),
    "lock a link out of the run": (".lock", lock_linked_out),
    "kept network a pickle": (
        "models/step-00000001.tsmodel", lambda p: (
            open(p, "wb").write(pickle.dumps(Payload())),
            results_with(lambda lines: [line for line in lines if line["kind"] != "evaluation"])(
                os.path.join(os.path.dirname(os.path.dirname(p)), RESULTS)
            ),
        )
    ),
}
for number, (name, (file, damage)) in enumerate(cases.items()):
    run = os.path.join(os.path.dirname(base), f"case-{number}")
    shutil.copytree(base, run)
    damage(os.path.join(run, file))
    before = snapshot(run + "-outside")
    try:
        ts.train("tic_tac_toe", out=run, **settings)
        error = None
    except ValueError as refused:
        error = str(refused)
    after = snapshot(run + "-outside")
    print(json.dumps({"case": name, "file": file, "error": error, "outside_touched": before != after}))
print(json.dumps({"pickle_ran": os.path.exists(marker)}))
"""

EXPECTED = {
    "config not json": "is not a training run's settings",
    "config a list": "must hold an object",
    "config deep json": "is not a training run's settings",
    "config unknown setting": "unknown settings ['exec']",
    "config a str for an int": "simulations must be an int in [1, 100,000], got '8'",
    "checkpoint a pickle": "cannot be read as saved arrays",
    "checkpoint random bytes": "cannot be read as saved arrays",
    "checkpoint object array": "not plain numbers",
    "checkpoint claims a terabyte": "declares 1099511627776 bytes but holds 16",
    "checkpoint compressed": "is compressed",
    "checkpoint without counters": "is not a training checkpoint (no counters)",
    "checkpoint negative step": "has counters [-1, 0, 0]",
    "checkpoint network of other sizes": "does not hold this run's network: model tensor hidden.0.weight",
    "checkpoint network not finite": "policy.bias holds values that are not finite",
    "checkpoint optimiser not finite": "optimiser state that is not finite",
    "checkpoint optimiser of other sizes": "optimiser state does not fit",
    "buffer object array": "not plain numbers",
    "buffer of another game": "saved observations have rows of shape (5,); this run's are (27,)",
    "buffer movers out of range": "saved movers must be players 0..1",
    "buffer without a field": "saved positions lack the array 'policies'",
    "buffer not an archive": "cannot be read as saved arrays",
    "results not json": "line 1: not a line of a training run (not JSON)",
    "results deep json": "line 1: not a line of a training run (not JSON)",
    "results unknown kind": "kind 'exec'; valid: ladder, step, evaluation",
    "results step a str": "step '1' is not an int >= 0",
    "results seconds NaN": "seconds nan is not a finite number",
    "results elo a str": "elo 'high' is not a finite number",
    "results ladder of other rungs": "its ladder is not this run's",
    "kept network a pickle": "is not a tablesearch model file",
    "checkpoint counter past int64": "has counters [1, 9223372036854775807, 5]",
    "checkpoint overlapping members": "its 300 members declare",
    "buffer values out of range": "saved value targets must lie in [-1, 1]",
    "buffer policies not distributions": "saved policy targets must be distributions",
    "config a FIFO": "is a named pipe (FIFO)",
    "checkpoint a FIFO": "is a named pipe (FIFO)",
    "results a FIFO": "is a named pipe (FIFO)",
    "buffer a FIFO": "is a named pipe (FIFO)",
    "kept network a FIFO": "is a named pipe (FIFO)",
    "results a link out of the run": "is a symbolic link",
    "checkpoint a link out of the run": "is a symbolic link",
    "buffer folder a link out of the run": "is a symbolic link",
    "models folder a link out of the run": "is a symbolic link",
    "lock a link out of the run": "is a symbolic link",
}


def test_a_hostile_run_folder_is_refused_naming_the_file(tmp_path, monkeypatch):
    import json

    ts.train("tic_tac_toe", out=tmp_path / "run", **SETTINGS)
    monkeypatch.setenv("RUN_DIR", str(tmp_path / "run"))
    monkeypatch.setenv("SETTINGS", json.dumps(SETTINGS))
    lines = json_lines(run_isolated(HOSTILE_FOLDERS).stdout)
    results = {line["case"]: line for line in lines if "case" in line}
    assert set(results) == set(EXPECTED)
    for case, expected in EXPECTED.items():
        error = results[case]["error"]
        assert error is not None, f"{case}: resumed"
        assert expected in error, f"{case}: {error}"
        assert results[case]["file"].split("/")[-1] in error, f"{case}: the message names the file: {error}"
        assert not results[case]["outside_touched"], f"{case}: the run wrote or deleted outside its folder"
    assert lines[-1] == {"pickle_ran": False}
