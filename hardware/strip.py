"""The LED strip: frame rendering, a recording strip for mocks, and the lazily-imported rpi-ws281x one.

Colours are (r, g, b) tuples of ints 0..255. The strip objects follow rpi-ws281x's ``PixelStrip``
interface: colours are packed ints ``(w << 24) | (r << 16) | (g << 8) | b`` (see :func:`color`).
"""
from __future__ import annotations

import time
from collections import deque
from collections.abc import Mapping, Sequence

from hardware.build import HubBuild
from hardware.errors import FrameError

RGB = tuple[int, int, int]
OFF: RGB = (0, 0, 0)


def color(r: int, g: int, b: int, w: int = 0) -> int:
    """Pack a colour like ``rpi_ws281x.Color``."""
    return (w << 24) | (r << 16) | (g << 8) | b


def unpack(c: int) -> RGB:
    """Unpack a packed colour to (r, g, b) (white is dropped)."""
    return (c >> 16) & 255, (c >> 8) & 255, c & 255


def render(build: HubBuild, frame: Mapping | Sequence) -> list[RGB]:
    """Turn a frame into one colour per LED.

    ``frame`` is either a flat sequence of exactly ``strip.count`` colours, or a mapping from a
    slot name or "ring" to one colour (fills the segment) or a list of colours (one per LED of the
    segment). LEDs not named in a mapping are off. Raises FrameError (a ValueError) for unknown segments, wrong
    lengths or components outside 0..255.
    """
    n = build.strip.count
    if isinstance(frame, Mapping):
        out = [OFF] * n
        segments = build.segments
        for name, value in frame.items():
            if name not in segments:
                raise FrameError(f"unknown LED segment {name!r}; segments are {', '.join(segments)}")
            leds = segments[name]
            colours = [value] if _is_colour(value) else list(value)
            if len(colours) == 1:
                colours = colours * len(leds)
            if len(colours) != len(leds):
                raise FrameError(f"segment {name!r} has {len(leds)} LEDs, got {len(colours)} colours")
            for i, c in zip(leds, colours):
                out[i] = _check(c)
        return out
    out = [_check(c) for c in frame]
    if len(out) != n:
        raise FrameError(f"a flat frame needs {n} colours (leds.count), got {len(out)}")
    return out


def _is_colour(v) -> bool:
    return isinstance(v, tuple) and len(v) == 3 and all(isinstance(x, int) for x in v)


def _check(c) -> RGB:
    if not (isinstance(c, (tuple, list)) and len(c) == 3 and all(isinstance(x, int) and 0 <= x <= 255 for x in c)):
        raise FrameError(f"a colour is (r, g, b) with ints 0..255, got {c!r}")
    return (c[0], c[1], c[2])


class PixelStore:
    """rpi-ws281x's PixelStrip interface over a list of packed colours; subclasses define ``show()``."""

    def __init__(self, num: int, brightness: int = 255):
        self._pixels = [0] * num
        self._brightness = brightness

    def begin(self) -> None:
        """Nothing to start (rpi-ws281x's strips start here)."""

    def numPixels(self) -> int:  # noqa: N802 -- rpi-ws281x names
        return len(self._pixels)

    def setPixelColor(self, n: int, c: int) -> None:  # noqa: N802
        self._pixels[n] = c

    def setPixelColorRGB(self, n: int, red: int, green: int, blue: int, white: int = 0) -> None:  # noqa: N802
        self._pixels[n] = color(red, green, blue, white)

    def getPixelColor(self, n: int) -> int:  # noqa: N802
        return self._pixels[n]

    def getPixels(self) -> list[int]:  # noqa: N802
        return list(self._pixels)

    def setBrightness(self, brightness: int) -> None:  # noqa: N802
        self._brightness = brightness

    def getBrightness(self) -> int:  # noqa: N802
        return self._brightness

    def wire_bytes(self, order: str) -> bytes:
        """The frame as the strip's wire wants it: per LED one byte per letter of ``order`` ("GRB",
        "GRBW", ...), each scaled by the brightness as rpi-ws281x does (``c * (b + 1) >> 8``)."""
        scale, out = self._brightness + 1, bytearray()
        for c in self._pixels:
            parts = {"W": c >> 24 & 255, "R": c >> 16 & 255, "G": c >> 8 & 255, "B": c & 255}
            out += bytes(parts[k] * scale >> 8 for k in order)
        return bytes(out)


class RecordingStrip(PixelStore):
    """A PixelStrip stand-in that keeps every frame shown.

    ``frames`` holds tuples of (r, g, b) (before brightness), one per ``show()``;
    ``frame_times_ns`` holds the ``time.monotonic_ns()`` of each show. ``keep`` bounds both to the
    newest ``keep`` frames (a long-running mock station animates at 20 frames a second).
    """

    def __init__(self, num: int, brightness: int = 255, keep: int | None = None):
        super().__init__(num, brightness)
        self.began = False
        self.frames: deque[tuple[RGB, ...]] = deque(maxlen=keep)
        self.frame_times_ns: deque[int] = deque(maxlen=keep)

    def begin(self) -> None:
        self.began = True

    def show(self) -> None:
        self.frames.append(tuple(unpack(c) for c in self._pixels))
        self.frame_times_ns.append(time.monotonic_ns())

    @property
    def last(self) -> tuple[RGB, ...] | None:
        """The most recent frame shown, or None."""
        return self.frames[-1] if self.frames else None

