"""The Pi's side of ``station doctor``: power (under-voltage, throttling), the config.txt settings the
build's LED driver needs, and pins that config.txt overlays hold. Each check returns findings as
``(ok, text)`` pairs; nothing here touches GPIO.
"""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

#: vcgencmd get_throttled bits (Raspberry Pi documentation) -> meaning
THROTTLE_BITS = {0: "under-voltage now", 1: "ARM frequency capped now", 2: "throttled now",
                 3: "soft temperature limit now", 16: "under-voltage has occurred since boot",
                 17: "ARM frequency capping has occurred", 18: "throttling has occurred",
                 19: "soft temperature limit has occurred"}
CONFIG_FILES = ("boot/firmware/config.txt", "boot/config.txt")


def throttled(run=subprocess.run) -> list[tuple[bool, str]]:
    """Under-voltage and throttling from ``vcgencmd get_throttled``; one finding."""
    try:
        out = run(["vcgencmd", "get_throttled"], capture_output=True, text=True, timeout=5).stdout
        value = int(re.search(r"throttled=(0x[0-9a-fA-F]+)", out).group(1), 16)
    except (OSError, subprocess.SubprocessError, AttributeError, ValueError):
        return [(True, "power: vcgencmd get_throttled unavailable (not checked)")]
    found = [text for bit, text in THROTTLE_BITS.items() if value >> bit & 1]
    if not found:
        return [(True, "power: no under-voltage or throttling since boot (vcgencmd get_throttled = 0x0)")]
    return [(False, f"power: {', '.join(found)} (get_throttled = {value:#x}) — use a 5 V supply rated for the Pi "
             "and the LEDs, short thick wires, and feed the strip's 5 V directly from the supply")]


def config_lines(root: Path = Path("/")) -> tuple[str | None, list[str]]:
    """The config.txt in use (relative path) and its active lines (comments and blanks dropped)."""
    for rel in CONFIG_FILES:
        f = root / rel
        if f.is_file():
            lines = [ln.split("#", 1)[0].strip() for ln in f.read_text(errors="replace").splitlines()]
            return "/" + rel, [ln for ln in lines if ln]
    return None, []


def boot_settings(build, driver: str, root: Path = Path("/")) -> list[tuple[bool, str]]:
    """The config.txt settings the LED driver needs, and overlays that hold the build's pins."""
    name, lines = config_lines(root)
    if name is None:
        return [(True, "config.txt: not found (not checked)")]
    bus, out = build.strip.bus, []
    from hardware.leds import BUSES, DRIVERS     # each bus's config.txt need, declared with the drivers
    need = BUSES["PIO" if driver == "pi5-pio" else bus].required_txt if driver in DRIVERS else None
    if need:
        out.append((need in lines, f"{name}: {need} " + ("set" if need in lines else
                                                           f"missing — the LED strip on {bus} needs it; add it and reboot")))
    pins = {s.input.pin: f"slots.{s.name}.pin" for s in build.slots if s.input}
    pins |= {b.pin: f"buttons.seat{i}" for i, b in enumerate(build.buttons)}
    if build.buzzer:
        pins[build.buzzer.pin] = "buzzer.pin"
    for line, held in _overlay_pins(lines):
        for pin in sorted(held & set(pins)):
            out.append((False, f"{name}: '{line}' holds GPIO{pin}, which the build uses for {pins[pin]} — "
                               "remove the line (or move the input) and reboot"))
    if not any(not ok for ok, _ in out[1 if need else 0:]):
        out.append((True, f"{name}: no overlay holds a pin of this build"))
    return out


def _overlay_pins(lines: list[str]):
    """(line, GPIOs it holds) for the common overlays and parameters that claim header pins."""
    for line in lines:
        key, _, value = line.partition("=")
        args = dict(a.partition("=")[::2] for a in value.split(",")[1:])
        overlay = value.split(",")[0]
        if key == "dtparam" and value.startswith("i2c_arm=on") or key == "dtparam" and value == "i2c=on":
            yield line, {2, 3}
        elif key == "dtparam" and value == "spi=on":
            yield line, {7, 8, 9, 10, 11}
        elif key == "enable_uart" and value == "1":
            yield line, {14, 15}
        elif key == "dtoverlay" and overlay == "w1-gpio":
            yield line, {int(args.get("gpiopin", 4))}
        elif key == "dtoverlay" and overlay == "gpio-shutdown":
            yield line, {int(args.get("gpio_pin", 3))}
        elif key == "dtoverlay" and overlay in ("gpio-key", "gpio-poweroff", "gpio-led") and "gpio" in args:
            yield line, {int(args["gpio"])}
        elif key == "dtoverlay" and overlay in ("pwm", "pwm-2chan"):
            yield line, {int(args.get("pin", 18))} | ({int(args.get("pin2", 19))} if overlay == "pwm-2chan" else set())
