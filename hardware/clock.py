"""Injectable monotonic clocks (integer nanoseconds) for deterministic debounce and long-press tests."""
from __future__ import annotations

import threading
import time


class ManualClock:
    """A clock that only moves when told: ``clock()`` returns ns; ``advance(ms=..., ns=...)`` moves it."""

    def __init__(self, start_ns: int = 1_000_000_000):
        self._now = start_ns
        self._lock = threading.Lock()

    def __call__(self) -> int:
        return self._now

    def advance(self, ms: float = 0, ns: int = 0) -> int:
        """Move forward by ``ms`` milliseconds plus ``ns`` nanoseconds; returns the new time in ns."""
        with self._lock:
            self._now += int(ms * 1_000_000) + ns
            return self._now


class SkewClock:
    """``time.monotonic_ns()`` plus a skew that ``advance`` increases: real time keeps flowing, and
    mock helpers can jump forward (e.g. to hold a button long) without sleeping."""

    def __init__(self):
        self._skew = 0
        self._lock = threading.Lock()

    def __call__(self) -> int:
        return time.monotonic_ns() + self._skew

    def advance(self, ms: float = 0, ns: int = 0) -> int:
        """Jump forward by ``ms`` milliseconds plus ``ns`` nanoseconds; returns the new time in ns."""
        with self._lock:
            self._skew += int(ms * 1_000_000) + ns
        return self()
