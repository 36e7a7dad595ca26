"""The input glitch filter and long-press timing, independent of any backend (pure state machines).

A level counts only once it has held for ``stable_ns`` (a *minimum stable time*): a spike, a
contact bounce or release chatter shorter than that never reaches the station, whichever edge it
rides on. The price is latency: every accepted change is reported ``stable_ns`` after the wire
settled (buttons 5 ms, slot sensors 30 ms in the shipped builds). The accepted change keeps the
time the wire *settled* (``since_ns``), so press lengths are not stretched by the filter.

The same filter runs in the sensor board's reference firmware (firmware/sensor_board/main.py).
"""
from __future__ import annotations

from hardware.errors import InvalidValue


class Debouncer:
    """Tracks one digital input. Times are integer nanoseconds from one monotonic clock.

    Feed every wire edge to :meth:`edge`; call :meth:`poll` when :meth:`due_ns` has passed.
    Both return the accepted changes as ``(level, since_ns)`` pairs.
    """

    def __init__(self, stable_ns: int, initial: bool = False):
        if stable_ns < 0:
            raise InvalidValue("stable_ns must be >= 0")
        self.stable_ns = stable_ns
        self.state = initial          #: accepted (filtered) level
        self.raw = initial            #: last level seen on the wire
        self.changed_at: int | None = None   #: when the wire last changed level (ns)
        self.glitches = 0             #: pulses dropped for being shorter than stable_ns

    def edge(self, level: bool, now_ns: int) -> list[tuple[bool, int]]:
        """The wire went to ``level`` at ``now_ns``.

        Returns the accepted changes, oldest first: the previous level if it had held for
        ``stable_ns`` by ``now_ns`` (it was accepted and not yet polled), and with ``stable_ns`` 0
        the new level itself. A level change that undoes an unaccepted one counts a glitch.
        """
        out = self.poll(now_ns)
        if level != self.raw:
            if self.raw != self.state:        # the wire returns before its change was accepted
                self.glitches += 1
            self.raw, self.changed_at = level, now_ns
        return out + self.poll(now_ns)

    def due_ns(self) -> int | None:
        """When the pending wire level will be accepted if it holds (ns), or None when none is pending."""
        if self.raw == self.state or self.changed_at is None:
            return None
        return self.changed_at + self.stable_ns

    def poll(self, now_ns: int) -> list[tuple[bool, int]]:
        """Accept the wire level if it has held for ``stable_ns`` by ``now_ns``; returns ``[(level, since_ns)]`` or []."""
        due = self.due_ns()
        if due is None or now_ns < due:
            return []
        self.state = self.raw
        return [(self.state, self.changed_at)]

    @property
    def unsettled(self) -> bool:
        """True when the wire level differs from the accepted state (a poll is due at :meth:`due_ns`)."""
        return self.raw != self.state


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
