"""LED strip drivers behind the one strip seam (rpi-ws281x's ``PixelStrip`` interface), chosen by
``leds.driver``, and the limits ``station check-config`` checks them against.

**Everything about a driver is declared once, here:** :data:`DRIVERS` (its data GPIOs and the bus
each one uses, the boards it runs on, its pip extras and packages, its apt packages) and
:data:`BUSES` (the GPIOs a bus claims, whether it needs root, its config.txt lines).
``hardware/config.py`` validates ``[leds]`` from them, :func:`installer_facts` gives the installer
its facts (``station check-config FILE --print installer``) and docs/hardware.md points here.
A new driver is one :class:`Driver` entry, its ``_open_*`` function in :data:`OPENERS`, and its
pip extra in pyproject.toml.

- ``ws281x``: rpi-ws281x on a Pi 1-4 (PWM on GPIO12/18 or 13/19, PCM on GPIO21, SPI on GPIO10).
  rpi-ws281x 5.0 has no Pi 5 entries (``ws2811_init`` error -3) and its SPI path opens /dev/gpiomem.
- ``pi5-pio``: on a Pi 5, Adafruit's ``adafruit-blinka-raspberry-pi5-neopixel`` (the RP1's PIO
  through /dev/pio0, any header GPIO).
- ``spidev``: NeoPixel bits over SPI0 MOSI (GPIO10) through the kernel's spidev (``spidev`` module),
  3 SPI bits per LED bit at 2.4 MHz; works on every Pi with ``dtparam=spi=on``.
- ``auto``: by the board model (/proc/device-tree/model): Pi 5 -> ``spidev`` on GPIO10, else
  ``pi5-pio``; any other Pi -> ``ws281x``.

Every library is imported only here, only after the model says this is a Pi; nothing creates a
strip off a Pi. A driver that cannot start raises HardwareUnavailable (cause and fix); the station
exits 3 with it. rpi-ws281x registers an exit handler in ``PixelStrip()`` that calls
``ws2811_fini`` on a strip whose ``begin()`` failed: a null-pointer read, SIGSEGV (exit 139) at
exit. :func:`open_strip` disarms it before raising.
"""
from __future__ import annotations

import atexit
import errno
import os
from pathlib import Path

from dataclasses import dataclass

from hardware.build import StripSpec
from hardware.pi import HardwareUnavailable, is_pi5_class, pi_revision, require_pi
from hardware.strip import PixelStore


@dataclass(frozen=True)
class Bus:
    """One way a data GPIO reaches the strip: ``channel`` the PWM channel rpi-ws281x is given,
    ``claims`` the GPIOs the bus takes from sensors and buttons (PIO: only the data GPIO itself),
    ``root`` whether it needs root (DMA through /dev/mem), ``config_txt`` the lines the installer
    writes into /boot/firmware/config.txt (``#`` lines are comments), and ``clock_txt``: extra lines
    by Pi model prefix (the first entry with a matching prefix wins; ``""`` matches an unknown
    model only, ``"*"`` any model); ``required_txt`` the one setting ``station doctor`` checks is
    in config.txt (None: nothing must be set)."""
    name: str
    channel: int
    claims: frozenset[int]
    root: bool
    config_txt: tuple[str, ...] = ()
    clock_txt: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = ()
    required_txt: str | None = None

    def boot_lines(self, model: str) -> tuple[str, ...]:
        """The config.txt lines for this bus on ``model`` (the device-tree model; "" when unknown)."""
        for prefixes, lines in self.clock_txt:
            if any(p == "*" or (model.startswith(p) if p else not model) for p in prefixes):
                return self.config_txt + lines
        return self.config_txt


_STEADY_CLOCK = "# a fixed core clock keeps the SPI bit timing of the strip steady"
#: Every bus a driver may use, by name (StripSpec.bus).
BUSES: dict[str, Bus] = {
    "PWM0": Bus("PWM0", 0, frozenset({12, 18}), True,
                ("# rpi-ws281x uses the PWM block the analog audio would use", "dtparam=audio=off"),
                required_txt="dtparam=audio=off"),
    "PWM1": Bus("PWM1", 1, frozenset({13, 19}), True,
                ("# rpi-ws281x uses the PWM block the analog audio would use", "dtparam=audio=off"),
                required_txt="dtparam=audio=off"),
    "PCM": Bus("PCM", 0, frozenset({18, 19, 20, 21}), True,
               ("# rpi-ws281x uses the PCM block: no I2S sound card overlay may be enabled", "dtparam=i2s=off")),
    "SPI0": Bus("SPI0", 0, frozenset({7, 8, 9, 10, 11}), False, ("dtparam=spi=on",), (
        (("Raspberry Pi 4", "Raspberry Pi Compute Module 4"), (_STEADY_CLOCK, "core_freq=500", "core_freq_min=500")),
        (("Raspberry Pi 5", ""), ()),
        (("*",), (_STEADY_CLOCK, "core_freq=250"))), required_txt="dtparam=spi=on"),
    "PIO": Bus("PIO", 0, frozenset(), False),
}


@dataclass(frozen=True)
class Driver:
    """One LED driver (``leds.driver``). ``gpios``: data GPIO -> bus name (None: any header GPIO
    but the HAT EEPROM pins, on ``any_gpio_bus``); ``boards``: "pi1-4", "pi5" or "any";
    ``pip_extras``: the pyproject extras that install ``pip_packages``, which give the Python
    module ``module``; ``apt_packages``: Debian packages it needs beyond the installer's base list;
    ``summary`` for check-config and the docs."""
    name: str
    summary: str
    boards: str
    gpios: dict[int, str] | None
    pip_extras: tuple[str, ...]
    pip_packages: tuple[str, ...]
    module: str
    apt_packages: tuple[str, ...] = ()
    any_gpio_bus: str = "PIO"

    def bus(self, gpio: int) -> str:
        """The bus ``gpio`` uses with this driver; raises KeyError for a GPIO it cannot drive."""
        return self.any_gpio_bus if self.gpios is None else self.gpios[gpio]


#: The LED drivers, by ``leds.driver`` name ("auto" is a choice among them, see :func:`choose_driver`).
DRIVERS: dict[str, Driver] = {
    "ws281x": Driver("ws281x", "rpi-ws281x on a Pi 1-4 (PWM, PCM or SPI)", "pi1-4",
                     {12: "PWM0", 18: "PWM0", 13: "PWM1", 19: "PWM1", 21: "PCM", 10: "SPI0"},
                     ("pi",), ("rpi-ws281x",), "rpi_ws281x"),
    "pi5-pio": Driver("pi5-pio", "Adafruit's Pi 5 NeoPixel driver on the RP1's PIO (/dev/pio0)", "pi5",
                      None, ("pi5",), ("adafruit-blinka-raspberry-pi5-neopixel",), "adafruit_raspberry_pi5_neopixel_write"),
    "spidev": Driver("spidev", "NeoPixel bits over SPI0 MOSI through the kernel's spidev, every Pi", "any",
                     {10: "SPI0"}, ("pi",), ("spidev",), "spidev"),
}
#: The values ``leds.driver`` accepts.
DRIVER_CHOICES = ("auto", *DRIVERS)
#: The drivers ``auto`` may pick on a Pi 5 and on any other Pi (choose_driver).
AUTO_PICKS = {"pi5": ("spidev", "pi5-pio"), "pi1-4": ("ws281x",)}
#: rpi-ws281x's advice: DMA 10. Lower channels belong to the GPU firmware and the SD card (5 on
#: current kernels, 2 on a Pi 4's SD controller); 11-14 are "lite" channels it was not tested on.
SAFE_DMA = frozenset({10})
#: The spidev driver's default buffer (/sys/module/spidev/parameters/bufsiz): one transfer at most.
SPIDEV_BUFSIZ = 4096
#: The buffer ``spidev.bufsiz=32768`` on /boot/firmware/cmdline.txt gives (install.sh adds it when a
#: build's SPI frame needs more than SPIDEV_BUFSIZ): room for every strip check-config accepts.
SPIDEV_BUFSIZ_LARGE = 32768
SPIDEV_BUFSIZ_FILE = Path("/sys/module/spidev/parameters/bufsiz")
SPI_HZ = 2_400_000           #: 3 SPI bits per LED bit at 800 kHz
RESET_US = 80                #: WS2812B latch: >= 50 us low (80 us for the newer parts)

#: ws2811_init / ws2811_render return codes (rpi-ws281x ws2811.h) -> what to do about them.
WS2811_FIXES = {
    -3: "rpi-ws281x does not know this board revision: 5.0.0, its newest release, matches revisions "
        "exactly and lacks some (the Pi 3 A+ rev 1.1 0x9020e1, the Pi 3 B rev 1.2 0xa52082), and there is "
        "no newer one to upgrade to; drive the strip through the kernel's SPI instead: move its data "
        "wire to GPIO10 and set leds.gpio = 10, leds.driver = 'spidev' (install.sh turns SPI on)",
    -4: "run the station as root (the pwm-root.conf drop-in does), or move the strip to SPI",
    -5: "run the station as root (DMA needs /dev/mem), or move the strip to SPI (GPIO10)",
    -6: "run the station as root (DMA needs /dev/mem), or move the strip to SPI (GPIO10)",
    -9: "run as root (the VideoCore mailbox /dev/vcio), or move the strip to SPI",
    -10: "use leds.dma = 10 and check no other program drives LEDs",
    -11: "use a GPIO rpi-ws281x can drive: 10 (SPI), 12/18 (PWM0), 13/19 (PWM1), 21 (PCM)",
    -12: "PCM is taken: remove I2S sound overlays (dtparam=i2s=off) and reboot",
    -13: "add dtparam=spi=on to /boot/firmware/config.txt, reboot, and add the user to the 'spi' group",
    -14: f"the frame is larger than spidev's buffer: add spidev.bufsiz={SPIDEV_BUFSIZ_LARGE} to "
         "/boot/firmware/cmdline.txt (install.sh does) and reboot, or fewer LEDs on SPI",
}


def claims(strip: StripSpec) -> frozenset[int]:
    """The GPIOs ``strip``'s bus takes from sensors and buttons (:data:`BUSES`; PIO: the data GPIO only)."""
    return BUSES[strip.bus].claims or frozenset({strip.gpio})


def ws281x_spi_bytes(count: int, freq_hz: int = 800_000) -> int:
    """Bytes rpi-ws281x sends per SPI frame for ``count`` LEDs: 4 colour slots x 8 bits x 3 SPI bits
    (12 bytes) per LED plus a 55 us reset, rounded as its PWM_BYTE_COUNT does (339 LEDs fit 4,096)."""
    bits = count * 4 * 8 * 3 + (55 * freq_hz * 3) // 1_000_000
    return ((bits >> 3) & ~7) + 8


def spidev_bytes(count: int, order: str) -> int:
    """Bytes the ``spidev`` driver sends per frame: one leading low byte, 3 bytes per colour byte, the reset."""
    return 1 + count * len(order) * 3 + (RESET_US * SPI_HZ) // 8_000_000


def spi_drivers(driver: str) -> tuple[str, ...]:
    """The drivers that may send the strip's frames over SPI0 with ``leds.driver = driver``: that
    driver, or for "auto" every driver auto picks on some Pi that drives SPI0 (a build must work on
    each); empty for a driver without SPI0 (pi5-pio). From :data:`DRIVERS` and :data:`AUTO_PICKS`.

    >>> spi_drivers("auto"), spi_drivers("ws281x"), spi_drivers("pi5-pio")
    (('spidev', 'ws281x'), ('ws281x',), ())
    """
    names = [d for picks in AUTO_PICKS.values() for d in picks] if driver == "auto" else [driver]
    return tuple(d for d in dict.fromkeys(names) if DRIVERS[d].gpios and "SPI0" in DRIVERS[d].gpios.values())


def spi_bytes(driver: str, count: int, order: str, freq_hz: int = 800_000) -> int:
    """The bytes one SPI frame of ``count`` LEDs takes with ``driver`` ("ws281x" or "spidev")."""
    return ws281x_spi_bytes(count, freq_hz) if driver == "ws281x" else spidev_bytes(count, order)


def max_spi_leds(driver: str, order: str, freq_hz: int = 800_000, bufsiz: int = SPIDEV_BUFSIZ) -> int:
    """The most LEDs one SPI frame of ``driver`` ("ws281x" or "spidev") can carry in ``bufsiz`` bytes."""
    n = 0
    while spi_bytes(driver, n + 1, order, freq_hz) <= bufsiz:
        n += 1
    return n


def spi_frame_bytes(spec: StripSpec) -> int:
    """The largest SPI frame ``spec`` needs in bytes: the most any driver ``leds.driver`` may pick on
    SPI0 sends (0 when the strip is not on SPI0)."""
    if spec.bus != "SPI0":
        return 0
    return max(spi_bytes(d, spec.count, spec.order, spec.freq_hz) for d in spi_drivers(spec.driver))


def spi_bufsiz_needed(spec: StripSpec) -> int | None:
    """SPIDEV_BUFSIZ_LARGE when ``spec``'s SPI frame is over spidev's default 4,096 bytes (more than
    339 GRB LEDs through rpi-ws281x), else None. install.sh puts ``spidev.bufsiz=`` that on cmdline.txt."""
    return SPIDEV_BUFSIZ_LARGE if spi_frame_bytes(spec) > SPIDEV_BUFSIZ else None


def check_spidev_buffer(spec: StripSpec, what: str, bufsiz_file: Path | None = None) -> None:
    """Raise HardwareUnavailable when the running kernel's spidev buffer (``bufsiz_file``, default
    /sys/module/spidev/parameters/bufsiz) is smaller than ``spec``'s frame; nothing when it fits
    or the file cannot be read (no spidev module loaded: the open names that)."""
    need = spi_frame_bytes(spec)
    try:
        have = int((bufsiz_file or SPIDEV_BUFSIZ_FILE).read_text().strip())
    except (OSError, ValueError):
        return
    if need > have:
        raise HardwareUnavailable(what, f"a frame of {spec.count} LEDs is {need} bytes, over the spidev "
                                  f"buffer of {have} bytes", f"add spidev.bufsiz={SPIDEV_BUFSIZ_LARGE} to "
                                  "/boot/firmware/cmdline.txt (systemd/install.sh does) and reboot")
def is_pi5(model: str) -> bool:
    """Whether the device-tree ``model`` is a Pi 5 family board (Pi 5, Pi 500, CM5): the RP1's GPIO."""
    return is_pi5_class(model)


def choose_driver(spec: StripSpec, model: str) -> str:
    """The driver for ``spec`` on ``model``; raises HardwareUnavailable when the pair cannot work."""
    pi5 = is_pi5(model)
    what = f"LED strip on GPIO{spec.gpio} (leds.driver = {spec.driver!r})"
    driver = spec.driver
    if driver == "auto":
        driver = ("spidev" if spec.gpio == 10 else "pi5-pio") if pi5 else "ws281x"
    if driver == "ws281x" and pi5:
        raise HardwareUnavailable(what, f"{model}: rpi-ws281x 5.0 has no Pi 5 support",
                                  "set leds.driver = 'auto' (Pi 5: 'pi5-pio', or 'spidev' on GPIO10)")
    if driver == "pi5-pio" and not pi5:
        raise HardwareUnavailable(what, f"{model}: the PIO driver needs a Raspberry Pi 5 (RP1)",
                                  "set leds.driver = 'auto' or 'ws281x'")
    if driver == "spidev" and spec.gpio != 10:
        raise HardwareUnavailable(what, "the spidev driver drives SPI0 MOSI only", "set leds.gpio = 10")
    return driver


def open_strip(spec: StripSpec, model: str | None = None):
    """Create and start the strip for ``spec`` with the driver ``leds.driver`` picks on this Pi.

    Returns an object with rpi-ws281x's PixelStrip interface. Raises HardwareUnavailable off a Pi
    (before importing any LED library) or when the driver cannot start.
    """
    model = model or require_pi(f"LED strip on GPIO{spec.gpio}")
    driver = choose_driver(spec, model)
    return OPENERS[driver](spec, model)


def _open_ws281x(spec: StripSpec, model: str):
    what = f"LED strip on GPIO{spec.gpio} ({spec.bus}, rpi-ws281x)"
    rpi_ws281x = _library("ws281x", what)
    if spec.bus == "SPI0":
        if not os.path.exists("/dev/spidev0.0"):
            raise HardwareUnavailable(what, "/dev/spidev0.0 does not exist",
                                      "add dtparam=spi=on to /boot/firmware/config.txt and reboot")
        check_spidev_buffer(spec, what)
    elif os.geteuid() != 0:
        raise HardwareUnavailable(what, f"{spec.bus} needs root for DMA through /dev/mem",
                                  "run the station as root (the systemd unit does), or move the strip to SPI")
    kind = "SK6812_STRIP_" if len(spec.order) == 4 else "WS2811_STRIP_"
    strip_type = getattr(rpi_ws281x.ws, kind + spec.order, None) or getattr(rpi_ws281x, kind + spec.order)
    strip = rpi_ws281x.PixelStrip(spec.count, spec.gpio, spec.freq_hz, spec.dma, spec.invert,
                                  spec.brightness, spec.channel, strip_type)
    try:
        strip.begin()
    except RuntimeError as exc:
        _disarm(strip)
        code = _code(str(exc))
        revision = pi_revision()
        raise HardwareUnavailable(what, f"{exc} on {model}" + (f" (revision {revision})" if revision else ""), WS2811_FIXES.get(
            code, "check no other process drives the strip, leds.dma = 10, and run as root")) from None
    return strip


def _library(driver: str, what: str):
    """Import ``driver``'s Python module (its DRIVERS entry); raises HardwareUnavailable naming the
    pip package and the extra that installs it."""
    import importlib
    d = DRIVERS[driver]
    try:
        return importlib.import_module(d.module)
    except ImportError as exc:
        raise HardwareUnavailable(what, f"the {d.module} module is missing ({exc})",
                                  f"pip install {' '.join(d.pip_packages)} (the project's "
                                  f"[{','.join(d.pip_extras)}] extra)") from None


def _disarm(strip) -> None:
    """Keep rpi-ws281x's exit handler from calling ws2811_fini on a strip that never started."""
    cleanup = getattr(strip, "_cleanup", None)
    if cleanup is not None:
        atexit.unregister(cleanup)
    strip._leds = None            # its _cleanup does nothing without it, should anything call it


def _code(message: str) -> int | None:
    """The return code in "ws2811_init failed with code -3 (...)", or None."""
    parts = message.split("code ", 1)
    try:
        return int(parts[1].split()[0]) if len(parts) == 2 else None
    except (ValueError, IndexError):
        return None


class _Pin:
    """What Adafruit's neopixel_write reads from a pin: its GPIO number as ``id``."""

    def __init__(self, gpio: int):
        self.id = gpio


class PioStrip(PixelStore):
    """Pi 5: Adafruit's ``adafruit_raspberry_pi5_neopixel_write`` on the RP1's PIO (any GPIO)."""

    def __init__(self, spec: StripSpec, write):
        super().__init__(spec.count, spec.brightness)
        self.spec, self._write, self._pin = spec, write, _Pin(spec.gpio)

    def show(self) -> None:
        self._write(self._pin, self.wire_bytes(self.spec.order))


def _open_pio(spec: StripSpec, model: str):
    what = f"LED strip on GPIO{spec.gpio} (Pi 5 PIO)"
    strip = PioStrip(spec, _library("pi5-pio", what).neopixel_write)
    try:
        strip.show()                      # all off: opens /dev/pio0 now, not at the first frame
    except (OSError, RuntimeError) as exc:
        raise HardwareUnavailable(what, f"the PIO driver failed on {model}: {exc}",
                                  "update Raspberry Pi OS (a kernel with /dev/pio0) and add the user to "
                                  "the 'gpio' group") from None
    return strip


class SpidevStrip(PixelStore):
    """NeoPixel over SPI0 MOSI through spidev: each LED bit is 3 SPI bits (1 -> 110, 0 -> 100) at 2.4 MHz."""

    def __init__(self, spec: StripSpec, spi):
        super().__init__(spec.count, spec.brightness)
        self.spec, self._spi = spec, spi
        self._reset = bytes((RESET_US * SPI_HZ) // 8_000_000)

    def show(self) -> None:
        self._spi.writebytes2(b"\0" + encode_spi(self.wire_bytes(self.spec.order)) + self._reset)


def encode_spi(data: bytes) -> bytes:
    """Each bit of ``data`` (MSB first) as 3 SPI bits, 1 -> 110 and 0 -> 100: 3 bytes per byte."""
    out = bytearray()
    for byte in data:
        bits = 0
        for i in range(7, -1, -1):
            bits = (bits << 3) | (0b110 if byte >> i & 1 else 0b100)
        out += bits.to_bytes(3, "big")
    return bytes(out)


def _open_spidev(spec: StripSpec, model: str):
    what = f"LED strip on GPIO{spec.gpio} (SPI0 through spidev)"
    spidev = _library("spidev", what)
    check_spidev_buffer(spec, what)
    spi = spidev.SpiDev()
    try:
        spi.open(0, 0)
        spi.max_speed_hz, spi.mode = SPI_HZ, 0
        strip = SpidevStrip(spec, spi)
        strip.show()
    except (OSError, RuntimeError) as exc:
        spi.close()
        raise HardwareUnavailable(what, f"/dev/spidev0.0 on {model}: {exc}", device_fix(
            exc, "/dev/spidev0.0", "spi", "add dtparam=spi=on to /boot/firmware/config.txt and reboot")) from None
    return strip


def device_fix(exc: BaseException, device: str, group: str, missing: str) -> str:
    """The fix for an OSError opening ``device``, by its errno: EPERM is a device policy (the systemd
    unit's DevicePolicy/DeviceAllow, a cgroup refusing the open whatever the file's mode), EACCES
    the file's group ``group``, ENOENT/ENODEV/ENXIO ``missing`` (the driver is not loaded)."""
    errno_ = getattr(exc, "errno", None)
    if errno_ == errno.EPERM:
        return (f"the device policy blocks {device} (not wiring, not groups): the systemd unit's "
                "DeviceAllow= must name its /proc/devices driver; check with: sudo station doctor --as-service")
    if errno_ == errno.EACCES:
        return f"add the station's user to the '{group}' group (ls -l {device})"
    return missing


#: Driver name -> the function that starts its strip (a PixelStrip-like object).
OPENERS = {"ws281x": _open_ws281x, "pi5-pio": _open_pio, "spidev": _open_spidev}


def installer_facts(spec: StripSpec, model: str = "") -> dict[str, str]:
    """What the Pi installer needs about the strip of a valid build on ``model`` (the device-tree
    model, "" when unknown: treated as a Pi 1-4), each value a string:

    ``LED_DRIVER`` (as configured), ``LED_DRIVER_USED`` (what runs on ``model``), ``LED_GPIO``,
    ``LED_BUS`` (PIO when the Pi 5 drives it through the RP1), ``LED_COUNT``, ``LED_NEEDS_ROOT``
    (1/0), ``LED_PIP_EXTRAS`` (comma-separated, for ``pip install -e '.[EXTRAS]'``: "pi" always, it
    holds lgpio), ``LED_APT_PACKAGES`` (space-separated, beyond the installer's base list) and
    ``LED_CONFIG_TXT`` (the config.txt lines, one per line), ``LED_BUFSIZ`` (the ``spidev.bufsiz=``
    a frame needs on cmdline.txt, "0" when spidev's default 4,096 bytes hold it). Raises HardwareUnavailable when the
    driver cannot run on ``model`` (rpi-ws281x on a Pi 5), with the fix.
    """
    used = choose_driver(spec, model or "Raspberry Pi")
    bus = BUSES[spec.bus if used != "pi5-pio" else "PIO"]
    candidates = AUTO_PICKS["pi5" if is_pi5(model) else "pi1-4"] if spec.driver == "auto" else (used,)
    extras = ["pi"] + [e for d in candidates for e in DRIVERS[d].pip_extras]
    apt = [a for d in candidates for a in DRIVERS[d].apt_packages]
    return {"LED_DRIVER": spec.driver, "LED_DRIVER_USED": used, "LED_GPIO": str(spec.gpio),
            "LED_BUS": bus.name, "LED_COUNT": str(spec.count), "LED_NEEDS_ROOT": "1" if bus.root else "0",
            "LED_PIP_EXTRAS": ",".join(dict.fromkeys(extras)), "LED_APT_PACKAGES": " ".join(dict.fromkeys(apt)),
            "LED_CONFIG_TXT": "\n".join(bus.boot_lines(model)),
            "LED_BUFSIZ": str(spi_bufsiz_needed(spec) or 0)}
