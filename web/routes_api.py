"""REST endpoints: one per station intent. Seat token: ``X-Seat-Token`` header or ``token`` query;
host PIN: ``X-Host-Pin`` header only (never in a URL: the host page fetches its downloads)."""
from __future__ import annotations

import asyncio

import json
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Header, Path, Query, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field, StrictInt, model_validator

from engine import Event
from engine.errors import BadRecord
from station.auth import NAME_MAX, PIN_MAX, SECRET_MAX, TEXT_MAX
from station.interface import Forbidden, StationError

from . import qr
from .http import Unauthorized, reworded
from .limits import client_of, secret

router = APIRouter(prefix="/api")


def _station(request: Request):
    return request.app.state.station


def _needed(what: str) -> Unauthorized:
    """The 401 for a request with no seat token (``what`` "token") or no host PIN ("pin"): facts
    ``need`` and the header's name as ``field``; raised by ``_token``/``_pin``, answered by
    ``missing_credentials``."""
    message, header = {"token": ("a seat token is needed", "X-Seat-Token"),
                       "pin": ("the host PIN is needed", "X-Host-Pin")}[what]
    return Unauthorized(message, facts={"need": what, "field": header})


def _token(x_seat_token: Annotated[str | None, Header(alias="X-Seat-Token")] = None,
           token: Annotated[str | None, Query(description="the seat token, where a header cannot be sent")] = None) -> str:
    """The seat token of the request (header ``X-Seat-Token``, or ``?token=``): a dependency, so a
    request without one is told so (401, facts ``need`` "token") before its body is read. The
    station checks that it is this seat's."""
    found = secret(x_seat_token, "X-Seat-Token") or secret(token, "token")
    if not found:
        raise _needed("token")
    return found


def _pin(request: Request, x_host_pin: Annotated[str | None, Header(alias="X-Host-Pin")] = None) -> str:
    """The host PIN of the request (header ``X-Host-Pin``), checked (and throttled per client) by
    the station: a dependency, so a request without the PIN (401, ``need`` "pin") or with a wrong one
    (403) is told so before its body is read."""
    pin = secret(x_host_pin, "X-Host-Pin")
    if not pin:
        raise _needed("pin")
    _station(request).check_pin(pin, client_of(request))
    return pin


def missing_credentials(request: Request) -> Unauthorized | None:
    """The 401 a request would get for a seat token or host PIN it lacks, where its route needs
    one (``_token``/``_pin`` among its dependencies), else None. FastAPI reads a body that is not
    JSON before it runs any dependency: the app's 422 handler asks this first, so a phone that never
    joined is told that, not the body's fault."""
    dependant = getattr(request.scope.get("route"), "dependant", None)
    needs = {d.call for d in getattr(dependant, "dependencies", ())}
    if _token in needs and not (request.headers.get("x-seat-token") or request.query_params.get("token")):
        return _needed("token")
    if _pin in needs and not request.headers.get("x-host-pin"):
        return _needed("pin")
    return None


#: route parameters: ``token: str = SeatToken``, ``pin: str = HostPin``
SeatToken = Depends(_token)
HostPin = Depends(_pin)


MAX_SEAT = 63                      # above every seat a game or hub can have (14 players, 12 seats)
MAX_INT = 2 ** 62                  # versions and ids: far below SQLite's 2^63
Seat = Annotated[int, Path(ge=0, le=MAX_SEAT, description="seat number, from 0")]
TileText = Annotated[str, Field(pattern=r"^[0-9]{1,2}-[0-9]{1,2}$", description='a tile "a-b", e.g. "12-5"')]
Name = Annotated[str, Field(min_length=1, max_length=NAME_MAX)]


class Body(BaseModel):
    """Every request body: unknown keys are refused (422 naming the key)."""

    model_config = ConfigDict(extra="forbid")


class JoinBody(Body):
    code: str = Field(min_length=1, max_length=SECRET_MAX, description="the seat's short join code")


class EventBody(Body):
    """A move as record-format.md writes it, without "seat" (or with the URL's): exactly one of
    play (with on), draw, pass, done, engine; checked by the engine's own ``Event.from_dict``."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    seat: StrictInt | None = Field(None, ge=0, le=MAX_SEAT, description="ignored: the URL's seat")
    play: TileText | None = None
    on: Annotated[StrictInt, Field(ge=0, le=MAX_SEAT)] | Literal["mexican"] | None = None
    draw: Literal[True] | None = None
    pass_: Literal[True] | None = Field(None, alias="pass")
    done: Literal[True] | None = None
    engine: Literal[True] | None = None

    @model_validator(mode="after")
    def _engine_form(self):
        try:
            Event.from_dict({**self.as_event(), "seat": 0})
        except BadRecord as exc:
            raise ValueError(exc.message) from None
        return self

    def as_event(self) -> dict:
        """The event dict the station takes (no "seat": the URL gives it)."""
        return {k: v for k, v in self.model_dump(by_alias=True, exclude_none=True).items() if k != "seat"}


class SubmitBody(Body):
    event: EventBody = Field(description='record-format.md event without "seat", e.g. {"play": "12-5", "on": 1}')
    version: int = Field(ge=0, le=MAX_INT, description="the view version the move was made on")


class HandBody(Body):
    tiles: list[TileText] = Field(max_length=200)


class RevealBody(Body):
    hand: Annotated[list[TileText], Field(max_length=200)] | Annotated[StrictInt, Field(ge=0, le=100_000)] = Field(
        description="the tiles left in hand, or the pip count")
    typed: Annotated[StrictInt, Field(ge=0, le=100_000)] | None = Field(
        None, description="a pip count the player also typed beside the tiles: refused when it differs")


class SetupBody(Body):
    players: list[Name] = Field(min_length=2, max_length=14)
    profile: Literal["classic", "hub"] = "hub"
    set: int | None = Field(None, ge=0, le=99)
    options: dict[Annotated[str, Field(max_length=40)], Any] = Field(default_factory=dict, max_length=40)
    hidden_hands: bool = True
    ruleset: str | None = Field(None, max_length=160, description="the saved rule set the options came from")
    hints: bool = Field(True, description="seat pages may ask for hints (where the station knows the hand)")
    computers: dict[Annotated[str, Field(max_length=2)], Literal["random", "greedy", "playout"]] = Field(
        default_factory=dict, max_length=14, description='seats the station plays, e.g. {"1": "greedy"}')


class UndoBody(Body):
    version: int = Field(ge=0, le=MAX_INT)


class CorrectBody(Body):
    round: int = Field(ge=0, le=99)
    seat: int = Field(ge=0, le=MAX_SEAT)
    score: int = Field(ge=0, le=100_000)
    reason: str = Field(min_length=1, max_length=TEXT_MAX)


class EndBody(Body):
    abandon: bool = False


class PinBody(Body):
    new_pin: str = Field(min_length=1, max_length=PIN_MAX, description="the new host PIN: 4-12 digits")


class ShowBody(Body):
    game_id: int = Field(ge=1, le=MAX_INT, description="a stored game's id (GET /api/host/games)")


class KeepPhotosBody(Body):
    keep: bool = Field(description="keep each seat's photo of its tiles with the game, for disputes")


class PressBody(Body):
    seat: int = Field(ge=0, le=MAX_SEAT)
    long: bool = False


class SlotBody(Body):
    slot: str = Field(min_length=1, max_length=32)
    occupied: bool




@router.get("/view", summary="The table as everyone may see it")
async def get_view(request: Request) -> dict:
    return _station(request).view()


@router.get("/seat/{seat}/view", summary="The table plus this seat's own options and hand")
async def get_seat_view(request: Request, seat: Seat, token: str = SeatToken) -> dict:
    return _station(request).seat_view(seat, token)


@router.get("/seat/{seat}/hint", summary="A hint: the longest train and the plays ranked by playouts")
async def get_hint(request: Request, seat: Seat, token: str = SeatToken) -> dict:
    """Runs about a thousand playouts in a thread (station/computers.py): the loop never blocks."""
    station = _station(request)
    return await asyncio.to_thread(station.seat_hint, seat, token)


@router.post("/seat/{seat}/join", summary="Trade the seat's short code for its token")
async def join(request: Request, seat: Seat, body: JoinBody) -> dict:
    try:
        token = _station(request).join(seat, body.code.strip(), client_of(request))
    except Forbidden as exc:
        # a used code (each joins once: the host page shows the seat's new one), an expired one,
        # else worded "That is not this seat's code: ask the host."
        exc.reason = {"code-used": "seat-code-used", "code-expired": "seat-code-expired"}.get(
            exc.facts.get("why"), "wrong-seat-code")
        raise
    return {"seat": seat, "token": token}


@router.post("/seat/{seat}/submit", summary="A move: play, draw, pass, done, engine")
async def submit(request: Request, seat: Seat, body: SubmitBody, token: str = SeatToken) -> dict:
    event = body.event.as_event()
    return _station(request).submit(seat, token, event, body.version)


@router.post("/seat/{seat}/hand", summary="Register the seat's hand privately")
async def register_hand(request: Request, seat: Seat, body: HandBody, token: str = SeatToken) -> dict:
    return _station(request).register_hand(seat, token, body.tiles)


@router.post("/seat/{seat}/reveal", summary="At the round's end: the tiles left or the pip count")
async def reveal(request: Request, seat: Seat, body: RevealBody, token: str = SeatToken) -> dict:
    return _station(request).reveal(seat, token, body.hand, body.typed)


@router.post("/host/check", summary="Check the host PIN", dependencies=[HostPin])
async def host_check(request: Request) -> dict:
    """200 for the right PIN; 403 wrong; 429 (``Retry-After``) after too many wrong ones."""
    return {"ok": True}


@router.post("/host/pin", summary="Change the host PIN (4-12 digits)")
async def change_pin(request: Request, body: PinBody, pin: str = HostPin) -> dict:
    _station(request).change_pin(pin, body.new_pin)
    return {"ok": True, "length": len(body.new_pin)}


@router.get("/host/games", summary="Every stored game, newest first")
async def games(request: Request, pin: str = HostPin) -> list[dict]:
    return _station(request).games(pin)


@router.post("/host/show", summary="Reopen a stored game's scoreboard on every page")
async def show_game(request: Request, body: ShowBody, pin: str = HostPin) -> dict:
    return _station(request).show_game(pin, body.game_id)


@router.get("/host/seat/{seat}/code", summary="The seat's short join code, link and QR code (SVG)")
async def seat_code(request: Request, seat: Seat, pin: str = HostPin) -> dict:
    """``expires_in``: seconds until the code stops being accepted (then this answers a new one)."""
    code, left = _station(request).seat_code_timed(seat, pin)
    link = f"{qr.base_url(request)}/seat/{seat}?code={code}"
    return {"seat": seat, "code": code, "link": link, "svg": qr.svg(link), "expires_in": max(0, int(left))}


@router.post("/host/seat/{seat}/release", summary="Release a seat (its token stops working)")
async def release_seat(request: Request, seat: Seat, pin: str = HostPin) -> dict:
    return _station(request).release_seat(seat, pin)


@router.post("/host/setup", summary="Set up a game")
async def setup(request: Request, body: SetupBody, pin: str = HostPin) -> dict:
    """A refused set-up answers 400 with the station's reason, worded from ``facts["option"]``
    (web/refusals.py ``setup-*``) or, for an option the table does not word, the station's message."""
    with reworded(_setup_worded):
        return _station(request).setup_game(pin, [p.strip() for p in body.players],
                                            body.profile, body.set, body.options, body.hidden_hands,
                                            body.ruleset, hints=body.hints, computers=body.computers)


@router.post("/host/preview", summary="The deal a set-up would give (nothing is set up)")
async def preview(request: Request, body: SetupBody, pin: str = HostPin) -> dict:
    """``{"set", "rounds", "hand_size", "boneyard", "default"?}``; refused as ``/host/setup`` is."""
    with reworded(_setup_worded):
        return _station(request).preview_setup(pin, [p.strip() for p in body.players],
                                               body.profile, body.set, body.options)


#: facts["option"] of a refused set-up -> web/refusals.py reason ("setup-other": the station's words)
SETUP_REASONS = {"names": "setup-names", "players": "setup-players", "set": "setup-set",
                 "hand_size": "setup-hand_size"}


def _setup_worded(exc: StationError) -> StationError:
    """A refused set-up (or preview), worded from ``facts["option"]`` (``SETUP_REASONS``)."""
    if exc.code == "bad-request":
        exc.reason = SETUP_REASONS.get(exc.facts.get("option"), "setup-other")
    return exc


@router.post("/host/club-setup", summary="Set up the game the club proposed (the view's club_setup)")
async def club_setup(request: Request, pin: str = HostPin) -> dict:
    return _station(request).setup_from_club(pin)


@router.post("/host/start", summary="Start the next round")
async def start(request: Request, pin: str = HostPin) -> dict:
    return _station(request).start_round(pin)


@router.post("/host/undo", summary="Undo the last event")
async def undo(request: Request, body: UndoBody, pin: str = HostPin) -> dict:
    return _station(request).undo(pin, body.version)


@router.post("/host/correct", summary="Correct a seat's score in a scored round")
async def correct(request: Request, body: CorrectBody, pin: str = HostPin) -> dict:
    return _station(request).correct(pin, body.round, body.seat, body.score, body.reason)


@router.post("/host/end", summary="End or abandon the game")
async def end(request: Request, body: EndBody, pin: str = HostPin) -> dict:
    return _station(request).end_game(pin, body.abandon)


@router.get("/host/export", summary="Download the game as a mexican-train-record/1 document",
            dependencies=[HostPin])
async def export(request: Request, game_id: int | None = Query(None, ge=1, le=MAX_INT)) -> Response:
    """The PIN goes in the ``X-Host-Pin`` header, never in the URL (a URL is kept in the
    browser's history and the server's logs): the host page fetches the file and saves it."""
    return _download(_station(request).export(game_id), game_id)


def _download(record: dict, game_id: int | None) -> Response:
    """A record as a JSON file download named after its game."""
    name = f"mexican-train-{game_id if game_id is not None else 'game'}.json"
    return Response(json.dumps(record, indent=1, ensure_ascii=False).encode("utf-8", "backslashreplace"),
                    media_type="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


GameId = Annotated[int, Path(ge=1, le=MAX_INT, description="a stored game's id")]


@router.get("/games", summary="The games that are over, newest first (no PIN: every phone may see them)")
async def past_games(request: Request) -> list[dict]:
    """``[{"id", "created", "status", "players", "shown", "over"}]`` (station/archive.py
    ``past_games``): played out, ended early or abandoned; the game in play is not listed."""
    return _station(request).past_games()


@router.get("/games/{game_id}", summary="A stored game, read-only: its scoreboard and rounds")
async def stored_game(request: Request, game_id: GameId) -> dict:
    return _station(request).stored_view(game_id)


@router.get("/games/{game_id}/record", summary="Download a finished or abandoned game's record")
async def stored_record(request: Request, game_id: GameId) -> Response:
    return _download(_station(request).stored_record(game_id), game_id)


@router.get("/games/{game_id}/photos/{round_index}/{seat}",
            summary="A photo of a seat's tiles kept with a stored game (the host keeps photos for disputes)")
async def stored_photo(request: Request, game_id: GameId, round_index: Annotated[int, Path(ge=0, le=MAX_INT)],
                       seat: Seat) -> Response:
    """The image as it was uploaded (``image/jpeg``, ``image/png`` or ``image/webp``); 404 when
    none was kept for that round and seat, 409 for an unknown game."""
    data, media = _station(request).stored_photo(game_id, round_index, seat)
    return Response(data, media_type=media, headers={"Cache-Control": "private, max-age=3600",
                                                     "X-Content-Type-Options": "nosniff"})


@router.get("/host/photos", summary="Whether photos of counted hands are kept for disputes")
async def keep_photos(request: Request, pin: str = HostPin) -> dict:
    return _station(request).keep_photos(pin)


@router.post("/host/photos", summary="Keep photos of counted hands for disputes, or not (off by default)")
async def set_keep_photos(request: Request, body: KeepPhotosBody, pin: str = HostPin) -> dict:
    """``{"keep": bool}``: on, the last photo each seat had read in a round is stored with the
    game and listed on its page (/games/N); off, a photo is read and dropped."""
    return _station(request).keep_photos(pin, body.keep)


@router.get("/hub/address", summary="The hub's address (IP) as text and QR code, and hub.local")
async def hub_address(request: Request) -> dict:
    """``loopback``: the station serves on loopback alone, so phones cannot reach it (``url`` is then
    the address the request came in on); ``mdns`` is None unless it serves on every interface."""
    url = qr.lan_url(request)
    loopback = qr.loopback_only(request)
    return {"url": url, "mdns": qr.mdns_url(request), "svg": qr.svg(url), "loopback": loopback,
            "host": request.url.hostname if loopback else None}


#: the virtual hub's endpoints: ``create_app`` includes them only with mock hardware (else 404)
mock_router = APIRouter(prefix="/api")


@mock_router.post("/hub/press", summary="Virtual hub: press a seat button (mock only)")
async def press(request: Request, body: PressBody) -> dict:
    _station(request).mock_press(body.seat, body.long)
    return {"ok": True}


@mock_router.post("/hub/slot", summary="Virtual hub: a tile put in or taken out of a slot (mock only)")
async def slot(request: Request, body: SlotBody) -> dict:
    _station(request).mock_slot(body.slot, body.occupied)
    return {"ok": True}
