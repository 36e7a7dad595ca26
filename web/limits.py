"""Limits at the web edge, checked once, before any authentication (docs/web.md, *Limits*).

- ``BodyLimit``: an ASGI middleware that refuses a request body over ``MAX_BODY`` bytes with 413
  before reading it (``Content-Length``) or as soon as a streamed body passes the limit. The one
  larger limit is a seat's photo of its tiles (``PHOTO_MAX_BODY`` on ``/api/seat/N/photo``,
  ``body_limit``).
- ``secret(value, field)``: a host PIN, seat token or join code as sent (header or query): printable
  ASCII of at most ``SECRET_MAX`` characters, else a 400 naming the field.
"""
from __future__ import annotations

import json
import logging
import re

from starlette.exceptions import HTTPException
from starlette.requests import Request

from station.auth import SECRET_MAX
from station.interface import StationError
from station.logs import once_a_minute

from .http import request_language
from .refusals import refusal_text

log = logging.getLogger("web.refusals")
MAX_BODY = 64 * 1024     # bytes: the largest real request (a set-up) is under 2 KB
PHOTO_MAX_BODY = 8 * 1024 * 1024   # bytes: a photo scaled to 1600 px by the page is ~0.5 MB (vision.decode)
PHOTO_PATH = re.compile(r"/api/seat/[0-9]{1,2}/photo")


def _photo(path: str) -> bool:
    """Whether ``path`` is a seat's photo upload (``PHOTO_PATH``)."""
    return PHOTO_PATH.fullmatch(path or "") is not None


def body_limit(path: str, default: int = MAX_BODY) -> int:
    """The body limit of a request to ``path`` in bytes: ``PHOTO_MAX_BODY`` for a seat's photo,
    else ``default``."""
    return PHOTO_MAX_BODY if _photo(path) else default


def too_large_reason(path: str) -> str:
    """The web/refusals.py wording of a body over the limit of ``path``: "photo-too-large" for a
    seat's photo, else "too-large" (the refusal's code stays "too-large", field "body")."""
    return "photo-too-large" if _photo(path) else "too-large"


def _too_large_body(scope, max_body: int) -> bytes:
    """The 413 refusal, worded in the request's language like every other refusal (a seat's photo
    as a photo too large, to be taken again smaller)."""
    text = refusal_text(request_language(Request(scope)), too_large_reason(scope.get("path", "")))
    return json.dumps({"code": "too-large", "message": f"the request body is over {max_body} bytes",
                       "facts": {"field": "body", "max_bytes": max_body}, "text": text},
                      ensure_ascii=False).encode("utf-8")


class BodyLimit:
    """Refuse request bodies over ``MAX_BODY`` bytes with 413, never reading more than that."""

    def __init__(self, app, max_body: int = MAX_BODY):
        self.app, self.max_body = app, max_body

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        max_body = body_limit(scope.get("path", ""), self.max_body)
        length = dict(scope.get("headers") or []).get(b"content-length")
        if length is not None:
            try:
                declared = int(length.decode("latin-1").strip()) if len(length) < 20 else max_body + 1
            except ValueError:
                declared = max_body + 1
            if declared > max_body:
                client = scope.get("client")
                once_a_minute(log, "413 declared", "%s %s from %s: 413 a body of %s bytes, over %d",
                              scope.get("method"), str(scope.get("path"))[:80], client[0] if client else "?",
                              length[:20].decode("latin-1"), max_body)
                return await self._refuse(scope, send, max_body)
        seen = 0

        async def limited():
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > max_body:
                    raise HTTPException(413, f"the request body is over {max_body} bytes")
            return message

        return await self.app(scope, limited, send)

    async def _refuse(self, scope, send, max_body: int):
        body = _too_large_body(scope, max_body)
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode()),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})


def secret(value: str | None, field: str) -> str | None:
    """``value`` when it can be a PIN, token or code (printable ASCII, at most ``SECRET_MAX``
    characters), None when absent; else raises ``StationError`` ("bad-request") naming ``field``."""
    if value is None or value == "":
        return None
    if len(value) > SECRET_MAX or not value.isascii() or not value.isprintable():
        raise StationError(f"{field} must be printable ASCII of at most {SECRET_MAX} characters",
                           code="bad-request", facts={"field": field})
    return value


def client_of(request) -> str:
    """Who is guessing: the phone's address as the server saw it (the throttle's key)."""
    return request.client.host if request.client is not None else "unknown"
