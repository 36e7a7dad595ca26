"""The table the web benches play on (bench/web.py, ws.py, abuse.py), through a running station's
API: ``seat_zero`` sets up a hub game of four on double-12, joins seat 0 and starts round 1;
``draw_or_undo`` makes the benches' move number ``i``: seat 0 draws (even ``i``), the host undoes
it (odd ``i``), so a run of moves never ends the round. The host PIN is bench/hostile.py's."""
from __future__ import annotations

import httpx
from hostile import PIN  # bench/hostile.py, beside this file

HOST = {"X-Host-Pin": PIN}


async def seat_zero(http: httpx.AsyncClient) -> str:
    """Set up and start the game (raises ``httpx.HTTPStatusError`` on a refusal); seat 0's token."""
    (await http.post("/api/host/setup", headers=HOST,
                     json={"players": ["Ana", "Ben", "Chi", "Dee"], "profile": "hub", "set": 12})).raise_for_status()
    code = (await http.get("/api/host/seat/0/code", headers=HOST)).json()["code"]
    token = (await http.post("/api/seat/0/join", json={"code": code})).json()["token"]
    (await http.post("/api/host/start", headers=HOST)).raise_for_status()
    return token


async def draw_or_undo(http: httpx.AsyncClient, token: str, i: int, version: int) -> httpx.Response:
    """Move ``i`` on the table at ``version``: seat 0's draw (even ``i``) or the host's undo (odd);
    the answer, unchecked."""
    if i % 2 == 0:
        return await http.post("/api/seat/0/submit", headers={"X-Seat-Token": token},
                               json={"event": {"draw": True}, "version": version})
    return await http.post("/api/host/undo", headers=HOST, json={"version": version})
