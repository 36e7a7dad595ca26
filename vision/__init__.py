"""Reading dominoes from a photo (issue 20): image in, tile readings out. No rules live here.

``read_photo(data: bytes) -> Reading`` decodes an uploaded image (``vision.decode``), finds each
tile by its dividing line, counts the pips of each half and, where the pips are coloured, checks
each count against the colour the other halves of that count share (``vision.read``).

OpenCV (``opencv-python-headless``) and numpy are imported only when a photo is read:
``available()`` says whether they are installed, so the station runs without them and its pages
say that photo reading is not available.
"""
from __future__ import annotations

from .errors import PhotoError


def available() -> bool:
    """True when OpenCV and numpy can be imported (photo reading works)."""
    try:
        import cv2  # noqa: F401
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True


def read_photo(data: bytes):
    """The tiles in the photo ``data`` (JPEG, PNG or WebP bytes) as a ``vision.read.Reading``.

    Raises ``PhotoError`` (``code`` "not-image", "too-large", "undecodable", "nothing-found",
    "unavailable") for input that is no photo of tiles."""
    if not available():
        raise PhotoError("unavailable", "photo reading needs opencv-python-headless and numpy")
    from .read import read_image
    from .decode import decode
    return read_image(decode(data))


__all__ = ["PhotoError", "available", "read_photo"]
