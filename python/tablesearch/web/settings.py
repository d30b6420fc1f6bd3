"""What the person starting the server decides: where it listens, its secret token, which plugin
code requests may name, and the limits every request is held to (docs/security.md)."""

from __future__ import annotations

import hashlib
import ipaddress
import os
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Optional

WILDCARD_HOSTS = ("0.0.0.0", "::", "")
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "[::1]")


@dataclass(frozen=True)
class Limits:
    """Caps on what one request may ask of the server. The caps on one search per move are named
    as the search options they cap (web/seats.py)."""

    time_limit: float = 30.0  # seconds: every AI search ends by then, whatever its spec says
    iterations: int = 10_000_000
    threads: int = max(1, os.cpu_count() or 1)  # per search
    max_memory_mb: int = 1024  # per search tree
    determinizations: int = 256
    rollouts: int = 1000  # playouts per leaf
    parallel_searches: int = max(1, os.cpu_count() or 1)  # AI moves computed at once; others wait
    sessions: int = 64  # games held; beyond, idle ones are forgotten, then new ones refused
    idle_seconds: float = 1800.0  # a game nobody has watched for this long is forgotten
    body_bytes: int = 64 * 1024  # a request body or websocket message
    json_depth: int = 16  # nesting of arrays and objects
    send_seconds: float = 10.0  # a page that takes longer to take one message is dropped
    queued_messages: int = 256  # messages waiting for one page; beyond, it is dropped

    def __post_init__(self) -> None:
        if not (0 < self.time_limit < float("inf")):
            raise ValueError(f"the time limit per move must be a positive number of seconds, got {self.time_limit}")
        if not 1 <= self.iterations < 2**63:
            raise ValueError(f"the iteration limit per move must be at least 1, got {self.iterations}")


def allowed_host_names(host: str) -> Optional[frozenset[str]]:
    """The Host header names a server listening on `host` answers; None (any) for a wildcard
    address, where the token alone keeps other sites out."""
    host = host.strip().lower()
    if host in WILDCARD_HOSTS:
        return None
    bare = host.strip("[]")
    try:
        address = ipaddress.ip_address(bare)
    except ValueError:
        address = None
    names = {f"[{bare}]" if address is not None and address.version == 6 else bare}
    if bare == "localhost" or (address is not None and address.is_loopback):
        names.update(LOOPBACK_NAMES)
    return frozenset(names)


@dataclass(frozen=True)
class ServerSettings:
    """`token`: the per-run secret every /api request and websocket must carry. `hosts`: the
    Host names answered (None: any). `allowed`: ``module:factory`` names that requests may use
    as a game or an agent (named by whoever started the server; nothing else is ever imported).
    `record_dir`: where finished games are recorded, one results file per game (None: nowhere;
    web/records.py). `models`: the model files pages may name in agent specs (``model=NAME``),
    {name: path}; a page never gives a path."""

    token: str = field(default_factory=lambda: secrets.token_urlsafe(24))
    hosts: Optional[frozenset[str]] = frozenset(LOOPBACK_NAMES)
    allowed: frozenset[str] = frozenset()
    limits: Limits = field(default_factory=Limits)
    record_dir: Optional[str] = None
    models: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if len(self.token) < 16:
            raise ValueError("the server token must be at least 16 characters")

    @property
    def cookie_name(self) -> str:
        """One cookie per server run: two servers on one machine (cookies ignore ports) keep theirs."""
        return "tablesearch-" + hashlib.sha256(self.token.encode()).hexdigest()[:12]
