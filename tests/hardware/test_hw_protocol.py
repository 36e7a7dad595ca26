"""The line protocol's framing: CRC-8, encoding, and the decoder's counted drops."""
from __future__ import annotations

import pytest

from hardware.protocol import Frame, LineDecoder, crc8, encode


def test_crc8_check_value():
    assert crc8(b"123456789") == 0xF4
    assert encode(0, "HELLO", 1, "VB-1", 10) == b"0 HELLO 1 VB-1 10*CB\n"


def test_round_trip_with_tile():
    d = LineDecoder()
    assert d.feed(encode(7, "SLOT", "seat3", 1, "6-4")) == [Frame(7, "SLOT", ("seat3", "1", "6-4"))]
    assert d.counters["frames_ok"] == 1


def test_frames_split_across_reads():
    d, data = LineDecoder(), encode(1, "HB", 5) + encode(2, "HB", 6)
    frames = [f for i in range(len(data)) for f in d.feed(data[i:i + 1])]
    assert [f.seq for f in frames] == [1, 2]


@pytest.mark.parametrize("line, counter", [
    (b"hello world\n", "garbage"),
    (b"\xff\xfe\x00*00\n", "garbage"),
    (b"1 HB 5*00\n", "bad_checksum"),
    (b"1 HB 5*zz\n", "bad_checksum"),
    (b"x" * 300 + b"\n", "too_long"),
])
def test_bad_lines_counted_and_dropped(line, counter):
    d = LineDecoder()
    assert d.feed(line + encode(3, "HB", 1)) == [Frame(3, "HB", ("1",))]
    assert d.counters[counter] == 1


def test_valid_checksum_bad_contents_is_malformed():
    body = b"seq HB"
    d = LineDecoder()
    assert d.feed(body + b"*%02X\n" % crc8(body)) == []
    assert d.counters["malformed"] == 1


def test_partial_line_counted_on_reset():
    d = LineDecoder()
    assert d.feed(b"4 SLOT sea") == []
    d.reset()
    assert d.counters["partial"] == 1
    assert d.feed(encode(0, "HELLO", 1, "B", 3))[0].kind == "HELLO"


def test_encode_refuses_bad_frames():
    with pytest.raises(ValueError):
        encode(1, "SLOT", "has*star")
    with pytest.raises(ValueError):
        encode(1, "lower")
