"""A seat's photo of its tiles at a round's end (issue 20): ``POST /api/seat/N/photo`` with the
image as the raw body (``Content-Type: image/jpeg``, PNG or WebP; the page scales it to about
1600 px first, ``web/static/js/seat-photo.js``). Its body limit is ``web.limits.PHOTO_MAX_BODY``;
every other route keeps ``MAX_BODY``. The reading comes back to be confirmed: nothing is recorded
until the phone sends the tiles as its reveal (``POST /api/seat/N/reveal``)."""
from __future__ import annotations

import asyncio

from fastapi import APIRouter, Query, Request

from .routes_api import Seat, TokenH, _station, _token

router = APIRouter(prefix="/api")

@router.post("/seat/{seat}/photo", summary="Read a photo of the seat's tiles (nothing is recorded)",
             openapi_extra={"requestBody": {"required": True, "content": {
                 "image/jpeg": {"schema": {"type": "string", "format": "binary"}},
                 "image/png": {"schema": {"type": "string", "format": "binary"}}}}})
async def photo(request: Request, seat: Seat, x_seat_token: str | None = TokenH,
                token: str | None = Query(None)) -> dict:
    """``{"reading": {"width", "height", "coloured", "tiles": [{"tile", "confidence", "low",
    "outline": [[x, y] x 4], "doubt"}]}, "problems": [...], "holds": n}`` (station/photo.py).
    415 not an image, 413 too large, 400 undecodable, 422 no tile found, 503 no OpenCV here
    (web.http.PHOTO_STATUS)."""
    station = _station(request)
    who = _token(x_seat_token, token)
    data = await request.body()
    return await asyncio.to_thread(station.read_photo, seat, who, data)
