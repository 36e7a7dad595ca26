"""The computer players, for ``station simulate``, the station's computer seats and the benchmarks.

Every player sees the whole table (known hands) and always makes a legal move. The levels a host
picks (README): "easy" is ``random`` (any legal play, uniformly), "medium" is ``greedy`` (its
heaviest tile), "strong" is ``playout`` (the event with the fewest expected pips left by
``hints.rank_plays``, its own hand only, ``PLAYOUT_BUDGET`` playouts a move, the unseen tiles
narrowed by what the table showed). ``random`` and ``greedy`` are ``autoplay``'s.

>>> import random
>>> from engine import Game, Rules
>>> game = play_game(Rules.make("hub", 9, 2), ["Ana", "Ben"], "greedy", random.Random(1))
>>> game.finished
True
"""
from __future__ import annotations

import random as _random
from typing import Callable, Union

from .autoplay import choose_simple, play_out
from .deal import deal
from .events import Event
from .game import Game
from .hints import hint_event
from .options import Rules
from .round import Round

POLICIES = ("random", "greedy", "playout")
LEVELS = {"easy": "random", "medium": "greedy", "strong": "playout"}
PLAYOUT_BUDGET = 60                 # playouts per move of the ``playout`` player

#: a seat's player: a policy name (``POLICIES``) or a function ``(round, rng) -> Event``
Player = Union[str, Callable[[Round, _random.Random], Event]]


def choose(rnd: Round, policy: str, rng: _random.Random) -> Event:
    """The next event for the seat to act in a known-hands round that has not ended, by
    ``policy`` (``POLICIES``): always one the round accepts (``push`` would raise nothing)."""
    if policy == "playout" and rnd.engine_placed:
        return hint_event(rnd, rnd.turn, rng, PLAYOUT_BUDGET)
    return choose_simple(rnd, "random" if policy == "playout" else policy, rng)


def play_round(game: Game, policy: str, rng: _random.Random, max_events: int = 100_000,
               seats: dict[int, Player] | None = None) -> Round:
    """Deal and play the next round of ``game`` to its end with ``policy`` at every seat, or
    ``seats[seat]`` where given (a policy or a player function per seat, e.g.
    ``{0: "playout"}``). Raises ``RuntimeError`` for a round that does not end within
    ``max_events`` events."""
    hands, boneyard = deal(game.rules, len(game.rounds), rng)
    rnd = game._open_round(hands, boneyard, None)          # deal() makes the set: nothing to check
    if not seats and policy != "playout":
        if play_out(rnd, policy, rng, max_events, record=True):
            return rnd
    else:
        for _ in range(max_events):
            if rnd.end is not None:
                return rnd
            seat = rnd.turn if rnd.engine_placed else rnd.seat_to_act()
            player = seats.get(seat, policy) if seats else policy
            event = choose(rnd, player, rng) if isinstance(player, str) else player(rnd, rng)
            rnd._apply(event)
            rnd.events.append(event)
    raise RuntimeError(f"round {rnd.index} did not end within {max_events} events")


def play_game(rules: Rules, names: list[str], policy: str, rng: _random.Random,
              seats: dict[int, Player] | None = None) -> Game:
    """A whole game (every round) played by computer players; the same ``rng`` seed, the same game.
    ``seats`` gives some seats another player (``{0: "playout"}``)."""
    game = Game(rules, names)
    while len(game.rounds) < rules.rounds:
        play_round(game, policy, rng, seats=seats)
    return game
