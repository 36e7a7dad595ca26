"""Events the hub hands to the station (always on the asyncio loop thread).

Timestamps ``at_ns`` are integer nanoseconds from the hub's monotonic clock (``time.monotonic_ns``
unless a clock was injected); they are comparable with each other, not with wall-clock time.
Slot names are "engine", "mexican" and "seat0".."seatN-1"; seats are 0-based ints.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SlotChanged:
    """A slot became occupied (``occupied=True``) or cleared, after debouncing.

    ``tile`` is the optional tag id a sensor board may report (no shipped build reads tags: None); ``source`` is
    "gpio" or "board". For GPIO slots ``at_ns`` is the accepted edge; for board slots the time
    the host received the report.
    """

    slot: str
    occupied: bool
    at_ns: int
    tile: str | None = None
    source: str = "gpio"


@dataclass(frozen=True)
class ButtonPressed:
    """A seat button was pressed and released: ``long`` when held >= long_press_ms.

    Reported on release; ``at_ns`` is the release time and ``held_ns`` how long it was held.
    """

    seat: int
    long: bool
    at_ns: int
    held_ns: int = 0


@dataclass(frozen=True)
class BoardStatus:
    """The sensor board link changed state.

    ``connected`` False means the board is lost: slots it reports keep their last known state
    but are stale until the next ``connected=True`` status. ``reason`` is human readable
    (e.g. "heartbeat timeout", "port error: ..."); ``board_id`` and ``protocol`` come from HELLO.
    """

    connected: bool
    at_ns: int
    reason: str = ""
    board_id: str | None = None
    protocol: int | None = None


HubEvent = SlotChanged | ButtonPressed | BoardStatus
