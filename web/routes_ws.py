"""``/ws``: every new ``view()`` pushed as soon as the station publishes it.

Query ``seat`` and ``token`` make it a seat's socket: it then gets ``seat_view`` (with ``me``).
A malformed ``seat`` (not a seat number) or ``token`` (not printable ASCII, too long) closes the
socket at once with code 1008 and a reason naming the field; a wrong token is said once as an error.
Messages: ``{"type": "view", "view": {...}}`` and ``{"type": "error", ...}``. The client may send
any text (e.g. ``"ping"``) to keep the connection warm; it is answered with ``{"type": "pong"}``.
A binary frame closes the socket with 1003 (invalid UTF-8: 1007, by the server), one log line a
minute per cause.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import logging

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from station.interface import StationError
from station.logs import once_a_minute

from .limits import secret

router = APIRouter()
log = logging.getLogger("web.refusals")
MAX_SEAT = 63


def _query(ws: WebSocket) -> tuple[int | None, str | None]:
    """The socket's ``seat`` and ``token``; raises ``StationError`` naming a malformed one."""
    seat_q = ws.query_params.get("seat")
    seat = None
    if seat_q:
        if not (seat_q.isascii() and seat_q.isdigit() and len(seat_q) <= 2 and int(seat_q) <= MAX_SEAT):
            raise StationError(f"seat must be a seat number 0-{MAX_SEAT}", facts={"field": "seat"})
        seat = int(seat_q)
    return seat, secret(ws.query_params.get("token"), "token")


def _encode(message: dict) -> str:
    """JSON text any name survives: a lone surrogate stored by an older station goes as ``\\udXXX``."""
    text = json.dumps(message, separators=(",", ":"), ensure_ascii=False)
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


_last: list = [None, ""]        # the last published view and its message text (the loop's thread only)


def _everyones(view: dict) -> str:
    """The ``view`` message for every socket that is no seat's, encoded once per published view
    (with 200 sockets, encoding it per socket was most of a move's submit time)."""
    if _last[0] is not view:
        _last[0], _last[1] = view, _encode({"type": "view", "view": view})
    return _last[1]


def _current(station, seat: int | None, token: str | None) -> tuple[dict, dict | None]:
    if seat is not None and token:
        try:
            return station.seat_view(seat, token), None
        except StationError as exc:
            return station.view(), exc.as_dict()
    return station.view(), None


@router.websocket("/ws")
async def live(ws: WebSocket):
    station = ws.app.state.station
    await ws.accept()
    try:
        seat, token = _query(ws)
    except StationError as exc:
        await ws.close(code=1008, reason=exc.message[:120])
        return
    queue = station.subscribe()
    lock = asyncio.Lock()

    async def send(message: dict | str) -> None:
        text = message if isinstance(message, str) else _encode(message)
        async with lock:
            await ws.send_text(text)

    try:
        me = {"seat": seat, "token": token}

        async def push(published: dict | None = None) -> None:
            # a seat token that stops working (the host released the seat) is said once, as an
            # error, then the socket goes on as everyone's: the page drops the token and offers to join
            if published is not None and me["seat"] is None:
                await send(_everyones(published))     # built and encoded once for every socket
                return
            v, e = _current(station, me["seat"], me["token"])
            if e:
                await send({"type": "error", **e})
                me["seat"] = me["token"] = None
            await send({"type": "view", "view": v})

        await push()

        async def pump():
            while True:
                published = await queue.get()
                while not queue.empty():          # only the newest matters
                    published = queue.get_nowait()
                await push(published)

        async def listen():
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    return
                if message.get("text") is None:       # a binary frame: not ours; one line, closed
                    client = ws.client.host if ws.client else "?"
                    once_a_minute(log, "ws-binary", "closed a WebSocket from %s: a binary frame", client)
                    await ws.close(code=1003, reason="text frames only")
                    return
                await send({"type": "pong"})

        tasks = [asyncio.create_task(pump()), asyncio.create_task(listen())]
        done, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        for t in pending:
            t.cancel()
        for t in done:
            with contextlib.suppress(WebSocketDisconnect, RuntimeError, asyncio.CancelledError):
                t.result()
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        station.unsubscribe(queue)
