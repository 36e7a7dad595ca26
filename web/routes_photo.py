"""A seat's photo of its tiles at a round's end (issue 20): ``POST /api/seat/N/photo`` with the
image as the raw body (``Content-Type: image/jpeg``, PNG or WebP; the page scales it to about
1600 px first, ``web/static/js/seat-photo.js``). Its body limit is ``web.limits.PHOTO_MAX_BODY``;
every other route keeps ``MAX_BODY``. The reading comes back to be confirmed: nothing is recorded
until the phone sends the tiles as its reveal (``POST /api/seat/N/reveal``).

What a photo may hold of the hub's memory (issue 23): the seat token, the seat and the phase (the
seat's count is due, ``photo_due``) are checked before a byte of the body is read, and at most
``PHOTO_UPLOADS`` photos are received and read at a time across the station (``upload_slots``,
one per app); one more is answered 503 with ``Retry-After`` (``photo-busy``). A phone that goes
away mid-upload is one rate-limited line in the log (``station.logs.once_a_minute``)."""
from __future__ import annotations

import asyncio
import logging
import threading

from fastapi import APIRouter, Request
from fastapi.responses import Response
from starlette.requests import ClientDisconnect

from station.interface import StationError
from station.logs import once_a_minute

from .http import reworded
from .limits import PHOTO_MAX_BODY, client_of
from .routes_api import SeatToken, Seat, _station

router = APIRouter(prefix="/api")
log = logging.getLogger("web.refusals")

#: photos received and read at once, across the station: each holds up to PHOTO_MAX_BODY bytes
#: (twice that while its last chunk is joined) and one is decoded at a time (station.photo.READ_LOCK)
PHOTO_UPLOADS = 2
#: seconds a phone is told to wait (``Retry-After``) when PHOTO_UPLOADS photos are being read
BUSY_RETRY_S = 5


def upload_slots() -> threading.BoundedSemaphore:
    """The ``PHOTO_UPLOADS`` slots of one app (``create_app`` keeps them in ``app.state.photo_slots``),
    taken without waiting."""
    return threading.BoundedSemaphore(PHOTO_UPLOADS)


@router.post("/seat/{seat}/photo", summary="Read a photo of the seat's tiles (nothing is recorded)",
             openapi_extra={"requestBody": {"required": True, "content": {
                 "image/jpeg": {"schema": {"type": "string", "format": "binary"}},
                 "image/png": {"schema": {"type": "string", "format": "binary"}}}}})
async def photo(request: Request, seat: Seat, token: str = SeatToken) -> dict:
    """``{"reading": {"width", "height", "coloured", "tiles": [{"tile", "confidence", "low",
    "outline": [[x, y] x 4], "doubt"}]}, "problems": [...], "holds": n}`` (station/photo.py).
    Before the body is read: 401/403 the token, 400 a seat the game has not or no count due
    ("round-over", worded "photo-not-due", "photo-counted" or "photo-went-out"), 503 with ``Retry-After`` while ``PHOTO_UPLOADS`` photos are being read
    ("photo-busy"); 415 a multipart form (``facts["why"]`` "form": the picture goes as the body itself).
    Then 415 not an image, 413 too large, 400 undecodable, 422 no tile found,
    503 no OpenCV here (web.http.PHOTO_STATUS)."""
    station = _station(request)
    with reworded(_photo_worded):
        station.photo_due(seat, token)               # refused here, the body is never read
    if request.headers.get("content-type", "").lower().startswith("multipart/"):
        # a form upload (curl -F, an HTML form): its body is the form, not the picture
        raise StationError("send the photo's own bytes as the request body (Content-Type: image/jpeg, "
                           "image/png or image/webp), not a multipart form", code="photo-not-image",
                           facts={"field": "photo", "why": "form"})
    slots = request.app.state.photo_slots
    if not slots.acquire(blocking=False):
        raise StationError(f"{PHOTO_UPLOADS} photos are being read: send this one again in {BUSY_RETRY_S} s",
                           code="photo-busy", facts={"field": "photo", "retry_after": BUSY_RETRY_S})
    try:
        try:
            data = await request.body()            # at most PHOTO_MAX_BODY bytes (web.limits.BodyLimit)
        except ClientDisconnect:
            once_a_minute(log, "photo gone", "a photo upload from %s went away before its body (at most %d bytes) "
                          "was all sent", client_of(request), PHOTO_MAX_BODY)
            return Response(status_code=400)       # nobody is there to read it
        with reworded(_photo_worded):
            return await asyncio.to_thread(station.read_photo, seat, token, data)
    finally:
        slots.release()


def _photo_worded(exc: StationError) -> StationError:
    """A photo with no count due, worded as such (``photo-not-due``; ``photo-counted`` when the
    seat's count is already in, ``photo-went-out`` when it has no tile left) rather than the moves' "The round is over."."""
    if exc.code == "round-over":
        exc.reason = {"counted": "photo-counted", "went-out": "photo-went-out"}.get(exc.facts.get("why"), "photo-not-due")
    return exc
