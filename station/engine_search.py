"""What the station asks of the seats while a ``classic`` round's engine is not yet placed.

rules.md 2 *Who starts a round*: the holder of the engine double places it and starts; if nobody
holds it, the players draw one tile each in turn until someone draws it, and that player places it.
**[decided]** With hidden hands the station cannot know who holds it: before any draw any seat may
place it; once the search has begun, only the seat that drew last may. So:

- virtual tiles (known hands): the holder is known; its phone is told to place the engine
  (``kind`` "engine-yours", ``facts.drew`` true when it has just drawn it in the search);
- real tiles, after a draw in the search: the seat that drew last is asked "you drew the engine?
  place it now" (``kind`` "engine-drawn"; ``facts.next`` is the seat that draws next if not), so the
  turn does not move on past it unseen;
- the engine sensed in the centre slot (hub_bridge): placed for the holder when the station knows
  it (``sensed_engine_seat``); otherwise the one seat that may have placed it confirms
  (``kind`` "confirm-engine"), or every phone is asked (``kind`` "place-engine", seat None).

Prompts have the shape of ``view["prompt"]`` (station/interface.py).
"""
from __future__ import annotations

from engine import Event


def engine_candidates(rnd) -> list[int]:
    """The seats that may place the round's engine now (the engine's own check), in seat order."""
    return [seat for seat in range(rnd.players) if rnd.accepts(Event(seat, "engine"))]


def engine_prompt(referee) -> dict | None:
    """The standing prompt of the engine search for ``referee``'s round, or None (no round, the
    round is over, the engine is placed, or no single seat is known to be able to place it)."""
    rnd = referee.round if referee is not None else None
    if rnd is None or rnd.ended or rnd.engine_placed:
        return None
    tile = f"{rnd.engine}-{rnd.engine}"
    seats = engine_candidates(rnd)
    if rnd.known:
        if len(seats) != 1:
            return None
        drew = rnd.last_drawer == seats[0]
        return {"seat": seats[0], "slot": None, "kind": "engine-yours", "code": None,
                "facts": {"seat": seats[0], "tile": tile, "drew": drew},
                "text": f"you {'drew' if drew else 'hold'} the engine {tile}: place it now"}
    if rnd.last_drawer is None or seats != [rnd.last_drawer]:
        return None
    nxt = rnd.next_drawer
    return {"seat": rnd.last_drawer, "slot": None, "kind": "engine-drawn", "code": None,
            "facts": {"seat": rnd.last_drawer, "tile": tile, "next": nxt},
            "text": f"you drew the engine {tile}? place it now; if not, "
                    f"{referee.names[nxt]} draws next"}


def engine_search(referee) -> dict | None:
    """While a ``classic`` round's engine is not yet placed (rules.md 2 *Who starts a round*), who
    places it and who draws first: ``{"tile": "12-12", "holder": seat | None, "draws_next": seat,
    "drew_last": seat | None}``. ``holder`` is known only with known hands (virtual tiles); with
    hidden hands before any draw whoever holds it places it, and ``draws_next`` draws if nobody
    does. None with no round, once it is over, or once the engine is placed."""
    rnd = referee.round if referee is not None else None
    if rnd is None or rnd.ended or rnd.engine_placed:
        return None
    seats = engine_candidates(rnd)
    return {"tile": f"{rnd.engine}-{rnd.engine}", "holder": seats[0] if rnd.known and len(seats) == 1 else None,
            "draws_next": rnd.next_drawer, "drew_last": rnd.last_drawer}


def sensed_engine_seat(rnd) -> int | None:
    """The seat to credit with an engine sensed in the centre slot, where the station knows who
    placed it: with known hands, its holder. With hidden hands None: a seat must confirm."""
    seats = engine_candidates(rnd)
    return seats[0] if rnd.known and len(seats) == 1 else None


def sensed_engine_prompt(referee) -> dict:
    """The prompt for an engine sensed in the centre slot that no seat is credited with yet:
    the only seat that may have placed it confirms, else every seat that may is asked."""
    rnd = referee.round
    tile = f"{rnd.engine}-{rnd.engine}"
    seats = engine_candidates(rnd)
    if len(seats) == 1:
        return {"seat": seats[0], "slot": "engine", "kind": "confirm-engine", "code": None,
                "facts": {"seat": seats[0], "tile": tile},
                "text": f"the engine {tile} is in the centre: did you place it? "
                        "tap \"I placed the engine\""}
    return {"seat": None, "slot": "engine", "kind": "place-engine", "code": None, "facts": {"tile": tile},
            "text": "the engine is in the centre: whoever placed it, tap \"I placed the engine\" on your phone"}
