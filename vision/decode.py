"""An uploaded photo's bytes to pixels, refusing what could blow memory up before decoding.

The size in pixels is read from the file's own header (PNG IHDR, JPEG SOFn, WebP VP8/VP8L/VP8X)
and checked against ``MAX_PIXELS`` before OpenCV allocates anything, so a PNG bomb (a tiny file
that inflates to gigapixels) is refused unread. A JPEG must end with its EOI marker (a truncated
upload is refused, not read as a half-grey image).
"""
from __future__ import annotations

import os
import struct

from .errors import PhotoError

MAX_BYTES = 8 * 1024 * 1024        # the upload limit of the photo endpoint (web/limits.PHOTO_MAX_BODY)
MAX_PIXELS = 24_000_000            # a 6000 x 4000 phone photo; 72 MB as BGR
MAX_SIDE = 12_000


def image_size(data: bytes) -> tuple[str, int, int]:
    """``(kind, width, height)`` from the header: kind "jpeg", "png" or "webp".

    Raises ``PhotoError`` "not-image" without a known signature, "undecodable" for a header that
    gives no size."""
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        if len(data) < 24 or data[12:16] != b"IHDR":
            raise PhotoError("undecodable", "the PNG has no image header")
        w, h = struct.unpack(">II", data[16:24])
        return "png", w, h
    if data[:3] == b"\xff\xd8\xff":
        return ("jpeg", *_jpeg_size(data))
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return ("webp", *_webp_size(data))
    raise PhotoError("not-image", "the upload is not a JPEG, PNG or WebP image")


def _jpeg_size(data: bytes) -> tuple[int, int]:
    i = 2
    while i + 9 < len(data):
        if data[i] != 0xFF:
            i += 1
            continue
        marker = data[i + 1]
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7 or marker == 0xFF:
            i += 1 if marker == 0xFF else 2
            continue
        length = struct.unpack(">H", data[i + 2:i + 4])[0]
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            h, w = struct.unpack(">HH", data[i + 5:i + 9])
            return w, h
        if marker == 0xDA:
            break
        i += 2 + length
    raise PhotoError("undecodable", "the JPEG has no frame header")


def _webp_size(data: bytes) -> tuple[int, int]:
    chunk = data[12:16]
    if chunk == b"VP8 " and len(data) >= 30:
        w, h = struct.unpack("<HH", data[26:30])
        return w & 0x3FFF, h & 0x3FFF
    if chunk == b"VP8L" and len(data) >= 25:
        b = int.from_bytes(data[21:25], "little")
        return (b & 0x3FFF) + 1, ((b >> 14) & 0x3FFF) + 1
    if chunk == b"VP8X" and len(data) >= 30:
        return int.from_bytes(data[24:27], "little") + 1, int.from_bytes(data[27:30], "little") + 1
    raise PhotoError("undecodable", "the WebP has no frame header")


def decode(data: bytes):
    """The photo as a BGR ``numpy.uint8`` array (H, W, 3).

    Raises ``PhotoError``: "not-image", "too-large" (``facts``: ``max_bytes`` or ``max_pixels``),
    "undecodable"."""
    if not data:
        raise PhotoError("not-image", "the upload is empty")
    if len(data) > MAX_BYTES:
        raise PhotoError("too-large", f"the photo is over {MAX_BYTES} bytes", max_bytes=MAX_BYTES)
    kind, w, h = image_size(data)
    if w <= 0 or h <= 0:
        raise PhotoError("undecodable", "the image header gives no size")
    if w * h > MAX_PIXELS or max(w, h) > MAX_SIDE:
        raise PhotoError("too-large", f"the image is {w} x {h} pixels, over {MAX_PIXELS} pixels",
                         max_pixels=MAX_PIXELS)
    if kind == "jpeg" and b"\xff\xd9" not in data[-4096:]:
        raise PhotoError("undecodable", "the JPEG is cut short (no end marker)")
    os.environ.setdefault("OPENCV_IO_MAX_IMAGE_PIXELS", str(MAX_PIXELS))
    import cv2
    import numpy as np

    try:
        image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    except cv2.error:
        image = None
    if image is None or sorted(image.shape[:2]) != sorted((h, w)):     # (EXIF may turn it)
        raise PhotoError("undecodable", f"the {kind.upper()} image could not be decoded")
    return image
