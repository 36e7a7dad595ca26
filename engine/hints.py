"""Hints for a seat: the longest train its hand can build, and its plays ranked by playouts.

Pure (no I/O). Two questions (issue 14):

- ``longest_train(hand, open_end)``: the longest chain of the hand's tiles that can be laid from
  ``open_end`` (exact search; a double counts as one tile of the chain).
- ``rank_plays(rnd, seat, hand, rng, budget)``: every event the seat may make now, ranked by the
  mean pips left in its hand at round end, over playouts where the tiles the seat cannot see
  (the other hands and the boneyard) are dealt at random, consistent with what the seat knows:
  the tiles on the table, its own hand, the other seats' tile counts and the boneyard count.
  Each playout plays the rest of the round with ``autoplay``'s random player at every seat.

>>> from engine.tiles import Tile
>>> [str(t) for t in longest_train([Tile(6, 4), Tile(4, 4), Tile(4, 1), Tile(9, 9)], 6)]
['4-6', '4-4', '1-4']
"""
from __future__ import annotations

import copy
import math
import random as _random
from dataclasses import dataclass

from .autoplay import play_out
from .events import MEXICAN, Event
from .round import Round
from .tiles import Tile, bits_tiles, full_set


def longest_train(hand, open_end: int) -> list[Tile]:
    """The longest sequence of distinct tiles from ``hand`` (an iterable of ``Tile``) that can be
    laid one after another starting at pip ``open_end``: a list of tiles in laying order (empty
    when no tile matches). Exact (depth-first over the hand's tiles); ties keep the first found
    in tile order. Doubles count as tiles of the chain (rules.md, *Dominoes*)."""
    tiles = sorted(set(hand))
    by_pip: dict[int, list[int]] = {}
    for i, t in enumerate(tiles):
        by_pip.setdefault(t.low, []).append(i)
        if t.high != t.low:
            by_pip.setdefault(t.high, []).append(i)
    best: list[int] = []
    path: list[int] = []
    used = [False] * len(tiles)

    def walk(end: int) -> None:
        nonlocal best
        if len(path) > len(best):
            best = list(path)
            if len(best) == len(tiles):
                return
        for i in by_pip.get(end, ()):
            if not used[i]:
                used[i] = True
                path.append(i)
                t = tiles[i]
                walk(t.high if t.low == end else t.low)
                path.pop()
                used[i] = False
                if len(best) == len(tiles):
                    return

    walk(open_end)
    return [tiles[i] for i in best]


@dataclass(frozen=True)
class PlayHint:
    """One candidate event with its playout figures: ``mean_pips`` (mean pips left in the seat's
    hand at round end), ``playouts`` (how many), ``stderr`` (standard error of the mean, pips)."""
    event: Event
    mean_pips: float
    playouts: int
    stderr: float


@dataclass(frozen=True)
class Ranking:
    """``plays`` best first (fewest pips left); ``playouts`` run in all; ``clear`` is True when
    the best play's mean is more than two standard errors below the second's (or it is the only
    one): the favourite is separated, not a coin toss; ``forced``: the seat has one move only, so
    no playout is run (its ``mean_pips`` is the hand's pips now, ``playouts`` 0)."""
    plays: list[PlayHint]
    playouts: int
    clear: bool
    forced: bool = False


def unseen_tiles(rnd: Round, hand) -> list[Tile]:
    """The tiles ``seat`` cannot see: the set less the tiles on the table and in ``hand``."""
    seen = set(rnd.on_table) | set(hand)
    return [t for t in full_set(rnd.top) if t not in seen]


def snapshot(rnd: Round) -> Round:
    """A copy of ``rnd``'s state to read or play on while ``rnd`` moves on (another thread),
    its events included (what the table showed: ``table_voids``)."""
    c = _clone(rnd)
    c.events = list(rnd.events)
    return c


def _clone(rnd: Round) -> Round:
    """A copy of ``rnd``'s state that playouts may change (its events are not copied)."""
    c = copy.copy(rnd)
    c.hand_counts = list(rnd.hand_counts)
    c.trains = [list(t) for t in rnd.trains]
    c.ends = list(rnd.ends)
    c.marked = list(rnd.marked)
    c.open_doubles = list(rnd.open_doubles)
    c.turn_doubles = list(rnd.turn_doubles)
    c.chain_doubles = list(rnd.chain_doubles)
    c.out = list(rnd.out)
    c.suit_on_table = list(rnd.suit_on_table)
    c.on_table = set(rnd.on_table)
    if rnd._hand is not None:
        c._hand = list(rnd._hand)
    c.events = []
    c._legal_cache = c._hands_view = c._scores = None
    return c


def table_voids(rnd: Round) -> list[tuple[frozenset, int]]:
    """What the table showed of each seat's hand: per seat ``(pips, free)``, meaning that at most
    ``free`` of the tiles it holds now have an end in ``pips``.

    Where the rules make a seat play when it can (``must_play``), a seat that drew or passed held
    no tile that fit the open ends it might play on then (rules.md 1, *Drawing*; the trains open
    to it, or the open double's train). Its latest such draw or pass counts; the tiles it drew
    since (the drawn tile of that draw included) are free. A seat that showed nothing has
    ``(frozenset(), 0)``. Reads ``rnd.events`` (known or hidden hands) and changes nothing."""
    n = rnd.n
    voids: list[tuple[frozenset, int]] = [(frozenset(), 0)] * n
    if not rnd.opts.must_play or not rnd.events:
        return voids
    starter, _, _, first_drawer = rnd._deal
    shadow = Round(rnd.rules, rnd.index, rnd.names, starter=starter, first_drawer=first_drawer)
    for event in rnd.events:
        seat, kind = event.seat, event.kind
        if kind == "draw" and shadow.engine_placed:
            pips, free = voids[seat]
            if not shadow.drew or shadow.draw_until_playable:
                pips = _ends_open_to(shadow, seat)
                free = 0
            voids[seat] = (pips, free + 1)
        elif kind == "pass" and shadow.engine_placed and shadow.turn_plays == 0:
            pips = _ends_open_to(shadow, seat)
            voids[seat] = (pips, 0) if pips else voids[seat]
        shadow._apply(event)
    return voids


def _ends_open_to(rnd: Round, seat: int) -> frozenset:
    """The open ends ``seat`` might play on now (hidden-hands view), or an empty set where the
    rules bind doubles and other tiles differently, or the house rule ``last_tile_double`` makes
    a fitting double no play."""
    if rnd.no_last_double and rnd.hand_counts[seat] == 1:
        return frozenset()
    if rnd.circuit:
        return frozenset((rnd.ends[seat],))
    required = rnd.required_trains(False) if rnd.open_doubles else None
    if rnd.open_doubles and rnd.turn_doubles and not rnd.on_double and required != rnd.required_trains(True):
        return frozenset()
    if required is None:
        if rnd.own_train_first and not rnd.trains[seat]:
            required = [seat]
        else:
            required = [tr for tr in range(rnd.n + 1) if rnd.open_to(seat, tr)]
    return frozenset(rnd.ends[tr] for tr in required)


def _determinize(base: Round, seat: int, mine: int, unseen: list[Tile], rng: _random.Random,
                 voids: list[tuple[frozenset, int]] | None = None) -> Round:
    """A known-hands copy of ``base``: ``seat`` holds bit set ``mine``, the unseen tiles are dealt
    at random to the other seats (their counts) and the boneyard (the rest). ``voids``
    (``table_voids``): a seat that showed it holds no tile of some pips gets at most its ``free``
    count of such tiles (the seats that showed something are dealt first; where the unseen tiles
    cannot meet every such limit, the deal is not narrowed)."""
    c = _clone(base)
    shuffled = sorted(unseen, key=lambda _t: rng.random())
    bit = base._bits.bit
    hands = [0] * base.n
    hands[seat] = mine
    narrowed = [s for s in range(base.n) if s != seat and voids and voids[s][0]]
    if narrowed:
        rest = shuffled
        for s in narrowed:
            pips, free = voids[s]
            plain = base.hand_counts[s] - min(free, base.hand_counts[s])
            taken = [t for t in rest if t.low not in pips and t.high not in pips][:plain]
            if len(taken) < plain:
                return _determinize(base, seat, mine, unseen, rng)
            chosen = set(taken)
            rest = [t for t in rest if t not in chosen]
            taken += rest[:base.hand_counts[s] - plain]
            rest = rest[base.hand_counts[s] - plain:]
            hands[s] = sum(bit[t] for t in taken)
        shuffled = rest
    at = 0
    for s in range(base.n):
        if s == seat or s in narrowed:
            continue
        k = base.hand_counts[s]
        hands[s] = sum(bit[t] for t in shuffled[at:at + k])
        at += k
    c._hand = hands
    c.known = True
    c.boneyard = shuffled[at:]
    c.drawn_count = 0
    c.boneyard_count = len(c.boneyard)
    return c


def _pips_left(rnd: Round, seat: int) -> int:
    return sum(t.low + t.high for t in bits_tiles(rnd._hand[seat], rnd._bits.tile))


def playout(rnd: Round, policy: str, rng: _random.Random, max_events: int = 10_000) -> None:
    """Play a known-hands round ``rnd`` to its end with ``policy`` ("random" or "greedy",
    ``autoplay.SIMPLE``) at every seat, unchecked (``autoplay.play_out``: only legal events, none
    recorded). A round that does not end within ``max_events`` is left as it is (counted as it
    stands). Raises ``ValueError`` for another policy."""
    play_out(rnd, policy, rng, max_events)


def rank_plays(rnd: Round, seat: int, hand, rng: _random.Random, budget: int = 1000,
               policy: str = "random", narrow: bool = True) -> Ranking:
    """Rank the events ``seat`` may make now (plays, draw, pass, done) by the mean pips left in
    its hand at round end over ``budget`` playouts in all (shared round-robin between the
    candidates; each round of candidates sees the same random deal). ``hand`` is the seat's
    tiles; ``rnd`` may have known or hidden hands (the other hands are never looked at).
    ``narrow``: deal the unseen tiles as the table showed them (``table_voids``: a seat that drew
    or passed held no tile of the ends open to it), not uniformly.

    Returns an empty ``Ranking`` when it is not ``seat``'s turn or the round has ended. Raises
    ``ValueError`` when ``budget`` < 1 or ``hand``'s size is not the seat's tile count."""
    if budget < 1:
        raise ValueError(f"budget must be at least 1 playout, got {budget}")
    hand = list(hand)
    if len(hand) != rnd.hand_counts[seat]:
        raise ValueError(f"the hand has {len(hand)} tiles but seat {seat} holds {rnd.hand_counts[seat]}")
    if rnd.end is not None or not rnd.engine_placed or rnd.turn != seat:
        return Ranking([], 0, False)
    unseen = unseen_tiles(rnd, hand)
    bit = rnd._bits.bit
    mine = sum(bit[t] for t in hand)
    voids = table_voids(rnd) if narrow else None
    base = _determinize(rnd, seat, mine, unseen, rng, voids)
    candidates = [e for e in base.legal_events if e.seat == seat]
    if not candidates:
        return Ranking([], 0, False)
    if len(candidates) == 1:          # a forced move: nothing to rank, no playout to run
        return Ranking([PlayHint(candidates[0], float(_pips_left(base, seat)), 0, 0.0)], 0, True, True)
    sums = [0.0] * len(candidates)
    squares = [0.0] * len(candidates)
    counts = [0] * len(candidates)
    done = 0
    while done < budget:
        deal = _determinize(rnd, seat, mine, unseen, rng, voids)
        for i, event in enumerate(candidates):
            if done >= budget:
                break
            c = _clone(deal)
            c._apply(event)
            playout(c, policy, rng)
            left = _pips_left(c, seat)
            sums[i] += left
            squares[i] += left * left
            counts[i] += 1
            done += 1
    hints = []
    for i, event in enumerate(candidates):
        k = counts[i]
        mean = sums[i] / k if k else math.inf
        var = (squares[i] / k - mean * mean) if k > 1 else 0.0
        se = math.sqrt(max(var, 0.0) / (k - 1)) if k > 1 else math.inf
        hints.append(PlayHint(event, mean, k, se))
    hints.sort(key=lambda h: (h.mean_pips, h.event.kind != "play"))
    clear = len(hints) == 1 or (
        hints[0].mean_pips + 2 * math.hypot(hints[0].stderr, hints[1].stderr) < hints[1].mean_pips)
    return Ranking(hints, done, clear)


def hint_event(rnd: Round, seat: int, rng: _random.Random, budget: int, narrow: bool = True) -> Event:
    """The best event for ``seat`` in a known-hands round by ``rank_plays`` (the ``playout``
    computer player; ``narrow`` as there); the only candidate straight away, without playouts."""
    candidates = [e for e in rnd.legal_events if e.seat == seat]
    if len(candidates) == 1:
        return candidates[0]
    hand = rnd.hands[seat]
    ranking = rank_plays(rnd, seat, hand, rng, budget, narrow=narrow)
    return ranking.plays[0].event


__all__ = ["longest_train", "snapshot", "rank_plays", "Ranking", "PlayHint", "unseen_tiles", "playout",
           "hint_event", "table_voids", "MEXICAN"]
