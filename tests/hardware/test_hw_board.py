"""The sensor board over a real pseudo-terminal: handshake, reports, faults, loss and reconnect."""
from __future__ import annotations

import asyncio
import dataclasses
from pathlib import Path

from hw_helpers import Collector
from hardware.config import load_build
from hardware.events import BoardStatus, SlotChanged
from hardware.mockdrive import MockHub

ROOT = Path(__file__).resolve().parents[2]


def twelve(timeout_ms: int = 1500):
    b = load_build(ROOT / "firmware_config" / "twelve-seat.toml")
    return dataclasses.replace(b, board=dataclasses.replace(b.board, heartbeat_timeout_ms=timeout_ms, reconnect_ms=30))


async def connected_hub(**kw):
    hub = MockHub.create(twelve(**kw), heartbeat_ms=50)
    col = Collector()
    await hub.start(asyncio.get_running_loop(), col)
    await col.wait_for(lambda ev: any(isinstance(e, BoardStatus) and e.connected for e in ev))
    return hub, col


def slot_events(col):
    return [(e.slot, e.occupied, e.tile) for e in col.of(SlotChanged)]


def test_handshake_and_slot_reports_with_tiles(run):
    async def body():
        hub, col = await connected_hub()
        try:
            status = col.of(BoardStatus)[-1]
            assert status.board_id == "VB-1" and status.protocol == 1
            assert slot_events(col) == []          # replay of all-empty slots: no changes, no events
            hub.mock_slot("seat9", True, tile="12-6")
            hub.mock_slot("engine", True)
            hub.mock_slot("seat9", False)
            await col.wait_for(lambda ev: len(slot_events(col)) >= 3)
            assert slot_events(col) == [("seat9", True, "12-6"), ("engine", True, None), ("seat9", False, None)]
            assert all(e.source == "board" for e in col.of(SlotChanged))
            assert hub.slots["engine"] and col.wrong_thread == 0
            assert hub.virtual_board.host_frames[0] == "SYNC"
        finally:
            hub.close()
    run(body())


def test_garbage_partial_and_bad_checksums_are_counted_and_dropped(run):
    async def body():
        hub, col = await connected_hub()
        vb = hub.virtual_board
        try:
            vb.send_raw(b"\x00\xff\xfeline noise\n")          # garbage
            vb.send_raw(b"17 SLOT seat1 1*00\n")             # wrong checksum
            vb.garble_next(1)
            vb.set_slot("seat2", True)                       # corrupted in flight: dropped
            vb.send_raw(b"3 SLOT se")                        # partial line, then a good frame after it
            vb.send_raw(b"\n")
            vb.send_raw(b"x" * 500 + b"\n")                  # too long
            vb.set_slot("seat3", True)
            await col.wait_for(lambda ev: ("seat3", True, None) in slot_events(col))
            c = hub.board_counters
            assert c["garbage"] >= 2 and c["bad_checksum"] >= 2 and c["too_long"] == 1, c
            # the garbled seat2 report left a sequence gap: the host asked for a replay and got seat2
            await col.wait_for(lambda ev: ("seat2", True, None) in slot_events(col))
            assert c["seq_gaps"] >= 1
            assert slot_events(col).count(("seat2", True, None)) == 1
            assert slot_events(col).count(("seat3", True, None)) == 1
            assert not [e for e in col.of(BoardStatus) if not e.connected]
        finally:
            hub.close()
    run(body())


def test_dropped_frame_recovered_by_resync_without_doubles(run):
    async def body():
        hub, col = await connected_hub()
        vb = hub.virtual_board
        try:
            vb.drop_next(1)
            vb.set_slot("mexican", True)          # lost on the wire
            vb.set_slot("seat0", True)            # seq gap -> SYNC -> replay
            await col.wait_for(lambda ev: {("mexican", True, None), ("seat0", True, None)} <= set(slot_events(col)))
            await col.quiet(0.2)
            assert sorted(slot_events(col)) == [("mexican", True, None), ("seat0", True, None)]
            assert hub.board_counters["seq_gaps"] >= 1
        finally:
            hub.close()
    run(body())


def test_unplug_and_replug_no_events_lost_or_doubled(run):
    async def body():
        hub, col = await connected_hub()
        vb = hub.virtual_board
        try:
            hub.mock_slot("seat0", True)
            hub.mock_slot("seat1", True)
            await col.wait_for(lambda ev: len(slot_events(col)) >= 2)
            vb.send_raw(b"9 SLOT sea")            # the cable is pulled mid-line (may or may not arrive)
            vb.unplug()
            await col.wait_for(lambda ev: isinstance(ev[-1], BoardStatus) and not ev[-1].connected)
            assert "port error" in col.events[-1].reason
            vb.set_slot("seat0", False)           # changes while unplugged
            vb.set_slot("seat5", True, "3-3")
            before = len(col.events)
            vb.replug()
            await col.wait_for(lambda ev: isinstance(ev[-1], SlotChanged) and ev[-1].slot == "seat5")
            await col.quiet(0.2)
            after = col.events[before:]
            assert isinstance(after[0], BoardStatus) and after[0].connected
            assert [(e.slot, e.occupied, e.tile) for e in after[1:]] == [("seat0", False, None), ("seat5", True, "3-3")]
            assert hub.slots["seat1"] and not hub.slots["seat0"] and hub.tiles["seat5"] == "3-3"
            assert hub.board_counters["lost"] == 1 and hub.board_counters["connects"] == 2
        finally:
            hub.close()
    run(body())


def test_heartbeat_timeout_declares_board_lost_then_recovers(run):
    async def body():
        hub, col = await connected_hub(timeout_ms=300)
        vb = hub.virtual_board
        try:
            hub.mock_slot("seat4", True)
            vb.pause_heartbeat()
            await col.wait_for(lambda ev: isinstance(ev[-1], BoardStatus) and not ev[-1].connected)
            assert "heartbeat timeout" in col.events[-1].reason
            assert hub.slots["seat4"]             # last known state kept (stale until reconnected)
            vb.pause_heartbeat(False)
            await col.wait_for(lambda ev: isinstance(ev[-1], BoardStatus) and ev[-1].connected)
            await col.quiet(0.2)
            assert slot_events(col) == [("seat4", True, None)]     # the replay added nothing
        finally:
            hub.close()
    run(body())


def test_wrong_protocol_version_refused(run):
    async def body():
        hub = MockHub.create(twelve(), heartbeat_ms=50)
        hub.virtual_board.protocol = 2
        col = Collector()
        try:
            await hub.start(None, col)
            await col.wait_for(lambda ev: hub.board_counters.get("bad_version", 0) >= 1)
            assert not any(isinstance(e, BoardStatus) and e.connected for e in col.events)
            assert any("protocol 2" in e.reason for e in col.of(BoardStatus))
        finally:
            hub.close()
    run(body())


def test_a_board_that_boots_in_2_s_after_the_open_connects_at_the_first_try(run):
    async def body():
        build = load_build(ROOT / "firmware_config" / "twelve-seat.toml")      # heartbeat 1000 ms, boot window 3000 ms
        assert build.board.boot_timeout_ms >= 2500 and build.board.heartbeat_timeout_ms < 2000
        hub = MockHub.create(build, heartbeat_ms=50)
        hub.virtual_board.boot_s = 2.0                  # silent and deaf to SYNC for 2 s, like a reset Uno
        col = Collector()
        try:
            await hub.start(None, col)
            await col.wait_for(lambda ev: any(isinstance(e, BoardStatus) for e in ev))
            status = col.of(BoardStatus)[0]
            assert status.connected, status.reason                    # no "no HELLO" give-up before it
            assert hub.board_counters["connects"] == 1 and hub.board_counters["lost"] == 0
        finally:
            hub.close()
    run(body())


def test_what_the_board_sent_before_the_port_opened_is_cleared(run):
    async def body():
        hub = MockHub.create(twelve(), heartbeat_ms=50)
        vb = hub.virtual_board
        vb.send_raw(b"MicroPython v1.24 boot banner\r\n")             # waiting in the port before the open
        vb._send("SLOT", "seat3", 1)                                   # a frame from an earlier session
        col = Collector()
        try:
            await hub.start(None, col)
            await col.wait_for(lambda ev: any(isinstance(e, BoardStatus) and e.connected for e in ev))
            await col.quiet(0.2)
            c = hub.board_counters
            assert c["garbage"] == 0 and c["before_hello"] == 0 and c["frames_ok"] >= 1, c
            assert slot_events(col) == [] and not hub.slots["seat3"]
        finally:
            hub.close()
    run(body())
