"""The hub's web app: ``create_app(station)`` serves the pages, the REST API and the live socket.

The app only shows ``station.view()`` and forwards intents (see ``station/interface.py``); it never
decides a rule. The helpers every router shares (``SafeJSONResponse``, ``request_language``,
``error_body``) live in the leaf web/http.py, so this factory imports its routers at the top. Every asset is served from ``web/static`` (no CDN); OpenAPI docs are at ``/docs``.
"""
from __future__ import annotations

import logging
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from station.interface import StationApi, StationError, Throttled

from . import pages, routes_api, routes_rulesets, routes_ws
# (``Unauthorized`` and ``request_language`` stay importable from here as before)
from .http import SafeJSONResponse, Unauthorized, error_body, error_status, request_language  # noqa: F401
from .limits import MAX_BODY, BodyLimit
from .validation import validation_body

STATIC_DIR = Path(__file__).parent / "static"

log = logging.getLogger("web.refusals")


def create_app(station: StationApi, *, mock: bool | None = None) -> FastAPI:
    """The FastAPI app for ``station``. ``mock`` enables the virtual hub (default: ask the station)."""
    app = FastAPI(title="Mexican Train hub", version="1", docs_url=None, redoc_url=None,
                  default_response_class=SafeJSONResponse,
                  description="Live scoreboard, table view and seat controllers of the hub station.")
    app.add_middleware(BodyLimit, max_body=MAX_BODY)
    app.state.station = station
    if mock is None:
        mock = bool(getattr(station, "is_mock", False))     # (``Station.mock`` is the constructor)
    app.state.mock = mock

    @app.exception_handler(StationError)
    async def _station_error(request: Request, exc: StationError):
        status = error_status(exc)
        if exc.facts.get("field"):      # wrong PINs, codes and tokens: the station logs them
            log.warning("%s %s from %s: %d %s", request.method, request.url.path,
                        request.client.host if request.client else "?", status, exc.message)
        headers = {"Retry-After": str(exc.facts["retry_after"])} if isinstance(exc, Throttled) else None
        return SafeJSONResponse(error_body(request, exc), status_code=status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError):
        # 422 naming the field, worded like a refusal in the page's language (web/validation.py);
        # the input itself is not echoed (it may be huge or not valid text)
        raw = list(exc.errors())
        body = validation_body(request_language(request), raw)
        body["detail"] = [{"loc": [str(p) for p in e.get("loc", ())], "msg": str(e.get("msg", "")),
                           "type": str(e.get("type", ""))} for e in raw][:10]
        log.warning("%s %s: 422 %s", request.method, request.url.path, body["message"])
        return SafeJSONResponse(body, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException):
        if exc.status_code == 413:
            log.warning("%s %s from %s: 413 a streamed body over %d bytes", request.method, request.url.path,
                        request.client.host if request.client else "?", MAX_BODY)
            err = StationError(f"the request body is over {MAX_BODY} bytes", code="too-large",
                               facts={"field": "body", "max_bytes": MAX_BODY})
            return SafeJSONResponse(error_body(request, err), status_code=413)
        if exc.status_code == 400:      # a body that is not JSON (or nested too deep to read)
            err = StationError(f"body: {exc.detail}", facts={"field": "body"})
            return SafeJSONResponse({**error_body(request, err), "detail": exc.detail}, status_code=400)
        return await http_exception_handler(request, exc)


    @app.get("/docs", include_in_schema=False)
    async def _docs():
        # Swagger UI from web/static/swagger (vendored swagger-ui-dist): the hub has no internet
        return get_swagger_ui_html(openapi_url=app.openapi_url, title="Mexican Train hub API",
                                   swagger_js_url="/static/swagger/swagger-ui-bundle.js",
                                   swagger_css_url="/static/swagger/swagger-ui.css",
                                   swagger_favicon_url="/static/media/icon.svg")

    app.include_router(routes_api.router)
    app.include_router(routes_rulesets.router)
    app.include_router(routes_ws.router)
    app.include_router(pages.router)
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
    return app
