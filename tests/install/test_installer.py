"""systemd/install.sh: syntax, shellcheck, --help, and runs against a fake root (INSTALL_ROOT).

INSTALL_ROOT=DIR makes the installer read and write every file under DIR (its proc/device-tree/model,
boot/firmware/config.txt, etc/...) and run no command that changes the system. On top of that, the
tests put stubs for every such command (apt-get, useradd, systemctl, ...) first on PATH: a stub that
gets called fails the test.
"""
from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
INSTALL = ROOT / "systemd" / "install.sh"
REFERENCE = "firmware_config/reference-8-seat.toml"
TWELVE = "firmware_config/twelve-seat.toml"
SYSTEM_COMMANDS = ("apt-get", "groupadd", "useradd", "usermod", "systemctl", "udevadm", "modprobe",
                   "hostnamectl", "chown", "pip", "sudo")
PI4, PI5 = "Raspberry Pi 4 Model B Rev 1.5", "Raspberry Pi 5 Model B Rev 1.0"
CONFIG_TXT = "# For more options and information see config.txt(5)\ndtparam=audio=on\n\n[pi4]\narm_boost=1\n\n[all]\n"


@pytest.fixture
def fake(tmp_path):
    """A fake root with a Pi model and a config.txt, stub system commands, and a private TMPDIR."""
    root = tmp_path / "root"
    (root / "proc" / "device-tree").mkdir(parents=True)
    (root / "boot" / "firmware").mkdir(parents=True)
    (root / "etc").mkdir()
    (root / "proc" / "device-tree" / "model").write_bytes(PI4.encode() + b"\0")
    (root / "boot" / "firmware" / "config.txt").write_text(CONFIG_TXT)
    (root / "etc" / "os-release").write_text('ID=debian\nVERSION_CODENAME=bookworm\n')
    (root / "etc" / "hostname").write_text("raspberrypi\n")
    stubs, log, tmp = tmp_path / "stubs", tmp_path / "calls.log", tmp_path / "tmp"
    stubs.mkdir()
    tmp.mkdir()
    for name in SYSTEM_COMMANDS:
        stub = stubs / name
        stub.write_text(f'#!/bin/sh\necho "{name} $*" >> "{log}"\nexit 0\n')
        stub.chmod(0o755)
    env = {**os.environ, "INSTALL_ROOT": str(root), "PATH": f"{stubs}:{os.environ['PATH']}",
           "TMPDIR": str(tmp), "INSTALL_PYTHON": sys.executable}

    def run(*args: str, model: str | None = None) -> subprocess.CompletedProcess:
        if model:
            (root / "proc" / "device-tree" / "model").write_bytes(model.encode() + b"\0")
        return subprocess.run(["bash", str(INSTALL), *args], cwd=ROOT, env=env, capture_output=True,
                              text=True, timeout=300)

    run.root, run.log, run.tmp = root, log, tmp
    return run


def snapshot(top: Path) -> dict[str, str]:
    return {str(p.relative_to(top)): hashlib.sha256(p.read_bytes()).hexdigest() if p.is_file() else "dir"
            for p in sorted(top.rglob("*"))}


def test_bash_syntax():
    subprocess.run(["bash", "-n", str(INSTALL)], check=True)


@pytest.mark.skipif(shutil.which("shellcheck") is None, reason="shellcheck is not installed (apt-get install shellcheck)")
def test_shellcheck_is_clean():
    res = subprocess.run(["shellcheck", "--severity=style", str(INSTALL)], capture_output=True, text=True)
    assert res.returncode == 0, res.stdout


def test_help():
    res = subprocess.run(["bash", str(INSTALL), "--help"], capture_output=True, text=True)
    assert res.returncode == 0
    for option in ("--config FILE", "--dry-run", "--port", "--hostname", "--no-start", "INSTALL_ROOT"):
        assert option in res.stdout


def test_unknown_option_fails():
    res = subprocess.run(["bash", str(INSTALL), "--frobnicate"], capture_output=True, text=True)
    assert res.returncode != 0 and "unknown argument: --frobnicate" in res.stderr


def test_dry_run_prints_the_steps_and_touches_nothing(fake):
    before, repo_before = snapshot(fake.root), subprocess.run(
        ["git", "status", "--porcelain", "--", "."], cwd=ROOT, capture_output=True, text=True).stdout
    res = fake("--dry-run", "--config", REFERENCE)
    assert res.returncode == 0, res.stdout + res.stderr
    out = res.stdout
    steps = ["Checking the system", "Checking the hub build's config", "Installing packages",
             "Creating the 'mtstation' user", "Installing the code in /opt/mexican-train",
             "Creating the virtual environment", "Installing the config in /etc/mexican-train",
             "LED strip: PWM0 on GPIO18", "Sensor board", "Installing the mexican-train-station.service unit"]
    positions = [out.index(f"==> {s}") for s in steps]
    assert positions == sorted(positions)
    assert "model: " + PI4 in out and "hub build 'reference-8-seat'" in out
    assert "--system-site-packages /opt/mexican-train/venv" in out
    assert r"pip install --quiet -e /opt/mexican-train\[pi\]" in out
    assert "would write: /etc/mexican-train/station.env" in out
    assert "STATION_CONFIG=/etc/mexican-train/hub.toml" in out and "GPIOZERO_PIN_FACTORY=lgpio" in out
    assert "+dtparam=audio=off" in out                       # the config.txt change, as a diff
    assert "pwm-root.conf" in out and "REBOOT NEEDED" in out
    assert "this build has no sensor board" in out
    assert "nothing was changed" in out
    assert snapshot(fake.root) == before                     # the fake root is untouched
    assert not fake.log.exists(), fake.log.read_text()       # no system command ran
    assert list(fake.tmp.iterdir()) == []                    # no temporary file left behind
    assert subprocess.run(["git", "status", "--porcelain", "--", "."], cwd=ROOT, capture_output=True,
                          text=True).stdout == repo_before


def test_dry_run_on_a_pi5_with_the_spi_build(fake):
    res = fake("--dry-run", "--config", TWELVE, model=PI5)
    assert res.returncode == 0, res.stdout + res.stderr
    out = res.stdout
    assert "+dtparam=spi=on" in out and "core_freq" not in out
    assert "would write: /etc/udev/rules.d/99-mexican-train-sensor-board.rules" in out
    assert 'sensor_board.port = "/dev/mexican-train-board"' in out
    assert "GPIOZERO_PIN_FACTORY=lgpio" in out and "pwm-root.conf" not in out
    assert not fake.log.exists()


def pi5_powered(tmp_path) -> str:
    """The reference build on a 5 A supply with the Pi 5's share: what check-config --model wants."""
    copy = tmp_path / "reference-pi5.toml"
    copy.write_text((ROOT / REFERENCE).read_text().replace("supply_amps = 4.0", "supply_amps = 5.0")
                    .replace("other_amps = 1.5", "other_amps = 2.4"))
    return str(copy)


def test_the_reference_build_on_a_pi5_uses_the_pio_driver_without_root(fake, tmp_path):
    res = fake("--dry-run", "--config", pi5_powered(tmp_path), model=PI5)
    assert res.returncode == 0, res.stdout + res.stderr
    out = res.stdout
    assert "PIO" in out and "dtparam" not in out and "pwm-root.conf" not in out and "REBOOT" not in out
    assert "pi5" in next(ln for ln in out.splitlines() if "pip install --quiet -e" in ln)   # Adafruit's driver


def test_the_ws281x_driver_is_refused_on_a_pi5(fake, tmp_path):
    forced = tmp_path / "ws281x.toml"
    forced.write_text(Path(pi5_powered(tmp_path)).read_text().replace('driver = "auto"', 'driver = "ws281x"'))
    res = fake("--dry-run", "--config", str(forced), model=PI5)
    assert res.returncode != 0
    # the refusal and its fix come from the driver table (hardware/leds.py), through check-config
    assert "has no Pi 5 support" in res.stderr and "leds.driver = 'auto'" in res.stderr


def test_an_invalid_config_aborts_with_check_configs_message(fake, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text((ROOT / REFERENCE).read_text().replace("seat3 = 21", "seat3 = 16"))
    before = snapshot(fake.root)
    res = fake("--config", str(bad))
    assert res.returncode != 0
    assert "buttons.seat3: GPIO16 is already used by buttons.seat0" in res.stderr
    assert "the config is not valid" in res.stderr
    assert snapshot(fake.root) == before and not fake.log.exists()


def test_install_into_a_fake_root_is_idempotent_and_follows_the_build(fake):
    root = fake.root
    first = fake("--config", TWELVE)
    assert first.returncode == 0, first.stdout + first.stderr
    etc = root / "etc"
    hub = (etc / "mexican-train" / "hub.toml").read_text()
    assert 'port = "/dev/mexican-train-board"' in hub and 'name = "twelve-seat"' in hub
    env = (etc / "mexican-train" / "station.env").read_text()
    assert "STATION_PORT=80\n" in env and "STATION_HOST=0.0.0.0\n" in env and "GPIOZERO_PIN_FACTORY=lgpio\n" in env
    assert (etc / "udev" / "rules.d" / "99-mexican-train-sensor-board.rules").exists()
    assert (etc / "modules-load.d" / "mexican-train.conf").read_text().split()[-2:] == ["cdc_acm", "usbserial"]
    unit = etc / "systemd" / "system" / "mexican-train-station.service"
    assert unit.read_text() == (ROOT / "systemd" / "mexican-train-station.service").read_text()
    assert not (etc / "systemd" / "system" / "mexican-train-station.service.d" / "pwm-root.conf").exists()
    cfg = (root / "boot" / "firmware" / "config.txt").read_text()
    assert cfg.startswith(CONFIG_TXT.rstrip("\n")) and "dtparam=spi=on\ncore_freq=500" not in cfg
    assert "dtparam=spi=on" in cfg and "core_freq_min=500" in cfg          # a Pi 4 on SPI
    assert (root / "opt" / "mexican-train" / "cli" / "doctor_command.py").exists()
    assert "REBOOT NEEDED" in first.stdout

    # the user's own settings survive a re-run, and a re-run changes nothing
    (etc / "mexican-train" / "station.env").write_text(env + "STATION_HOST_PIN=4321\n")
    state = snapshot(root / "etc"), (root / "boot" / "firmware" / "config.txt").read_text()
    again = fake()                                            # no --config: keeps the installed one
    assert again.returncode == 0, again.stdout + again.stderr
    assert "wrote:" not in again.stdout and "REBOOT NEEDED" not in again.stdout
    assert (snapshot(root / "etc"), (root / "boot" / "firmware" / "config.txt").read_text()) == state

    # switching to the PWM build: its boot setting replaces SPI's, the root drop-in comes, the udev rule goes
    third = fake("--config", REFERENCE, "--port", "8080")
    assert third.returncode == 0, third.stdout + third.stderr
    cfg = (root / "boot" / "firmware" / "config.txt").read_text()
    assert cfg.count("# BEGIN mexican-train") == 1 and "dtparam=spi=on" not in cfg
    assert cfg.rstrip().endswith("dtparam=audio=off\n# END mexican-train")
    assert (etc / "systemd" / "system" / "mexican-train-station.service.d" / "pwm-root.conf").exists()
    assert not (etc / "udev" / "rules.d" / "99-mexican-train-sensor-board.rules").exists()
    env = (etc / "mexican-train" / "station.env").read_text()
    assert "STATION_PORT=8080\n" in env and "STATION_HOST_PIN=4321\n" in env
    assert (etc / "mexican-train" / "hub.toml.bak").read_text() == hub
    assert (root / "boot" / "firmware" / "config.txt.mexican-train.bak").read_text() == CONFIG_TXT
    assert not fake.log.exists(), fake.log.read_text()


CM5 = "Raspberry Pi Compute Module 5 Rev 1.0"


def test_a_compute_module_5_is_installed_as_a_pi5(fake, tmp_path):
    res = fake("--dry-run", "--config", pi5_powered(tmp_path), model=CM5)
    assert res.returncode == 0, res.stdout + res.stderr
    assert "Pi 5: the strip is driven by the RP1's PIO" in res.stdout and "dtparam" not in res.stdout
    assert "pi5" in next(ln for ln in res.stdout.splitlines() if "pip install --quiet -e" in ln)


def test_the_pi_4_power_figure_is_refused_on_a_pi5_naming_the_5_amp_supply(fake):
    res = fake("--dry-run", "--config", REFERENCE, model=PI5)        # other_amps 1.5 of a 4 A supply
    assert res.returncode != 0
    # both keys at once, so that one edit of [power] mends it
    assert "power.other_amps and power.supply_amps: 1.5 A is less than a Raspberry Pi 5" in res.stderr
    assert "4 A is below the supply" in res.stderr and "5 A USB-C PD" in res.stderr
    assert fake("--dry-run", "--config", REFERENCE, model=PI4).returncode == 0  # the same build on its Pi 4


def test_the_address_phones_use_names_the_port_and_the_new_hostname(fake):
    out = fake("--dry-run", "--config", REFERENCE, "--port", "8080").stdout
    assert "phones find the hub at http://" in out and ".local:8080/" in out
    out = fake("--dry-run", "--config", REFERENCE, "--port", "8080", "--hostname", "hub").stdout
    assert "phones find the hub at http://hub.local:8080/" in out
    assert "http://hub.local/ " in fake("--dry-run", "--config", REFERENCE, "--hostname", "hub").stdout


def test_trixie_is_the_main_target_and_bookworm_still_works(fake):
    for codename in ("trixie", "bookworm"):
        (fake.root / "etc" / "os-release").write_text(f"ID=debian\nVERSION_CODENAME={codename}\n")
        res = fake("--dry-run", "--config", REFERENCE)
        assert res.returncode == 0 and f"release: {codename}" in res.stdout and "warning: made for" not in res.stdout
    (fake.root / "etc" / "os-release").write_text("ID=debian\nVERSION_CODENAME=bullseye\n")
    res = fake("--dry-run", "--config", REFERENCE)
    assert "warning: made for Raspberry Pi OS trixie (or bookworm), this is 'bullseye'" in res.stdout
    # lgpio has no cp313 wheel: pip builds it with its own bundled C library (PYPI=1)
    assert "PYPI=1 /opt/mexican-train/venv/bin/pip install" in res.stdout


def test_install_pi_model_names_the_board_where_the_device_tree_cannot(fake):
    (fake.root / "proc" / "device-tree" / "model").unlink()
    res = fake("--dry-run", "--config", REFERENCE)
    assert "warning: not a Raspberry Pi" in res.stdout
    fake_env_model = subprocess.run(["bash", str(INSTALL), "--dry-run", "--config", REFERENCE], cwd=ROOT,
                                    env={**os.environ, "INSTALL_ROOT": str(fake.root), "INSTALL_PYTHON": sys.executable,
                                         "INSTALL_PI_MODEL": PI4}, capture_output=True, text=True, timeout=120)
    assert fake_env_model.returncode == 0, fake_env_model.stderr
    assert f"model: {PI4} (named by INSTALL_PI_MODEL)" in fake_env_model.stdout


def test_the_pio_rule_and_a_large_spi_buffer_are_installed(fake, tmp_path):
    cmdline = fake.root / "boot" / "firmware" / "cmdline.txt"
    cmdline.write_text("console=serial0,115200 console=tty1 root=PARTUUID=1234-02 rootfstype=ext4 fsck.repair=yes rootwait\n")
    big = tmp_path / "big.toml"
    big.write_text((ROOT / TWELVE).read_text().replace("count = 60", "count = 600").replace("brightness = 48", "brightness = 10"))
    res = fake("--config", str(big))
    assert res.returncode == 0, res.stdout + res.stderr
    rule = fake.root / "etc" / "udev" / "rules.d" / "99-mexican-train-pio.rules"
    assert rule.read_text() == (ROOT / "systemd" / "99-mexican-train-pio.rules").read_text()
    line = cmdline.read_text()
    assert line.endswith(" rootwait spidev.bufsiz=32768\n") and line.count("\n") == 1
    assert "REBOOT NEEDED" in res.stdout
    again = fake("--config", str(big))
    assert again.returncode == 0 and cmdline.read_text() == line and "already has spidev.bufsiz" in again.stdout
    small = fake("--config", TWELVE)                # 60 LEDs: 4,096 bytes is enough, nothing to add
    assert "one frame fits spidev's default 4,096 bytes" in small.stdout


@pytest.mark.parametrize("config, model", [(TWELVE, "Raspberry Pi 3 Model B Plus Rev 1.3"), (TWELVE, PI4),
                                           (REFERENCE, "Raspberry Pi 3 Model B Plus Rev 1.3")])
def test_the_config_txt_block_is_the_driver_tables(fake, config, model):
    # the installer writes the bus's lines from hardware/leds.py BUSES (check-config --print installer),
    # no list of its own: a Pi 3 on SPI gets the fixed core clock of 250, a Pi 4 500, PWM audio off
    from hardware.config import load_build
    from hardware.leds import BUSES

    res = fake("--config", config, model=model)
    assert res.returncode == 0, res.stdout + res.stderr
    cfg = (fake.root / "boot" / "firmware" / "config.txt").read_text()
    block = cfg[cfg.index("# BEGIN mexican-train"):].splitlines()
    spec = load_build(ROOT / config).strip
    assert block[1:] == ["[all]", *BUSES[spec.bus].boot_lines(model), "# END mexican-train"]
