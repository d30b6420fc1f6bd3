"""The model file: a round trip keeps every weight and fact, and every kind of bad file is refused
with a message saying what is wrong, in a child process (so a crash would fail the test too)."""

import json

import numpy as np
import pytest

import tablesearch as ts
from helpers.hostile import json_lines, run_isolated
from tablesearch.models import Model, ModelFileError, load_model


@pytest.mark.parametrize(
    "game_name, architecture, sizes",
    [("connect_four", "mlp", {"hidden": (16, 8)}), ("connect_four", "resnet", {"channels": 4, "blocks": 1})],
)
def test_round_trip_keeps_weights_facts_and_outputs(tmp_path, game_name, architecture, sizes):
    game = ts.load_game(game_name)
    model = Model.for_game(game, architecture, seed=3, **sizes)
    model.metadata["note"] = "round trip"
    path = tmp_path / "m.tsmodel"
    model.save(path)
    loaded = load_model(path, game)
    assert loaded.game == model.game and loaded.architecture == model.architecture
    assert loaded.metadata == {"note": "round trip"}
    assert loaded.tensors.keys() == model.tensors.keys()
    for name in model.tensors:
        np.testing.assert_array_equal(loaded.tensors[name], model.tensors[name])
    state = game.new_initial_state()
    observation = np.asarray(state.observation_tensor(0))
    np.testing.assert_array_equal(loaded.forward(observation, [0])[0], model.forward(observation, [0])[0])
    assert [p.name for p in tmp_path.iterdir()] == ["m.tsmodel"]  # no temporary file left behind


def test_a_model_of_another_game_is_refused(tmp_path):
    Model.for_game(ts.load_game("connect_four"), hidden=(4,)).save(tmp_path / "c4.tsmodel")
    with pytest.raises(ValueError, match=r"this model is for connect_four\(\), not tic_tac_toe\(\)"):
        load_model(tmp_path / "c4.tsmodel", ts.load_game("tic_tac_toe"))
    with pytest.raises(ValueError, match="leduc_poker"):
        load_model(tmp_path / "c4.tsmodel", ts.load_game("leduc_poker"))


def test_a_model_of_other_game_parameters_is_refused(tmp_path):
    Model.for_game(ts.load_game("gnomi", players=2), hidden=(4,)).save(tmp_path / "g.tsmodel")
    with pytest.raises(ValueError, match=r"this model is for gnomi\(.*players=2.*\), not gnomi\(.*players=3"):
        load_model(tmp_path / "g.tsmodel", ts.load_game("gnomi", players=3))


def test_weights_of_the_wrong_shape_or_not_finite_are_refused():
    game = ts.load_game("tic_tac_toe")
    good = Model.for_game(game, hidden=(4,)).tensors
    with pytest.raises(ValueError, match=r"hidden.0.weight must have shape \(29, 4\), got \(4, 29\)"):
        Model.from_arrays(game, "mlp", {**good, "hidden.0.weight": good["hidden.0.weight"].T}, hidden=(4,))
    with pytest.raises(ValueError, match="missing \\['value.bias'\\]"):
        Model.from_arrays(game, "mlp", {k: v for k, v in good.items() if k != "value.bias"}, hidden=(4,))
    with pytest.raises(ValueError, match="not finite"):
        Model.from_arrays(game, "mlp", {**good, "policy.bias": np.full(9, np.nan)}, hidden=(4,))
    with pytest.raises(ValueError, match="hidden layer width must be in 1..65536, got 0"):
        Model.for_game(game, hidden=(0,))
    with pytest.raises(ValueError, match="architecture must be one of mlp, resnet"):
        Model.for_game(game, "transformer")
    with pytest.raises(ValueError, match="resnet model needs an observation_shape of"):
        Model.for_game(ts.load_game("leduc_poker"), "resnet", channels=2, blocks=1)


HOSTILE_FILES = r"""
import json, os, pickle, struct, zlib
import numpy as np
import tablesearch as ts
from tablesearch.models import Model, load_model

directory = os.environ["MODEL_DIR"]
game = ts.load_game("tic_tac_toe")
Model.for_game(game, hidden=(4,), seed=1).save(os.path.join(directory, "good.tsmodel"))
good = open(os.path.join(directory, "good.tsmodel"), "rb").read()
length = struct.unpack("<I", good[8:12])[0]
header = json.loads(good[12:12 + length])
data_start = 12 + length + (-(12 + length) % 16)
data = good[data_start:]

def craft(header, data, fix_crc=True, extra=""):
    if fix_crc:
        header = {**header, "data_crc32": zlib.crc32(data)}
    text = (json.dumps(header)[:-1] + extra + "}").encode()
    prefix = b"TSMODEL\n" + struct.pack("<I", len(text)) + text
    return prefix + b"\0" * (-len(prefix) % 16) + data

class Payload:
    def __reduce__(self):
        return (open, (os.path.join(directory, "pickle-ran"), "w"))

bad_tensors = dict(header)
bad_tensors["tensors"] = [dict(t, shape=[1000, 1000]) if i == 0 else t for i, t in enumerate(header["tensors"])]
wrong_shape = dict(header)
wrong_shape["tensors"] = [
    dict(t, shape=t["shape"][::-1]) if t["name"] == "hidden.0.weight" else t for t in header["tensors"]
]
nan_data = bytearray(data); nan_data[0:4] = struct.pack("<f", float("nan"))
flipped = bytearray(data); flipped[len(data) // 2] ^= 0x40
cases = {
    "empty": b"",
    "random bytes": bytes(range(256)) * 4,
    "a pickle": pickle.dumps(Payload()),
    "an npz": b"PK\x03\x04" + bytes(100),
    "newer version": craft(dict(header, version=2), data),
    "version not an int": craft(dict(header, version="1"), data),
    "header cut": good[: 12 + length // 2],
    "data cut": good[: len(good) - 7],
    "data cut at a tensor": good[: data_start + 8],
    "one byte flipped": good[:data_start] + bytes(flipped),
    "extra bytes": good + b"\0" * 16,
    "header length huge": good[:8] + struct.pack("<I", 2**32 - 1) + good[12:],
    "header not json": good[:8] + struct.pack("<I", 3) + b"{x}",
    "header with NaN": craft(dict(header, utility=[float("nan"), 1.0]), data),
    "header a list": good[:8] + struct.pack("<I", 2) + b"[]",
    "deep json": craft(header, data, extra=', "deep": ' + "[" * 100000 + "]" * 100000),
    "tensor larger than file": craft(bad_tensors, data),
    "tensor of the wrong shape": craft(wrong_shape, data),
    "weight NaN": craft(header, bytes(nan_data)),
    "num_players a str": craft(dict(header, num_players="2"), data),
    "players out of range": craft(dict(header, num_players=99), data),
    "hidden huge": craft(dict(header, architecture={"kind": "mlp", "hidden": [10**9]}), data),
    "architecture unknown": craft(dict(header, architecture={"kind": "eval"}), data),
    "wrong crc": craft(dict(header, data_crc32=header["data_crc32"] ^ 1), data, fix_crc=False),
}
for name, content in cases.items():
    path = os.path.join(directory, "bad.tsmodel")
    open(path, "wb").write(content)
    try:
        load_model(path)
        print(json.dumps({"case": name, "error": None}))
    except ValueError as error:
        print(json.dumps({"case": name, "type": type(error).__name__, "error": str(error)}))
print(json.dumps({"pickle_ran": os.path.exists(os.path.join(directory, "pickle-ran"))}))
"""

EXPECTED = {
    "empty": "is not a tablesearch model file",
    "random bytes": "is not a tablesearch model file",
    "a pickle": "is not a tablesearch model file",
    "an npz": "is not a tablesearch model file",
    "newer version": "format version 2 by a newer tablesearch; this one reads version 1",
    "version not an int": "versions are ints",
    "header cut": "truncated or damaged",
    "data cut": "truncated or damaged",
    "data cut at a tensor": "truncated or damaged",
    "one byte flipped": "do not match the header's checksum",
    "extra bytes": "beyond its last tensor",
    "header length huge": "truncated or damaged",
    "header not json": "not valid JSON",
    "header with NaN": "not valid JSON",
    "header a list": "header",
    "deep json": "not valid JSON",
    "tensor larger than file": "does not fit in the file",
    "tensor of the wrong shape": "hidden.0.weight must have shape (29, 4), got (4, 29)",
    "weight NaN": "not finite",
    "num_players a str": "num_players' must be a int",
    "players out of range": "num_players must be in 1..8, got 99",
    "hidden huge": "hidden layer width must be in 1..65536",
    "architecture unknown": "architecture must be an object with kind one of mlp, resnet",
    "wrong crc": "checksum",
}


def test_every_bad_file_is_refused_naming_what_is_wrong(tmp_path, monkeypatch):
    monkeypatch.setenv("MODEL_DIR", str(tmp_path))
    lines = json_lines(run_isolated(HOSTILE_FILES).stdout)
    results = {line["case"]: line for line in lines if "case" in line}
    assert set(results) == set(EXPECTED)
    for case, expected in EXPECTED.items():
        assert results[case]["error"] is not None, f"{case}: loaded"
        assert results[case]["type"] == "ModelFileError", f"{case}: {results[case]}"
        assert expected in results[case]["error"], f"{case}: {results[case]['error']}"
        assert "bad.tsmodel" in results[case]["error"], f"{case}: the message names the file"
    assert lines[-1] == {"pickle_ran": False}


def test_a_missing_file_is_an_os_error(tmp_path):
    with pytest.raises(FileNotFoundError):
        load_model(tmp_path / "none.tsmodel")


def test_the_documented_layout_is_the_files(tmp_path):
    """docs/learned-evaluators.md's header fields are what a saved file holds."""
    Model.for_game(ts.load_game("tic_tac_toe"), hidden=(4,)).save(tmp_path / "m.tsmodel")
    raw = (tmp_path / "m.tsmodel").read_bytes()
    assert raw[:8] == b"TSMODEL\n"
    length = int.from_bytes(raw[8:12], "little")
    header = json.loads(raw[12 : 12 + length])
    assert set(header) == {
        "format", "version", "game", "parameters", "observation_shape", "num_players", "num_actions",
        "utility", "architecture", "metadata", "tensors", "data_crc32",
    }  # fmt: skip
    assert isinstance(ModelFileError("x"), ValueError)
