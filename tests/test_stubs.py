"""The committed type stub of the native module matches what pybind11-stubgen generates from it."""

import subprocess
import sys
from pathlib import Path

STUB = Path(__file__).resolve().parents[1] / "python" / "tablesearch" / "_core.pyi"


def test_core_stub_is_up_to_date(tmp_path):
    subprocess.run(
        [sys.executable, "-m", "pybind11_stubgen", "tablesearch._core", "-o", str(tmp_path), "--exit-code"],
        check=True,
        capture_output=True,
    )
    generated = (tmp_path / "tablesearch" / "_core.pyi").read_text()
    assert generated == STUB.read_text(), (
        "python/tablesearch/_core.pyi is out of date: run `pybind11-stubgen tablesearch._core -o python`"
    )
