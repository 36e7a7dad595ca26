"""Counting a half's pips with a small trained network (issue 20, *Reading on the hub*).

The classical count (``vision.read._read_tile``: blobs of ink, split by the deepest points of their
discs) misses and merges pips in crowded, blurred halves (double-12 to 18). A half is also read by
a small convolutional network that ships in this package (``models/pips.onnx``, about 0.5 MB) and
runs in OpenCV's own ``cv2.dnn``: nothing is downloaded, and no other library is needed to read a
photo. It was trained by ``tools/train_pips.py`` on halves of photos rendered by
``tools/tile_photos.py`` (seeds far from the bench's), each outline moved, turned and scaled a
little, as the tile finder's outlines are.

What the network sees (``half_patches``) is no colour: per half, the distance of each pixel from
the face around it (the same median-of-the-face difference the classical count thresholds) and
the lightness difference turned so that ink is positive on black tiles too, each scaled by the
half's own 99.5th percentile: the rendered sets' colour for each number cannot be learnt.

    >>> import numpy as np
    >>> tile = np.full((2 * 112, 112, 3), (230, 128, 128), np.uint8)   # an upright Lab tile, blank
    >>> half_patches(tile).shape
    (2, 2, 40, 40)
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

#: px, the side of the square a half is read at
PATCH = 40
#: what the network tells apart: 0-18 pips (a double-18 set's largest), and ``NO_HALF``
CLASSES = 20
#: the class of a patch that is no half of a tile: an outline off its tile (across the dividing
#: line, a tile's end, or two touching tiles)
NO_HALF = 19
MODEL = Path(__file__).with_name("models") / "pips.onnx"


def half_patches(tile: np.ndarray) -> np.ndarray:
    """The network's input for an upright tile: ``tile`` is Lab uint8, ``2C`` x ``C`` x 3 (half
    ``a`` on top, as ``vision.read._upright`` warps it). Returns float32 (2, 2, PATCH, PATCH):
    per half (the second turned 180 degrees, so both have the dividing line below them) the
    colour distance from the face and the ink's lightness difference, each over the half's
    99.5th percentile, clipped to 0-1.5."""
    C = tile.shape[1]
    small = cv2.resize(tile, (C // 2, C), interpolation=cv2.INTER_AREA)
    face = cv2.resize(cv2.medianBlur(small, 21), (C, 2 * C), interpolation=cv2.INTER_LINEAR)
    diff = tile.astype(np.float32) - face.astype(np.float32)
    dist = np.sqrt(diff[..., 0] ** 2 + (1.6 * diff[..., 1]) ** 2 + (1.6 * diff[..., 2]) ** 2)
    # ink is darker than a light face and lighter than a black one
    light = -diff[..., 0] if float(np.median(face[..., 0])) > 110 else diff[..., 0]
    out = np.empty((2, 2, PATCH, PATCH), np.float32)
    for k, top in enumerate((0, C)):
        for ch, plane in enumerate((dist, np.maximum(light, 0))):
            half = plane[top:top + C]
            if k == 1:
                half = half[::-1, ::-1]
            half = cv2.resize(np.ascontiguousarray(half), (PATCH, PATCH), interpolation=cv2.INTER_AREA)
            out[k, ch] = np.clip(half / max(float(np.percentile(half, 99.5)), 8.0), 0, 1.5)
    return out


@lru_cache(maxsize=1)
def _net():
    return cv2.dnn.readNetFromONNX(str(MODEL))


def available() -> bool:
    """True when the trained model is in the package (``models/pips.onnx``)."""
    return MODEL.is_file()


def count_pips(patches: np.ndarray) -> np.ndarray:
    """Probabilities of 0-18 pips, and of no half (column ``NO_HALF``): ``patches`` float32
    (N, 2, PATCH, PATCH) from ``half_patches``; returns float32 (N, CLASSES), each row summing to 1. Raises ``FileNotFoundError`` when the
    model is missing (``available``)."""
    if not available():
        raise FileNotFoundError(f"{MODEL} is missing: train it with tools/train_pips.py")
    if len(patches) == 0:
        return np.zeros((0, CLASSES), np.float32)
    net = _net()
    net.setInput(np.ascontiguousarray(patches, np.float32))
    logits = net.forward().reshape(len(patches), CLASSES).astype(np.float64)
    logits -= logits.max(1, keepdims=True)
    p = np.exp(logits)
    return (p / p.sum(1, keepdims=True)).astype(np.float32)
