"""The mock hub: :class:`MockHub`, a :class:`hardware.hub.Hub` on gpiozero's MockFactory with the
controls that drive its MockPins and its virtual sensor board (the virtual hub page, tests, doctor --mock).

The real :class:`~hardware.hub.Hub` has none of these controls.
"""
from __future__ import annotations

from collections.abc import Callable

from hardware.build import HubBuild
from hardware.errors import MockControlError, UnknownInput
from hardware.hub import Hub
from hardware.strip import RecordingStrip


class MockHub(Hub):
    """A hub whose inputs are gpiozero MockPins (and a VirtualBoard for sensor-board slots), with
    mock controls: :meth:`mock_button`, :meth:`mock_press`, :meth:`mock_slot`, :meth:`mock_pin`.

    Construct with :meth:`create`; ``MockHub(build, pin_factory=MockFactory(), strip=..., ...)``
    takes the arguments of :class:`~hardware.hub.Hub` for a test that brings its own pieces.
    """

    @classmethod
    def create(cls, build: HubBuild | None = None, *, clock_ns: Callable[[], int] | None = None,
               heartbeat_ms: int = 100, keep_frames: int | None = None, real_board: bool = False) -> "MockHub":
        """A hub on gpiozero's MockFactory, a RecordingStrip and (when the build has sensor-board slots)
        a VirtualBoard on a pseudo-terminal sending heartbeats every ``heartbeat_ms``; with
        ``real_board`` the build's own ``sensor_board.port`` instead (a real board on a machine
        without the Pi's pins: a development machine, the hub box's VM).

        ``build`` defaults to the reference build (``hardware.config.default_build``); ``clock_ns``
        defaults to a SkewClock so mock_press(long=True) needs no sleep; ``keep_frames`` bounds the
        frames the recording strip keeps (None: all).
        """
        from gpiozero.pins.mock import MockFactory

        from hardware.clock import SkewClock
        from hardware.config import default_build
        build = build or default_build()
        vb = None
        if build.board is not None and any(s.source == "board" for s in build.slots) and not real_board:
            from hardware.virtual_board import VirtualBoard
            vb = VirtualBoard([s.name for s in build.slots if s.source == "board"], heartbeat_ms=heartbeat_ms)
        return cls(build, pin_factory=MockFactory(), strip=RecordingStrip(build.strip.count, build.strip.brightness, keep_frames),
                   clock_ns=clock_ns or SkewClock(), board_port=vb.path if vb else None, virtual_board=vb)

    def mock_pin(self, target: str | int):
        """The gpiozero MockPin of slot ``target`` (a name) or of seat ``target``'s button (an int).
        Raises UnknownInput (a KeyError) for a sensor-board slot or an unknown name; MockControlError (a TypeError) when the pin factory
        given to the constructor was not a MockFactory."""
        key = ("seat", target) if isinstance(target, int) else ("slot", target)
        if key not in self._devices:
            raise UnknownInput(f"no GPIO input for {target!r} (sensor-board slot or unknown)")
        pin = self._devices[key][0].pin
        if not hasattr(pin, "drive_low"):
            raise MockControlError("mock controls need gpiozero's MockFactory (MockHub.create)")
        return pin

    def _drive(self, target: str | int, on: bool) -> None:
        spec = self._devices[("seat", target) if isinstance(target, int) else ("slot", target)][1]
        pin = self.mock_pin(target)
        if on == spec.active_low:
            pin.drive_low()
        else:
            pin.drive_high()

    def _advance(self, ms: float) -> bool:
        advance = getattr(self.clock_ns, "advance", None)
        if advance is not None:
            advance(ms)
        return advance is not None

    def mock_button(self, seat: int, pressed: bool) -> None:
        """Set seat ``seat``'s button contact down (True) or up, as the wire would (one clean edge)."""
        self._drive(seat, pressed)

    def mock_press(self, seat: int, long: bool = False) -> None:
        """A clean press and release of seat ``seat``'s button; the hub clock jumps instead of sleeping
        (past the button's stable time after each edge, so the filter accepts both at once).

        Needs an advanceable clock (SkewClock or ManualClock) -- raises MockControlError (a TypeError) otherwise.
        """
        stable = self.build.button_stable_ms
        if not self._advance(0):
            raise MockControlError("mock_press needs an advanceable clock (hardware.clock.SkewClock/ManualClock)")
        self._drive(seat, True)
        self._advance(self.build.long_press_ms + 1 if long else stable + 1)
        self._drive(seat, False)
        self._advance(stable + 1)

    def mock_slot(self, slot: str, occupied: bool, tile: str | None = None) -> None:
        """Put a tile in (``occupied=True``) or take it out of ``slot``: a clean GPIO edge after which the
        hub clock jumps past the slot sensors' stable time, or a report from the virtual sensor board
        for board slots (``tile`` is the tag id, board slots only). Raises MockControlError (a TypeError) for a board slot
        when the hub has no virtual board."""
        if self.build.slot(slot).source == "board":
            if self.virtual_board is None:
                raise MockControlError("mock_slot on a board slot needs MockHub.create()'s virtual board")
            self.virtual_board.set_slot(slot, occupied, tile)
            return
        self._drive(slot, occupied)
        self._advance(self.build.slot_stable_ms + 1)
