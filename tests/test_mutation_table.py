"""scripts/mutation_test.py stays runnable: every planted change still applies to the current code
(its text occurs exactly once in its file), and every test it expects to catch one exists. A
refactor that moves the code fails here, not halfway through a mutation run."""

import re
import runpy
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MUTATIONS = runpy.run_path(str(ROOT / "scripts" / "mutation_test.py"), run_name="mutation_test")["MUTATIONS"]
NATIVE_TESTS = set(
    re.findall(r'TEST_CASE\("([^"]+)"\)', "".join(p.read_text() for p in (ROOT / "cpp/tests").glob("*.cc")))
)


@pytest.mark.parametrize("mutation", MUTATIONS, ids=lambda m: m.name)
def test_each_planted_change_applies_and_names_tests_that_exist(mutation):
    assert (ROOT / mutation.file).read_text().count(mutation.before) == 1, f"update the pattern in {mutation.file}"
    assert mutation.native or mutation.python
    assert set(mutation.native) <= NATIVE_TESTS
    for node_id in mutation.python:
        path, _, name = node_id.partition("::")
        assert re.search(rf"^def {re.escape(name)}\(", (ROOT / path).read_text(), re.M), node_id
