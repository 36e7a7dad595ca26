"""The simple computer players ("random", "greedy") and the unchecked loop that plays a known-hands
round to its end with them: ``station simulate``'s path (``players.play_round``) and every playout
of a hint (``hints.rank_plays``).

The players see the whole table (known hands) and always make a legal move: ``random`` picks any
legal play uniformly (``Round.legal_plays`` order, one ``rng.random()`` per pick); ``greedy``
plays its heaviest tile (most pips, a double before a plain tile of the same pips, the first of
equals in ``legal_plays`` order). With no play they draw while a draw is owed, else pass; in a
first-turn circuit ``random`` ends its turn after a play one time in five.

The loop works on the round's bit sets (``Round.play_masks``): no list of plays, and no event
object unless the round's events are recorded. Its moves are applied without a second check: they
are made from the round's own legal moves (tests/engine/test_engine_fast.py checks that ``push``
accepts every one).

>>> import random
>>> from engine import Game, Rules
>>> from engine.deal import deal
>>> rules = Rules.make("hub", 9, 2)
>>> rnd = Game(rules, ["Ana", "Ben"]).start_round(*deal(rules, 0, random.Random(1)))
>>> play_out(rnd, "greedy", random.Random(1)) and rnd.ended
True
"""
from __future__ import annotations

import random as _random

from .events import MEXICAN, Event
from .tiles import Tile

SIMPLE = ("random", "greedy")
_new = tuple.__new__                # an Event without the named tuple's Python-level __new__


def pick(rnd, seat: int, greedy: bool, draw) -> tuple[Tile, int] | None:
    """The play ``seat`` (to act, engine placed, known hands) makes now: ``(tile, train)`` with the
    engine's internal train number, or None when it holds no legal play. ``draw``: the player's
    ``rng.random``, called once for a ``random`` pick, even of the only play (the same seed, the
    same game as ever)."""
    masks = rnd.play_masks(seat)
    if greedy:
        pips, doubles = rnd._bits.pips, rnd._bits.doubles
        best, best_weight = None, (-1, False)
        for train, fits in masks:
            while fits:
                low = fits & -fits
                weight = (pips[low], bool(low & doubles))
                if weight > best_weight:
                    best, best_weight = (low, train), weight
                fits ^= low
        return None if best is None else (rnd._bits.tile[best[0]], best[1])
    total = 0
    for _, fits in masks:
        total += fits.bit_count()
    if not total:
        return None
    k = int(draw() * total)
    for train, fits in masks:
        count = fits.bit_count()
        if k >= count:
            k -= count
            continue
        for _ in range(k):
            fits &= fits - 1                         # clear the lowest bit: the k-th tile is next
        return rnd._bits.tile[fits & -fits], train
    raise AssertionError("unreachable: k < total")


def choose_simple(rnd, policy: str, rng: _random.Random) -> Event:
    """The next event of ``policy`` ("random" or "greedy") for the seat to act in a known-hands
    round that has not ended: always one the round accepts."""
    if not rnd.engine_placed:
        seat = rnd.seat_to_act()
        return Event(seat, "engine" if rnd.holds(seat, rnd.engine_tile) else "draw")
    seat, greedy = rnd.turn, policy == "greedy"
    if rnd.circuit:
        if not rnd.has_legal_play(seat) or not (greedy or rnd.turn_plays == 0 or rng.random() < 0.8):
            return Event(seat, "done" if rnd.turn_plays else "pass")
    chosen = pick(rnd, seat, greedy, rng.random)
    if chosen is not None:
        tile, train = chosen
        return Event(seat, "play", tile, MEXICAN if train == rnd.n else train)
    return draw_or_pass(rnd, seat)


def draw_or_pass(rnd, seat: int) -> Event:
    """No play held, outside a first-turn circuit: draw while the boneyard has a tile and a draw
    is still owed (``draw_until_playable``: every time), else pass."""
    kind = "draw" if rnd.boneyard_count > 0 and (not rnd.drew or rnd.draw_until_playable) else "pass"
    return _new(Event, (seat, kind, None, None))


def play_out(rnd, policy: str, rng: _random.Random, max_events: int = 100_000,
             record: bool = False) -> bool:
    """Play the known-hands round ``rnd`` on with ``policy`` ("random" or "greedy") at every seat,
    unchecked, until it ends or ``max_events`` events were made; True when it has ended.
    ``record``: append the events to ``rnd.events`` (a round that is kept: ``station simulate``);
    else they are applied only (a playout). Raises ``ValueError`` for another policy."""
    if policy not in SIMPLE:
        raise ValueError(f"policy {policy!r} is not one of {', '.join(SIMPLE)}")
    greedy, draw = policy == "greedy", rng.random
    play, apply, n = rnd._play, rnd._apply, rnd.n
    append = rnd.events.append if record else None
    draws = [_new(Event, (s, "draw", None, None)) for s in range(n)]     # immutable: shared
    passes = [_new(Event, (s, "pass", None, None)) for s in range(n)]
    # the round's lists that its moves change in place (never replaced): read once
    hands, ends, marked, suit, tile_of = rnd._hand, rnd.ends, rnd.marked, rnd._suit, rnd._bits.tile
    simple = not (greedy or rnd.own_train_first or rnd.no_last_double or rnd.on_double)
    mexican_always = rnd.opts.mexican_on_first_turn
    trains, fits = range(n + 1), [0] * (n + 1)      # fits: per train, the hand's tiles that fit
    for _ in range(max_events):
        if rnd.end is not None:
            return True
        if rnd.engine_placed and not rnd.circuit:
            seat = rnd.turn
            if simple and len(rnd.turn_doubles) < 2:
                # pick() and Round.play_masks, inlined for the most frequent case: random, at
                # most one double this turn (doubles and other tiles then go to the same trains)
                hand = hands[seat]
                required = rnd.required_trains(False) if rnd.open_doubles else None
                total = 0
                if required is None:
                    order = trains
                    if mexican_always or rnd.turns_taken >= n:     # the Mexican train is open
                        for tr in trains:                         # (marked[n] is always True)
                            fits[tr] = f = hand & suit[ends[tr]] if tr == seat or marked[tr] else 0
                            if f:
                                total += f.bit_count()
                    else:
                        for tr in trains:
                            fits[tr] = f = hand & suit[ends[tr]] if tr == seat or (
                                tr != n and marked[tr]) else 0
                            if f:
                                total += f.bit_count()
                else:
                    order = required
                    for tr in required:
                        fits[tr] = f = hand & suit[ends[tr]]
                        if f:
                            total += f.bit_count()
                chosen = None
                if total:
                    k = int(draw() * total)
                    for tr in order:
                        f = fits[tr]
                        if f:
                            count = f.bit_count()
                            if k < count:
                                for _ in range(k):
                                    f &= f - 1
                                chosen = tile_of[f & -f], tr
                                break
                            k -= count
            else:
                chosen = pick(rnd, seat, greedy, draw)
            if chosen is not None:
                tile, train = chosen
                play(seat, tile, train)
                if append:
                    append(_new(Event, (seat, "play", tile, MEXICAN if train == n else train)))
                continue
            event = (draws if rnd.boneyard_count > 0 and (not rnd.drew or rnd.draw_until_playable)
                     else passes)[seat]                                 # draw_or_pass, inlined
        else:
            event = choose_simple(rnd, policy, rng)
        apply(event)
        if append:
            append(event)
    return rnd.end is not None
