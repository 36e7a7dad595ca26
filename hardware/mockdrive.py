"""Mock-only controls of :class:`hardware.hub.Hub`: drive gpiozero MockPins and the virtual board."""
from __future__ import annotations


class MockControls:
    """Mixed into Hub. Every method raises TypeError on a real hub (its pins are not MockPins)."""

    def mock_pin(self, target: str | int):
        """The gpiozero MockPin of slot ``target`` (a name) or of seat ``target``'s button (an int)."""
        key = ("seat", target) if isinstance(target, int) else ("slot", target)
        if key not in self._devices:
            raise KeyError(f"no GPIO input for {target!r} (sensor-board slot or unknown)")
        pin = self._devices[key][0].pin
        if not hasattr(pin, "drive_low"):
            raise TypeError("mock controls need a Hub.mock() hub")
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

        Needs an advanceable clock (SkewClock or ManualClock) -- raises TypeError otherwise.
        """
        stable = self.build.button_stable_ms
        if not self._advance(0):
            raise TypeError("mock_press needs an advanceable clock (hardware.clock.SkewClock/ManualClock)")
        self._drive(seat, True)
        self._advance(self.build.long_press_ms + 1 if long else stable + 1)
        self._drive(seat, False)
        self._advance(stable + 1)

    def mock_slot(self, slot: str, occupied: bool, tile: str | None = None) -> None:
        """Put a tile in (``occupied=True``) or take it out of ``slot``: a clean GPIO edge after which the
        hub clock jumps past the slot sensors' stable time, or a report from the virtual sensor board
        for board slots (``tile`` is the tag id, board slots only)."""
        if self.build.slot(slot).source == "board":
            if self.virtual_board is None:
                raise TypeError("mock_slot on a board slot needs a Hub.mock() hub")
            self.virtual_board.set_slot(slot, occupied, tile)
            return
        self._drive(slot, occupied)
        self._advance(self.build.slot_stable_ms + 1)
