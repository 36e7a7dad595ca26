"""The seeded deal of a known-hands round (rules.md 2 and 3, *Deal*): the station's virtual tiles,
``station simulate``, the computer players and the benchmarks.

>>> import random
>>> from engine import Rules
>>> hands, boneyard = deal(Rules.make("hub", 12, 4), 0, random.Random(1))
>>> [len(h) for h in hands], len(boneyard)
([15, 15, 15, 15], 30)
"""
from __future__ import annotations

import random as _random
from functools import lru_cache

from .options import Rules
from .tiles import Tile, full_set


@lru_cache(maxsize=None)
def _dealt_tiles(top: int, engine: int, engine_in_deal: bool) -> tuple[Tile, ...]:
    """The tiles a deal shuffles: the set, less the engine where the profile sets it aside."""
    engine_tile = Tile(engine, engine)
    return tuple(t for t in full_set(top) if engine_in_deal or t != engine_tile)


def deal(rules: Rules, index: int, rng: _random.Random) -> tuple[list[list[Tile]], list[Tile]]:
    """Shuffle and deal round ``index``: ``(hands, boneyard)``, ``rules.players`` hands of
    ``rules.hand_size`` tiles and the rest as the boneyard, first drawn first; the engine is set
    aside where the profile does not deal it. The same ``rng`` state, the same deal."""
    tiles = list(_dealt_tiles(rules.top, rules.engine_of(index), rules.options.engine_in_deal))
    # a uniform shuffle by random sort keys: several times faster than rng.shuffle for a deal
    tiles.sort(key=lambda _tile: rng.random())
    size = rules.hand_size
    hands = [tiles[i * size:(i + 1) * size] for i in range(rules.players)]
    return hands, tiles[rules.players * size:]
