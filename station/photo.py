"""A seat's photo of its tiles at a round's end: read by ``vision``, checked against what the
station knows (issue 20, *Checked against what the station knows*). Nothing is recorded here: the
phone shows the reading, the player corrects it and sends it as an ordinary reveal.

``check_reading(referee, seat, tiles) -> list[problem]``; a problem is
``{"code", "index" (the tile in doubt, or None), "tile", ...facts}`` with codes:

- ``count-more`` / ``count-fewer``: ``found`` tiles read, the seat ``holds`` another number; with
  too many, the least confident readings are the ones in doubt;
- ``not-in-set`` (``top``), ``on-table``, ``shown`` (another seat showed it, or holds it in its registered hand: ``Referee.held_elsewhere``), ``twice``;
- ``not-your-hand``: the station knows the hand (virtual tiles, or a registered hand) and this
  tile is not in it.

The photo itself is not kept (it is read and dropped) unless the host switched on keeping photos
for disputes (``KEEP_SETTING`` in the store's settings, off by default): then the last photo a
seat had read in a round is stored with the game (the store's ``photos`` table), listed on the
past game's page and dropped with the game's row.
"""
from __future__ import annotations

import threading

from engine.tiles import in_set, parse_tile

#: the store setting of the host's switch "keep photos for disputes": "1" on, anything else off
KEEP_SETTING = "keep_photos"


def keeping(store) -> bool:
    """Whether the host switched on keeping photos for disputes (off by default)."""
    return store.get_setting(KEEP_SETTING) == "1"


#: one photo read at a time: a reading holds ~100 MB at its peak (bench/vision.py)
READ_LOCK = threading.Lock()


def known_hand(referee, index: int, seat: int) -> set | None:
    """The seat's hand in round ``index`` where the station knows it: dealt (virtual tiles) or
    registered with as many tiles as the seat holds; else None."""
    rnd = referee.game.rounds[index]
    if rnd.known:
        return set(rnd.hands[seat])
    return referee.registered_hand(index, seat)


def check_reading(referee, index: int, seat: int, readings: list[dict]) -> list[dict]:
    """Problems of a photo's reading (``vision.read.Reading.as_dict()["tiles"]``) for ``seat`` in
    round ``index``: the module docstring lists them; [] when the reading can be sent as it is."""
    rnd = referee.game.rounds[index]
    top = referee.rules.top
    holds = rnd.hand_counts[seat]
    seen = referee.held_elsewhere(index, seat)
    hand = known_hand(referee, index, seat)
    problems: list[dict] = []
    mine: set = set()
    for i, r in enumerate(readings):
        tile = parse_tile(r["tile"])
        base = {"index": i, "tile": r["tile"]}
        if not in_set(tile, top):
            problems.append({"code": "not-in-set", "top": top, **base})
        elif tile in rnd.on_table:
            problems.append({"code": "on-table", **base})
        elif tile in seen:
            problems.append({"code": "shown", **base})
        elif tile in mine:
            problems.append({"code": "twice", **base})
        elif hand is not None and tile not in hand:
            problems.append({"code": "not-your-hand", **base})
        mine.add(tile)
    found = len(readings)
    if found > holds:
        doubtful = sorted(range(found), key=lambda i: readings[i]["confidence"])[:found - holds]
        for i in sorted(doubtful):
            problems.append({"code": "count-more", "index": i, "tile": readings[i]["tile"],
                             "found": found, "holds": holds})
    elif found < holds:
        problems.append({"code": "count-fewer", "index": None, "tile": None, "found": found, "holds": holds})
    return problems
