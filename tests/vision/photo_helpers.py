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
