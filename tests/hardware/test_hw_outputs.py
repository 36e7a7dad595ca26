"""Outputs: frames rendered onto the recording strip; the real backends refuse cleanly off-Pi."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from hardware.config import default_build
from hardware.hub import Hub
from hardware.mockdrive import MockHub
from hardware.pi import HardwareUnavailable, pi_model
from hardware.strip import RecordingStrip, color, render

ROOT = Path(__file__).resolve().parents[2]
RED, GREEN, OFF = (255, 0, 0), (0, 255, 0), (0, 0, 0)


def test_mapping_frame_fills_segments_and_leaves_rest_off():
    b = default_build()
    hub = MockHub.create(b)
    try:
        hub.show({"ring": RED, "seat7": [GREEN, OFF, GREEN, OFF]})
        hub.show([OFF] * b.strip.count)
        frame = hub.strip.frames[0]
        assert len(hub.strip.frames) == 2 and hub.strip.last == (OFF,) * 52
        assert all(frame[i] == RED for i in b.strip.ring)
        assert [frame[i] for i in b.slot("seat7").leds] == [GREEN, OFF, GREEN, OFF]
        assert sum(1 for c in frame if c != OFF) == len(b.strip.ring) + 2
    finally:
        hub.close()


@pytest.mark.parametrize("frame, why", [
    ({"kitchen": RED}, "unknown LED segment"),
    ({"engine": [RED, RED]}, "has 4 LEDs"),
    ([RED] * 3, "needs 52 colours"),
    ({"engine": (300, 0, 0)}, "ints 0..255"),
])
def test_bad_frames_raise_value_error(frame, why):
    with pytest.raises(ValueError, match=why):
        render(default_build(), frame)


def test_recording_strip_speaks_pixelstrip():
    s = RecordingStrip(3, brightness=10)
    s.begin()
    s.setPixelColorRGB(1, 1, 2, 3)
    s.setPixelColor(2, color(4, 5, 6))
    s.setBrightness(99)
    s.show()
    assert s.numPixels() == 3 and s.getPixelColor(1) == color(1, 2, 3) and s.getBrightness() == 99
    assert list(s.frames) == [((0, 0, 0), (1, 2, 3), (4, 5, 6))] and len(s.frame_times_ns) == 1


def test_pi_model_detection(tmp_path):
    (tmp_path / "model").write_bytes(b"Raspberry Pi 5 Model B Rev 1.0\0")
    (tmp_path / "other").write_bytes(b"QEMU Virtual Machine\0")
    assert pi_model((tmp_path / "missing", tmp_path / "model")) == "Raspberry Pi 5 Model B Rev 1.0"
    assert pi_model((tmp_path / "other",)) is None


@pytest.mark.skipif(pi_model() is not None, reason="this machine is a Raspberry Pi")
def test_real_hub_refused_off_pi():
    with pytest.raises(HardwareUnavailable) as info:
        Hub.real(default_build())
    assert "not a Raspberry Pi" in str(info.value) and "--mock" in str(info.value)


@pytest.mark.skipif(pi_model() is not None, reason="this machine is a Raspberry Pi")
def test_real_backend_fails_fast_and_exits_cleanly_in_a_subprocess():
    proc = subprocess.run([sys.executable, "-X", "faulthandler", "-m", "hardware", "real",
                           str(ROOT / "firmware_config" / "twelve-seat.toml")],
                          capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert proc.returncode == 2, (proc.returncode, proc.stderr)   # not negative: no signal, no segfault
    assert "not a Raspberry Pi" in proc.stderr and "Fix:" in proc.stderr
    assert "Traceback" not in proc.stderr and "Fatal Python error" not in proc.stderr
    assert "rpi_ws281x" not in sys.modules


def test_hardware_imports_no_game_or_page_code():
    for path in (ROOT / "hardware").glob("*.py"):
        text = path.read_text()
        for pkg in ("engine", "station", "web"):
            assert not re.search(rf"^\s*(from|import) {pkg}\b", text, re.M), f"{path.name} imports {pkg}"


def test_recording_strip_keeps_only_the_newest_frames_when_bounded():
    from hardware.strip import RecordingStrip, color

    s = RecordingStrip(2, keep=3)
    for i in range(5):
        s.setPixelColor(0, color(i, 0, 0))
        s.show()
    assert [f[0][0] for f in s.frames] == [2, 3, 4]
    assert len(s.frame_times_ns) == 3
