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
    """True when OpenCV and numpy are installed (found, not imported: OpenCV costs ~40 MB of
    memory, paid only when a photo is read)."""
    from importlib.util import find_spec
    return find_spec("cv2") is not None and find_spec("numpy") is not None


def read_photo(data: bytes):
    """The tiles in the photo ``data`` (JPEG, PNG or WebP bytes) as a ``vision.read.Reading``.

    Raises ``PhotoError`` (``code`` "not-image", "too-large", "undecodable", "nothing-found",
    "unavailable") for input that is no photo of tiles."""
    try:
        from .decode import decode
        image = decode(data)          # (the header checks run before OpenCV is imported)
        from .read import read_image
    except ImportError:
        raise PhotoError("unavailable", "photo reading needs opencv-python-headless and numpy") from None
    return read_image(image)


__all__ = ["PhotoError", "available", "read_photo"]
