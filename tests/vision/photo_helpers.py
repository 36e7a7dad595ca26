"""Helpers of the photo tests: rendered photos (tools/tile_photos.py) and hostile uploads."""
from __future__ import annotations

import struct
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools.tile_photos import render  # noqa: E402

#: conditions the pipeline reads (README, *Reading a photo*): white tiles, plain pips, felt, a row
EASY = {"body": "white", "pips": "plain", "table": "felt", "style": "row", "quality": 85}


def photo(tiles: list[str], seed: int = 7, **conditions) -> bytes:
    """A rendered JPEG of ``tiles`` on a table (``EASY`` conditions unless overridden)."""
    top = max(int(x) for t in tiles for x in t.split("-"))
    jpeg, _ = render(seed, **{**EASY, "set": max(6, top), "tiles": tiles, **conditions})
    return jpeg


def pairs(tiles) -> list[tuple[int, int]]:
    """Tiles ("a-b" names) as sorted pairs, sorted: a hand compared without its order."""
    return sorted(tuple(sorted(int(x) for x in t.split("-"))) for t in tiles)


def assert_read_exactly(jpeg: bytes, truth: dict):
    """Read ``jpeg`` (``vision.read_photo``) and assert its tiles are ``truth``'s, none missed and
    none extra (the conditions in the message). Returns the reading."""
    from vision import read_photo

    reading = read_photo(jpeg)
    assert pairs(t.tile for t in reading.tiles) == pairs(t["tile"] for t in truth["tiles"]), truth["conditions"]
    return reading


def close_up(seed: int, factor: float, **overrides) -> tuple[bytes, dict]:
    """A close-up: the photo of ``seed`` rendered ``factor`` times smaller than 1600 px and
    enlarged back (cubic; JPEG 85), so its tiles are ``factor`` times the renderer's widest (300
    px) at most, with lines as thick. Returns the JPEG and the truth, its quads enlarged too."""
    import cv2
    import numpy as np

    jpeg, truth = render(seed, size=int(1600 / factor), **overrides)
    image = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)
    image = cv2.resize(image, None, fx=factor, fy=factor, interpolation=cv2.INTER_CUBIC)
    for tile in truth["tiles"]:
        tile["quad"] = [[x * factor, y * factor] for x, y in tile["quad"]]
    return cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 85])[1].tobytes(), truth


def png_bomb(side: int = 11_000) -> bytes:
    """A PNG of ``side`` x ``side`` grey pixels that all compress to almost nothing (~120 KB for
    121 MB of pixels)."""
    raw = zlib.compressobj(9)
    row = b"\0" + b"\0" * side
    body = b"".join(raw.compress(row) for _ in range(side)) + raw.flush()

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", body) + chunk(b"IEND", b""))


def polyglot() -> bytes:
    """A small valid JPEG with an HTML page and a ZIP directory after its end marker."""
    import cv2
    import numpy as np
    ok, jpeg = cv2.imencode(".jpg", np.full((32, 32, 3), 200, np.uint8))
    return jpeg.tobytes() + b"<html><script>alert(1)</script></html>" + b"PK\x05\x06" + b"\0" * 18
