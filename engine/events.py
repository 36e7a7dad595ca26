"""Events: the small immutable moves of a round (record-format.md, *Events*).

>>> Event.from_dict({"seat": 1, "play": "12-5", "on": "mexican"})
Event(seat=1, kind='play', tile=Tile(low=5, high=12), on='mexican')
"""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from .errors import BadRecord
from .tiles import _READ, Tile, TileTextError, parse_tile

KINDS = ("engine", "draw", "play", "pass", "done")
MEXICAN = "mexican"


class Event(NamedTuple):
    """One seat's action. ``kind`` is one of ``KINDS``; ``tile`` and ``on`` only for ``play``
    (``on`` is a seat number or ``"mexican"``)."""

    seat: int
    kind: str
    tile: Tile | None = None
    on: int | str | None = None

    @classmethod
    def from_dict(cls, raw, players: int | None = None) -> "Event":
        """Read a record event. Raises ``BadRecord`` (without position) when it is not of the format:
        not an object, no whole-number ``seat`` in range, not exactly one action, a tile text that
        is not ``a-b``, a ``play`` without a valid ``on``. Unknown keys are ignored."""
        fast = _from_plain_dicts((raw,), players)[0]
        if fast is not None:
            return fast
        if not isinstance(raw, dict):
            raise BadRecord(f"an event must be an object, not {raw!r}")
        seat = raw.get("seat")
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise BadRecord(f"event seat must be a whole number, not {seat!r}")
        if players is not None and not 0 <= seat < players:
            raise BadRecord(f"event seat {seat} does not exist (seats 0-{players - 1})")
        kinds = [k for k in KINDS if k in raw]
        if len(kinds) != 1:
            raise BadRecord(f"an event needs exactly one of {', '.join(KINDS)}; this one has "
                            f"{', '.join(kinds) or 'none'}")
        kind = kinds[0]
        if kind != "play":
            if raw[kind] is not True:
                raise BadRecord(f"{kind!r} must be true, not {raw[kind]!r}")
            return cls(seat, kind)
        try:
            tile = parse_tile(raw["play"])
        except TileTextError as exc:
            raise BadRecord(f"play: {exc}") from None
        if "on" not in raw:
            raise BadRecord("play without 'on'")
        on = raw["on"]
        if on != MEXICAN:
            if isinstance(on, bool) or not isinstance(on, int):
                raise BadRecord(f"'on' must be a seat number or \"mexican\", not {on!r}")
            if players is not None and not 0 <= on < players:
                raise BadRecord(f"'on' names seat {on}, which does not exist (seats 0-{players - 1})")
        return cls(seat, kind, tile, on)

    def to_dict(self) -> dict:
        """The event as the record writes it."""
        if self.kind == "play":
            return {"seat": self.seat, "play": str(self.tile), "on": self.on}
        return {"seat": self.seat, self.kind: True}


def _from_plain_dicts(raws, players: int | None) -> list[Event | None]:
    """``Event.from_dict`` of each of ``raws`` for the shapes an event almost always has
    (``{"seat", kind}`` or ``{"seat", "play", "on"}``, all well formed), else None in its place:
    then the full reading decides. One loop for a round's events (the record's hot path); the
    events without a tile of one seat are one shared (immutable) ``Event`` each."""
    out = []
    append = out.append
    seats = range(players) if players is not None else None
    get = dict.get
    simple = _simple_events(players) if players is not None else {}
    for raw in raws:
        event = None
        if type(raw) is dict:
            seat = get(raw, "seat")
            if type(seat) is int and (seats is None or seat in seats):
                size = len(raw)
                if size == 3:
                    text, on = get(raw, "play"), get(raw, "on", raw)   # raw: no "on"
                    if type(text) is str and (on == MEXICAN or (type(on) is int and (
                            seats is None or on in seats))):
                        tile = _READ.get(text)
                        if tile is None:
                            try:
                                tile = parse_tile(text)
                            except TileTextError:
                                tile = None
                        if tile is not None:
                            event = _new(Event, (seat, "play", tile, on))
                elif size == 2:
                    if get(raw, "draw") is True:
                        event = simple.get((seat, "draw")) or Event(seat, "draw")
                    elif get(raw, "pass") is True:
                        event = simple.get((seat, "pass")) or Event(seat, "pass")
                    else:
                        for kind in raw:
                            if kind in _PLAIN_KINDS and raw[kind] is True:
                                event = _new(Event, (seat, kind, None, None))
        append(event)
    return out


@lru_cache(maxsize=32)
def _simple_events(players: int) -> dict[tuple[int, str], Event]:
    """``{(seat, kind): Event(seat, kind)}`` for the draws and passes of ``players`` seats."""
    return {(seat, kind): Event(seat, kind) for seat in range(players) for kind in ("draw", "pass")}


_new = tuple.__new__                # a named tuple without its Python-level __new__
_PLAIN_KINDS = frozenset(KINDS) - {"play"}


def engine(seat: int) -> Event:
    """``classic``: ``seat`` places the round's engine double."""
    return Event(seat, "engine")


def draw(seat: int) -> Event:
    """``seat`` draws one tile from the boneyard."""
    return Event(seat, "draw")


def play(seat: int, tile: Tile, on: int | str) -> Event:
    """``seat`` plays ``tile`` on seat ``on``'s train or on ``"mexican"``."""
    return Event(seat, "play", tile, on)


def pass_turn(seat: int) -> Event:
    """``seat`` ends the turn without playing: its train becomes marked."""
    return Event(seat, "pass")


def done(seat: int) -> Event:
    """``classic`` first turn: ``seat`` ends it after one or more plays."""
    return Event(seat, "done")
