"""Tiles and sets (rules.md section 1).

A tile is a ``Tile`` (a named tuple ``(low, high)`` with ``low <= high``); a tile as it lies on a
train is a plain ``(near, far)`` pair, ``near`` touching the engine side. A double-N set holds every
pair a-b with 0 <= a <= b <= N.

>>> parse_tile("09-2")
Tile(low=2, high=9)
>>> str(parse_tile("12-5")), pips(parse_tile("6-6"))
('5-12', 12)
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

#: the set sizes a game may use: the highest pip of the set
SET_SIZES = (6, 9, 12, 15, 18)

_TILE_TEXT = re.compile(r"0*([0-9]{1,9})-0*([0-9]{1,9})")   # leading zeros allowed, no huge ends


class _TileEnds(NamedTuple):
    low: int
    high: int


class Tile(_TileEnds):
    """A domino, ends in ascending order whatever order they are given in: ``Tile(9, 4)`` is
    ``Tile(low=4, high=9)``. ``str(tile)`` is ``"low-high"``. (A refusal that should name a tile as
    the player wrote it keeps the written text itself: ``station.referee``.)"""

    __slots__ = ()

    def __new__(cls, a: int, b: int) -> "Tile":
        return tuple.__new__(cls, (a, b) if a <= b else (b, a))

    @classmethod
    def _make(cls, iterable) -> "Tile":
        return cls(*iterable)

    def __str__(self) -> str:
        return f"{self.low}-{self.high}"

    @property
    def is_double(self) -> bool:
        """True for a double (both ends equal)."""
        return self.low == self.high

    @property
    def pips(self) -> int:
        """The pips on the tile: low + high."""
        return self.low + self.high


class TileTextError(ValueError):
    """A text that is not a tile ``"a-b"`` (two whole numbers joined by a hyphen)."""


def parse_tile(text: str) -> Tile:
    """Read ``"a-b"`` (either end first, leading zeros allowed) into a ``Tile``.

    Raises ``TileTextError`` when the text is not two whole numbers joined by ``-`` (or is not
    text at all: a list, an object, a number). Whether the tile belongs to a set is a separate
    question (``in_set``).
    """
    if type(text) is str:
        tile = _READ.get(text)
        if tile is not None:
            return tile
    if not isinstance(text, str):
        shown = repr(text)
        raise TileTextError(f"{shown if len(shown) <= 40 else shown[:37] + '...'} is not a tile 'a-b'")
    tile = _parse_tile_text(text)
    if len(_READ) < 4096:
        _READ[str(text)] = tile
    return tile


_READ: dict[str, "Tile"] = {}      # tile texts already read (at most 4096): the record's hot path


def read_tiles(texts: list) -> list[Tile]:
    """``parse_tile`` of each of ``texts`` (a list), in order; raises ``TileTextError`` for the
    first that is not a tile. The texts read before are looked up in one pass (a record's hands)."""
    try:
        tiles = list(map(_READ.get, texts))
    except TypeError:                 # an unhashable item (a list, an object): read one by one
        tiles = [None]
    if None in tiles:
        return list(map(parse_tile, texts))
    return tiles


@lru_cache(maxsize=4096)
def _parse_tile_text(text: str) -> Tile:
    match = _TILE_TEXT.fullmatch(text)
    if not match:
        shown = repr(text)
        raise TileTextError(f"{shown if len(shown) <= 40 else shown[:37] + '...'} is not a tile 'a-b'")
    a, b = int(match.group(1)), int(match.group(2))
    return Tile(a, b)


def tile(a: int, b: int) -> Tile:
    """The tile with ends ``a`` and ``b`` in either order (as ``Tile(a, b)``)."""
    return Tile(a, b)


def in_set(t: Tile, top: int) -> bool:
    """True when ``t`` belongs to the double-``top`` set."""
    return 0 <= t.low and t.high <= top


@lru_cache(maxsize=None)
def full_set(top: int) -> tuple[Tile, ...]:
    """Every tile of the double-``top`` set, in a fixed order (28, 55, 91, 136, 190 tiles)."""
    return tuple(Tile(a, b) for a in range(top + 1) for b in range(a, top + 1))


class TileBits(NamedTuple):
    """A double-N set's tiles as bits, for hands kept as bit sets (``Round``): tile number ``i``
    (its place in ``full_set``) is the bit ``1 << i``.

    ``bit``: Tile -> its bit; ``tile``: a one-bit int -> its Tile; ``suit``: per pip, the bits of
    every tile with an end of that pip (a hand's tiles that fit an open end ``p`` are
    ``hand & suit[p]``); ``doubles``: the bits of the doubles; ``pips``: a one-bit int -> the
    tile's pips (low + high).
    """

    bit: dict
    tile: dict
    suit: tuple
    doubles: int
    pips: dict


@lru_cache(maxsize=None)
def tile_bits(top: int) -> TileBits:
    """The ``TileBits`` of the double-``top`` set."""
    tiles = full_set(top)
    bit = {t: 1 << i for i, t in enumerate(tiles)}
    suit = tuple(sum(b for t, b in bit.items() if p in t) for p in range(top + 1))
    doubles = sum(b for t, b in bit.items() if t.low == t.high)
    return TileBits(bit, {b: t for t, b in bit.items()}, suit, doubles,
                    {b: t.low + t.high for t, b in bit.items()})


def bits_tiles(bits: int, tile_of: dict) -> list[Tile]:
    """The tiles of a bit set (``TileBits.tile`` as ``tile_of``), lowest bit first."""
    out = []
    while bits:
        low = bits & -bits
        out.append(tile_of[low])
        bits ^= low
    return out


def pips(t: Tile, double_blank_points: int = 0) -> int:
    """A tile's pips; the double-blank counts ``double_blank_points`` instead of 0 (rules.md 1)."""
    if t.high == 0:
        return double_blank_points
    return t.low + t.high


def hand_pips(tiles, double_blank_points: int = 50) -> int:
    """The pips left in a hand: a round score (rules.md 1, *Round score*)."""
    return sum(pips(t, double_blank_points) for t in tiles)


def lay(t: Tile, open_end: int) -> tuple[int, int]:
    """``t`` as it lies when played on ``open_end``: ``(open_end, new open end)``.

    The caller has checked that ``t`` has an end equal to ``open_end``.
    """
    return (open_end, t.high) if t.low == open_end else (open_end, t.low)


def write_laid(pair: tuple[int, int]) -> str:
    """A laid tile as the record's state writes it: engine side first, ``"12-5"``."""
    return f"{pair[0]}-{pair[1]}"
