"""``station doctor --as-service``: the doctor's checks as the service user, inside the installed
unit's own sandbox.

``sudo station doctor`` runs as root outside the unit, so a device the unit's ``DevicePolicy=closed``
blocks (a ``DeviceAllow=char-NAME`` that names no /proc/devices driver) or a group the service user
lacks passes there and fails only in the service. ``--as-service`` reads the installed unit
(``systemctl cat``: the unit file and its drop-ins), starts the same doctor again through
``systemd-run`` with the unit's user, groups, device policy and hardening as properties, and the
doctor inside first opens every device the build uses. A device the policy refuses (EPERM) is named
as blocked by the unit, with the DeviceAllow= entry it lacks; EACCES is the file's group.
"""
from __future__ import annotations

import errno
import glob
import os
import shlex
from pathlib import Path

UNIT = "mexican-train-station.service"
#: Set in the doctor that systemd-run starts: the unit whose sandbox it runs in.
INSIDE_ENV = "STATION_DOCTOR_AS_SERVICE"
ALLOW_ENV = "STATION_DOCTOR_DEVICE_ALLOW"

#: [Service] settings that make the sandbox: the user and groups, the device policy, the hardening.
#: Not copied: Type/Watchdog/Restart (a transient doctor is not the station), ExecStart, the
#: State/Runtime/ConfigurationDirectory (they belong to the unit; the doctor reads /etc only).
SANDBOX_KEYS = (
    "User", "Group", "SupplementaryGroups", "DevicePolicy", "DeviceAllow", "NoNewPrivileges",
    "ProtectSystem", "ProtectHome", "PrivateTmp", "PrivateDevices", "PrivateUsers",
    "ProtectKernelTunables", "ProtectKernelModules", "ProtectKernelLogs", "ProtectControlGroups",
    "ProtectClock", "ProtectHostname", "ProtectProc", "ProcSubset", "RestrictSUIDSGID",
    "RestrictRealtime", "RestrictNamespaces", "LockPersonality", "MemoryDenyWriteExecute", "RemoveIPC",
    "UMask", "SystemCallArchitectures", "SystemCallFilter", "SystemCallErrorNumber",
    "RestrictAddressFamilies", "AmbientCapabilities", "CapabilityBoundingSet", "Environment",
    "EnvironmentFile", "ReadWritePaths", "ReadOnlyPaths", "InaccessiblePaths", "BindPaths",
    "BindReadOnlyPaths",
)
#: Settings where an empty assignment resets what came before (systemd's list settings).
LIST_KEYS = {"DeviceAllow", "SupplementaryGroups", "Environment", "EnvironmentFile", "SystemCallFilter",
             "RestrictAddressFamilies", "ReadWritePaths", "ReadOnlyPaths", "InaccessiblePaths",
             "BindPaths", "BindReadOnlyPaths", "AmbientCapabilities", "CapabilityBoundingSet"}


def unit_properties(text: str) -> list[tuple[str, str]]:
    """The sandbox settings of a unit from ``systemctl cat UNIT`` output (the unit file, then its
    drop-ins), in order, as (key, value) pairs for ``systemd-run -p``. A later single-valued setting
    replaces an earlier one; an empty assignment of a list setting drops the entries before it."""
    props: list[tuple[str, str]] = []
    section = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1]
            continue
        key, sep, value = line.partition("=")
        key, value = key.strip(), value.strip()
        if section != "Service" or not sep or key not in SANDBOX_KEYS:
            continue
        if key in LIST_KEYS and value == "":
            props = [(k, v) for k, v in props if k != key]
        elif key in LIST_KEYS:
            props.append((key, value))
        else:
            props = [(k, v) for k, v in props if k != key] + [(key, value)]
    return props


def systemd_run_argv(props: list[tuple[str, str]], argv: list[str], unit: str = UNIT) -> list[str]:
    """The systemd-run command that runs ``argv`` with ``props`` and waits, stdin/stdout passed through."""
    allow = ";".join(v for k, v in props if k == "DeviceAllow")
    cmd = ["systemd-run", "--quiet", "--wait", "--pipe", "--collect", f"--unit=station-doctor-{os.getpid()}",
           f"--description=station doctor in {unit}'s sandbox",
           "-p", f"Environment={INSIDE_ENV}={unit}", "-p", f"Environment={shlex.quote(ALLOW_ENV + '=' + allow)}"]
    for key, value in props:
        cmd += ["-p", f"{key}={value}"]
    # the unit's LG_WD and working directory are its RuntimeDirectory, which only the station has:
    # lgpio's pipes go to the doctor's private /tmp instead
    cmd += ["-p", "Environment=LG_WD=/tmp", "-p", "WorkingDirectory=/tmp"]
    return cmd + ["--", *argv]


def build_devices(build, model: str | None = None) -> list[tuple[str, str]]:
    """(device path, what uses it) for every device node the build opens on this Pi."""
    out = [(p, "buttons and GPIO sensors (lgpio)") for p in sorted(glob.glob("/dev/gpiochip*"))]
    st = build.strip
    if st.bus == "SPI0":
        out.append(("/dev/spidev0.0", "the LED strip on SPI"))
        if st.driver in ("auto", "ws281x") and os.path.exists("/dev/gpiomem"):
            out.append(("/dev/gpiomem", "rpi-ws281x setting GPIO10's SPI function"))
    if st.bus == "PIO" or (model and st.driver == "auto" and st.bus != "SPI0" and _pi5(model)):
        out.append(("/dev/pio0", "the LED strip on the Pi 5's PIO"))
    if build.board:
        out.append((build.board.port, "the sensor board"))
    return out


def _pi5(model: str) -> bool:
    from hardware.pi import is_pi5_class
    return is_pi5_class(model)


def proc_devices(text: str | None = None) -> dict[int, str]:
    """Character device major -> driver name, from /proc/devices (or ``text``)."""
    if text is None:
        try:
            text = Path("/proc/devices").read_text()
        except OSError:
            return {}
    majors: dict[int, str] = {}
    for line in text.split("Block devices:")[0].splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0].isdigit():
            majors[int(parts[0])] = parts[1]
    return majors


def device_findings(devices: list[tuple[str, str]], allow: str, unit: str = UNIT,
                    opener=None, majors: dict[int, str] | None = None, stat=os.stat) -> list[tuple[bool, str]]:
    """Open each (path, use) in ``devices`` read-write as this process is (inside the unit's sandbox);
    one (ok, text) finding each. ``allow`` is the unit's DeviceAllow entries, ";"-separated.
    ``opener(path)`` (default os.open with O_RDWR|O_NONBLOCK|O_NOCTTY) may raise OSError."""
    opener = opener or (lambda p: os.close(os.open(p, os.O_RDWR | os.O_NONBLOCK | os.O_NOCTTY)))
    majors = proc_devices() if majors is None else majors
    entries = [a.split()[0] for a in allow.split(";") if a.strip()]
    out = []
    for path, use in devices:
        try:
            opener(path)
        except OSError as exc:
            out.append((False, _blocked(path, use, exc, entries, unit, majors, stat)))
            continue
        out.append((True, f"device {path} ({use}): opened as the service"))
    return out


def _blocked(path, use, exc, entries, unit, majors, stat) -> str:
    if exc.errno == errno.EPERM:
        try:
            major = os.major(stat(path).st_rdev)
        except OSError:
            major = None
        name = majors.get(major) if major is not None else None
        need = f"char-{name}" if name else path
        return (f"device {path} ({use}): blocked by the unit {unit} (DevicePolicy=closed, DeviceAllow= "
                f"{' '.join(entries) or 'empty'}; the device's major {major} is '{name or '?'}' in "
                f"/proc/devices, so it needs DeviceAllow={need} rw) — not a wiring or group problem: "
                f"fix the unit (sudo systemctl edit {unit.removesuffix('.service')}) or re-run systemd/install.sh")
    if exc.errno == errno.EACCES:
        return (f"device {path} ({use}): permission denied for the service user (ls -l {path}: its group "
                "must be one of the unit's SupplementaryGroups gpio/spi/dialout; re-run systemd/install.sh)")
    if exc.errno in (errno.ENOENT, errno.ENODEV, errno.ENXIO):
        return f"device {path} ({use}): {exc.strerror} — the driver or the hardware is not there (config.txt, cabling)"
    return f"device {path} ({use}): {exc.strerror or exc}"
