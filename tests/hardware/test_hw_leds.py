"""LED drivers behind the strip seam, the drivers' limits in check-config, and a failed driver start
in a real subprocess: exit 3 with a message, never a signal (rpi-ws281x's own begin() off a Pi)."""
from __future__ import annotations

import argparse
import importlib.util
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from hardware import leds
from hardware.build import StripSpec
from hardware.config import REFERENCE_BUILD, ConfigError, load_build
from hardware.pi import HardwareUnavailable, pi_model
from hardware.strip import color
from cli import check_config_command

ROOT = Path(__file__).resolve().parents[2]
REF = REFERENCE_BUILD.read_text()
TWELVE = (ROOT / "firmware_config" / "twelve-seat.toml").read_text()
PI4, PI5 = "Raspberry Pi 4 Model B Rev 1.5", "Raspberry Pi 5 Model B Rev 1.0"


def check_config(tmp_path, text, capsys) -> tuple[int, str]:
    path = tmp_path / "hub.toml"
    path.write_text(text)
    status = check_config_command.main(argparse.Namespace(file=str(path)))
    out = capsys.readouterr()
    return status, out.err + out.out


def test_an_spi_strip_over_the_spidev_default_buffer_asks_for_spidev_bufsiz(tmp_path, capsys):
    assert leds.max_spi_leds("ws281x", "GRB") == 339 and leds.ws281x_spi_bytes(339) <= 4096 < leds.ws281x_spi_bytes(340)
    status, out = check_config(tmp_path, TWELVE.replace("count = 60", "count = 339")
                               .replace("brightness = 48", "brightness = 20"), capsys)   # within the supply too
    assert status == 0 and "spidev.bufsiz" not in out, out
    status, out = check_config(tmp_path, TWELVE.replace("count = 60", "count = 600")
                               .replace("brightness = 48", "brightness = 10"), capsys)
    assert status == 0, out                      # 600 LEDs fit once spidev.bufsiz=32768 is on cmdline.txt
    assert "needs spidev.bufsiz=32768" in out
    big = spec(count=600, gpio=10, bus="SPI0")
    assert leds.spi_bufsiz_needed(big) == 32768 and leds.spi_bufsiz_needed(spec(count=339, gpio=10, bus="SPI0")) is None
    assert leds.spi_bufsiz_needed(spec(count=600)) is None        # PWM: no SPI frame at all


def test_a_kernel_spidev_buffer_too_small_for_the_frame_names_spidev_bufsiz(tmp_path):
    bufsiz = tmp_path / "bufsiz"
    bufsiz.write_text("4096\n")
    with pytest.raises(HardwareUnavailable) as info:
        leds.check_spidev_buffer(spec(count=600, gpio=10, bus="SPI0"), "LED strip", bufsiz)
    assert "over the spidev buffer of 4096 bytes" in str(info.value) and "spidev.bufsiz=32768" in info.value.fix
    bufsiz.write_text("32768\n")
    leds.check_spidev_buffer(spec(count=600, gpio=10, bus="SPI0"), "LED strip", bufsiz)   # fits: no error


def test_a_device_the_unit_blocks_is_named_as_blocked_not_as_a_group_problem():
    import errno
    blocked = leds.device_fix(PermissionError(errno.EPERM, "Operation not permitted"), "/dev/spidev0.0", "spi", "x")
    assert "device policy blocks /dev/spidev0.0" in blocked and "group" not in blocked.split("(")[0]
    assert "'spi' group" in leds.device_fix(PermissionError(errno.EACCES, "denied"), "/dev/spidev0.0", "spi", "x")
    assert leds.device_fix(FileNotFoundError(errno.ENOENT, "no"), "/dev/spidev0.0", "spi", "dtparam") == "dtparam"


def test_dma_2_is_refused_naming_the_safe_channel(tmp_path, capsys):
    status, msg = check_config(tmp_path, REF.replace("dma = 10 ", "dma = 2 "), capsys)
    assert status != 0 and "leds.dma:" in msg and "DMA channel 2" in msg and "(allowed: 10)" in msg


def test_leds_at_their_brightness_over_the_supply_are_refused_and_the_figure_is_printed(tmp_path, capsys):
    status, msg = check_config(tmp_path, REF.replace("brightness = 64 ", "brightness = 255 "), capsys)
    assert status != 0 and "leds.brightness:" in msg
    assert "52 LEDs at full white and brightness 255/255 draw 3.12 A" in msg and "power.supply_amps 4 A" in msg
    assert "brightness at most 204" in msg          # (4 - 1.5) A / (52 x 60 mA / 255)
    status, out = check_config(tmp_path, REF, capsys)
    assert status == 0 and "0.78 A" in out and "2.28 A of a 4 A supply" in out


def test_a_build_without_a_power_section_is_refused(tmp_path, capsys):
    text = REF[:REF.index("[power]")] + REF[REF.index("[slots]"):]
    status, msg = check_config(tmp_path, text, capsys)
    assert status != 0 and "power: missing table" in msg and "supply_amps" in msg


def test_the_pi5_pio_driver_takes_any_gpio_and_claims_only_it(tmp_path):
    text = REF.replace('driver = "auto"', 'driver = "pi5-pio"').replace("gpio = 18 ", "gpio = 12 ")
    (tmp_path / "pio.toml").write_text(text.replace("seat1 = 10", "seat1 = 18"))   # 18 is free now
    b = load_build(tmp_path / "pio.toml")
    assert (b.strip.bus, b.strip.driver, b.button_pin(1)) == ("PIO", "pi5-pio", 18)
    (tmp_path / "spi.toml").write_text(REF.replace('driver = "auto"', 'driver = "spidev"'))
    with pytest.raises(ConfigError) as info:
        load_build(tmp_path / "spi.toml")
    assert info.value.key == "leds.gpio" and "10 (SPI)" in str(info.value)


def spec(**kw) -> StripSpec:
    base = dict(count=2, order="GRB", brightness=255, gpio=18, channel=0, bus="PWM0", dma=10, freq_hz=800_000,
                invert=False, ring=(0,), driver="auto")
    return StripSpec(**{**base, **kw})


def test_auto_picks_the_driver_by_board_model():
    assert leds.choose_driver(spec(), PI4) == "ws281x"
    assert leds.choose_driver(spec(), PI5) == "pi5-pio"
    assert leds.choose_driver(spec(gpio=10, bus="SPI0"), PI5) == "spidev"
    with pytest.raises(HardwareUnavailable, match="no Pi 5 support"):
        leds.choose_driver(spec(driver="ws281x"), PI5)
    with pytest.raises(HardwareUnavailable, match="needs a Raspberry Pi 5"):
        leds.choose_driver(spec(driver="pi5-pio"), PI4)


def test_the_spidev_driver_sends_3_spi_bits_per_led_bit_with_brightness_and_a_reset():
    sent = []

    class Spi:                                   # spidev.SpiDev's write, recording
        def writebytes2(self, data):
            sent.append(bytes(data))

    strip = leds.SpidevStrip(spec(gpio=10, bus="SPI0", brightness=255), Spi())
    strip.setPixelColor(0, color(255, 0, 0))     # red: on the wire G=00 R=FF B=00
    strip.show()
    zero, one = bytes([0x92, 0x49, 0x24]), bytes([0xDB, 0x6D, 0xB6])
    assert sent[0][:1] == b"\0" and sent[0][1:19] == zero + one + zero + zero * 3
    assert sent[0][19:] == bytes(24) and len(sent[0]) == leds.spidev_bytes(2, "GRB")
    strip.setBrightness(127)                     # 255 * 128 >> 8 = 127 = 0b01111111
    strip.show()
    assert sent[1][4:7] == leds.encode_spi(bytes([127]))


def test_the_pio_driver_writes_the_strip_order_to_the_gpio():
    writes = []
    strip = leds.PioStrip(spec(order="GRBW", brightness=255), lambda pin, buf: writes.append((pin.id, buf)))
    strip.setPixelColor(1, color(1, 2, 3, 4))
    strip.show()
    assert writes == [(18, bytes([0, 0, 0, 0, 2, 1, 3, 4]))]


FAILING_START = textwrap.dedent("""
    import os, sys
    from pathlib import Path
    import hardware.pi, hardware.leds
    model = Path(sys.argv[1]); model.write_bytes(sys.argv[2].encode() + b"\\0")
    hardware.pi.MODEL_FILES = (model,)          # this machine reads as that Pi
    os.geteuid = lambda: 0                      # as root: rpi-ws281x's begin() runs (and fails on the board revision)
    if sys.argv[3] == "without-the-fix":
        hardware.leds._disarm = lambda strip: None
    from cli.main import main
    sys.exit(main(["run", "--data-dir", sys.argv[4], "--port", "0"]))
""")


OFF_PI = pytest.mark.skipif(pi_model() is not None, reason="on a Raspberry Pi the strip would really start")


def start(tmp_path, model: str, variant: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", FAILING_START, str(tmp_path / "model"), model, variant,
                           str(tmp_path / "data")], capture_output=True, text=True, timeout=60, cwd=ROOT,
                          env={"PATH": "/usr/bin:/bin", "GPIOZERO_PIN_FACTORY": "mock", "PYTHONPATH": str(ROOT)})


@OFF_PI
def test_a_failed_ws281x_start_exits_3_with_the_cause_never_a_signal(tmp_path):
    proc = start(tmp_path, PI4)
    assert proc.returncode == 3, (proc.returncode, proc.stderr)
    assert "ws2811_init failed with code -3" in proc.stderr
    # 5.0.0 is the newest rpi-ws281x and lacks Pi 3 revisions: the remedy is the SPI driver, not an upgrade
    assert "leds.driver = 'spidev'" in proc.stderr and "0xa52082" in proc.stderr
    assert "upgrade rpi-ws281x" not in proc.stderr
    assert "Traceback" not in proc.stderr and "Segmentation" not in proc.stderr


@OFF_PI
def test_the_ws281x_exit_trap_is_real_without_the_fix(tmp_path):
    proc = start(tmp_path, PI4, "without-the-fix")
    assert proc.returncode == -signal.SIGSEGV, (proc.returncode, proc.stderr)   # 139 in a shell


@OFF_PI
@pytest.mark.skipif(importlib.util.find_spec("adafruit_raspberry_pi5_neopixel_write") is not None,
                    reason="Adafruit's Pi 5 driver is installed here (the hub box's aarch64 root has the [pi5] extra)")
def test_a_pi5_without_adafruits_driver_exits_3_naming_the_package(tmp_path):
    proc = start(tmp_path, PI5)
    assert proc.returncode == 3, (proc.returncode, proc.stderr)
    assert "adafruit-blinka-raspberry-pi5-neopixel" in proc.stderr and "Traceback" not in proc.stderr


def test_check_config_knows_the_board_model_a_pi5_wants_5_amps(tmp_path, capsys):
    from hardware.pi import board_power, is_pi5_class
    path = tmp_path / "hub.toml"
    path.write_text(REF)
    assert check_config_command.main(argparse.Namespace(file=str(path), model=PI4)) == 0
    assert "board: Raspberry Pi 4 Model B Rev 1.5: 5.1 V 3 A" in capsys.readouterr().out
    assert check_config_command.main(argparse.Namespace(file=str(path), model=PI5)) == 2
    err = capsys.readouterr().err
    assert "power.other_amps: 1.5 A is less than a Raspberry Pi 5" not in err     # both at once: one edit mends it
    assert "power.other_amps and power.supply_amps: 1.5 A is less than a Raspberry Pi 5" in err and "5 A USB-C PD" in err
    assert "; 4 A is below the supply" in err and "power.supply_amps: at least 5" in err
    path.write_text(REF.replace("other_amps = 1.5", "other_amps = 2.4"))
    assert check_config_command.main(argparse.Namespace(file=str(path), model=PI5)) == 2
    assert "power.supply_amps: 4 A is below the supply" in capsys.readouterr().err
    path.write_text(REF.replace("other_amps = 1.5", "other_amps = 2.4").replace("supply_amps = 4.0", "supply_amps = 5.0"))
    assert check_config_command.main(argparse.Namespace(file=str(path), model="Raspberry Pi Compute Module 5 Rev 1.0")) == 0
    assert is_pi5_class("Raspberry Pi Compute Module 5 Rev 1.0") and is_pi5_class("Raspberry Pi 500 Rev 1.0")
    assert not is_pi5_class("Raspberry Pi Compute Module 4 Rev 1.0")
    assert board_power("Raspberry Pi Zero 2 W Rev 1.0").supply_amps == 2.5
    assert leds.choose_driver(spec(), "Raspberry Pi Compute Module 5 Rev 1.0") == "pi5-pio"
def _installer(file, model, *more):
    """``station check-config FILE --print installer --model MODEL`` run as the installer runs it, read
    back through bash's eval: the variables the installer gets."""
    # under the installer's shell options, beside its own readonly APT_PACKAGES: no name may clash
    script = ('set -euo pipefail; readonly APT_PACKAGES=(python3-venv); eval "$("$@")" && printf "%s\\n" "$BUILD_NAME|$BOARD|$LED_DRIVER_USED|$LED_BUS|$LED_NEEDS_ROOT|'
              '$LED_PIP_EXTRAS|$LED_APT_PACKAGES" && printf "%s\\n" "$LED_CONFIG_TXT"')
    cmd = [sys.executable, "-m", "cli", "check-config", str(file), "--print", "installer", "--model", model, *more]
    return subprocess.run(["bash", "-c", script, "bash", *cmd], capture_output=True, text=True, cwd=ROOT, timeout=60)


@pytest.mark.parametrize("build, model, first, config_txt", [
    ("reference-8-seat.toml", PI4, "reference-8-seat|noboard|ws281x|PWM0|1|pi|",
     ["# rpi-ws281x uses the PWM block the analog audio would use", "dtparam=audio=off"]),
    ("reference-8-seat.toml", PI5, "reference-8-seat|noboard|pi5-pio|PIO|0|pi,pi5|", [""]),
    ("twelve-seat.toml", PI4, "twelve-seat|board|ws281x|SPI0|0|pi|",
     ["dtparam=spi=on", "# a fixed core clock keeps the SPI bit timing of the strip steady",
      "core_freq=500", "core_freq_min=500"]),
    ("twelve-seat.toml", "Raspberry Pi 3 Model B Rev 1.2", "twelve-seat|board|ws281x|SPI0|0|pi|",
     ["dtparam=spi=on", "# a fixed core clock keeps the SPI bit timing of the strip steady", "core_freq=250"]),
    ("twelve-seat.toml", PI5, "twelve-seat|board|spidev|SPI0|0|pi,pi5|", ["dtparam=spi=on"]),
])
def test_check_config_prints_the_installers_facts_from_the_driver_table(build, model, first, config_txt):
    """``--print installer``: shell-quoted KEY=VALUE lines the installer evals; bus, root, extras and
    config.txt come from hardware/leds.py's BUSES and DRIVERS for the driver that runs on that Pi."""
    run = _installer(ROOT / "firmware_config" / build, model)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.split("\n")
    assert lines[0] == first and lines[1:-1] == config_txt
    spec = load_build(ROOT / "firmware_config" / build).strip
    used = leds.choose_driver(spec, model)
    bus = leds.BUSES["PIO" if used == "pi5-pio" else spec.bus]
    assert first.split("|")[3:5] == [bus.name, "1" if bus.root else "0"]


def test_print_installer_refuses_a_driver_the_pi_cannot_run(tmp_path):
    """rpi-ws281x on a Pi 5: exit 2 with one line naming the fix, nothing for the installer to eval."""
    path = tmp_path / "hub.toml"
    path.write_text(REF.replace('driver = "auto"', 'driver = "ws281x"'))
    run = subprocess.run([sys.executable, "-m", "cli", "check-config", str(path), "--print", "installer",
                          "--model", PI5], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.count("\n") == 1 and "leds.driver = 'auto'" in run.stderr


def test_config_validates_leds_gpio_from_the_driver_table(tmp_path):
    """Every data GPIO a driver's table entry lists is accepted with that driver and gets the table's
    bus and channel; one it does not list is refused naming the table's pins."""
    for name, driver in leds.DRIVERS.items():
        pins = driver.gpios or {g: driver.any_gpio_bus for g in (4, 18, 26)}
        for gpio, bus in pins.items():
            text = REF.replace('driver = "auto"', f'driver = "{name}"').replace("gpio = 18", f"gpio = {gpio}")
            path = tmp_path / f"{name}-{gpio}.toml"
            path.write_text(text)
            try:
                strip = load_build(path).strip
            except ConfigError as exc:      # the pin is taken by a sensor or button of the reference build
                assert exc.key != "leds.gpio", exc
                continue
            assert (strip.bus, strip.channel) == (bus, leds.BUSES[bus].channel)
    path = tmp_path / "spidev-18.toml"
    path.write_text(REF.replace('driver = "auto"', 'driver = "spidev"'))
    with pytest.raises(ConfigError) as info:
        load_build(path)
    assert info.value.key == "leds.gpio" and info.value.allowed == "10 (SPI)"


@pytest.mark.parametrize("name", sorted(leds.DRIVERS))
def test_a_drivers_pip_extras_install_its_packages(name):
    # the driver's entry names its pyproject extras and what they install; pyproject.toml is the one
    # other place a new driver touches (hardware/leds.py docstring), so the two are held together here
    import tomllib

    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    driver = leds.DRIVERS[name]
    assert driver.pip_extras and set(driver.pip_extras) <= set(extras), (driver.pip_extras, sorted(extras))
    installed = {canonicalize_name(Requirement(r).name) for e in driver.pip_extras for r in extras[e]}
    assert {canonicalize_name(p) for p in driver.pip_packages} <= installed
