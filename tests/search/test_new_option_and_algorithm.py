"""A new search option or algorithm is rows of the native tables (cpp/search/options.h,
cpp/search/algorithm.h) and nothing on the Python side: in a child process whose native module
exports one more option row and one more algorithm row (as a build with those rows would), every
reader picks them up unchanged: `mcts.search`'s signature and docstring, its call into the native
search, `mcts.Agent`, agent specs (``mcts:NEW=...`` and the new algorithm's own kind), the command
line, the docs' tables, and the web app's thinking display and seat limits. The stand-in for the
native search records what reached it, then runs the real search without the new rows."""

import subprocess
import sys
import textwrap

import pytest

from helpers import hostile

CHILD = """
import importlib.abc
import importlib.util
import inspect
import subprocess
import sys

sys.path.insert(0, {tests!r})
NEW_OPTION = dict(
    name="novelty", type="float", default=0.5, min=0.0, max=1.0, min_excluded=False, choices=None, none=None,
    valid="a finite number in [0, 1]", help="a test-only option", costly=True, per_game=False,
)
NEW_ALGORITHM = dict(
    name="test-uct", family="uct", selection="ucb1", keeps_tree=True, batched_evaluator=False,
    hidden_information=False, needs_trajectory=False, default_uct_c=1.0, auto=None, help="a test-only algorithm",
)
reached = []  # the keywords each native search call got


def add_rows(core):
    options = [dict(row) for row in core.SEARCH_OPTIONS] + [NEW_OPTION]
    algorithm = next(row for row in options if row["name"] == "algorithm")
    algorithm["choices"] = [*algorithm["choices"], "test-uct"]
    algorithm["valid"] = "one of " + ", ".join(algorithm["choices"])
    core.SEARCH_OPTIONS = tuple(options)
    core.ALGORITHM_TABLE = (*core.ALGORITHM_TABLE, NEW_ALGORITHM)
    core.ALGORITHMS = (*core.ALGORITHMS, "test-uct")
    native_search, native_check = core.search, core.check_search_option

    def check(name, value, label=None):  # the native check, with the new rows
        if name == "novelty":
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
                raise ValueError(f"{{label or name}} must be a finite number in [0, 1], got {{value!r}}")
            return float(value)
        if name == "algorithm" and value == "test-uct":
            return value
        return native_check(name, value, label)

    def search(state, **options):  # the native search, with the new rows
        reached.append(dict(options))
        check("novelty", options.pop("novelty"))
        if options["algorithm"] == "test-uct":
            options["algorithm"] = "uct"
        return native_search(state, **options)

    core.check_search_option, core.search = check, search


class AddRows(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    # Loads tablesearch._core as usual, then adds the rows before any other module reads it.
    def find_spec(self, name, path, target=None):
        if name != "tablesearch._core":
            return None
        sys.meta_path.remove(self)
        self.spec = importlib.util.find_spec(name)
        return importlib.util.spec_from_loader(name, self, origin=self.spec.origin)

    def create_module(self, spec):
        return self.spec.loader.create_module(self.spec)

    def exec_module(self, module):
        self.spec.loader.exec_module(module)
        add_rows(module)


sys.meta_path.insert(0, AddRows())

import tablesearch as ts
from tablesearch import cli, mcts
from tablesearch.agents.specs import make_agent
from tablesearch.search_options import ALGORITHM_TABLE, OPTIONS

state = ts.load_game("connect_four").new_initial_state(0)

# mcts.search: the keyword, its default, its docstring line, and the native call.
parameter = inspect.signature(mcts.search).parameters["novelty"]
assert parameter.kind is parameter.KEYWORD_ONLY and parameter.default == 0.5, parameter
assert "`novelty` = 0.5: a test-only option; a finite number in [0, 1]" in mcts.search.__doc__
result = mcts.search(state, iterations=20, seed=0, novelty=0.75, algorithm="test-uct")
assert reached[-1]["novelty"] == 0.75 and reached[-1]["algorithm"] == "test-uct", reached[-1]
assert result.iterations == 20
mcts.search(state, iterations=20, seed=0)
assert reached[-1]["novelty"] == 0.5  # the table's default reaches the search
try:
    mcts.search(state, iterations=20, novelty=2.0)
except ValueError as error:
    assert "novelty must be a finite number in [0, 1], got 2.0" in str(error), error
else:
    raise AssertionError("novelty=2.0 was accepted")
assert "test-uct" in mcts.ALGORITHMS and "test-uct" in mcts.CONTINUING_ALGORITHMS

# Agents and agent specs: mcts:NEW=..., and the new algorithm as a kind of its own.
make_agent("mcts:novelty=0.25,iterations=10", seed=0).step(state)
assert reached[-1]["novelty"] == 0.25, reached[-1]
make_agent("test-uct:iterations=10", seed=0).step(state)
assert reached[-1]["algorithm"] == "test-uct", reached[-1]
mcts.Agent(iterations=10, novelty=0.125, seed=0).step(state)
assert reached[-1]["novelty"] == 0.125

# The command line: best-move takes the new flag and the new algorithm.
flags = ["--iterations", "10", "--novelty", "0.375", "--algorithm", "test-uct"]
assert cli.main(["best-move", "connect_four", *flags]) == 0
assert reached[-1]["novelty"] == 0.375 and reached[-1]["algorithm"] == "test-uct", reached[-1]

# The docs' tables, as the mkdocs hook writes them.
sys.path.insert(0, {docs_hooks!r})
import tables
page = tables.render("<!-- table: search options -->\\n<!-- table: algorithms -->")
assert "| `novelty` | float | `0.5` | a finite number in [0, 1] | a test-only option" in page, page
assert "| `test-uct` | a test-only algorithm | ucb1 | yes |" in page, page

# The web app: the new algorithm's tree continues in the thinking display; a costly option with
# no server limit cannot be set from a page.
try:
    import starlette  # noqa: F401
except ImportError:
    pass
else:
    from tablesearch.web import seats, thinking
    from tablesearch.web.settings import ServerSettings
    from tablesearch.web.untrusted import BadRequest, SeatRequest

    assert "test-uct" in thinking.CONTINUING
    game = ts.load_game("connect_four")
    seats.build_agent(0, SeatRequest(spec="test-uct:iterations=10"), game, 0, ServerSettings())
    try:
        seats.build_agent(0, SeatRequest(spec="mcts:novelty=0.5"), game, 0, ServerSettings())
    except BadRequest as error:
        assert "novelty cannot be set from a page" in str(error), error
    else:
        raise AssertionError("a costly option without a limit was accepted from a page")
print("ok")
"""


def test_a_new_option_and_algorithm_in_the_native_tables_reach_every_reader():
    code = CHILD.format(tests=hostile.TESTS_DIR, docs_hooks=str(hostile.TESTS_DIR) + "/../docs/hooks")
    out = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0 and out.stdout.strip().endswith("ok"), out.stdout[-3000:] + out.stderr[-5000:]


@pytest.mark.parametrize("name", ["search_options", "mcts", "agents/specs", "cli", "web/seats", "web/thinking"])
def test_no_reader_lists_algorithms_by_name(name):
    """The lists the tables replaced stay gone: no reader spells out algorithms by name."""
    from pathlib import Path

    text = (Path(hostile.TESTS_DIR).parent / "python/tablesearch" / f"{name}.py").read_text()
    for algorithm in ("'smooth-uct'", '"smooth-uct"', '"mo-ismcts"', "'puct'", '"puct"', '"ismcts"'):
        assert algorithm not in text, (name, algorithm)


def test_auto_is_one_rule_asked_by_search_openspiel_and_the_trainer():
    """algorithm="auto" is the native rule (_core.auto_algorithm: the first case of AUTO_CASES that
    holds); mcts.search, the OpenSpiel games and the trainer ask it instead of naming algorithms."""
    import inspect

    from tablesearch import _core, mcts
    from tablesearch.search_options import ALGORITHM_TABLE, AUTO_CASES
    from tablesearch.training import ladder, self_play

    by_case = {row.auto: name for name, row in ALGORITHM_TABLE.items() if row.auto}
    assert set(by_case) == set(AUTO_CASES)
    facts = dict(hidden_information=True, two_players=True, information_state_keys=True, priors=True)
    assert _core.auto_algorithm(**facts) == by_case["hidden-priors"]  # a network's priors win over the keys
    assert _core.auto_algorithm(**{**facts, "priors": False}) == by_case["hidden-two-players-keys"]
    assert _core.auto_algorithm(**{**facts, "information_state_keys": False}) == by_case["hidden-priors"]
    assert _core.auto_algorithm(**{**facts, "information_state_keys": False, "priors": False}) == by_case["hidden"]
    assert _core.auto_algorithm(**{**facts, "hidden_information": False}) == by_case["priors"]
    assert _core.auto_algorithm(**{**facts, "hidden_information": False, "priors": False}) == by_case["perfect"]
    for module in (mcts, self_play, ladder):
        source = inspect.getsource(module)
        assert "_core.auto_algorithm(" in source
        assert not any(f'"{name}" if ' in source for name in ALGORITHM_TABLE), module.__name__
