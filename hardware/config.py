"""Load and validate a hub build description (``firmware_config/*.toml``, read with stdlib tomllib).

``load_build(path)`` returns a frozen :class:`hardware.build.HubBuild`; every problem raises
:class:`ConfigError` naming the file, the dotted key and what is allowed. See docs/hardware.md.
"""
from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from hardware import pinrules as pr
from hardware.build import BoardSpec, BuzzerSpec, EnclosureSpec, HubBuild, InputSpec, PowerSpec, SlotSpec, StripSpec
from hardware.errors import ConfigError

__all__ = ["ConfigError", "HubBuild", "load_build", "loads_build", "default_build", "REFERENCE_BUILD"]

#: The reference 8-seat build shipped in the repository.
REFERENCE_BUILD = Path(__file__).resolve().parent.parent / "firmware_config" / "reference-8-seat.toml"

# "mqtt": the station's broker settings (station/mqtt_config.py checks them; the hardware ignores them)
_TOP = {"hub", "timing", "inputs", "slots", "buttons", "leds", "buzzer", "sensor_board", "power", "mqtt",
        "enclosure"}
_HUB = {"name", "seats", "serial_console"}
_TIMING = {"button_stable_ms", "slot_stable_ms", "long_press_ms"}
_INPUT = {"pull", "active_low"}
_SLOT = {"source", "pin", "pull", "active_low", "leds"}
_BUTTON = {"pin", "pull", "active_low"}
_LEDS = {"count", "order", "brightness", "gpio", "channel", "dma", "freq_hz", "invert", "ring", "driver"}
_POWER = {"supply_amps", "led_full_white_ma", "other_amps"}
_ENCLOSURE = {"slot_length_mm", "slot_width_mm", "slot_depth_mm", "height_mm"}
_BUZZER = {"pin", "active_high"}
_BOARD = {"port", "baud", "heartbeat_timeout_ms", "reconnect_ms", "boot_timeout_ms"}
_BAUDS = (9600, 19200, 38400, 57600, 115200, 230400, 460800, 921600)


def load_build(path: str | Path) -> HubBuild:
    """Read and validate the TOML hub build at ``path``.

    Raises ConfigError for a missing/unreadable file, bad TOML or any invalid setting.
    """
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(str(p), "(file)", f"cannot read: {exc.strerror or exc}",
                          "a readable TOML file, e.g. firmware_config/reference-8-seat.toml") from None
    except UnicodeDecodeError as exc:
        raise ConfigError(str(p), "(file)", f"not UTF-8 text (byte {exc.start}: 0x{exc.object[exc.start]:02x})",
                          "a TOML file saved as UTF-8 (TOML 1.0 requires it)") from None
    return loads_build(text, str(p))


def loads_build(text: str, path: str = "<string>") -> HubBuild:
    """Validate TOML ``text`` as a hub build; ``path`` is only used in messages. Raises ConfigError."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(path, "(syntax)", f"not valid TOML: {exc}", "TOML 1.0") from None
    return _Validator(path).build(data)


def default_build() -> HubBuild:
    """The reference 8-seat build (firmware_config/reference-8-seat.toml); used by ``station run --mock``."""
    return load_build(REFERENCE_BUILD)


class _Validator:
    def __init__(self, path: str):
        self.path = path

    def err(self, key: str, problem: str, allowed: str) -> ConfigError:
        return ConfigError(self.path, key, problem, allowed)

    def table(self, data: dict, key: str, allowed: set[str], required: bool = True) -> dict | None:
        value = data.get(key.rsplit(".", 1)[-1])
        if value is None:
            if required:
                raise self.err(key, "missing table", f"a [{key}] table with keys {', '.join(sorted(allowed))}")
            return None
        if not isinstance(value, dict):
            raise self.err(key, f"expected a table, got {type(value).__name__}", f"[{key}]")
        self.known(value, key, allowed)
        return value

    def known(self, value: dict, key: str, allowed: set[str]) -> None:
        for k in value:
            if k not in allowed:
                raise self.err(f"{key}.{k}" if key else k, "unknown key", ", ".join(sorted(allowed)))

    def int_(self, t: dict, prefix: str, k: str, lo: int, hi: int, default: int | None = None) -> int:
        v = t.get(k, default)
        key = f"{prefix}.{k}"
        if v is None:
            raise self.err(key, "missing", f"an integer {lo}..{hi}")
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            raise self.err(key, f"{v!r} is out of range or not an integer", f"an integer {lo}..{hi}")
        return v

    def bool_(self, t: dict, prefix: str, k: str, default: bool) -> bool:
        v = t.get(k, default)
        if not isinstance(v, bool):
            raise self.err(f"{prefix}.{k}", f"{v!r} is not a boolean", "true or false")
        return v

    def choice(self, t: dict, prefix: str, k: str, options: tuple, default: Any = None):
        v = t.get(k, default)
        if v not in options:
            raise self.err(f"{prefix}.{k}", f"{v!r} is not allowed" if v is not None else "missing",
                           ", ".join(repr(o) for o in options))
        return v

    def input_(self, t: dict, prefix: str, defaults: dict) -> InputSpec:
        pin = self.int_(t, prefix, "pin", 0, 10_000)
        pull = self.choice(t, prefix, "pull", ("up", "down", "off"), defaults["pull"])
        active_low = self.bool_(t, prefix, "active_low", defaults["active_low"])
        return InputSpec(pin, pull, active_low)

    def leds(self, v: Any, key: str, count: int) -> tuple[int, ...]:
        allowed = f"a non-empty list of distinct LED indices 0..{count - 1}"
        if not isinstance(v, list) or not v:
            raise self.err(key, "missing or empty LED list", allowed)
        for i in v:
            if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < count:
                raise self.err(key, f"LED index {i!r} is out of range (leds.count = {count})", allowed)
        if len(set(v)) != len(v):
            raise self.err(key, "an LED index is listed twice", allowed)
        return tuple(v)

    def build(self, data: dict) -> HubBuild:
        self.known(data, "", _TOP)
        hub = self.table(data, "hub", _HUB)
        seats = self.int_(hub, "hub", "seats", 2, 16)
        name = hub.get("name", Path(self.path).stem)
        if not isinstance(name, str) or not name:
            raise self.err("hub.name", f"{name!r} is not a name", "a non-empty string")
        console = self.bool_(hub, "hub", "serial_console", False)
        timing = data.get("timing")
        if isinstance(timing, dict) and "debounce_ms" in timing:
            raise self.err("timing.debounce_ms", "replaced by a minimum stable time per input kind",
                           "timing.button_stable_ms (e.g. 5) and timing.slot_stable_ms (e.g. 30)")
        timing = self.table(data, "timing", _TIMING)
        button_stable = self.int_(timing, "timing", "button_stable_ms", 1, 50, 5)
        slot_stable = self.int_(timing, "timing", "slot_stable_ms", 1, 500, 30)
        long_press = self.int_(timing, "timing", "long_press_ms", button_stable + 1, 10_000)
        inputs = self.table(data, "inputs", _INPUT, required=False) or {}
        defaults = {"pull": self.choice(inputs, "inputs", "pull", ("up", "down", "off"), "up"),
                    "active_low": self.bool_(inputs, "inputs", "active_low", True)}
        strip = self.strip(self.table(data, "leds", _LEDS))
        slots = self.slots(data, seats, defaults, strip.count)
        buttons = self.buttons(data, seats, defaults)
        bz = self.table(data, "buzzer", _BUZZER, required=False)
        buzzer = None if bz is None else BuzzerSpec(self.int_(bz, "buzzer", "pin", 0, 10_000),
                                                     self.bool_(bz, "buzzer", "active_high", True))
        board = self.board(self.table(data, "sensor_board", _BOARD, required=False))
        if board is None:
            for s in slots:
                if s.source == "board":
                    raise self.err(f"slots.{s.name}.source", "'board' but there is no [sensor_board] table",
                                   "'gpio', or add a [sensor_board] table")
        power = self.power(self.table(data, "power", _POWER), strip)
        self.check_leds(slots, strip)
        self.check_pins(slots, buttons, buzzer, strip, console)
        enclosure = self.enclosure(self.table(data, "enclosure", _ENCLOSURE, required=False) or {})
        return HubBuild(self.path, name, seats, console, button_stable, slot_stable, long_press, slots, buttons, strip,
                        buzzer, board, power, enclosure)

    def enclosure(self, t: dict) -> EnclosureSpec:
        d = EnclosureSpec()
        spec = EnclosureSpec(*(self.number(t, k, lo, hi, getattr(d, k), "enclosure") for k, lo, hi in (
            ("slot_length_mm", 20, 120), ("slot_width_mm", 10, 60), ("slot_depth_mm", 1, 20), ("height_mm", 20, 150))))
        if spec.height_mm < spec.slot_depth_mm + 15:
            raise self.err("enclosure.height_mm", f"{spec.height_mm:g} mm leaves no bay under pockets "
                           f"{spec.slot_depth_mm:g} mm deep", f"at least enclosure.slot_depth_mm + 15 "
                           f"({spec.slot_depth_mm + 15:g})")
        return spec

    def strip(self, t: dict) -> StripSpec:
        from hardware import leds as drv
        count = self.int_(t, "leds", "count", 1, 1024)
        order = self.choice(t, "leds", "order", pr.LED_ORDERS, "GRB")
        driver = self.choice(t, "leds", "driver", drv.DRIVER_CHOICES, "auto")
        gpio = t.get("gpio")
        # the driver's table entry (hardware/leds.py DRIVERS); "auto" must work on a Pi 1-4 too: ws281x's pins
        table = drv.DRIVERS["ws281x" if driver == "auto" else driver]
        if table.gpios is None:
            free = sorted(pr.HEADER_GPIOS - set(pr.RESERVED_GPIOS))
            if gpio not in free:
                raise self.err("leds.gpio", f"GPIO{gpio!r} is not a header GPIO the Pi 5's PIO can drive",
                               "GPIO " + ", ".join(map(str, free)))
        elif gpio not in table.gpios:
            raise self.err("leds.gpio", f"GPIO{gpio} cannot drive a WS2812 strip with leds.driver = {driver!r}",
                           _pins_allowed(table) if driver != "auto" else
                           _pins_allowed(table) + "; any GPIO with driver 'pi5-pio'")
        bus = table.bus(gpio)
        channel = drv.BUSES[bus].channel
        if t.get("channel", channel) != channel:
            raise self.err("leds.channel", f"{t['channel']!r} does not match GPIO{gpio} ({bus})", str(channel))
        dma = self.int_(t, "leds", "dma", 0, 14, 10)
        if dma not in drv.SAFE_DMA:
            raise self.err("leds.dma", f"DMA channel {dma} is not one rpi-ws281x calls safe (the GPU firmware "
                           "and the SD card use the low channels: 5 on current kernels, 2 on a Pi 4)", "10")
        freq = self.choice(t, "leds", "freq_hz", (800_000, 400_000), 800_000)
        if bus == "SPI0":
            # over 4,096 bytes (339 LEDs) install.sh sets spidev.bufsiz=32768 on cmdline.txt
            limit = min(drv.max_spi_leds(d, order, freq, drv.SPIDEV_BUFSIZ_LARGE) for d in drv.spi_drivers(driver))
            if count > limit:
                raise self.err("leds.count", f"{count} LEDs do not fit one SPI frame: the spidev buffer is "
                               f"at most {drv.SPIDEV_BUFSIZ_LARGE} bytes (spidev.bufsiz; rpi-ws281x sends "
                               "12 bytes per LED)",
                               f"at most {limit} LEDs on SPI (GPIO10), or a PWM pin (GPIO18) on a Pi 1-4, "
                               "or leds.driver = 'pi5-pio' on a Pi 5")
        return StripSpec(count=count, order=order, brightness=self.int_(t, "leds", "brightness", 0, 255, 128),
                         gpio=gpio, channel=channel, bus=bus, dma=dma, freq_hz=freq,
                         invert=self.bool_(t, "leds", "invert", False),
                         ring=self.leds(t.get("ring"), "leds.ring", count), driver=driver)

    def number(self, t: dict, k: str, lo: float, hi: float, default: float | None = None,
               prefix: str = "power") -> float:
        v, key = t.get(k, default), f"{prefix}.{k}"
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not lo <= v <= hi:
            raise self.err(key, "missing" if v is None else f"{v!r} is out of range or not a number",
                           f"a number {lo:g}..{hi:g}")
        return float(v)

    def power(self, t: dict, strip: StripSpec) -> PowerSpec:
        power = PowerSpec(self.number(t, "supply_amps", 0.5, 100), self.number(t, "led_full_white_ma", 1, 200, 60),
                          self.number(t, "other_amps", 0, 20, 0))
        led = power.led_amps(strip)
        if led + power.other_amps > power.supply_amps:
            per_step = strip.count * power.led_full_white_ma / 255 / 1000
            best = int((power.supply_amps - power.other_amps) / per_step) if per_step else 255
            raise self.err("leds.brightness", f"{strip.count} LEDs at full white and brightness {strip.brightness}/255 "
                           f"draw {led:.2f} A + power.other_amps {power.other_amps:g} A = "
                           f"{led + power.other_amps:.2f} A, over power.supply_amps {power.supply_amps:g} A",
                           f"brightness at most {max(0, min(255, best))} for this supply, or a larger supply")
        return power

    def slots(self, data: dict, seats: int, defaults: dict, count: int) -> tuple[SlotSpec, ...]:
        names = ["engine", "mexican"] + [f"seat{i}" for i in range(seats)]
        t = self.table(data, "slots", set(names))
        out = []
        for n in names:
            key = f"slots.{n}"
            s = t.get(n)
            if not isinstance(s, dict):
                raise self.err(key, "missing slot" if s is None else "expected a table",
                               f"a table {{ source, pin, leds }} for every slot: {', '.join(names)}")
            self.known(s, key, _SLOT)
            source = self.choice(s, key, "source", ("gpio", "board"), "gpio")
            if source == "board":
                for k in ("pin", "pull", "active_low"):
                    if k in s:
                        raise self.err(f"{key}.{k}", "not used when source = 'board'", "source, leds")
                spec = None
            else:
                spec = self.input_(s, key, defaults)
            out.append(SlotSpec(n, source, spec, self.leds(s.get("leds"), f"{key}.leds", count)))
        return tuple(out)

    def buttons(self, data: dict, seats: int, defaults: dict) -> tuple[InputSpec, ...]:
        names = [f"seat{i}" for i in range(seats)]
        t = self.table(data, "buttons", set(names))
        out = []
        for n in names:
            key, b = f"buttons.{n}", t.get(n)
            if isinstance(b, int) and not isinstance(b, bool):
                b = {"pin": b}
            if not isinstance(b, dict):
                raise self.err(key, "missing button" if b is None else f"{b!r} is not a pin",
                               f"a GPIO number or {{ pin, pull, active_low }} for every seat: {', '.join(names)}")
            self.known(b, key, _BUTTON)
            out.append(self.input_(b, key, defaults))
        return tuple(out)

    def board(self, t: dict | None) -> BoardSpec | None:
        if t is None:
            return None
        port = t.get("port")
        if not isinstance(port, str) or not port:
            raise self.err("sensor_board.port", f"{port!r} is not a device path", "e.g. '/dev/ttyACM0'")
        return BoardSpec(port, self.choice(t, "sensor_board", "baud", _BAUDS, 115200),
                         self.int_(t, "sensor_board", "heartbeat_timeout_ms", 100, 60_000, 1000),
                         self.int_(t, "sensor_board", "reconnect_ms", 10, 60_000, 500),
                         self.int_(t, "sensor_board", "boot_timeout_ms", 100, 60_000, 3000))

    def check_leds(self, slots: tuple[SlotSpec, ...], strip: StripSpec) -> None:
        owner: dict[int, str] = {}
        for key, leds in [(f"slots.{s.name}.leds", s.leds) for s in slots] + [("leds.ring", strip.ring)]:
            for i in leds:
                if i in owner:
                    raise self.err(key, f"LED {i} is already used by {owner[i]}",
                                   "each LED index in at most one slot or the ring")
                owner[i] = key

    def check_pins(self, slots, buttons, buzzer, strip: StripSpec, console: bool) -> None:
        uses = [(f"slots.{s.name}.pin", s.input) for s in slots if s.input]
        uses += [(f"buttons.seat{i}", b) for i, b in enumerate(buttons)]
        if buzzer:
            uses.append(("buzzer.pin", InputSpec(buzzer.pin, "off", False)))
        from hardware.leds import claims as drv_claims
        claimed = drv_claims(strip)
        free = pr.usable_input_pins(strip.gpio, console, claimed)
        allowed = "GPIO " + ", ".join(map(str, free)) + " (not already used)"
        bus = strip.bus
        seen: dict[int, str] = {}
        for key, spec in uses:
            pin = spec.pin
            if pin not in pr.HEADER_GPIOS:
                raise self.err(key, f"GPIO{pin} is not on the Pi's 40-pin header", allowed)
            if pin in pr.RESERVED_GPIOS:
                raise self.err(key, f"GPIO{pin} is the {pr.RESERVED_GPIOS[pin]}", allowed)
            if pin in claimed:
                raise self.err(key, f"GPIO{pin} is claimed by the LED strip's {bus} bus (leds.gpio = "
                               f"{strip.gpio} claims GPIO {', '.join(map(str, sorted(claimed)))})", allowed)
            if console and pin in pr.SERIAL_CONSOLE_GPIOS:
                raise self.err(key, f"GPIO{pin} is used by the serial console (hub.serial_console = true)",
                               allowed)
            if pin in seen:
                raise self.err(key, f"GPIO{pin} is already used by {seen[pin]}", allowed)
            if pin in pr.FIXED_PULL_UP and spec.pull == "down":
                raise self.err((key[:-4] if key.endswith(".pin") else key) + ".pull",
                               f"GPIO{pin} has a fixed 1.8 kOhm pull-up on the board", "'up' or 'off'")
            seen[pin] = key
        if buzzer and (buzzer.pin in pr.BOOT_PULL_UP) == buzzer.active_high:
            level = "pulled up" if buzzer.active_high else "pulled down"
            quiet = [p for p in free if p not in seen and (p in pr.BOOT_PULL_UP) != buzzer.active_high]
            raise self.err("buzzer.pin", f"GPIO{buzzer.pin} is {level} while the Pi boots: an active-"
                           f"{'high' if buzzer.active_high else 'low'} buzzer would sound until the station starts",
                           "a GPIO quiet at boot: " + ", ".join(map(str, quiet)))


def check_power_for_model(build: HubBuild, model: str) -> str | None:
    """Check ``build``'s [power] against the Pi ``model`` (a device-tree model string) it runs on.

    Returns one line for check-config (the model's supply advice), or None for a model
    hardware.pi.BOARD_POWER does not list. Raises ConfigError naming power.other_amps when it is
    below what the board draws with its USB ports loaded, or power.supply_amps when the Pi shares a
    supply (other_amps > 0) smaller than the one Raspberry Pi recommends for that board (a Pi 5: 5 A),
    or both at once ("power.other_amps and power.supply_amps").
    """
    from hardware.pi import board_power

    need = board_power(model)
    if need is None or build.power is None:
        return None
    p, file = build.power, build.path
    wrong = []      # (key, why, allowed): both are named at once, so one edit mends the section
    if p.other_amps > 0 and p.other_amps < need.board_amps:
        wrong.append(("power.other_amps", f"{p.other_amps:g} A is less than a {model} draws "
                      f"({need.board_amps:g} A: {need.note})", f"at least {need.board_amps:g} for {need.family}"))
    if p.other_amps > 0 and p.supply_amps < need.supply_amps:
        wrong.append(("power.supply_amps", f"{p.supply_amps:g} A is below the supply a {model} "
                      f"wants ({need.note})", f"at least {need.supply_amps:g} for {need.family}, or the "
                      "Pi on its own supply (power.other_amps = 0)"))
    if wrong:
        raise ConfigError(file, " and ".join(k for k, _, _ in wrong), "; ".join(w for _, w, _ in wrong),
                          "; ".join(f"{k}: {a}" if len(wrong) > 1 else a for k, _, a in wrong))
    return f"  board: {model}: {need.note}"
def _pins_allowed(driver) -> str:
    """The data GPIOs a driver's table entry allows, by bus: "10 (SPI0), 12 or 18 (PWM0), ..."."""
    by_bus: dict[str, list[int]] = {}
    for gpio, bus in sorted(driver.gpios.items(), key=lambda kv: (kv[1] != "SPI0", kv[0])):
        by_bus.setdefault("SPI" if bus == "SPI0" else bus, []).append(gpio)
    return ", ".join(" or ".join(map(str, pins)) + f" ({bus})" for bus, pins in by_bus.items())
