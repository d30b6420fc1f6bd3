"""The package's imports form no cycle, imports inside functions (and type-only ones) included,
and the layers import one way."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "python"
PACKAGE = ROOT / "tablesearch"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py")}


def imported_modules(name: str) -> set[str]:
    """tablesearch modules `name` imports anywhere: at load time, inside functions, or for type
    checking only (a cycle through a lazy import is still a cycle)."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                if sub in MODULES:
                    found.add(sub)
                elif not (ROOT / sub.replace(".", "/")).with_suffix(".pyi").exists():  # the native _core is a leaf
                    found.add(base)
    return {m for m in found if m in MODULES and m != name}


GRAPH = {name: imported_modules(name) for name in MODULES}


def test_no_import_cycle():
    # Tarjan's strongly connected components; any component of more than one module is a cycle.
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in GRAPH[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for name in GRAPH:
        if name not in index:
            visit(name)
    assert not cycles, f"import cycles: {cycles}"


def test_core_layers_do_not_import_the_layers_above():
    above = ("tablesearch.tournaments", "tablesearch.analysis", "tablesearch.web", "tablesearch.agents")
    core = [m for m in MODULES if m in ("tablesearch.mcts", "tablesearch.match") or m.startswith("tablesearch.games")]
    wrong = {m: sorted(i for i in GRAPH[m] if i.startswith(above)) for m in core}
    assert not {m: i for m, i in wrong.items() if i}, wrong


MAX_FUNCTION_LINES = 80


def test_no_function_is_longer_than_80_lines():
    """A long function is split into named steps (issue 47: analyze, tournament and play_game
    were 104, 103 and 84 lines); its docstring counts, decorators do not."""
    long = [
        f"{path.relative_to(ROOT)}:{node.lineno} {node.name} ({node.end_lineno - node.lineno + 1} lines)"
        for path in MODULES.values()
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        and node.end_lineno - node.lineno + 1 > MAX_FUNCTION_LINES
    ]
    assert long == []
