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
