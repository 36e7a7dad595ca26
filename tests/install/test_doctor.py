"""``station doctor``: the guided self-test, run against mock hardware.

With ``--mock`` the doctor drives the mock hub itself (MockHand) and ``--mock-fault`` makes it look
miswired. The last tests run the interactive path (no MockHand): a scripted "person" reads the
prompts, presses and places on the mock hub, and answers the LED questions on stdin.
"""
from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from cli.main import main as station_main

ROOT = Path(__file__).resolve().parents[2]
TWELVE = str(ROOT / "firmware_config" / "twelve-seat.toml")


def doctor(capsys, *args: str) -> tuple[int, str]:
    status = station_main(["doctor", *args])
    out = capsys.readouterr()
    return status, out.out + out.err


def problems(output: str) -> list[str]:
    return [line[4:] for line in output.split("\nReport:", 1)[1].splitlines() if line.startswith("  - ")]


def test_mock_yes_runs_every_check_to_a_clean_report(capsys):
    status, out = doctor(capsys, "--mock", "--yes")
    assert status == 0, out
    assert "Report: 32 checks, 32 ok, 0 problems" in out
    for seat in range(8):
        assert f"ok    seat{seat} button" in out
    for slot in ["engine", "mexican"] + [f"seat{i}" for i in range(8)]:
        assert f"ok    slot {slot}: place and lift seen" in out
        assert f"ok    LED segment {slot} " in out
    assert "ok    LED segment ring (LEDs 0-11)" in out and "ok    buzzer on GPIO13" in out
    assert "LED driver: recording strip (mock)" in out
    assert "power: 52 LEDs at full white, brightness 64/255: 0.78 A" in out and "2.28 A of a 4 A supply" in out


def test_a_seat_whose_button_is_never_pressed_is_reported_with_its_gpio(capsys):
    status, out = doctor(capsys, "--mock", "--yes", "--timeout", "0.5", "--mock-fault", "button:3")
    assert status == 1
    assert problems(out) == ["seat3 button: no press seen in 0.5 s — check GPIO21 and its ground"]


def test_swapped_buttons_sensors_dead_and_stuck_slots_and_a_dark_segment(capsys):
    status, out = doctor(capsys, "--mock", "--yes", "--timeout", "0.5",
                         "--mock-fault", "button:5=6", "--mock-fault", "slot:seat2=seat5",
                         "--mock-fault", "slot:engine", "--mock-fault", "stuck:seat4", "--mock-fault", "led:seat1")
    assert status == 1
    found = problems(out)
    assert "seat5 button: the press came from seat6's input (GPIO3) — buttons swapped? check GPIO2" in found
    assert "slot seat2 reported as seat5: sensors swapped? check GPIO23 and its ground" in found
    assert "slot engine: no tile seen in 0.5 s — check GPIO4 and its ground" in found
    assert any(p.startswith("slot seat4: reads occupied while empty — check GPIO25") for p in found)
    assert any(p.startswith("LED segment seat1 (LEDs 24-27): not seen lit") for p in found)
    assert len(found) == 5, found
    assert "slot seat4: not tested (reads occupied)" in out


def test_sensor_board_build_checks_the_link_and_board_slots(capsys):
    status, out = doctor(capsys, "--mock", "--yes", "--timeout", "5", "--config", TWELVE,
                         "--mock-fault", "slot:seat9=seat1")
    assert status == 1, out
    assert re.search(r"ok    sensor board: connected on \S+, board VB-1, protocol 1", out)
    assert re.search(r"ok    sensor board link: \d+ frames, no errors", out)
    assert problems(out) == ["slot seat9 reported as seat1: sensors swapped? "
                             "check the sensor board's input for seat9 and that sensor"]


def test_a_board_that_never_answers_is_reported_and_its_slots_skipped(capsys):
    status, out = doctor(capsys, "--mock", "--yes", "--timeout", "0.5", "--config", TWELVE, "--mock-fault", "board:down")
    assert status == 1
    found = problems(out)
    assert len(found) == 1 and found[0].startswith("sensor board: no link on /dev/ttyACM0 in 0.5 s")
    assert "slot seat11: not tested (no board)" in out
    assert "ok    seat11 button (GPIO26)" in out


def test_off_pi_without_mock_exits_3_with_the_cause(capsys):
    from hardware.pi import pi_model
    if pi_model() is not None:
        pytest.skip("this machine is a Raspberry Pi")
    status, out = doctor(capsys, "--yes")
    assert status == 3
    assert "not a Raspberry Pi" in out and "station doctor --mock" in out


def test_bad_config_and_bad_fault_exit_2(capsys, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("[hub]\nseats = 1\n")
    status, out = doctor(capsys, "--mock", "--config", str(bad))
    assert status == 2 and "hub.seats" in out
    status, out = doctor(capsys, "--mock", "--yes", "--mock-fault", "button:x")
    assert status == 2 and "not a fault of this build" in out
    status, out = doctor(capsys, "--yes", "--mock-fault", "button:3")
    assert status == 2 and "needs --mock" in out


class Person:
    """Follows the prompts on the mock hub, as someone at the table would; answers LED questions."""

    def __init__(self, hub, dark: set[str], lazy_seat: int | None = None):
        self.hub, self.dark, self.lazy_seat, self.lines = hub, dark, lazy_seat, []

    def out(self, line: str) -> None:
        self.lines.append(line)
        loop = asyncio.get_running_loop()
        if m := re.search(r"press and release the button of seat(\d+)", line):
            if int(m[1]) != self.lazy_seat:
                loop.call_later(0.05, self.hub.mock_press, int(m[1]))
        elif m := re.search(r"place a tile in slot (\w+)", line):
            loop.call_later(0.05, self.hub.mock_slot, m[1], True)
        elif m := re.search(r"now lift it from slot (\w+)", line):
            loop.call_later(0.05, self.hub.mock_slot, m[1], False)

    def input(self, prompt: str) -> str:
        m = re.search(r"Is only (\w+) lit", prompt)
        return "n" if m and m[1] in self.dark else "y"


def test_interactive_path_reads_answers_and_waits_for_real_events(monkeypatch):
    from hardware.config import default_build
    from hardware.mockdrive import MockHub
    from cli.doctor_command import Doctor

    hub = MockHub.create(default_build())
    person = Person(hub, dark={"mexican"}, lazy_seat=3)
    monkeypatch.setattr("builtins.input", person.input)
    try:
        doc = Doctor(hub, yes=False, timeout=1.0, hand=None, out=person.out)
        found = asyncio.run(doc.run())
    finally:
        hub.close()
    assert found[0].startswith("LED segment mexican (LEDs 16-19): not seen lit")
    assert found[1:] == ["seat3 button: no press seen in 1 s — check GPIO21 and its ground"]
    assert doc.passed == 30


def test_interactive_path_survives_a_closed_stdin(monkeypatch):
    """Without a terminal (stdin closed) the doctor stops asking, as with --yes, instead of hanging."""
    from hardware.config import default_build
    from hardware.mockdrive import MockHub
    from cli.doctor_command import Doctor

    asked = []

    def closed(prompt: str) -> str:
        asked.append(prompt)
        raise EOFError

    hub = MockHub.create(default_build())
    person = Person(hub, dark=set())
    monkeypatch.setattr("builtins.input", closed)
    try:
        doc = Doctor(hub, yes=False, timeout=1.0, hand=None, out=person.out)
        found = asyncio.run(asyncio.wait_for(doc.run(), 60))
    finally:
        hub.close()
    assert found == [] and len(asked) == 1 and doc.yes
    assert any("not asking any more" in line for line in person.lines)
