"""The hub's web app: ``create_app(station)`` serves the pages, the REST API and the live socket.

The app only shows ``station.view()`` and forwards intents (see ``station/interface.py``); it never
decides a rule. Every asset is served from ``web/static`` (no CDN); OpenAPI docs are at ``/docs``.
"""
from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

from station.interface import Forbidden, NoGame, Refused, StaleVersion, StationApi, StationError

from .i18n import pick_language
from .refusals import refusal_text
from .validation import validation_body

STATIC_DIR = Path(__file__).parent / "static"


def request_language(request: Request) -> str:
    """The language a request asks for (query, cookie, Accept-Language)."""
    return pick_language(request.query_params.get("lang"), request.cookies.get("lang"),
                         request.headers.get("accept-language"))


class Unauthorized(Forbidden):
    """No seat token or host PIN given at all (HTTP 401)."""


def error_status(exc: StationError) -> int:
    """HTTP status of a refusal: 401 no token/PIN, 403 wrong one, 409 stale or refused move or no game."""
    if isinstance(exc, Unauthorized):
        return 401
    if isinstance(exc, Forbidden):
        return 403
    if isinstance(exc, StaleVersion):
        return 409
    if isinstance(exc, NoGame):
        return 409
    if isinstance(exc, Refused):
        return 409
    if exc.code == "not-mock":
        return 404
    return 400


def error_body(request: Request, exc: StationError) -> dict:
    """``StationError.as_dict()`` plus ``text``: the reason in the request's language."""
    body = exc.as_dict()
    # ``reason``: a finer wording than the code's own (a wrong seat code is "forbidden" too)
    body["text"] = refusal_text(request_language(request), getattr(exc, "reason", None) or exc.code,
                                exc.message, exc.facts)
    return body


def create_app(station: StationApi, *, mock: bool | None = None) -> FastAPI:
    """The FastAPI app for ``station``. ``mock`` enables the virtual hub (default: ask the station)."""
    from . import pages, routes_api, routes_ws

    app = FastAPI(title="Mexican Train hub", version="1", docs_url=None, redoc_url=None,
                  description="Live scoreboard, table view and seat controllers of the hub station.")
    app.state.station = station
    if mock is None:
        mock = bool(getattr(station, "is_mock", False))     # (``Station.mock`` is the constructor)
    app.state.mock = mock

    @app.exception_handler(StationError)
    async def _station_error(request: Request, exc: StationError):
        return JSONResponse(error_body(request, exc), status_code=error_status(exc))

    @app.exception_handler(RequestValidationError)
    async def _unreadable(request: Request, exc: RequestValidationError):
        # 422 stays 422; the body reads like a refusal, naming the field (web/validation.py)
        # (FastAPI's own "detail" list is kept beside it for API clients)
        body = validation_body(request_language(request), list(exc.errors()))
        body["detail"] = jsonable_encoder(exc.errors())
        return JSONResponse(body, status_code=422)

    @app.get("/docs", include_in_schema=False)
    async def _docs():
        # Swagger UI from web/static/swagger (vendored swagger-ui-dist): the hub has no internet
        return get_swagger_ui_html(openapi_url=app.openapi_url, title="Mexican Train hub API",
                                   swagger_js_url="/static/swagger/swagger-ui-bundle.js",
                                   swagger_css_url="/static/swagger/swagger-ui.css",
                                   swagger_favicon_url="/static/media/icon.svg")

    app.include_router(routes_api.router)
    app.include_router(routes_ws.router)
    app.include_router(pages.router)
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
    return app
