"""HTTP helpers of the hub's web edge, shared by the app factory (web/app.py), its routers
(routes_api, pages, limits) and the club's pages (club/web.py): the JSON response every answer
uses, the request's language, and a station refusal as an HTTP status and body, reworded by a
router where it words it more finely (``reworded``; docs/web.md).
A leaf of web/: it imports no router and no app, so every router may import it at the top.
"""
from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterator
from typing import Any

from fastapi import Request
from fastapi.responses import JSONResponse

from station.interface import Forbidden, NoGame, Refused, StaleVersion, StationError, Throttled

from .i18n import pick_language
from .refusals import refusal_text


class SafeJSONResponse(JSONResponse):
    """JSON that any Python text survives: a lone surrogate is written as its ``\\udXXX`` escape
    instead of failing the whole response (a page must never answer 500 for a stored text)."""

    def render(self, content: Any) -> bytes:
        return json.dumps(content, ensure_ascii=False, allow_nan=False, indent=None,
                          separators=(",", ":")).encode("utf-8", "backslashreplace")


def request_language(request: Request) -> str:
    """The language a request asks for (query, cookie, Accept-Language)."""
    return pick_language(request.query_params.get("lang"), request.cookies.get("lang"),
                         request.headers.get("accept-language"))


class Unauthorized(Forbidden):
    """No seat token or host PIN given at all (HTTP 401)."""


#: refusal class -> HTTP status, the first that matches wins
_STATUS = ((Throttled, 429), (Unauthorized, 401), (Forbidden, 403), (StaleVersion, 409), (NoGame, 409), (Refused, 409))


def error_status(exc: StationError) -> int:
    """HTTP status of a refusal: 401 no token/PIN, 403 wrong one, 429 too many wrong ones,
    409 stale or refused move or no game set up, 404 no stored game of that id, no mock hardware or
    no photo kept, a refused photo as ``PHOTO_STATUS`` says, else 400."""
    if isinstance(exc, NoGame) and exc.facts.get("field") == "game_id":
        return 404                        # a stored game's id with no game under it
    for kind, status in _STATUS:          # first match: an Unauthorized is a Forbidden
        if isinstance(exc, kind):
            return status
    if exc.code in ("not-mock", "photo-not-kept"):
        return 404
    return PHOTO_STATUS.get(exc.code, 400)


#: a refused photo's code (web/routes_photo.py, vision.PhotoError) -> HTTP status
PHOTO_STATUS = {"photo-not-image": 415, "photo-too-large": 413, "photo-undecodable": 400,
                "photo-nothing-found": 422, "photo-unavailable": 503, "photo-busy": 503}


@contextlib.contextmanager
def reworded(word: Callable[[StationError], StationError]) -> Iterator[None]:
    """A station refusal raised inside the ``with`` block is given a finer wording by ``word``
    (which sets ``exc.reason``, a key of web/refusals.py, and returns the refusal) and raised on to
    the app's handler (``error_body``); any other exception passes untouched."""
    try:
        yield
    except StationError as exc:
        raise word(exc) from None


def error_body(request: Request, exc: StationError) -> dict:
    """``StationError.as_dict()`` plus ``text``: the reason in the request's language."""
    body = exc.as_dict()
    # ``reason``: a finer wording than the code's own (a wrong seat code is "forbidden" too)
    body["text"] = refusal_text(request_language(request), getattr(exc, "reason", None) or exc.code,
                                exc.message, exc.facts)
    return body
