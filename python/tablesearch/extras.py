"""What to install for a feature that needs one of the package's extras (pyproject.toml's
optional-dependencies), said the same way everywhere: tablesearch is installed from its clone, so
the command is ``pip install ".[web]"`` run there; the extra's packages, read from the installed
package's metadata, are named beside it for an installation made otherwise."""

from __future__ import annotations

import re
from importlib import metadata


def packages(extra: str) -> list[str]:
    """The requirements the installed tablesearch lists for `extra` (empty if it lists none)."""
    try:
        requirements = metadata.requires("tablesearch") or []
    except metadata.PackageNotFoundError:  # run from a source tree that was never installed
        return []
    marker = re.compile(r"""extra\s*==\s*["']""" + re.escape(extra) + r"""["']""")
    return [r.split(";")[0].strip() for r in requirements if marker.search(r)]


def install_hint(extra: str) -> str:
    """How to install `extra`: ``pip install ".[extra]"`` in the clone, or its packages."""
    hint = f'pip install ".[{extra}]" in the tablesearch clone'
    names = packages(extra)
    return hint + (f" (or pip install {' '.join(repr(n) for n in names)})" if names else "")


def missing(what: str, extra: str) -> str:
    """The message for `what` ("the web app") when `extra` is not installed."""
    return f"{what} needs the '{extra}' extra: {install_hint(extra)}"
