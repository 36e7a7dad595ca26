"""The firmware's copy of the line protocol (firmware/sensor_board/main.py: the Pico runs
MicroPython and cannot import ``hardware``) against ours (hardware/protocol.py): the same version,
line limit, sequence wrap, CRC-8 and frame bytes. Read from the firmware's source as it is flashed
(its top-level names, without its ``machine`` imports), so the two copies cannot drift apart
unnoticed; tests/hardware/test_hw_firmware.py runs the whole firmware against the station's link."""
from __future__ import annotations

import ast
import io
import random
from pathlib import Path

import pytest

from hardware import protocol

MAIN = Path(__file__).resolve().parents[2] / "firmware" / "sensor_board" / "main.py"


def firmware_names(*names: str) -> dict:
    """The firmware's top-level assignments, functions and classes named ``names``, run alone."""
    tree = ast.parse(MAIN.read_text())
    keep = [node for node in tree.body
            if (isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.name in names)
            or (isinstance(node, ast.Assign) and any(getattr(t, "id", None) in names for t in node.targets))]
    found: dict = {}
    exec(compile(ast.Module(body=keep, type_ignores=[]), str(MAIN), "exec"), found)
    missing = set(names) - set(found)
    assert not missing, f"{MAIN} no longer defines {sorted(missing)}"
    return found


def test_the_same_version_and_line_limit():
    fw = firmware_names("PROTOCOL", "MAX_LINE")
    assert fw["PROTOCOL"] == protocol.PROTOCOL_VERSION
    assert fw["MAX_LINE"] == protocol.MAX_LINE


def test_the_same_crc8():
    crc8 = firmware_names("crc8")["crc8"]
    rng = random.Random(21)
    samples = [b"", b"123456789", bytes(range(256))] + [rng.randbytes(rng.randrange(1, 120)) for _ in range(500)]
    assert [crc8(s) for s in samples] == [protocol.crc8(s) for s in samples]


@pytest.mark.parametrize("seq, kind, args", [
    (0, "HELLO", (1, "PICO-1", 12)),
    (7, "SLOT", ("seat3", 1)),
    (65535, "HB", (123456789,)),          # the last sequence number before the wrap
])
def test_the_same_frame_bytes_and_sequence_wrap(seq, kind, args):
    board_class = firmware_names("crc8", "Board")["Board"]
    board = board_class.__new__(board_class)           # only send(): no pins, no slots
    board.out, board.seq = io.BytesIO(), seq
    board.send(kind, *args)
    assert board.out.getvalue() == protocol.encode(seq, kind, *args)
    assert board.seq == (seq + 1) % protocol.SEQ_MOD
