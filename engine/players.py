"""Simple computer players and a seeded deal, for ``station simulate`` and the benchmarks.

Both players see the whole table (known hands) and always make a legal move:
``random`` picks any legal play uniformly; ``greedy`` plays its heaviest tile (most pips);
``playout`` picks the event with the fewest expected pips left by ``hints.rank_plays`` (its own
hand only, ``PLAYOUT_BUDGET`` playouts a move).

>>> import random
>>> from engine import Game, Rules
>>> game = play_game(Rules.make("hub", 9, 2), ["Ana", "Ben"], "greedy", random.Random(1))
>>> game.finished
True
"""
from __future__ import annotations

import random as _random

from .events import MEXICAN, Event
from .game import Game
from .options import Rules
from .round import Round
from .tiles import Tile, full_set

POLICIES = ("random", "greedy", "playout")
PLAYOUT_BUDGET = 60                 # playouts per move of the ``playout`` player
_new = tuple.__new__                # an Event without the named tuple's Python-level __new__


def deal(rules: Rules, index: int, rng: _random.Random) -> tuple[list[list[Tile]], list[Tile]]:
    """Shuffle and deal round ``index``: ``(hands, boneyard)``; the engine is set aside where the
    profile does not deal it (rules.md 2 and 3, *Deal*)."""
    engine = Tile(rules.engine_of(index), rules.engine_of(index))
    tiles = [t for t in full_set(rules.top) if rules.options.engine_in_deal or t != engine]
    # a uniform shuffle by random sort keys: several times faster than rng.shuffle for a deal
    tiles.sort(key=lambda _tile: rng.random())
    size = rules.hand_size
    hands = [tiles[i * size:(i + 1) * size] for i in range(rules.players)]
    return hands, tiles[rules.players * size:]


def choose(rnd: Round, policy: str, rng: _random.Random) -> Event:
    """The next event for the seat to act in a known-hands round, by ``policy``: always one the
    round accepts (``push`` would raise nothing)."""
    seat = rnd.turn
    if not rnd.engine_placed:
        seat = rnd.seat_to_act()
        return Event(seat, "engine" if rnd.holds(seat, rnd.engine_tile) else "draw")
    if policy == "playout" and rnd.end is None:
        from .hints import hint_event
        return hint_event(rnd, seat, rng, PLAYOUT_BUDGET)
    plays = rnd.legal_plays(seat)
    if rnd.circuit and not (plays and (policy == "greedy" or rnd.turn_plays == 0 or rng.random() < 0.8)):
        return Event(seat, "done" if rnd.turn_plays else "pass")
    if plays:
        if policy == "greedy":
            tile, train = max(plays, key=_weight)
        else:
            tile, train = plays[int(rng.random() * len(plays))]
        return Event(seat, "play", tile, MEXICAN if train == rnd.n else train)
    return _draw_or_pass(rnd, seat)


def _draw_or_pass(rnd: Round, seat: int) -> Event:
    """No play held, outside a first-turn circuit: draw while the boneyard has a tile and a draw
    is still owed (``draw_until_playable``: every time), else pass."""
    kind = "draw" if rnd.boneyard_count > 0 and (not rnd.drew or rnd.draw_until_playable) else "pass"
    return _new(Event, (seat, kind, None, None))


def _weight(play: tuple[Tile, int]) -> tuple[int, bool]:
    """greedy: the heaviest tile first, a double before a plain tile of the same pips."""
    tile = play[0]
    return tile.low + tile.high, tile.low == tile.high


def play_round(game: Game, policy: str, rng: _random.Random, max_events: int = 100_000,
               seats: dict[int, str] | None = None) -> Round:
    """Deal and play the next round of ``game`` to its end with ``policy`` at every seat, or
    ``seats[seat]`` where given (a policy per seat, e.g. ``{0: "playout"}``)."""
    if seats:
        return _play_round_mixed(game, policy, rng, max_events, seats)
    hands, boneyard = deal(game.rules, len(game.rounds), rng)
    rnd = game.start_round(hands, boneyard)
    # choose() and its inlined paths below make only legal events (tests/engine/test_engine_fast.py):
    # they are applied without a second check; push, for everything from outside, checks
    apply, play, record, plays_now = rnd._apply, rnd._play, rnd.events.append, rnd._plays_now
    mexican, draw = rnd.n, rng.random
    greedy = policy == "greedy"
    for _ in range(max_events):
        if rnd.end is not None:
            return rnd
        seat = rnd.turn
        if rnd.engine_placed and not rnd.circuit and policy != "playout":
            plays = plays_now(seat)
            if plays:                       # choose(), inlined for the most frequent event: a play
                tile, train = max(plays, key=_weight) if greedy else plays[int(draw() * len(plays))]
                play(seat, tile, train)
                record(_new(Event, (seat, "play", tile, MEXICAN if train == mexican else train)))
                continue
            event = _draw_or_pass(rnd, seat)
            apply(event)
            record(event)
            continue
        event = choose(rnd, policy, rng)
        apply(event)
        record(event)
    raise RuntimeError(f"round {rnd.index} did not end within {max_events} events")


def _play_round_mixed(game: Game, policy: str, rng: _random.Random, max_events: int,
                      seats: dict[int, str]) -> Round:
    """play_round with a policy per seat (``seats``, else ``policy``), through ``choose``."""
    hands, boneyard = deal(game.rules, len(game.rounds), rng)
    rnd = game.start_round(hands, boneyard)
    for _ in range(max_events):
        if rnd.end is not None:
            return rnd
        seat = rnd.turn if rnd.engine_placed else rnd.seat_to_act()
        event = choose(rnd, seats.get(seat, policy), rng)
        rnd._apply(event)
        rnd.events.append(event)
    raise RuntimeError(f"round {rnd.index} did not end within {max_events} events")


def play_game(rules: Rules, names: list[str], policy: str, rng: _random.Random,
              seats: dict[int, str] | None = None) -> Game:
    """A whole game (every round) played by computer players; the same ``rng`` seed, the same game.
    ``seats`` gives some seats another policy (``{0: "playout"}``)."""
    game = Game(rules, names)
    while len(game.rounds) < rules.rounds:
        play_round(game, policy, rng, seats=seats)
    return game
