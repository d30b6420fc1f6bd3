"""A game lives in the places docs/writing-a-game.md lists, and nowhere else in the source: no
generic module names a game. A throwaway game's extras in a temporary folder are found with no
edit to a generic module."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tablesearch import _core, render
from tablesearch.games import extras

ROOT = Path(__file__).resolve().parents[1]
GUIDE = ROOT / "docs" / "writing-a-game.md"
# The source: code that must stay generic outside each game's own places. (Docs, tests,
# benchmarks, examples and scripts show particular games and may name them.)
SOURCE = ["cpp", "cmake", "python", "CMakeLists.txt", "pyproject.toml"]
SUFFIXES = {".h", ".cc", ".in", ".py", ".pyi", ".js", ".html", ".css", ".txt", ".toml"}
ALIASES = {"leduc_poker": ["leduc"]}  # the short name the game goes by in prose


def guide_places() -> list[str]:
    """The first column of the guide's table of places: paths, `<name>` standing for the game."""
    section = GUIDE.read_text().split("## Every place a new game touches", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\| `([^`]+)` \|", section, re.MULTILINE)


def name_pattern(name: str) -> re.Pattern[str]:
    spellings = [name.replace("_", "[ _-]?"), *ALIASES.get(name, [])]
    return re.compile(rf"(?<![a-z0-9])({'|'.join(spellings)})(?![a-z0-9])", re.IGNORECASE)


def source_files() -> list[Path]:
    files = []
    for entry in SOURCE:
        path = ROOT / entry
        files += [path] if path.is_file() else [p for p in path.rglob("*") if p.suffix in SUFFIXES]
    tests = ROOT / "cpp" / "tests"  # the native tests, like tests/, show particular games
    return [f for f in files if "__pycache__" not in f.parts and tests not in f.parents]


def allowed(relative: str, line: str, name: str, places: list[str]) -> bool:
    for place in places:
        expanded = place.replace("<name>", name)
        if expanded.endswith("/") and relative.startswith(expanded):
            return True
        if relative == expanded and "<name>" not in place:  # a shared file: only the game's own line
            return line.strip().startswith(f"ts_add_game({name} ")
        if relative == expanded:
            return True
    return False


def test_the_guide_lists_the_places():
    places = guide_places()
    assert "cpp/games/<name>/" in places and "CMakeLists.txt" in places
    assert "python/tablesearch/games/<name>/" in places


def test_no_source_file_outside_a_games_own_places_names_it():
    places = guide_places()
    games = _core.list_games()
    offenders = []
    for path in source_files():
        relative = path.relative_to(ROOT).as_posix()
        for number, line in enumerate(path.read_text(errors="ignore").splitlines(), 1):
            for name in games:
                if name_pattern(name).search(line) and not allowed(relative, line, name, places):
                    offenders.append(f"{relative}:{number} names {name}: {line.strip()[:90]}")
    assert not offenders, "\n".join(offenders)


@pytest.mark.parametrize("name", _core.list_games())
def test_every_game_has_the_places_it_needs(name):
    assert (ROOT / "cpp" / "games" / name).is_dir()
    assert f"ts_add_game({name} " in (ROOT / "CMakeLists.txt").read_text()
    if (ROOT / "python" / "tablesearch" / "games" / name).is_dir():
        assert extras.game_extras(name) != extras.GameExtras(), f"{name}'s package defines no extra"


def test_a_throwaway_games_extras_are_found_in_a_temporary_folder(tmp_path, monkeypatch):
    package = tmp_path / "throwaway_game"
    package.mkdir()
    (package / "__init__.py").write_text(
        'LEGEND = "a throwaway legend"\n'
        'TEXT_LEGEND = "read it"\n'
        "def draw(state, viewer=None, actions=None, last=None):\n"
        '    return "<svg>throwaway</svg>"\n'
    )
    names = _core.list_games() + ["throwaway_game"]
    monkeypatch.setattr(_core, "list_games", lambda: names)
    import tablesearch.games

    monkeypatch.setattr(tablesearch.games, "__path__", [*tablesearch.games.__path__, str(tmp_path)])
    extras.game_extras.cache_clear()
    try:
        assert render.legend("throwaway_game") == "a throwaway legend"
        assert render.text_legend("throwaway_game") == "read it"
        assert render.has_drawing("throwaway_game") and "throwaway_game" in extras.games_with("draw")

        class State:
            def get_game(self):
                return type("Game", (), {"name": "throwaway_game"})()

        assert render.draw(State()) == "<svg>throwaway</svg>"
    finally:
        extras.game_extras.cache_clear()
