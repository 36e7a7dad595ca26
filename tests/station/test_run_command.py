"""`station run` off a Raspberry Pi: the real backends fail fast with the cause and the fix."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from hardware.pi import pi_model

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(pi_model() is not None, reason="this machine is a Raspberry Pi")
def test_real_hardware_off_a_pi_exits_cleanly_with_the_fix(tmp_path):
    result = subprocess.run([sys.executable, "-m", "cli", "run", "--data-dir", str(tmp_path),
                             "--port", "0"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 3
    assert "not a Raspberry Pi" in result.stderr and "station run --mock" in result.stderr
    assert "Traceback" not in result.stderr
    assert not os.path.exists(tmp_path / "station.sqlite3")   # nothing was started


def test_a_bad_config_names_the_file_and_key(tmp_path):
    bad = tmp_path / "hub.toml"
    bad.write_text((ROOT / "firmware_config" / "reference-8-seat.toml").read_text().replace("seats = 8", "seats = 8\nsparkle = 1"))
    result = subprocess.run([sys.executable, "-m", "cli", "run", "--mock", "--config", str(bad),
                             "--data-dir", str(tmp_path)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert str(bad) in result.stderr and "sparkle" in result.stderr


@pytest.mark.parametrize("command, variable", [("run", "STATION_PORT"), ("club", "CLUB_PORT")])
def test_a_port_from_the_environment_that_is_no_number_exits_2_in_one_line(tmp_path, command, variable):
    env = {**os.environ, variable: "eighty"}
    result = subprocess.run([sys.executable, "-m", "cli", command, "--data-dir", str(tmp_path)],
                            capture_output=True, text=True, timeout=60, env=env)
    assert result.returncode == 2
    assert "--port" in result.stderr and "'eighty'" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("option, value, words", [
    ("--port", "99999", "0-65535"),          # was an OverflowError traceback from bind()
    ("--pin", "12", "4 to 12 digits"),       # was taken, though the host page refuses such a PIN
    ("--pin", "abcd", "digits 0-9"),
])
def test_a_bad_port_or_pin_exits_2_in_one_line_before_the_hardware(tmp_path, option, value, words):
    result = subprocess.run([sys.executable, "-m", "cli", "run", "--data-dir", str(tmp_path), option, value],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2, result.stderr
    assert option in result.stderr and words in result.stderr and "Traceback" not in result.stderr
    assert "not a Raspberry Pi" not in result.stderr          # checked before the hardware


def test_the_club_refuses_a_port_out_of_range_in_one_line(tmp_path):
    # the club took --port as any int: 99999 reached bind() and ended in an OverflowError traceback
    result = subprocess.run([sys.executable, "-m", "cli", "club", "--mqtt", "mqtt://127.0.0.1:1",
                             "--data-dir", str(tmp_path), "--port", "99999"], capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 2, result.stderr
    assert "--port" in result.stderr and "0-65535" in result.stderr and "Traceback" not in result.stderr


def test_a_data_folder_that_cannot_be_made_exits_2_in_one_line(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    result = subprocess.run([sys.executable, "-m", "cli", "run", "--mock", "--port", "0",
                             "--data-dir", str(blocker / "data")], capture_output=True, text=True, timeout=60)
    assert result.returncode == 2, result.stderr
    assert "--data-dir" in result.stderr and str(blocker / "data") in result.stderr
    assert "Traceback" not in result.stderr and len(result.stderr.strip().splitlines()) == 1
