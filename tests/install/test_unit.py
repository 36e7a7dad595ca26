"""systemd/mexican-train-station.service and the PWM drop-in pass ``systemd-analyze verify``.

The unit's ExecStart (/opt/mexican-train/venv/bin/station) only exists on an installed hub, and
verify insists that it is executable, so a copy with ExecStart pointing at an existing binary is
verified; every other line is the shipped one. The drop-in is verified next to that copy (verify
loads ``<unit>.d/*.conf`` from the unit's directory).
"""
from __future__ import annotations

import re

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "systemd" / "mexican-train-station.service"
DROPIN = ROOT / "systemd" / "pwm-root.conf"
ANALYZE = shutil.which("systemd-analyze")
needs_analyze = pytest.mark.skipif(ANALYZE is None, reason="systemd-analyze is not installed here")


def unit_copy(tmp_path: Path, dropin: bool = False) -> Path:
    text = UNIT.read_text()
    assert "ExecStart=/opt/mexican-train/venv/bin/station run\n" in text
    copy = tmp_path / UNIT.name
    copy.write_text(text.replace("ExecStart=/opt/mexican-train/venv/bin/station run",
                                 "ExecStart=/bin/true run"))
    if dropin:
        d = tmp_path / (UNIT.name + ".d")
        d.mkdir()
        shutil.copy(DROPIN, d / DROPIN.name)
    return copy


def verify(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run([ANALYZE, "verify", "--man=no", str(path)], capture_output=True, text=True, timeout=60)


@needs_analyze
def test_unit_passes_systemd_analyze_verify(tmp_path):
    res = verify(unit_copy(tmp_path))
    assert res.returncode == 0, res.stderr
    # verify returns 0 for unknown keys and bad values, it only warns: no warning about our files
    assert UNIT.name not in res.stderr, res.stderr


@needs_analyze
def test_unit_with_pwm_root_dropin_passes_verify(tmp_path):
    res = verify(unit_copy(tmp_path, dropin=True))
    assert res.returncode == 0, res.stderr
    assert UNIT.name not in res.stderr and DROPIN.name not in res.stderr, res.stderr


@needs_analyze
def test_verify_would_see_a_bad_key(tmp_path):
    """The two tests above are meaningful: a mistake in the unit or the drop-in is reported."""
    copy = unit_copy(tmp_path, dropin=True)
    (copy.parent / (UNIT.name + ".d") / DROPIN.name).write_text("[Service]\nUsr=root\n")
    assert "Unknown key" in verify(copy).stderr


@needs_analyze
def test_hardening_exposure_is_low(tmp_path):
    res = subprocess.run([ANALYZE, "security", "--offline=true", "--threshold=40", "--no-pager",
                          str(unit_copy(tmp_path))], capture_output=True, text=True, timeout=60)
    if "--offline" in res.stderr and "unrecognized" in res.stderr:
        pytest.skip("this systemd-analyze has no --offline security check")
    assert res.returncode == 0, res.stdout[-2000:] + res.stderr


def settings(path: Path) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for line in path.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith(("#", "[")):
            key, _, value = line.partition("=")
            out.setdefault(key, []).append(value)
    return out


def test_unit_asks_for_what_the_issue_and_the_station_need():
    s = settings(UNIT)
    one = {k: v[-1] for k, v in s.items()}
    assert one["Type"] == "notify" and one["NotifyAccess"] == "main" and one["WatchdogSec"] == "30"
    assert one["Restart"] == "on-failure" and one["RestartSec"] == "2"
    assert one["User"] == "mtstation" and set(one["SupplementaryGroups"].split()) == {"gpio", "spi", "dialout"}
    assert one["StateDirectory"] == "mexican-train" and one["ConfigurationDirectory"] == "mexican-train"
    assert "STATION_DATA_DIR=%S/mexican-train" in s["Environment"]
    assert one["EnvironmentFile"] == "-/etc/mexican-train/station.env"
    assert one["ExecStart"] == "/opt/mexican-train/venv/bin/station run"
    assert one["ProtectSystem"] == "strict" and one["NoNewPrivileges"] == "yes"
    assert one["DevicePolicy"] == "closed"
    allowed = [v.split()[0] for v in s["DeviceAllow"]]
    assert {"char-gpiochip", "char-spi", "char-ttyACM", "char-ttyUSB", "/dev/gpiomem", "/dev/pio0"} <= set(allowed)
    assert "/dev/mem" not in allowed            # root-only DMA is the drop-in's business
    assert "CAP_NET_BIND_SERVICE" in one["AmbientCapabilities"]
    assert one["WantedBy"] == "multi-user.target" and "network-online.target" in one["After"]
    from web.serve import FILE_LIMIT
    assert int(one["LimitNOFILE"]) == FILE_LIMIT           # issue 23: idle connections cannot starve it
    assert one["LogRateLimitIntervalSec"] == "30s" and int(one["LogRateLimitBurst"]) <= 500
    drop = settings(DROPIN)
    assert drop["User"] == ["root"] and "/dev/mem rw" in drop["DeviceAllow"]
    assert "CAP_SYS_RAWIO" in drop["CapabilityBoundingSet"][0]


#: The names the kernel's drivers register their character majors under (what /proc/devices lists
#: and what systemd matches ``DeviceAllow=char-NAME`` against), from the drivers' own sources.
KERNEL_CHRDEV_NAMES = {
    "gpiochip": "drivers/gpio/gpiolib.c: alloc_chrdev_region(&gpio_devt, 0, GPIO_DEV_MAX, GPIOCHIP_NAME)",
    "spi": 'drivers/spi/spidev.c: register_chrdev(SPIDEV_MAJOR, "spi", &spidev_fops)',
    "ttyACM": 'drivers/usb/class/cdc-acm.c: acm_tty_driver->driver_name = "acm", name = "ttyACM"',
    "ttyUSB": 'drivers/usb/serial/usb-serial.c: usb_serial_tty_driver->name = "ttyUSB"',
}


def test_every_char_name_in_the_unit_is_one_the_kernel_registers():
    """systemd resolves char-NAME through /proc/devices when the unit starts: a name no driver
    registers (char-spidev) allows nothing, and DevicePolicy=closed then gives the service EPERM."""
    names = [v.split()[0].removeprefix("char-") for v in settings(UNIT)["DeviceAllow"] if v.startswith("char-")]
    unknown = [n for n in names if n not in KERNEL_CHRDEV_NAMES]
    assert names and not unknown, f"DeviceAllow=char-{unknown} matches no /proc/devices entry"
    devices = Path("/proc/devices").read_text().split("Block devices:")[0]
    for line in devices.splitlines()[1:]:        # this machine's kernel agrees where it has the driver
        if line.split() and line.split()[-1] in ("spidev", "gpiochip"):
            assert line.split()[-1] in KERNEL_CHRDEV_NAMES, line


def test_the_start_limit_lets_the_unit_retry_for_good():
    """docs/install.md: anything but a config error is retried every RestartSec. The start limit
    must be above the starts RestartSec allows within StartLimitIntervalSec, or systemd leaves the
    unit failed for good after StartLimitBurst quick failures."""
    one = {k: v[-1] for k, v in settings(UNIT).items()}
    interval, burst, restart = (int(one[k]) for k in ("StartLimitIntervalSec", "StartLimitBurst", "RestartSec"))
    assert interval == 0 or burst > interval / restart, (interval, burst, restart)


def test_udev_rule_for_the_pi5_pio_gives_it_to_the_gpio_group():
    """Adafruit's Pi 5 NeoPixel driver opens /dev/pio0: root-only without this rule."""
    rule = (ROOT / "systemd" / "99-mexican-train-pio.rules").read_text()
    lines = [l for l in rule.splitlines() if l.strip() and not l.startswith("#")]
    assert lines == ['SUBSYSTEM=="*-pio", GROUP="gpio", MODE="0660"']


def test_udev_rule_names_a_stable_symlink_for_the_board():
    rule = (ROOT / "systemd" / "99-mexican-train-sensor-board.rules").read_text()
    lines = [l for l in rule.splitlines() if l.strip() and not l.startswith("#")]
    assert lines and all('SUBSYSTEM=="tty"' in l and 'SYMLINK+="mexican-train-board"' in l
                         and 'GROUP="dialout"' in l and "ATTRS{idVendor}" in l for l in lines)
    ids = {re.search(r'idVendor}=="(\w+)"(?:, ATTRS{idProduct}=="(\w+)")?', l).groups() for l in lines}
    native = {v for v, p in ids if p is None}
    assert {"2e8a", "2341", "239a", "303a"} <= native                     # Pico, Arduino, Adafruit, Espressif
    assert {("1a86", "7523"), ("0403", "6001"), ("10c4", "ea60")} <= ids  # CH340, FTDI, CP210x
