"""The HTML pages (Jinja2 templates + plain JavaScript, no build step)."""
from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from fastapi.templating import Jinja2Templates

import palette
from engine.options import PLAYER_RANGE
from station.interface import NoGame
from . import option_words
from .http import request_language
from .refusals import REASONS
from .security import script_json
from .i18n import LANGUAGES, gettext_for, is_rtl, js_catalogue, plural_index

router = APIRouter(include_in_schema=False)
#: the hub's templates; ``_page.html`` is the shell of every page of ours, the club's too
TEMPLATES_DIR = Path(__file__).parent / "templates"
templates = Jinja2Templates(directory=str(TEMPLATES_DIR))

#: the pages (templates ``<page>.html``)
PAGES = ("scoreboard", "table", "seat", "host", "hub", "game", "games", "players", "missing")
#: "Keep screen on" before a phone has chosen: one default on every page that has the toggle
#: (scoreboard, table, seat); the choice a phone makes is kept for all of them (wake.js)
WAKE_DEFAULT = True


def render_page(templates: Jinja2Templates, request: Request, template: str, page: str, boot: dict,
                **extra) -> Response:
    """``template`` rendered in the request's language with what the shell (``_page.html``) needs:
    ``lang``, ``rtl``, ``_``, ``languages``, ``page``, the palette, ``boot`` (the page's boot data,
    with ``page`` and ``lang`` added) and the JavaScript catalogue; ``extra`` goes to the template
    as is. A ``?lang=`` the pages know is kept in a cookie for a year. Shared by the hub's pages
    and the club's (club/web.py)."""
    lang = request_language(request)
    ctx = {
        "request": request, "page": page, "lang": lang, "rtl": is_rtl(lang), "_": gettext_for(lang),
        "languages": LANGUAGES, "boot": script_json({"page": page, "lang": lang, **boot}),
        "catalogue": script_json(js_catalogue(lang)),
        "palette": palette.as_json(), "palette_css": palette.css_variables(), **extra,
    }
    response = templates.TemplateResponse(request, template, ctx)
    if request.query_params.get("lang") in LANGUAGES:
        response.set_cookie("lang", lang, max_age=3600 * 24 * 365, samesite="lax")
    return response


def _render(request: Request, page: str, view: dict | None = None, **extra) -> Response:
    lang = request_language(request)
    station = request.app.state.station
    view = station.view() if view is None else view
    _ = gettext_for(lang)
    boot = {"view": view, "mock": request.app.state.mock, "wake": WAKE_DEFAULT,
            "reasons": {k: _(v) for k, v in REASONS.items()}, "options": option_words.served(lang),
            "plural": plural_index(lang), **extra}
    return render_page(templates, request, f"{page}.html", page, boot, mock=request.app.state.mock, **extra)


@router.get("/", response_class=HTMLResponse)
async def scoreboard(request: Request):
    return _render(request, "scoreboard")


@router.get("/table", response_class=HTMLResponse)
async def table(request: Request):
    return _render(request, "table")


#: the seats a game can have, numbered from 0: below the largest player count of any profile
MAX_PLAYERS = max(most for _least, most in PLAYER_RANGE.values())


@router.get("/seat/{seat}", response_class=HTMLResponse)
async def seat(request: Request, seat: str):
    """A seat's controller for seats 0 .. ``MAX_PLAYERS`` - 1 (a seat the game in play has not is
    the page's to say); any other path, ``-1`` or 20 digits, is a 404 page."""
    if not (seat.isascii() and seat.isdigit() and len(seat) <= 2 and int(seat) < MAX_PLAYERS):
        return missing_page(request, "seat", asked=seat[:24], last_seat=MAX_PLAYERS - 1)
    return _render(request, "seat", seat=int(seat))


def missing_page(request: Request, kind: str, **facts) -> Response:
    """The 404 page (``missing.html``) in the request's language: ``kind`` "seat" (facts ``asked``,
    ``last_seat``), "game" (``game_id``: a stored game's id with no game under it) or "page" (an
    address the hub serves nothing at, web/app.py); each with a way back to the scoreboard."""
    response = _render(request, "missing", kind=kind, **facts)
    response.status_code = 404
    return response


@router.get("/host", response_class=HTMLResponse)
async def host(request: Request):
    return _render(request, "host")


@router.get("/games", response_class=HTMLResponse)
async def past_games(request: Request):
    """The games that are over, for every phone (no PIN): the page loads ``GET /api/games``."""
    return _render(request, "games")


@router.get("/games/{game_id}", response_class=HTMLResponse)
async def stored_game(request: Request, game_id: str):
    """A stored game's read-only page: its scoreboard, rounds and record (``stored_view``);
    ``in_play``: the game is not over yet (the station's ``over``), so its page is not titled
    a past game. An id with no game under it (or not a number) is the 404 page."""
    try:
        number = int(game_id) if game_id.isascii() and game_id.isdigit() and len(game_id) <= 18 else None
        view = request.app.state.station.stored_view(number) if number is not None else None
    except NoGame:
        view = None
    if view is None:
        return missing_page(request, "game", game_id=game_id[:24])
    return _render(request, "game", view=view, game_id=number, in_play=view["over"] is None)


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
