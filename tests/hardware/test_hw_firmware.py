"""The sensor board's reference firmware (firmware/sensor_board/main.py, MicroPython) run unchanged
under CPython (tests/hardware/firmware_host.py stands in for ``machine`` and MicroPython's ticks),
connected over a pseudo-terminal to the station's real link (hardware.board_link through Hub), and
put through the same protocol tests as the virtual board."""
from __future__ import annotations

import asyncio
import dataclasses
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from hw_helpers import Collector
from firmware_board import FirmwareBoard
from hardware.clock import SkewClock
from hardware.config import load_build
from hardware.events import BoardStatus, SlotChanged
from hardware.mockdrive import MockHub
from hardware.strip import RecordingStrip

ROOT = Path(__file__).resolve().parents[2]


def twelve():
    b = load_build(ROOT / "firmware_config" / "twelve-seat.toml")
    return dataclasses.replace(b, board=dataclasses.replace(b.board, heartbeat_timeout_ms=1000, reconnect_ms=30))


class Virtual:
    """hardware.virtual_board behind the same controls as the firmware."""

    board_id = "VB-1"

    def __init__(self):
        self.hub = MockHub.create(twelve(), heartbeat_ms=50)
        self.vb = self.hub.virtual_board

    def set_slot(self, slot, occupied):
        self.vb.set_slot(slot, occupied)

    def power_off(self):
        self.vb.unplug()

    def power_on(self):
        self.vb.replug()

    def close(self):
        pass


class Firmware:
    board_id = "PICO-1"

    def __init__(self):
        self.fw = FirmwareBoard()
        build = twelve()
        self.hub = MockHub(build, pin_factory=MockFactory(), strip=RecordingStrip(build.strip.count),
                       clock_ns=SkewClock(), board_port=self.fw.path)

    def set_slot(self, slot, occupied):
        self.fw.set_slot(slot, occupied)

    def power_off(self):
        self.fw.stop()

    def power_on(self):
        self.fw.start()

    def close(self):
        self.fw.close()


@pytest.fixture(params=[Virtual, Firmware], ids=["virtual-board", "firmware"])
def board(request):
    b = request.param()
    yield b
    b.hub.close()
    b.close()


def slot_events(col):
    return [(e.slot, e.occupied) for e in col.of(SlotChanged)]


async def connected(board):
    col = Collector()
    await board.hub.start(asyncio.get_running_loop(), col)
    await col.wait_for(lambda ev: any(isinstance(e, BoardStatus) and e.connected for e in ev))
    return col


def test_handshake_names_the_board_and_protocol_and_the_replay_adds_nothing(board, run):
    async def body():
        col = await connected(board)
        status = col.of(BoardStatus)[0]
        assert (status.connected, status.board_id, status.protocol) == (True, board.board_id, 1)
        await col.quiet(0.3)
        assert slot_events(col) == [] and board.hub.board_counters["bad_checksum"] == 0
    run(body())


def test_slot_changes_arrive_in_order(board, run):
    async def body():
        col = await connected(board)
        board.set_slot("seat9", True)
        await col.wait_for(lambda ev: slot_events(col) == [("seat9", True)])
        board.set_slot("engine", True)
        await col.wait_for(lambda ev: len(slot_events(col)) == 2)
        board.set_slot("seat9", False)
        await col.wait_for(lambda ev: len(slot_events(col)) == 3)
        assert slot_events(col) == [("seat9", True), ("engine", True), ("seat9", False)]
        assert all(e.source == "board" for e in col.of(SlotChanged)) and board.hub.slots["engine"]
        c = board.hub.board_counters
        assert c["seq_gaps"] == 0 and c["garbage"] == 0 and c["bad_checksum"] == 0, c
    run(body())


def test_heartbeats_keep_the_link_up(board, run):
    async def body():
        col = await connected(board)
        frames = board.hub.board_counters["frames_ok"]
        await asyncio.sleep(2.5)                         # > 2 x heartbeat_timeout_ms with nothing else to say
        assert not [e for e in col.of(BoardStatus) if not e.connected]
        assert board.hub.board_counters["frames_ok"] >= frames + 10
    run(body())


def test_a_board_away_and_back_replays_once_nothing_lost_or_doubled(board, run):
    async def body():
        col = await connected(board)
        board.set_slot("seat0", True)
        board.set_slot("seat1", True)
        await col.wait_for(lambda ev: len(slot_events(col)) == 2)
        board.power_off()
        await col.wait_for(lambda ev: isinstance(ev[-1], BoardStatus) and not ev[-1].connected)
        board.set_slot("seat0", False)                  # changes while it is away
        board.set_slot("seat5", True)
        board.power_on()
        await col.wait_for(lambda ev: isinstance(ev[-1], SlotChanged) and ev[-1].slot == "seat5")
        await col.quiet(0.3)
        assert sorted(slot_events(col)[2:]) == [("seat0", False), ("seat5", True)]
        assert board.hub.slots["seat1"] and not board.hub.slots["seat0"]
        assert board.hub.board_counters["connects"] == 2
    run(body())


def test_the_firmware_filters_a_glitch_on_a_sensor(run):
    async def body():
        board = Firmware()
        try:
            col = await connected(board)
            board.fw.spike("engine")                     # far shorter than STABLE_MS
            board.set_slot("seat3", True)
            await col.wait_for(lambda ev: slot_events(col))
            await col.quiet(0.2)
            assert slot_events(col) == [("seat3", True)]
        finally:
            board.hub.close()
            board.close()
    run(body())


def read_until(fd: int, needle: bytes, timeout: float = 10.0) -> bytes:
    import os
    import select
    import time
    got, end = b"", time.monotonic() + timeout
    while needle not in got and time.monotonic() < end:
        if select.select([fd], [], [], 0.1)[0]:
            got += os.read(fd, 4096)
    return got


def test_mpremote_can_interrupt_the_firmware_and_a_person_can_ask_for_hello(tmp_path, monkeypatch):
    """Ctrl-C is never switched off for good (mpremote needs it to reach the raw REPL), and the README's
    SYNC line, typed in a terminal that connected long after the boot HELLO was dropped, gets one."""
    import os
    import re
    log = tmp_path / "kbd_intr"
    monkeypatch.setenv("FW_KBD_LOG", str(log))
    fw = FirmwareBoard()
    try:
        assert b" HB " in read_until(fw.slave, b" HB ")            # running, well past its boot
        calls = log.read_text().split() if log.exists() else []
        assert not calls or calls[-1] != "-1", f"kbd_intr(-1) left in force: {calls}"
        readme = (ROOT / "firmware" / "sensor_board" / "README.md").read_text()
        typed = re.search(r"type `(0 SYNC\*[0-9A-F]{2})`", readme).group(1)
        os.write(fw.slave, typed.encode() + b"\r\n")
        answer = read_until(fw.slave, b"HELLO 1 PICO-1")
        assert re.search(rb"0 HELLO 1 PICO-1 14\*[0-9A-F]{2}\n", answer), answer[-300:]
    finally:
        fw.close()


def test_a_mock_hub_with_the_real_board_links_to_the_configs_port(run):
    """station run --mock --real-board (the hub box's VM, a Pico on a laptop): mock pins and strip,
    the sensor board on sensor_board.port, here the firmware on a pseudo-terminal."""
    fw = FirmwareBoard()
    build = twelve()
    build = dataclasses.replace(build, board=dataclasses.replace(build.board, port=fw.path))
    hub = MockHub.create(build, real_board=True)
    try:
        assert hub.virtual_board is None

        async def body():
            col = Collector()
            await hub.start(asyncio.get_running_loop(), col)
            await col.wait_for(lambda ev: any(isinstance(e, BoardStatus) and e.connected for e in ev))
            assert col.of(BoardStatus)[0].board_id == "PICO-1"
        run(body())
    finally:
        hub.close()
        fw.close()
