"""``station doctor``'s checks of the Pi itself: throttling, config.txt settings, pins held by overlays."""
from __future__ import annotations

import subprocess

from hardware.config import default_build
from cli.doctor_system import boot_settings, throttled


def vcgencmd(output: str):
    def run(cmd, **kw):
        assert cmd == ["vcgencmd", "get_throttled"]
        return subprocess.CompletedProcess(cmd, 0, stdout=output, stderr="")
    return run


def test_under_voltage_and_throttling_are_reported_in_words():
    [(ok, text)] = throttled(vcgencmd("throttled=0x50005\n"))
    assert not ok and "under-voltage now" in text and "throttled now" in text and "0x50005" in text
    assert "under-voltage has occurred" in text and "5 V supply" in text
    assert throttled(vcgencmd("throttled=0x0\n"))[0][0]


def test_without_vcgencmd_nothing_is_claimed():
    def missing(cmd, **kw):
        raise FileNotFoundError(cmd[0])
    assert throttled(missing) == [(True, "power: vcgencmd get_throttled unavailable (not checked)")]


def config(tmp_path, text):
    (tmp_path / "boot" / "firmware").mkdir(parents=True, exist_ok=True)
    (tmp_path / "boot" / "firmware" / "config.txt").write_text(text)
    return tmp_path


def test_a_pwm_strip_needs_audio_off_and_overlays_holding_build_pins_are_named(tmp_path):
    root = config(tmp_path, "dtparam=audio=on\n# dtparam=audio=off\ndtoverlay=w1-gpio\ndtparam=spi=on\n")
    found = boot_settings(default_build(), "ws281x", root)
    bad = [text for ok, text in found if not ok]
    assert any("dtparam=audio=off missing" in t for t in bad)
    assert any("'dtoverlay=w1-gpio' holds GPIO4" in t and "slots.engine.pin" in t for t in bad)
    assert any("'dtparam=spi=on' holds GPIO10" in t and "buttons.seat1" in t for t in bad)


def test_a_clean_config_passes(tmp_path):
    found = boot_settings(default_build(), "ws281x", config(tmp_path, "[all]\ndtparam=audio=off\n"))
    assert all(ok for ok, _ in found) and any("no overlay holds" in t for _, t in found)
    assert all(ok for ok, _ in boot_settings(default_build(), "pi5-pio", config(tmp_path, "[all]\n")))


def test_the_live_monitor_prints_changes_and_counts_glitches():
    import asyncio

    from hardware.mockdrive import MockHub
    from cli.doctor_monitor import monitor

    hub = MockHub.create(default_build())
    lines: list[str] = []

    async def body():
        loop = asyncio.get_running_loop()
        pin = hub.mock_pin("seat3")

        def chatter():                            # a marginal sensor: pulses far shorter than 30 ms
            for _ in range(3):
                pin.drive_low()
                pin.drive_high()
        loop.call_later(0.1, chatter)
        loop.call_later(0.2, hub.mock_slot, "engine", True)
        loop.call_later(0.3, hub.mock_press, 2)
        return await monitor(hub, 1.2, out=lines.append)
    try:
        glitches = asyncio.run(body())
    finally:
        hub.close()
    text = "\n".join(lines)
    assert "slot engine   OCCUPIED  (GPIO4)" in text and "seat2 button  short press" in text
    assert glitches == {"slot seat3": 3} and "slot seat3: 3 glitches shorter than 30 ms dropped" in text
