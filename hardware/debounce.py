"""Debounce and long-press timing, independent of any backend (pure, single-threaded state machines).

Debounce acts on the FIRST edge (no added delay): an edge that changes the accepted state is
accepted at once, then every edge within ``debounce_ns`` of that accepted edge is ignored as a
bounce. If the contact settles in a state different from the accepted one (a tap shorter than the
debounce time), :meth:`Debouncer.settle` -- called once the window has passed -- accepts it.
"""
from __future__ import annotations


class Debouncer:
    """Tracks one digital input. Times are integer nanoseconds from one monotonic clock."""

    def __init__(self, debounce_ns: int, initial: bool = False):
        if debounce_ns < 0:
            raise ValueError("debounce_ns must be >= 0")
        self.debounce_ns = debounce_ns
        self.state = initial          #: accepted (debounced) level
        self.raw = initial            #: last level seen on the wire
        self.accepted_at: int | None = None
        self.bounces = 0              #: edges ignored as bounces

    def edge(self, level: bool, now_ns: int) -> bool:
        """Feed a raw edge; returns True when it changed the accepted state (then ``state`` is ``level``)."""
        self.raw = level
        if self.accepted_at is not None and now_ns - self.accepted_at < self.debounce_ns:
            self.bounces += 1
            return False
        if level == self.state:
            return False
        self.state, self.accepted_at = level, now_ns
        return True

    @property
    def unsettled(self) -> bool:
        """True when the wire level differs from the accepted state (a settle is due)."""
        return self.raw != self.state

    def settle(self, now_ns: int) -> bool:
        """Accept the wire level if it differs from the accepted state; returns True if it changed."""
        if self.raw == self.state:
            return False
        self.state, self.accepted_at = self.raw, now_ns
        return True


class PressTimer:
    """Turns accepted press/release transitions into short or long presses (reported on release)."""

    def __init__(self, long_press_ns: int):
        self.long_press_ns = long_press_ns
        self.pressed_at: int | None = None

    def press(self, now_ns: int) -> None:
        """The button went down at ``now_ns``."""
        self.pressed_at = now_ns

    def release(self, now_ns: int) -> tuple[bool, int] | None:
        """The button went up; returns ``(long, held_ns)`` or None when no press was seen."""
        if self.pressed_at is None:
            return None
        held = now_ns - self.pressed_at
        self.pressed_at = None
        return held >= self.long_press_ns, held
