"""The resolved description of one hub build (what ``hardware.config.load_build`` returns).

All pins are BCM GPIO numbers; all times are milliseconds; LED indices count from 0 along the strip.
"""
from __future__ import annotations

from dataclasses import dataclass

from hardware.errors import SeatOutOfRange, UnknownInput


@dataclass(frozen=True)
class InputSpec:
    """One digital input: ``pull`` is "up", "down" or "off"; ``active_low`` means LOW = occupied/pressed."""

    pin: int
    pull: str
    active_low: bool


@dataclass(frozen=True)
class SlotSpec:
    """A slot ("engine", "mexican", "seat0".."seatN-1"): its presence input and its LED segment.

    ``source`` is "gpio" (``input`` set) or "board" (reported by the sensor board, ``input`` None).
    """

    name: str
    source: str
    input: InputSpec | None
    leds: tuple[int, ...]


@dataclass(frozen=True)
class StripSpec:
    """The WS2812/SK6812 strip: ``count`` LEDs, colour ``order``, ``brightness`` 0..255, data ``gpio``,
    rpi-ws281x ``channel``, ``dma`` channel, ``freq_hz``, ``invert``; ``ring`` the centre ring LEDs;
    ``driver`` one of hardware.leds.DRIVER_CHOICES (the DRIVERS table, or "auto": picks by the board model)."""

    count: int
    order: str
    brightness: int
    gpio: int
    channel: int
    bus: str
    dma: int
    freq_hz: int
    invert: bool
    ring: tuple[int, ...]
    driver: str = "auto"


@dataclass(frozen=True)
class EnclosureSpec:
    """The hub's enclosure (docs/enclosure/hub.scad, made by tools/enclosure.py), in mm: a pocket per
    train of ``slot_length_mm`` (radial) by ``slot_width_mm``, ``slot_depth_mm`` deep, in a hub
    ``height_mm`` tall. The defaults fit a double-12 tile (about 50 x 25 x 10 mm) with clearance."""

    slot_length_mm: float = 52.0
    slot_width_mm: float = 27.0
    slot_depth_mm: float = 5.0
    height_mm: float = 40.0


@dataclass(frozen=True)
class PowerSpec:
    """The 5 V supply: ``supply_amps``; ``led_full_white_ma`` one LED draws at full white and full
    brightness; ``other_amps`` the Pi and the rest on the same supply."""

    supply_amps: float
    led_full_white_ma: float
    other_amps: float

    def led_amps(self, strip: "StripSpec") -> float:
        """Worst case LED current (A): every LED full white at the strip's brightness."""
        return strip.count * self.led_full_white_ma * strip.brightness / 255 / 1000

    def describe(self, strip: "StripSpec") -> str:
        """One line: the worst case current against the supply."""
        led = self.led_amps(strip)
        total = led + self.other_amps
        return (f"power: {strip.count} LEDs at full white, brightness {strip.brightness}/255: {led:.2f} A "
                f"({self.led_full_white_ma:g} mA each at full brightness) + {self.other_amps:g} A for the Pi "
                f"and the rest = {total:.2f} A of a {self.supply_amps:g} A supply "
                f"({100 * total / self.supply_amps:.0f}%)")


@dataclass(frozen=True)
class BuzzerSpec:
    """An optional buzzer on ``pin``; ``active_high`` True when HIGH sounds it."""

    pin: int
    active_high: bool


@dataclass(frozen=True)
class BoardSpec:
    """The optional USB sensor board: serial ``port``, ``baud``; lost after ``heartbeat_timeout_ms``
    without a valid frame; a reopen is tried every ``reconnect_ms``; after opening the port the host
    waits up to ``boot_timeout_ms`` for HELLO (the open may have reset the board)."""

    port: str
    baud: int
    heartbeat_timeout_ms: int
    reconnect_ms: int
    boot_timeout_ms: int = 3000


@dataclass(frozen=True)
class HubBuild:
    """One hub build, validated. ``path`` is the file it came from ("<default>" for the built-in one)."""

    path: str
    name: str
    seats: int
    serial_console: bool
    button_stable_ms: int
    slot_stable_ms: int
    long_press_ms: int
    slots: tuple[SlotSpec, ...]
    buttons: tuple[InputSpec, ...]
    strip: StripSpec
    buzzer: BuzzerSpec | None
    board: BoardSpec | None
    power: PowerSpec | None = None
    enclosure: EnclosureSpec = EnclosureSpec()

    @property
    def debounce_ms(self) -> int:
        """The longer of the two minimum stable times (ms): after this long every clean edge has counted."""
        return max(self.button_stable_ms, self.slot_stable_ms)

    def stable_ms(self, kind: str) -> int:
        """The minimum stable time (ms) of an input kind: "slot" or "seat" (a button)."""
        return self.slot_stable_ms if kind == "slot" else self.button_stable_ms

    @property
    def slot_names(self) -> tuple[str, ...]:
        """Slot names in order: "engine", "mexican", "seat0".."seatN-1"."""
        return tuple(s.name for s in self.slots)

    def slot(self, name: str) -> SlotSpec:
        """Return the slot called ``name``; raises UnknownInput (a KeyError) for an unknown slot."""
        for s in self.slots:
            if s.name == name:
                return s
        raise UnknownInput(f"no slot {name!r}; slots are {', '.join(self.slot_names)}")

    def button_pin(self, seat: int) -> int:
        """GPIO of seat ``seat``'s button (0-based); raises SeatOutOfRange (an IndexError) for an unknown seat."""
        if not 0 <= seat < self.seats:
            raise SeatOutOfRange(f"seat {seat} out of range 0..{self.seats - 1}")
        return self.buttons[seat].pin

    def sensor_pin(self, slot: str) -> int | None:
        """GPIO of ``slot``'s presence sensor, or None when the sensor board reports that slot."""
        spec = self.slot(slot).input
        return spec.pin if spec else None

    @property
    def segments(self) -> dict[str, tuple[int, ...]]:
        """Slot name -> LED indices, plus "ring" -> the centre ring's LED indices."""
        out = {s.name: s.leds for s in self.slots}
        out["ring"] = self.strip.ring
        return out

    def describe(self) -> str:
        """A human-readable multi-line summary of the resolved build (``station check-config``)."""
        st = self.strip
        lines = [
            f"hub build {self.name!r} from {self.path}",
            f"  seats: {self.seats}   long press: >= {self.long_press_ms} ms",
            f"  input filter: a level counts after holding {self.button_stable_ms} ms (buttons), "
            f"{self.slot_stable_ms} ms (slot sensors); shorter pulses are ignored",
            f"  serial console on GPIO14/15: {'yes' if self.serial_console else 'no'}",
            f"  LED strip: {st.count} LEDs, order {st.order}, brightness {st.brightness}/255, "
            f"GPIO{st.gpio} ({st.bus}, channel {st.channel}), DMA {st.dma}, {st.freq_hz} Hz"
            + (", inverted" if st.invert else "") + f", driver {st.driver}",
            f"  centre ring LEDs: {_ranges(st.ring)}",
            "  slots:",
        ]
        for s in self.slots:
            where = "sensor board" if s.input is None else _input(s.input)
            lines.append(f"    {s.name:<8} {where:<34} LEDs {_ranges(s.leds)}")
        lines.append("  seat buttons:")
        for seat, b in enumerate(self.buttons):
            lines.append(f"    seat{seat:<4} {_input(b)}")
        if self.buzzer:
            lines.append(f"  buzzer: GPIO{self.buzzer.pin} active-{'high' if self.buzzer.active_high else 'low'}")
        else:
            lines.append("  buzzer: none")
        if self.board:
            b = self.board
            lines.append(f"  sensor board: {b.port} at {b.baud} baud, lost after {b.heartbeat_timeout_ms} ms "
                         f"silence, reopen every {b.reconnect_ms} ms, boot window {b.boot_timeout_ms} ms")
        else:
            lines.append("  sensor board: none")
        if self.power:
            lines.append("  " + self.power.describe(self.strip))
        return "\n".join(lines)


def _input(spec: InputSpec) -> str:
    return f"GPIO{spec.pin} pull-{spec.pull} active-{'low' if spec.active_low else 'high'}"


def _ranges(indices: tuple[int, ...]) -> str:
    """Compact "0-3, 7" rendering of LED indices."""
    if not indices:
        return "none"
    parts, start, prev = [], indices[0], indices[0]
    for i in list(indices[1:]) + [None]:
        if i is not None and i == prev + 1:
            prev = i
            continue
        parts.append(f"{start}-{prev}" if prev != start else f"{start}")
        if i is not None:
            start = prev = i
    return ", ".join(parts)
