"""The hub's web app: ``create_app(station)`` serves the pages, the REST API and the live socket.

The app only shows ``station.view()`` and forwards intents (see ``station/interface.py``); it never
decides a rule. The helpers every router shares (``SafeJSONResponse``, ``request_language``,
``error_body``) live in the leaf web/http.py, so this factory imports its routers at the top. Every asset is served from ``web/static`` (no CDN); OpenAPI docs are at ``/docs``.
"""
from __future__ import annotations

import logging
from collections.abc import Iterable
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from station.interface import StationApi, StationError
from station.logs import once_a_minute

from . import pages, routes_api, routes_photo, routes_players, routes_rulesets, routes_ws
# (``Unauthorized`` and ``request_language`` stay importable from here as before)
from .http import SafeJSONResponse, Unauthorized, error_body, error_status, request_language  # noqa: F401
from .limits import MAX_BODY, BodyLimit, body_limit, too_large_reason
from .security import LOOPBACK_HOSTS, EdgeGuard
from .validation import validation_body

STATIC_DIR = Path(__file__).parent / "static"

log = logging.getLogger("web.refusals")

DOCS_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/static/swagger/swagger-ui.css"><link rel="icon" href="/static/media/icon.svg">
<title>Mexican Train hub API</title></head><body><div id="swagger-ui"></div>
<script src="/static/swagger/swagger-ui-bundle.js"></script><script src="/static/swagger/init.js"></script>
</body></html>"""


def _client(request: Request) -> str:
    return request.client.host if request.client else "?"


def _route(request: Request) -> str:
    """The route a request matched (``/api/seat/{seat}/join``), else its path: one log cause each."""
    route = request.scope.get("route")
    return getattr(route, "path", None) or request.url.path[:80]


def create_app(station: StationApi, *, mock: bool | None = None,
               allowed_hosts: Iterable[str] = LOOPBACK_HOSTS) -> FastAPI:
    """The FastAPI app for ``station``. ``mock`` enables the virtual hub and its endpoints (default:
    ask the station); without it they do not exist (404). ``allowed_hosts``: the host names and
    addresses the station answers to (``Host``, ``Origin``; web/security.py), default loopback."""
    app = FastAPI(title="Mexican Train hub", version="1", docs_url=None, redoc_url=None,
                  default_response_class=SafeJSONResponse,
                  description="Live scoreboard, table view and seat controllers of the hub station.")
    app.add_middleware(BodyLimit, max_body=MAX_BODY)
    app.add_middleware(EdgeGuard, allowed_hosts=allowed_hosts)     # outermost: before anything reads
    app.state.station = station
    app.state.allowed_hosts = frozenset(allowed_hosts)
    app.state.photo_slots = routes_photo.upload_slots()      # photos read at once (web/routes_photo.py)
    if mock is None:
        mock = bool(getattr(station, "is_mock", False))     # (``Station.mock`` is the constructor)
    app.state.mock = mock

    @app.exception_handler(StationError)
    async def _station_error(request: Request, exc: StationError):
        status = error_status(exc)
        if exc.facts.get("field"):      # wrong PINs, codes and tokens: the station logs them
            once_a_minute(log, f"{status} {request.method} {_route(request)}", "%s %s from %s: %d %s",
                          request.method, request.url.path[:80], _client(request), status, exc.message)
        # too many wrong tries (Throttled), or a photo while others are read (web/routes_photo.py)
        wait = exc.facts.get("retry_after")
        headers = {"Retry-After": str(wait)} if isinstance(wait, int) and not isinstance(wait, bool) else None
        return SafeJSONResponse(error_body(request, exc), status_code=status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError):
        # 422 naming the field, worded like a refusal in the page's language (web/validation.py);
        # the input itself is not echoed (it may be huge or not valid text). A missing token or PIN
        # is told first, even when the body is not JSON (read before any dependency runs)
        missing = routes_api.missing_credentials(request)
        if missing is not None:
            return await _station_error(request, missing)
        raw = list(exc.errors())
        body = validation_body(request_language(request), raw)
        body["detail"] = [{"loc": [str(p) for p in e.get("loc", ())], "msg": str(e.get("msg", "")),
                           "type": str(e.get("type", ""))} for e in raw][:10]
        once_a_minute(log, f"422 {request.method} {_route(request)}", "%s %s from %s: 422 %s", request.method,
                      request.url.path[:80], _client(request), body["message"])
        return SafeJSONResponse(body, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException):
        if exc.status_code == 413:
            limit = body_limit(request.url.path)
            once_a_minute(log, "413 streamed", "%s %s from %s: 413 a streamed body over %d bytes", request.method,
                          request.url.path[:80], _client(request), limit)
            err = StationError(f"the request body is over {limit} bytes", code="too-large",
                               facts={"field": "body", "max_bytes": limit})
            err.reason = too_large_reason(request.url.path)
            return SafeJSONResponse(error_body(request, err), status_code=413)
        if exc.status_code == 400:      # a body that is not JSON (or nested too deep to read)
            err = StationError(f"body: {exc.detail}", facts={"field": "body"})
            return SafeJSONResponse({**error_body(request, err), "detail": exc.detail}, status_code=400)
        if exc.status_code == 404 and exc.detail == "Not Found":     # no route (or static file) here
            # a browser asking for a page gets the hub's 404 page in its language, with a way back;
            # anything else (the API, a script, a missing file) a refusal naming the path
            if "text/html" in request.headers.get("accept", "") and not request.url.path.startswith("/api/"):
                return pages.missing_page(request, "page")
            err = StationError(f"nothing at {request.url.path[:80]}", code="not-found", facts={"field": "path"})
            return SafeJSONResponse({**error_body(request, err), "detail": exc.detail}, status_code=404)
        if exc.status_code == 405:      # a route here, not for this method: the methods it takes
            allowed = [m.strip() for m in (exc.headers or {}).get("Allow", "").split(",") if m.strip()]
            err = StationError(f"{request.method[:10]} is not taken at {request.url.path[:80]}: use "
                               f"{' or '.join(allowed) or 'another method'}",
                               facts={"field": "method", "allowed": allowed})
            return SafeJSONResponse({**error_body(request, err), "detail": exc.detail}, status_code=405,
                                    headers=exc.headers)
        return await http_exception_handler(request, exc)


    @app.get("/docs", include_in_schema=False)
    async def _docs():
        # Swagger UI from web/static/swagger (vendored swagger-ui-dist): the hub has no internet;
        # started by init.js, not an inline script (the CSP)
        return HTMLResponse(DOCS_PAGE)

    app.include_router(routes_api.router)
    app.include_router(routes_photo.router)
    if mock:
        app.include_router(routes_api.mock_router)
    app.include_router(routes_rulesets.router)
    app.include_router(routes_players.router)
    app.include_router(routes_ws.router)
    app.include_router(pages.router)
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
    return app
