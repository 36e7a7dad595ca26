"""The HTML pages (Jinja2 templates + plain JavaScript, no build step)."""
from __future__ import annotations

import json
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from fastapi.templating import Jinja2Templates

import palette
from .http import request_language
from .refusals import REASONS
from .i18n import LANGUAGES, gettext_for, is_rtl, js_catalogue

router = APIRouter(include_in_schema=False)
templates = Jinja2Templates(directory=str(Path(__file__).parent / "templates"))

#: page -> (template, keep-awake on by default)
PAGES = {"scoreboard": False, "table": True, "seat": True, "host": False, "hub": False}


def _render(request: Request, page: str, **extra) -> Response:
    lang = request_language(request)
    station = request.app.state.station
    view = station.view()
    _ = gettext_for(lang)
    ctx = {
        "request": request, "page": page, "lang": lang, "rtl": is_rtl(lang), "_": _,
        "languages": LANGUAGES, "mock": request.app.state.mock, "wake_default": PAGES[page],
        "boot": json.dumps({"page": page, "lang": lang, "view": view, "mock": request.app.state.mock,
                            "wake": PAGES[page], "reasons": {k: _(v) for k, v in REASONS.items()}, **extra}, ensure_ascii=False).replace("</", "<\\/")
        .encode("utf-8", "backslashreplace").decode("utf-8"),    # a stored lone surrogate: its \udXXX escape
        "catalogue": json.dumps(js_catalogue(lang), ensure_ascii=False).replace("</", "<\\/"),
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


@router.get("/hub", response_class=HTMLResponse)
async def hub(request: Request):
    return _render(request, "hub")


@router.get("/palette.css")
async def palette_css():
    return Response(palette.css_variables(), media_type="text/css")
