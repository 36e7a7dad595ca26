"""A stale sensor-board frame (issue 13): a frame repeating a sequence number the host already
applied, with the old content, is dropped and the link resynchronises; no slot event follows."""
from __future__ import annotations

import asyncio
import time

import pytest
from hw_helpers import WAIT_S
from test_hw_board import connected_hub, slot_events

from hardware.protocol import encode


async def until(predicate, what: str) -> None:
    """Poll ``predicate`` (about the board, not about events) until it holds."""
    deadline = time.monotonic() + WAIT_S
    while not predicate():
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what}")
        await asyncio.sleep(0.01)


def test_a_replayed_stale_frame_produces_no_slot_event(run):
    async def body():
        hub, col = await connected_hub(timeout_ms=10_000)
        vb = hub.virtual_board
        try:
            vb.pause_heartbeat(True)             # the board's numbering stays ours to follow
            await col.quiet(0.2)
            stale_seq = vb._seq
            vb.set_slot("engine", True)
            await col.wait_for(lambda ev: slot_events(col) == [("engine", True, None)])
            vb.set_slot("engine", False)
            await col.wait_for(lambda ev: len(slot_events(col)) == 2)
            syncs = vb.host_frames.count("SYNC")
            gaps = hub.board_counters["seq_gaps"]
            vb.send_raw(encode(stale_seq, "SLOT", "engine", 1))      # old number, old content
            await until(lambda: vb.host_frames.count("SYNC") > syncs, "the host's SYNC")
            await col.quiet(0.3)                                    # the replay has come and gone
            assert slot_events(col) == [("engine", True, None), ("engine", False, None)]
            assert hub.slots["engine"] is False
            assert hub.board_counters["seq_gaps"] == gaps + 1
            vb.pause_heartbeat(False)
            vb.set_slot("seat1", True)                              # the link goes on as before
            await col.wait_for(lambda ev: ("seat1", True, None) in slot_events(col))
            await col.quiet(0.2)
            assert slot_events(col).count(("seat1", True, None)) == 1
        finally:
            hub.close()
    run(body())


def test_after_a_gap_nothing_is_acted_on_before_the_replay(run):
    async def body():
        hub, col = await connected_hub(timeout_ms=10_000)
        vb = hub.virtual_board
        try:
            vb.pause_heartbeat(True)
            await col.quiet(0.2)
            vb.set_slot("seat2", True)
            await col.wait_for(lambda ev: ("seat2", True, None) in slot_events(col))
            # a frame from the future: the numbering jumped (frames lost), and it claims seat2 is
            # empty, which the board's own state contradicts
            vb.send_raw(encode(vb._seq + 5, "SLOT", "seat2", 0))
            syncs = vb.host_frames.count("SYNC")
            await until(lambda: vb.host_frames.count("SYNC") > syncs, "the host's SYNC")
            await col.quiet(0.3)
            assert slot_events(col) == [("seat2", True, None)]
            assert hub.slots["seat2"] is True
        finally:
            vb.pause_heartbeat(False)
            hub.close()
    run(body())
