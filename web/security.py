"""The pages' and the API's guard at the web edge (docs/web.md, *Limits*): the station answers only
to its own names, a browser on another site cannot drive it, and no stored text can become script.

- ``script_json(value)``: JSON that is safe inside any HTML element (``<``, ``>``, ``&``, U+2028,
  U+2029 escaped; a lone surrogate as its ``\\udXXX`` escape). The pages carry their boot data in
  ``<script type="application/json">`` blocks (data, never run), so the CSP forbids inline script.
- ``EdgeGuard``: an ASGI middleware in front of the app that
  - refuses a request whose ``Host`` is not one of the station's names or addresses
    (400, field ``Host``; a WebSocket upgrade is refused with 403) - a DNS-rebinding page reaches
    nothing;
  - refuses a state-changing request (POST, PUT, PATCH, DELETE) or a WebSocket upgrade whose
    ``Origin`` is not exactly one of the station's own (``own_origin``: ``http://`` one of its
    names or the address the connection reached, and the port it serves on, which may be left
    out when it is 80; nothing else: no path, no second origin) with 403, field ``Origin``; a
    request without ``Origin`` (not a browser) passes;
  - adds the security headers to every HTTP response (``SECURITY_HEADERS``).
"""
from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterable
from urllib.parse import urlsplit

from station.logs import once_a_minute

log = logging.getLogger("web.refusals")

#: host names a station on loopback answers to (``create_app``'s default)
LOOPBACK_HOSTS = frozenset({"localhost", "127.0.0.1", "::1"})
STATE_CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})

CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; "
       "media-src 'self'; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; "
       "form-action 'self'; frame-ancestors 'none'")
SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),      # a join link carries its seat code in the query
    (b"cross-origin-opener-policy", b"same-origin"),
]

_SCRIPT_ESCAPES = {ord("<"): "\\u003c", ord(">"): "\\u003e", ord("&"): "\\u0026",
                   0x2028: "\\u2028", 0x2029: "\\u2029"}


def script_json(value) -> str:
    """``value`` as JSON text that no HTML parser state can leave: ``<``, ``>``, ``&``, U+2028 and
    U+2029 are written as ``\\uXXXX`` escapes (``JSON.parse`` reads them back unchanged), a lone
    surrogate as its ``\\udXXX`` escape. Raises ``TypeError``/``ValueError`` as ``json.dumps`` does.

    >>> script_json({"name": "</script><!--"})
    '{"name": "\\\\u003c/script\\\\u003e\\\\u003c!--"}'
    """
    text = json.dumps(value, ensure_ascii=False, allow_nan=False).translate(_SCRIPT_ESCAPES)
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def host_name(value: str | None) -> str | None:
    """The host of a ``Host`` header or an ``Origin`` (``name[:port]``, ``[v6]:port`` or a URL),
    lower case, without port and brackets; None when there is none."""
    if not value:
        return None
    value = value.strip()
    if "://" not in value:
        value = "//" + value
    try:
        host = urlsplit(value).hostname
    except ValueError:
        return None
    return host.lower().rstrip(".") if host else None


#: a serialized origin (RFC 6454 section 6.1) of plain HTTP: ``http://host[:port]``, nothing after it
_ORIGIN = re.compile(r"http://(?P<host>\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._~%!$&'()*+,;=-]+)(?::(?P<port>[0-9]{1,5}))?")


def own_origin(origin: str, allowed: frozenset, server) -> bool:
    """Whether ``origin`` (an ``Origin`` header) is exactly a page of this station: scheme
    ``http``, a host in ``allowed`` or the address the connection reached (``server``, the ASGI
    scope's ``(host, port)``), and that connection's port (80 when the origin gives none).
    ``https://...``, another port, a path or two origins in one header are not.

    >>> own_origin("http://hub.local:8080", frozenset({"hub.local"}), ("10.0.0.2", 8080))
    True
    >>> [own_origin(o, frozenset({"hub.local"}), ("10.0.0.2", 8080)) for o in
    ...  ("https://hub.local:8080", "http://hub.local:1", "http://hub.local:8080/x", "http://hub.local")]
    [False, False, False, False]
    """
    found = _ORIGIN.fullmatch(origin)
    if found is None or not server:
        return False
    host = found["host"].strip("[]").lower().rstrip(".")
    port = int(found["port"]) if found["port"] else 80
    served_host, served_port = server[0], server[1]
    return (host in allowed or host == served_host) and port == served_port


def _header(scope, name: bytes) -> str | None:
    for key, value in scope.get("headers") or ():
        if key == name:
            return value.decode("latin-1")
    return None


async def _with_headers(app, scope, receive, send):
    async def with_headers(message):
        if message["type"] == "http.response.start":
            present = {k.lower() for k, _ in message.get("headers", ())}
            message = {**message, "headers": [*message.get("headers", ()),
                                              *(h for h in SECURITY_HEADERS if h[0] not in present)]}
        await send(message)

    return await app(scope, receive, with_headers)


class EdgeGuard:
    """Host check, Origin check and security headers for ``app`` (see the module's text).
    ``allowed_hosts``: the names and addresses the station answers to (lower case, no port)."""

    def __init__(self, app, allowed_hosts: Iterable[str]):
        self.app = app
        self.allowed = frozenset(h.lower().strip("[]").rstrip(".") for h in allowed_hosts)

    async def __call__(self, scope, receive, send):
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        client = (scope.get("client") or ("?",))[0]
        host = _header(scope, b"host")
        # the station's names, or the very address this connection reached (a LAN IP that DHCP
        # changed is still the station's; a rebinding page's Host is a name of its own)
        served = {(scope.get("server") or ("",))[0]}
        if host_name(host) not in self.allowed and host_name(host) not in served:
            once_a_minute(log, "host", "refused a request from %s for host %r: not one of this station's names",
                          client, (host or "")[:80])
            return await self._refuse(scope, receive, send, "Host", "this station does not answer to that host name")
        origin = _header(scope, b"origin")
        if origin is not None and (kind == "websocket" or scope.get("method") in STATE_CHANGING):
            if not own_origin(origin, self.allowed, scope.get("server")):
                once_a_minute(log, "origin", "refused a %s from %s with origin %r: not this station's own",
                              "WebSocket upgrade" if kind == "websocket" else scope.get("method"),
                              client, origin[:80])
                return await self._refuse(scope, receive, send, "Origin", "a page of another site may not do this")
        if kind == "websocket":
            return await self.app(scope, receive, send)
        return await _with_headers(self.app, scope, receive, send)

    async def _refuse(self, scope, receive, send, field: str, message: str):
        if scope["type"] == "websocket":
            await receive()                         # websocket.connect
            await send({"type": "websocket.close", "code": 1008, "reason": f"{field}: {message}"[:120]})
            return
        status = 400 if field == "Host" else 403
        body = json.dumps({"code": "bad-request" if status == 400 else "forbidden", "message": message,
                           "facts": {"field": field}, "text": message}).encode()
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode()), *SECURITY_HEADERS]})
        await send({"type": "http.response.body", "body": body})
