"""``station doctor --as-service``: the installed unit's sandbox read from ``systemctl cat`` and passed
to systemd-run, and a device the unit's policy blocks named as blocked by the unit.

The sandbox itself (systemd-run under the unit's properties, EPERM from its device policy) is
exercised for real by ``make hub-box`` in a trixie VM; here the parsing and the diagnosis are tested."""
from __future__ import annotations

import errno
import os
from pathlib import Path

from cli import doctor_service as ds
from cli.main import main as station_main

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "systemd" / "mexican-train-station.service"
DROPIN = ROOT / "systemd" / "pwm-root.conf"
#: /proc/devices in the trixie VM of make hub-box (kernel 6.12): what systemd resolves char-NAME with
PROC_DEVICES = "Character devices:\n  1 mem\n  4 tty\n  5 /dev/tty\n153 spi\n166 ttyACM\n188 ttyUSB\n254 gpiochip\n\nBlock devices:\n  8 sd\n"
RDEV = {"/dev/spidev0.0": os.makedev(153, 0), "/dev/gpiochip0": os.makedev(254, 0),
        "/dev/ttyUSB0": os.makedev(188, 0), "/dev/gpiomem": os.makedev(244, 0)}


def cat(*files: Path) -> str:
    """What systemctl cat prints: each file after a '# /path' line."""
    return "".join(f"# /etc/systemd/system/{f.name}\n{f.read_text()}\n" for f in files)


def test_the_installed_units_sandbox_becomes_systemd_run_properties():
    props = ds.unit_properties(cat(UNIT))
    keys = dict(props)
    assert keys["User"] == "mtstation" and keys["DevicePolicy"] == "closed" and keys["ProtectSystem"] == "strict"
    assert [v for k, v in props if k == "DeviceAllow"] == ["char-gpiochip rw", "char-spi rw", "/dev/gpiomem rw",
                                                           "/dev/pio0 rw", "char-ttyACM rw", "char-ttyUSB rw"]
    assert "Type" not in keys and "WatchdogSec" not in keys and "ExecStart" not in keys
    argv = ds.systemd_run_argv(props, ["/opt/mexican-train/venv/bin/python", "-m", "cli", "doctor"])
    assert argv[:4] == ["systemd-run", "--quiet", "--wait", "--pipe"]
    assert "DeviceAllow=char-spi rw" in argv and "SupplementaryGroups=gpio spi dialout" in argv
    assert f"Environment={ds.INSIDE_ENV}={ds.UNIT}" in argv and argv[-4:] == [
        "/opt/mexican-train/venv/bin/python", "-m", "cli", "doctor"]


def test_a_dropin_replaces_the_user_and_adds_devices():
    props = dict(ds.unit_properties(cat(UNIT, DROPIN)))
    assert props["User"] == "root"
    allowed = [v for k, v in ds.unit_properties(cat(UNIT, DROPIN)) if k == "DeviceAllow"]
    assert "/dev/mem rw" in allowed and "char-spi rw" in allowed
    reset = ds.unit_properties(cat(UNIT) + "[Service]\nDeviceAllow=\nDeviceAllow=/dev/null rw\n")
    assert [v for k, v in reset if k == "DeviceAllow"] == ["/dev/null rw"]


def blocked_by_policy(allowed: list[str]):
    """An opener that behaves like the cgroup device policy: EPERM unless an entry allows the node."""
    majors = ds.proc_devices(PROC_DEVICES)

    def opener(path):
        major = os.major(RDEV[path])
        for entry in allowed:
            name = entry.split()[0]
            if name == path or (name.startswith("char-") and majors.get(major) == name[5:]):
                return
        raise PermissionError(errno.EPERM, "Operation not permitted", path)
    return opener, majors


class Stat:
    def __init__(self, path):
        self.st_rdev = RDEV[path]


def test_a_device_the_unit_blocks_is_named_as_blocked_by_the_unit_with_the_entry_it_needs():
    devices = [("/dev/spidev0.0", "the LED strip on SPI"), ("/dev/gpiochip0", "buttons"), ("/dev/ttyUSB0", "board")]
    for unit_text, spi_ok in ((UNIT.read_text(), True),                                   # the unit now
                              (UNIT.read_text().replace("char-spi rw", "char-spidev rw"), False)):  # before the fix
        allowed = [v for k, v in ds.unit_properties(unit_text) if k == "DeviceAllow"]
        opener, majors = blocked_by_policy(allowed)
        found = ds.device_findings(devices, ";".join(allowed), opener=opener, majors=majors, stat=Stat)
        assert found[1][0] and found[2][0], found                  # gpiochip and ttyUSB pass both ways
        assert found[0][0] is spi_ok, found
        if not spi_ok:
            text = found[0][1]
            assert "blocked by the unit mexican-train-station.service" in text
            assert "major 153 is 'spi'" in text and "DeviceAllow=char-spi rw" in text
            assert "not a wiring or group problem" in text


def test_a_missing_group_is_a_group_problem_not_the_unit():
    def opener(path):
        raise PermissionError(errno.EACCES, "Permission denied", path)
    (ok, text), = ds.device_findings([("/dev/pio0", "the PIO")], "/dev/pio0 rw", opener=opener, majors={})
    assert not ok and "permission denied for the service user" in text and "blocked by the unit" not in text


def test_as_service_without_the_installed_unit_or_with_mock_exits_with_one_line(capsys, monkeypatch):
    assert station_main(["doctor", "--as-service", "--mock"]) == 2
    assert "not with --mock" in capsys.readouterr().err
    monkeypatch.setenv("PATH", "/nonexistent")
    assert station_main(["doctor", "--as-service"]) == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "needs systemd" in err
