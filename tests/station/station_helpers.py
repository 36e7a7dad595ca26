"""Helpers for the station tests: waiting on the loop, joining seats."""
from __future__ import annotations

import asyncio
import time

PIN = "2468"


async def wait_for(condition, timeout: float = 10.0, what: str = "condition"):
    """Let the loop run until ``condition()`` is true (hardware events arrive through it)."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.005)


def join_all(st, seats: int) -> list[str]:
    """Join every seat with its code; returns the tokens."""
    return [st.join(s, st.seat_code(s, PIN)) for s in range(seats)]
