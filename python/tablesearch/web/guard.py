"""Who may talk to the server: checks every request and websocket passes before a route sees it.

- Host: only the names the server listens on. A page on attacker.example whose name resolves to
  127.0.0.1 (DNS rebinding) sends ``Host: attacker.example`` and is refused.
- Origin: POSTs and websockets sent by a browser must come from the server's own pages; another
  site's page sends its own Origin.
- Token: /api and /ws need the per-run secret, kept in a SameSite=Strict cookie once the page is
  opened with ``?token=...`` (the address ``tablesearch serve`` prints), or sent as the
  ``X-Tablesearch-Token`` header by scripts.
- POST bodies: ``application/json`` only (what a cross-site form or text/plain fetch cannot send
  without a preflight), and at most the body limit, read before the route runs.
Every refusal is a 4xx with a one-line reason and one log line, never a traceback.
"""

from __future__ import annotations

import hmac
import json
import logging
from http.cookies import CookieError, SimpleCookie
from typing import Any, Callable, Optional
from urllib.parse import parse_qsl, urlencode, urlsplit

from tablesearch.web.settings import ServerSettings

log = logging.getLogger("tablesearch.web")

Scope = dict[str, Any]
Receive = Callable[[], Any]
Send = Callable[[dict[str, Any]], Any]

SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
PROTECTED_PREFIXES = ("/api/", "/ws/")
SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (
        b"content-security-policy",
        b"default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
        b"script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    ),
]
NO_TOKEN_PAGE = (
    "<!doctype html><meta charset=utf-8><title>tablesearch</title>"
    "<p>This tablesearch server needs its secret token. Open the address that "
    "<code>tablesearch serve</code> printed when it started (it ends in <code>?token=...</code>).</p>"
)


class Refused(Exception):
    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


def _headers(scope: Scope) -> dict[str, str]:
    """Request headers by lower-case name (the first of repeated ones)."""
    out: dict[str, str] = {}
    for name, value in scope.get("headers", []):
        out.setdefault(name.decode("latin-1").lower(), value.decode("latin-1"))
    return out


def host_name(host_header: str) -> str:
    """The name part of a Host header (``[::1]:8000`` -> ``[::1]``), lower case."""
    host = host_header.strip().lower()
    if host.startswith("["):
        return host[: host.find("]") + 1] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


class Guard:
    """ASGI middleware applying the checks of the module docstring in front of `app`."""

    def __init__(self, app: Any, settings: ServerSettings) -> None:
        self.app = app
        self.settings = settings

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = _headers(scope)
        try:
            self._check_host(headers)
            if scope["type"] == "websocket" or scope["method"] not in SAFE_METHODS:
                self._check_origin(headers)
            if scope["type"] == "http" and scope["path"] == "/":
                if await self._index_token(scope, headers, send):
                    return
            elif scope["path"].startswith(PROTECTED_PREFIXES):
                self._check_token(headers)
            if scope["type"] == "http" and scope["method"] not in SAFE_METHODS:
                receive = await self._read_json_body(headers, receive)
        except Refused as refusal:
            log.info("refused %s %s: %s", scope.get("method", "WEBSOCKET"), scope["path"], refusal.reason)
            await self._refuse(scope, send, refusal)
            return
        await self.app(scope, receive, _with_security_headers(send))

    # --- the checks ----------------------------------------------------------------------------
    def _check_host(self, headers: dict[str, str]) -> None:
        allowed = self.settings.hosts
        if allowed is None:
            return
        name = host_name(headers.get("host", ""))
        if name not in allowed:
            raise Refused(400, f"this server answers only to {', '.join(sorted(allowed))}, not Host {name!r}")

    def _check_origin(self, headers: dict[str, str]) -> None:
        origin = headers.get("origin")
        if origin is None:
            return  # not sent by a browser page (a script, curl): the token decides
        parts = urlsplit(origin)
        if parts.scheme not in ("http", "https") or parts.netloc.lower() != headers.get("host", "").lower():
            raise Refused(403, f"requests from other sites' pages are refused (Origin {origin[:100]!r})")

    def _token_in(self, headers: dict[str, str]) -> Optional[str]:
        given = headers.get("x-tablesearch-token")
        if given is not None:
            return given
        cookie: SimpleCookie = SimpleCookie()
        try:
            cookie.load(headers.get("cookie", ""))
        except CookieError:
            return None
        morsel = cookie.get(self.settings.cookie_name)
        return morsel.value if morsel is not None else None

    def _valid(self, token: Optional[str]) -> bool:
        return token is not None and hmac.compare_digest(token.encode(), self.settings.token.encode())

    def _check_token(self, headers: dict[str, str]) -> None:
        if not self._valid(self._token_in(headers)):
            raise Refused(401, "this server needs its token: open the address tablesearch serve printed")

    async def _index_token(self, scope: Scope, headers: dict[str, str], send: Send) -> bool:
        """The page: ``?token=`` sets the cookie and redirects to the address without it; without
        a valid token or cookie, a page saying where to find the address. True if answered here."""
        query = parse_qsl(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True)
        given = [value for name, value in query if name == "token"]
        if given:
            if not self._valid(given[0]):
                raise Refused(401, "wrong token: open the address tablesearch serve printed")
            rest = urlencode([(name, value) for name, value in query if name != "token"])
            cookie = f"{self.settings.cookie_name}={self.settings.token}; Path=/; HttpOnly; SameSite=Strict"
            await _respond(
                send,
                303,
                b"",
                b"text/plain",
                [(b"location", ("/?" + rest if rest else "/").encode()), (b"set-cookie", cookie.encode())],
            )
            return True
        self._check_token(headers)
        return False

    async def _read_json_body(self, headers: dict[str, str], receive: Receive) -> Receive:
        """Reads the whole body (at most the limit) and hands it to the app as one message."""
        media = headers.get("content-type", "").split(";")[0].strip().lower()
        if media != "application/json":
            raise Refused(415, f"send JSON with Content-Type: application/json (got {media or 'none'!r})")
        limit = self.settings.limits.body_bytes
        length = headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > limit):
            raise Refused(413, f"the request body is limited to {limit} bytes")
        body = bytearray()
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                raise Refused(400, "the client went away mid-request")
            body += message.get("body", b"")
            if len(body) > limit:
                raise Refused(413, f"the request body is limited to {limit} bytes")
            if not message.get("more_body", False):
                break
        sent = False

        async def replay() -> dict[str, Any]:
            nonlocal sent
            if sent:
                message: dict[str, Any] = await receive()
                return message
            sent = True
            return {"type": "http.request", "body": bytes(body), "more_body": False}

        return replay

    async def _refuse(self, scope: Scope, send: Send, refusal: Refused) -> None:
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008, "reason": refusal.reason[:120]})
            return
        if scope["path"] == "/" and refusal.status == 401:
            await _respond(send, 401, NO_TOKEN_PAGE.encode(), b"text/html; charset=utf-8")
            return
        body = json.dumps({"error": refusal.reason}).encode()
        await _respond(send, refusal.status, body, b"application/json")


def _with_security_headers(send: Send) -> Send:
    async def wrapped(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            message = {**message, "headers": [*message.get("headers", []), *SECURITY_HEADERS]}
        await send(message)

    return wrapped


async def _respond(
    send: Send, status: int, body: bytes, content_type: bytes, extra: Optional[list[tuple[bytes, bytes]]] = None
) -> None:
    headers = [(b"content-type", content_type), (b"content-length", str(len(body)).encode()), *SECURITY_HEADERS]
    await send({"type": "http.response.start", "status": status, "headers": headers + (extra or [])})
    await send({"type": "http.response.body", "body": body})
