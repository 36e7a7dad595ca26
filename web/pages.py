"""The HTML pages (Jinja2 templates + plain JavaScript, no build step)."""
from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from fastapi.templating import Jinja2Templates

import palette
from . import option_words
from .http import request_language
from .refusals import REASONS
from .security import script_json
from .i18n import LANGUAGES, gettext_for, is_rtl, js_catalogue

router = APIRouter(include_in_schema=False)
templates = Jinja2Templates(directory=str(Path(__file__).parent / "templates"))

#: page -> (template, keep-awake on by default)
PAGES = {"scoreboard": False, "table": True, "seat": True, "host": False, "hub": False, "game": False, "players": False}


def _render(request: Request, page: str, view: dict | None = None, **extra) -> Response:
    lang = request_language(request)
    station = request.app.state.station
    view = station.view() if view is None else view
    _ = gettext_for(lang)
    ctx = {
        "request": request, "page": page, "lang": lang, "rtl": is_rtl(lang), "_": _,
        "languages": LANGUAGES, "mock": request.app.state.mock, "wake_default": PAGES[page],
        "boot": script_json({"page": page, "lang": lang, "view": view, "mock": request.app.state.mock,
                             "wake": PAGES[page], "reasons": {k: _(v) for k, v in REASONS.items()},
                             "options": option_words.served(lang), **extra}),
        "catalogue": script_json(js_catalogue(lang)),
        "palette": palette.as_json(), "palette_css": palette.css_variables(), **extra,
    }
    response = templates.TemplateResponse(request, f"{page}.html", ctx)
    if request.query_params.get("lang") in LANGUAGES:
        response.set_cookie("lang", lang, max_age=3600 * 24 * 365, samesite="lax")
    return response


@router.get("/", response_class=HTMLResponse)
async def scoreboard(request: Request):
    return _render(request, "scoreboard")


@router.get("/table", response_class=HTMLResponse)
async def table(request: Request):
    return _render(request, "table")


@router.get("/seat/{seat}", response_class=HTMLResponse)
async def seat(request: Request, seat: int):
    return _render(request, "seat", seat=seat)


@router.get("/host", response_class=HTMLResponse)
async def host(request: Request):
    return _render(request, "host")


@router.get("/games/{game_id}", response_class=HTMLResponse)
async def stored_game(request: Request, game_id: int):
    """A stored game's read-only page: its scoreboard, rounds and record (``stored_view``)."""
    return _render(request, "game", view=request.app.state.station.stored_view(game_id), game_id=game_id)


@router.get("/hub", response_class=HTMLResponse)
async def hub(request: Request):
    return _render(request, "hub")


@router.get("/players", response_class=HTMLResponse)
async def players(request: Request):
    """Players across nights: the page loads its figures from ``GET /api/players``."""
    return _render(request, "players")


@router.get("/palette.css")
async def palette_css():
    return Response(palette.css_variables(), media_type="text/css")
