"""The one interface the station sees: :class:`Hub`.

Inputs arrive as events (hardware.events) through ``on_event``, always called on the asyncio loop
thread; gpiozero and serial threads hand over with ``loop.call_soon_threadsafe``. Outputs:
``show(frame)`` and ``buzz(ms)``. Build with ``Hub.real(build)`` (a Raspberry Pi; raises
HardwareUnavailable elsewhere) or ``hardware.mockdrive.MockHub.create(build)`` (no hardware needed:
the mock hub, the only one with mock controls). Knows no game rules.
"""
from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Mapping, Sequence

from hardware.build import HubBuild, InputSpec
from hardware.debounce import Debouncer, PressTimer
from hardware.events import BoardStatus, ButtonPressed, HubEvent, SlotChanged
from hardware.strip import RecordingStrip, color, render

Key = tuple[str, object]  # ("slot", name) or ("seat", index)


def gpio_busy(pin: int, kind: str, name: str):
    """The HardwareUnavailable for a pin another holder has claimed (lgpio's "GPIO busy")."""
    from hardware.pi import HardwareUnavailable
    return HardwareUnavailable(
        f"GPIO{pin} ({kind} {name})", "GPIO busy: another program or a kernel driver holds it",
        "likely holders: the station already running (sudo systemctl stop mexican-train-station), a "
        "`station doctor` still open, or a config.txt overlay that claims the pin (w1-gpio on GPIO4, "
        "gpio-key/gpio-shutdown, i2c/spi/uart, a HAT); see `pinctrl get " f"{pin}` and `gpioinfo`")


class Hub:
    """A hub build bound to a backend. Construct with :meth:`real` on a Raspberry Pi; the mock hub with
    its test controls is the subclass ``hardware.mockdrive.MockHub`` (``MockHub.create(build)``).

    ``clock_ns`` returns monotonic integer nanoseconds; every event's ``at_ns`` comes from it.
    """

    def __init__(self, build: HubBuild, *, pin_factory, strip, clock_ns: Callable[[], int] = time.monotonic_ns,
                 board_port: str | None = None, virtual_board=None):
        self.build = build
        self.strip = strip
        self.clock_ns = clock_ns
        self.virtual_board = virtual_board
        #: the LED driver's name (hardware.leds.DRIVERS) and the Pi model, set by Hub.real
        self.led_driver = "recording strip (mock)" if isinstance(strip, RecordingStrip) else "given strip"
        self.model: str | None = None
        self.buzzes: list[tuple[int, int]] = []   #: (at_ns, ms) of every buzz() call
        self.slots: dict[str, bool] = {s.name: False for s in build.slots}  #: last known slot states
        self.tiles: dict[str, str | None] = {s.name: None for s in build.slots}
        self._factory = pin_factory
        self._loop: asyncio.AbstractEventLoop | None = None
        self._on_event: Callable[[HubEvent], None] | None = None
        self._debouncers: dict[Key, Debouncer] = {}
        self._timers = [PressTimer(build.long_press_ms * 1_000_000) for _ in range(build.seats)]
        self._settle_timer: asyncio.TimerHandle | None = None
        self._settle_due = 0
        self._buzz_off: asyncio.TimerHandle | None = None
        self._devices: dict[Key, tuple[object, InputSpec, bool]] = {}
        self._closed = False
        from gpiozero import Button, Buzzer, DigitalInputDevice
        try:
            for s in build.slots:
                if s.input:
                    self._add(("slot", s.name), DigitalInputDevice, s.input)
            for seat, spec in enumerate(build.buttons):
                self._add(("seat", seat), Button, spec)
            self._buzzer = None if build.buzzer is None else Buzzer(
                build.buzzer.pin, active_high=build.buzzer.active_high, pin_factory=pin_factory)
        except Exception:
            self.close()
            raise
        board_slots = [s.name for s in build.slots if s.source == "board"]
        self.board_link = None
        if board_slots and build.board is not None:
            from hardware.board_link import BoardLink
            self.board_link = BoardLink(build.board, board_port or build.board.port, board_slots,
                                        self._from_board_thread, clock_ns)

    @classmethod
    def real(cls, build: HubBuild) -> "Hub":
        """A hub on the Pi's GPIO (lgpio unless GPIOZERO_PIN_FACTORY says otherwise), the LED strip's
        driver (``leds.driver``, hardware.leds) and the sensor board's serial port. Raises
        HardwareUnavailable (cause and fix) off-Pi, without importing any LED library."""
        from hardware.leds import choose_driver, open_strip
        from hardware.pi import HardwareUnavailable, real_pin_factory, require_pi
        model = require_pi("the real hub hardware")
        factory = real_pin_factory(model)
        try:
            strip = open_strip(build.strip, model)
        except Exception:
            factory.close()
            raise
        try:
            hub = cls(build, pin_factory=factory, strip=strip)     # closes the factory itself on failure
        except HardwareUnavailable:
            raise
        except Exception as exc:   # noqa: BLE001 -- lgpio/gpiozero raise assorted errors; never a traceback
            raise HardwareUnavailable(f"the hub hardware on {model}", f"{type(exc).__name__}: {exc}",
                                      "check the build's pins against the wiring (station check-config), "
                                      "and that no other program uses them") from None
        hub.led_driver, hub.model = choose_driver(build.strip, model), model
        return hub

    def _add(self, key: Key, device_class, spec: InputSpec) -> None:
        pull_up = {"up": True, "down": False, "off": None}[spec.pull]
        kwargs = {"active_state": True} if pull_up is None else {}
        try:
            dev = device_class(spec.pin, pull_up=pull_up, bounce_time=None, pin_factory=self._factory, **kwargs)
        except Exception as exc:  # noqa: BLE001 -- lgpio raises its own lgpio.error('GPIO busy')
            if "busy" not in str(exc).lower():
                raise
            raise gpio_busy(spec.pin, "seat button" if key[0] == "seat" else "slot sensor",
                            f"seat{key[1]}" if key[0] == "seat" else str(key[1])) from None
        invert = (spec.pull == "up") != spec.active_low   # gpiozero "active" vs our "occupied/pressed"
        dev.when_activated = lambda: self._post(key, not invert)
        dev.when_deactivated = lambda: self._post(key, invert)
        self._devices[key] = (dev, spec, invert)

    async def start(self, loop: asyncio.AbstractEventLoop | None, on_event: Callable[[HubEvent], None]) -> None:
        """Begin delivering events to ``on_event`` on ``loop``'s thread (None: the running loop).

        GPIO slots that are occupied at start are reported once as SlotChanged(occupied=True). The LED
        strip is started (all off); the sensor board link is opened in its own thread.
        """
        self._on_event = on_event
        self._loop = loop or asyncio.get_running_loop()
        now = self.clock_ns()
        for key, (dev, _spec, invert) in self._devices.items():
            on = bool(dev.is_active) != invert
            self._debouncers[key] = Debouncer(self.build.stable_ms(key[0]) * 1_000_000, on)
            if key[0] == "slot" and on:
                self.slots[key[1]] = True
                self._emit(SlotChanged(key[1], True, now))
        if isinstance(self.strip, RecordingStrip):
            self.strip.begin()
        if self.virtual_board is not None:
            self.virtual_board.start()
        if self.board_link is not None:
            self.board_link.start()

    # ---- inputs -------------------------------------------------------------------------------
    def _post(self, key: Key, level: bool) -> None:
        """Any thread (gpiozero's): stamp the edge now and hand it to the loop thread."""
        loop = self._loop
        if loop is not None and not self._closed:
            try:
                loop.call_soon_threadsafe(self._edge, key, level, self.clock_ns())
            except RuntimeError:        # the loop was closed before the hub: nothing to deliver to
                pass

    def _edge(self, key: Key, level: bool, at_ns: int) -> None:
        """Loop thread: feed one wire edge to its input's filter; accept what the filters let through."""
        self._poll_all(at_ns)              # levels that held before this edge count first, in order
        for on, since in self._debouncers[key].edge(level, at_ns):
            self._accept(key, on, since)
        self._schedule_settle()

    def _poll_all(self, now_ns: int) -> None:
        """Accept every input level that has held its stable time by ``now_ns``, in the order they did."""
        got = [(since + d.stable_ns, since, key, on) for key, d in self._debouncers.items()
               for on, since in d.poll(now_ns)]
        for _due, since, key, on in sorted(got, key=lambda g: g[:2]):
            self._accept(key, on, since)

    def _schedule_settle(self) -> None:
        """Check again when the next pending wire level will have held its stable time."""
        dues = [d.due_ns() for d in self._debouncers.values() if d.unsettled]
        if not dues or self._closed:
            return
        due = min(dues)
        if self._settle_timer is not None:
            if self._settle_due <= due:
                return
            self._settle_timer.cancel()
        self._settle_due = due
        self._settle_timer = self._loop.call_later(max(0, due - self.clock_ns()) / 1e9, self._settle)

    def _settle(self) -> None:
        self._settle_timer = None
        if self._closed:
            return
        self._poll_all(self.clock_ns())
        self._schedule_settle()            # more pending, or an injected clock has not moved far enough

    def _accept(self, key: Key, on: bool, at_ns: int) -> None:
        kind, ident = key
        if kind == "slot":
            self.slots[ident] = on
            self._emit(SlotChanged(ident, on, at_ns))
        elif on:
            self._timers[ident].press(at_ns)
        else:
            result = self._timers[ident].release(at_ns)
            if result is not None:
                self._emit(ButtonPressed(ident, result[0], at_ns, result[1]))

    def _from_board_thread(self, item) -> None:
        loop = self._loop
        if loop is not None and not self._closed:
            try:
                loop.call_soon_threadsafe(self._board_item, item)
            except RuntimeError:        # the loop was closed before the hub
                pass

    def _board_item(self, item) -> None:
        if isinstance(item, BoardStatus):
            self._emit(item)
            return
        slot, occupied, tile, at_ns = item
        if (self.slots[slot], self.tiles[slot]) != (occupied, tile):   # only actual changes
            self.slots[slot], self.tiles[slot] = occupied, tile
            self._emit(SlotChanged(slot, occupied, at_ns, tile, "board"))

    def _emit(self, event: HubEvent) -> None:
        if self._on_event is not None and not self._closed:
            self._on_event(event)

    @property
    def board_counters(self) -> dict[str, int]:
        """Sensor-board link counters (frames_ok, garbage, bad_checksum, partial, seq_gaps, ...); {} without a board."""
        return dict(self.board_link.counters) if self.board_link else {}

    # ---- outputs ------------------------------------------------------------------------------
    def show(self, frame: Mapping | Sequence) -> None:
        """Light the strip with ``frame`` (see hardware.strip.render) in one show(). Raises FrameError (a ValueError)."""
        colours = render(self.build, frame)
        for i, c in enumerate(colours):
            self.strip.setPixelColor(i, color(*c))
        self.strip.show()

    def buzz(self, ms: int) -> None:
        """Sound the buzzer for ``ms`` milliseconds (a new call restarts it); no-op without a buzzer."""
        self.buzzes.append((self.clock_ns(), ms))
        if self._buzzer is None:
            return
        if self._buzz_off is not None:
            self._buzz_off.cancel()
        self._buzzer.on()
        if self._loop is not None:
            self._buzz_off = self._loop.call_later(ms / 1000, self._buzzer.off)
        else:
            self._buzzer.blink(on_time=ms / 1000, off_time=0, n=1, background=True)

    def close(self) -> None:
        """Stop the board link, release every pin and the strip. Safe to call twice."""
        self._closed = True
        if getattr(self, "_settle_timer", None) is not None:
            self._settle_timer.cancel()
        if getattr(self, "board_link", None) is not None:
            self.board_link.stop()
        if self.virtual_board is not None:
            self.virtual_board.close()
        for dev, _spec, _inv in self._devices.values():
            dev.close()
        self._devices.clear()
        if getattr(self, "_buzzer", None) is not None:
            self._buzzer.close()
            self._buzzer = None
        if not isinstance(self.strip, RecordingStrip) and self.strip is not None:
            for i in range(self.build.strip.count):
                self.strip.setPixelColor(i, 0)
            self.strip.show()
        self._factory.close()
