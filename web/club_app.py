"""The club's web app: ``create_club_app(club)`` serves ``/club`` (every table live and the
leaderboard, for phones) and ``GET /api/club`` (``station.club.state.Club.api()``).

Like the hub's pages it shows what it is given and decides nothing: each table's round, totals and
whose turn come from that hub's own public view. The page asks ``/api/club`` every second.
"""
from __future__ import annotations

import json
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates

from station import palette

from .app import SafeJSONResponse, request_language
from .i18n import LANGUAGES, gettext_for, is_rtl, js_catalogue

STATIC_DIR = Path(__file__).parent / "static"
templates = Jinja2Templates(directory=str(Path(__file__).parent / "templates"))
POLL_MS = 1000


def create_club_app(club) -> FastAPI:
    """The FastAPI app of the club service for ``club`` (a ``station.club.state.Club``)."""
    app = FastAPI(title="Mexican Train club", version="1", docs_url=None, redoc_url=None,
                  default_response_class=SafeJSONResponse,
                  description="Every hub of a club night: tables live and the leaderboard.")
    app.state.club = club

    @app.get("/api/club", summary="Every hub, its game, and the leaderboard")
    async def api_club() -> dict:
        return club.api()

    @app.get("/", include_in_schema=False)
    async def root():
        return RedirectResponse("/club")

    @app.get("/club", response_class=HTMLResponse, include_in_schema=False)
    async def club_page(request: Request):
        lang = request_language(request)
        boot = {"page": "club", "lang": lang, "club": club.api(), "poll_ms": POLL_MS}
        ctx = {"request": request, "page": "club", "lang": lang, "rtl": is_rtl(lang), "_": gettext_for(lang),
               "languages": LANGUAGES, "palette_css": palette.css_variables(), "palette": palette.as_json(),
               "boot": json.dumps(boot, ensure_ascii=False).replace("</", "<\\/")
               .encode("utf-8", "backslashreplace").decode("utf-8"),
               "catalogue": json.dumps(js_catalogue(lang), ensure_ascii=False).replace("</", "<\\/")}
        response = templates.TemplateResponse(request, "club.html", ctx)
        if request.query_params.get("lang") in LANGUAGES:
            response.set_cookie("lang", lang, max_age=3600 * 24 * 365, samesite="lax")
        return response

    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
    return app
