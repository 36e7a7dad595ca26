"""Simple computer players and a seeded deal, for ``station simulate`` and the benchmarks.

Both players see the whole table (known hands) and always make a legal move:
``random`` picks any legal play uniformly; ``greedy`` plays its heaviest tile (most pips).

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

POLICIES = ("random", "greedy")


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
    """The next event for the seat to act in a known-hands round, by ``policy``."""
    if not rnd.engine_placed:
        seat = rnd.seat_to_act()
        return Event(seat, "engine" if rnd.engine_tile in rnd.hands[seat] else "draw")
    seat = rnd.turn
    plays = rnd.legal_plays(seat)
    if rnd.circuit:
        if plays and (policy == "greedy" or rnd.turn_plays == 0 or rng.random() < 0.8):
            return _pick(rnd, plays, policy, rng)
        return Event(seat, "done" if rnd.turn_plays else "pass")
    if plays:
        return _pick(rnd, plays, policy, rng)
    if rnd.boneyard_count > 0 and (not rnd.drew or rnd.draw_until_playable):
        return Event(seat, "draw")
    return Event(seat, "pass")


def _pick(rnd: Round, plays: list[tuple[Tile, int]], policy: str, rng: _random.Random) -> Event:
    if policy == "greedy":
        tile, train = max(plays, key=lambda p: (p[0].low + p[0].high, p[0].is_double))
    else:
        tile, train = plays[int(rng.random() * len(plays))]
    return Event(rnd.turn, "play", tile, MEXICAN if train == rnd.n else train)


def play_round(game: Game, policy: str, rng: _random.Random, max_events: int = 100_000) -> Round:
    """Deal and play the next round of ``game`` to its end with ``policy`` at every seat."""
    hands, boneyard = deal(game.rules, len(game.rounds), rng)
    rnd = game.start_round(hands, boneyard)
    apply = rnd._apply_generated          # choose() only makes legal events: no second check
    for _ in range(max_events):
        if rnd.end is not None:
            return rnd
        apply(choose(rnd, policy, rng))
    raise RuntimeError(f"round {rnd.index} did not end within {max_events} events")


def play_game(rules: Rules, names: list[str], policy: str, rng: _random.Random) -> Game:
    """A whole game (every round) played by computer players; the same ``rng`` seed, the same game."""
    game = Game(rules, names)
    while len(game.rounds) < rules.rounds:
        play_round(game, policy, rng)
    return game
