"""The club's web app: ``create_club_app(club)`` serves ``/club`` (every table live and the
leaderboard, for phones) and ``GET /api/club`` (``club.state.Club.api()``).

Like the hub's pages it shows what it is given and decides nothing: each table's round, totals and
whose turn come from that hub's own public view. The page asks ``/api/club`` every second.
"""
from __future__ import annotations

import logging
import math
import threading
from collections.abc import Iterable
from pathlib import Path

from fastapi import FastAPI, Header, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from pydantic import BaseModel, Field
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates

from station.auth import same
from station.logs import once_a_minute
from station.throttle import Throttle
from web.http import SafeJSONResponse
from web.limits import MAX_BODY, BodyLimit, client_of
from web.pages import TEMPLATES_DIR, render_page
from web.security import LOOPBACK_HOSTS, EdgeGuard

from .tournament import TournamentError

#: ``/static`` looks in the club's own assets (club/static: club.css, club.js) first, then in the
#: hub's shared ones (web/static: app.css, fonts, common.js, the icon)
STATIC_PACKAGES = [("club", "static"), ("web", "static")]
#: templates: the club's own (club.html), then the hub's shell it extends (web/templates/_page.html)
templates = Jinja2Templates(directory=[str(Path(__file__).parent / "templates"), str(TEMPLATES_DIR)])
POLL_MS = 1000
log = logging.getLogger("web.refusals")


class TournamentBody(BaseModel):
    """A tournament: players (names, 2-96), games (1-50), rank ``by`` points or placings, the
    profile and set every game is played with, and the seating's seed (same seed, same seating)."""
    players: list[str] = Field(min_length=2, max_length=96)
    games: int = Field(ge=1, le=50)
    by: str = Field("points", pattern="^(points|placings)$")
    profile: str = Field("hub", pattern="^(classic|hub)$")
    set: int | None = Field(None, ge=6, le=18)
    seed: int = Field(0, ge=0, le=2 ** 31)
    options: dict = Field(default_factory=dict)     # rules.md 4, checked by each hub at set-up


def _error(status: int, message: str, field: str) -> SafeJSONResponse:
    return SafeJSONResponse({"code": "bad-request" if status == 400 else "forbidden", "message": message,
                             "facts": {"field": field}}, status_code=status)


def create_club_app(club, pin: str | None = None, *, allowed_hosts: Iterable[str] = LOOPBACK_HOSTS) -> FastAPI:
    """The FastAPI app of the club service for ``club`` (a ``club.state.Club``); ``pin``:
    the director's PIN (``X-Club-Pin``) for setting up a tournament (None: nobody may). Like the
    hub's edge: bodies over ``MAX_BODY`` get 413, wrong PINs are throttled per client
    (station/throttle.py, counts kept in the club's store: 429 with ``Retry-After``), every 4xx
    names its field, security headers on every response. ``allowed_hosts``: the names and
    addresses the club answers to (the hub's Host and Origin check, web/security.py ``EdgeGuard``;
    ``station club`` gives its own, ``cli.run_command.allowed_hosts``): a DNS-rebinding page
    reaches nothing."""
    app = FastAPI(title="Mexican Train club", version="1", docs_url=None, redoc_url=None,
                  default_response_class=SafeJSONResponse,
                  description="Every hub of a club night: tables live and the leaderboard.")
    app.add_middleware(BodyLimit, max_body=MAX_BODY)
    app.add_middleware(EdgeGuard, allowed_hosts=allowed_hosts)
    app.state.club = club
    throttle = Throttle(db=club.store.db)
    throttle_lock = threading.Lock()

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError):
        first = (list(exc.errors()) or [{}])[0]
        loc = [str(p) for p in first.get("loc", ()) if p != "body"] or ["body"]
        return SafeJSONResponse({"code": "bad-request", "message": f"{'.'.join(loc)}: {first.get('msg', 'invalid')}",
                                 "facts": {"field": ".".join(loc)}}, status_code=422)

    def check_pin(request: Request, given: str | None) -> SafeJSONResponse | None:
        client = client_of(request)
        with throttle_lock:
            wait = throttle.wait(client, "director")
            if wait > 0:
                once_a_minute(log, "throttled director", "refused a director PIN try from %s: throttled", client)
                return SafeJSONResponse({"code": "throttled", "message": f"too many wrong PINs: try again in "
                                         f"{math.ceil(wait)} s", "facts": {"field": "X-Club-Pin",
                                                                           "retry_after": math.ceil(wait)}},
                                        status_code=429, headers={"Retry-After": str(math.ceil(wait))})
            if not given:
                return _error(401, "the director's PIN is needed (X-Club-Pin)", "X-Club-Pin")
            if pin is None or not same(given, pin):
                throttle.failed(client, "director")
                once_a_minute(log, f"wrong director {client}", "refused a wrong director PIN from %s", client)
                return _error(403, "that is not the director's PIN", "X-Club-Pin")
            throttle.succeeded(client, "director")
        return None

    @app.get("/api/club", summary="Every hub, its game, and the leaderboard")
    async def api_club() -> dict:
        return club.api()

    @app.post("/api/club/tournament", summary="Set up a tournament on the hubs online and send game 1")
    async def new_tournament(request: Request, body: TournamentBody, x_club_pin: str | None = Header(None)):
        refused = check_pin(request, x_club_pin)
        if refused is not None:
            return refused
        try:
            return club.director.create(body.players, body.games, body.by, body.profile, body.set, body.seed,
                                         body.options)
        except TournamentError as exc:
            return _error(400, str(exc), exc.field)

    @app.get("/api/club/tournament/{tid}/export", summary="A tournament as JSON or CSV")
    async def export(tid: int, format: str = Query("json", pattern="^(json|csv)$")):
        found = club.director.export(tid, format) if 0 < tid < 2 ** 62 else None
        if found is None:
            return _error(404, f"there is no tournament {tid}", "tid")
        media, text = found
        return Response(text, media_type=media, headers={
            "Content-Disposition": f'attachment; filename="tournament-{tid}.{format}"'})

    @app.get("/", include_in_schema=False)
    async def root():
        return RedirectResponse("/club")

    @app.get("/club", response_class=HTMLResponse, include_in_schema=False)
    async def club_page(request: Request):
        return render_page(templates, request, "club.html", "club", {"club": club.api(), "poll_ms": POLL_MS})

    app.mount("/static", StaticFiles(packages=STATIC_PACKAGES), name="static")
    return app
