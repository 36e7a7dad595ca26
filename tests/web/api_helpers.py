"""Helpers of the web tests (a module of its own: ``conftest`` is a name every test folder uses)."""
from __future__ import annotations

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
