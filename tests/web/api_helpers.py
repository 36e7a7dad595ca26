"""Helpers of the web tests (a module of its own: ``conftest`` is a name every test folder uses)."""
from __future__ import annotations

import time

PIN = "2468"
H = {"X-Host-Pin": PIN}


def join_seats(client, n: int) -> list[str]:
    """Every seat joins with the code the host page shows; returns the seat tokens."""
    tokens = []
    for seat in range(n):
        code = client.get(f"/api/host/seat/{seat}/code", headers=H).json()["code"]
        r = client.post(f"/api/seat/{seat}/join", json={"code": code})
        assert r.status_code == 200, r.text
        tokens.append(r.json()["token"])
    return tokens


def wait_view(client, predicate, what, timeout=10.0):
    """The view once ``predicate(view)`` holds (hardware events reach the station through its loop)."""
    deadline = time.monotonic() + timeout
    while True:
        view = client.get("/api/view").json()
        if predicate(view):
            return view
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.02)


def end_round(client, tokens) -> None:
    """Round 1 of a 4-seat hidden-hands double-6 game of 2 tiles each (tests/web/conftest.py
    ``game``) ends: seat 0 goes out; seats 1-3 hold one tile each and owe their count."""
    for seat, tile in ((0, "6-1"), (1, "6-2"), (2, "6-3"), (3, "6-4"), (0, "1-2")):
        r = client.post(f"/api/seat/{seat}/submit", json={"event": {"play": tile, "on": seat},
                                                          "version": client.get("/api/view").json()["version"]},
                        headers={"X-Seat-Token": tokens[seat]})
        assert r.status_code == 200, r.text
