"""The sensor-board line protocol, version 1 (specified in docs/sensor-board-protocol.md).

A frame is one ASCII line ``<seq> <TYPE>[ <arg>...]*<CC>\\n``: ``seq`` decimal 0..65535, ``CC`` the
CRC-8 (poly 0x07, init 0x00, no reflection, no final xor) of everything before ``*``, as two
upper-case hex digits. Used by both the host (board_link) and the virtual board.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from hardware.errors import ProtocolError

PROTOCOL_VERSION = 1
MAX_LINE = 120          #: bytes, without the newline; longer lines are dropped and counted
SEQ_MOD = 65536

_BODY = re.compile(r"(0|[1-9][0-9]{0,4}) ([A-Z]{2,8})((?: [!-)+-~]{1,32})*)")
COUNTERS = ("frames_ok", "garbage", "bad_checksum", "too_long", "partial", "malformed")


def crc8(data: bytes) -> int:
    """CRC-8 with polynomial 0x07, initial value 0 (check value of b"123456789" is 0xF4)."""
    crc = 0
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = ((crc << 1) ^ 0x07) & 0xFF if crc & 0x80 else (crc << 1) & 0xFF
    return crc


@dataclass(frozen=True)
class Frame:
    """A decoded frame: sequence number, type (e.g. "SLOT") and its arguments."""

    seq: int
    kind: str
    args: tuple[str, ...]


def encode(seq: int, kind: str, *args: object) -> bytes:
    """Encode one frame, newline included. Raises ProtocolError (a ValueError) for a bad type, argument or length."""
    body = " ".join([str(seq % SEQ_MOD), kind, *map(str, args)])
    if not _BODY.fullmatch(body):
        raise ProtocolError(f"cannot encode frame {body!r}")
    line = f"{body}*{crc8(body.encode('ascii')):02X}".encode("ascii")
    if len(line) > MAX_LINE:
        raise ProtocolError(f"frame longer than {MAX_LINE} bytes")
    return line + b"\n"


class LineDecoder:
    """Splits a byte stream into frames; bad input is counted in ``counters`` and dropped, never raised.

    Counters: frames_ok, garbage (not a frame: no ``*CC``, non-ASCII), bad_checksum, too_long,
    partial (a line cut off by a reset/disconnect), malformed (checksum right, contents wrong).
    """

    def __init__(self):
        self.counters = dict.fromkeys(COUNTERS, 0)
        self._buf = bytearray()
        self._overflow = False

    def feed(self, data: bytes) -> list[Frame]:
        """Add received bytes; returns the complete, valid frames they finish."""
        out = []
        self._buf += data
        while True:
            nl = self._buf.find(b"\n")
            if nl < 0:
                if len(self._buf) > MAX_LINE + 1:
                    self._buf.clear()
                    self._overflow = True
                return out
            line = bytes(self._buf[:nl]).rstrip(b"\r")
            del self._buf[:nl + 1]
            if self._overflow:
                self._overflow = False
                self.counters["too_long"] += 1
                continue
            frame = self._decode(line)
            if frame is not None:
                out.append(frame)

    def reset(self) -> None:
        """Forget a half-received line (the port closed); counts it as partial."""
        if self._buf or self._overflow:
            self.counters["partial"] += 1
        self._buf.clear()
        self._overflow = False

    def _decode(self, line: bytes) -> Frame | None:
        if not line:
            return None                      # blank lines are allowed keep-alives of nothing
        if len(line) > MAX_LINE:
            self.counters["too_long"] += 1
            return None
        star = line.rfind(b"*")
        if star < 0 or len(line) - star != 3 or not all(32 < b < 127 or b == 32 for b in line):
            self.counters["garbage"] += 1
            return None
        body, given = line[:star], line[star + 1:]
        try:
            ok = int(given, 16) == crc8(body) and given.upper() == given
        except ValueError:
            ok = False
        if not ok:
            self.counters["bad_checksum"] += 1
            return None
        m = _BODY.fullmatch(body.decode("ascii"))
        if not m or int(m.group(1)) >= SEQ_MOD:
            self.counters["malformed"] += 1
            return None
        self.counters["frames_ok"] += 1
        return Frame(int(m.group(1)), m.group(2), tuple(m.group(3).split()))
