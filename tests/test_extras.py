"""Messages for a missing extra say one thing everywhere (tablesearch.extras): the clone's
``pip install ".[extra]"`` and the extra's packages, for extras pyproject.toml has."""

import re
from importlib import metadata
from pathlib import Path

from tablesearch.extras import install_hint, missing, packages

ROOT = Path(__file__).resolve().parents[1]
EXTRAS = set(metadata.metadata("tablesearch").get_all("Provides-Extra") or [])


def test_the_hint_names_the_command_and_the_packages_of_the_extra():
    web = packages("web")
    assert [p.split(">")[0] for p in web] == ["starlette", "uvicorn", "websockets"], web
    hint = install_hint("web")
    assert hint.startswith('pip install ".[web]" in the tablesearch clone'), hint
    assert all(repr(p) in hint for p in web), hint
    assert missing("the web app", "web") == f"the web app needs the 'web' extra: {hint}"


def test_an_unknown_extra_names_no_packages():
    assert packages("no-such-extra") == []
    assert install_hint("no-such-extra") == 'pip install ".[no-such-extra]" in the tablesearch clone'


def test_every_message_names_an_extra_of_pyproject_and_none_says_a_package_index_name():
    named = []
    for path in (ROOT / "python" / "tablesearch").rglob("*.py"):
        text = path.read_text()
        named += re.findall(r"""missing\([^()]*(?:\([^()]*\))?[^()]*,\s*"([\w-]+)"\)""", text)
        assert "tablesearch[" not in text, f"{path}: says tablesearch[...], which no package index has"
    assert len(named) >= 7 and set(named) <= EXTRAS, named
