"""Shared helpers of the engine tests: small known-hands and hidden-hands positions, refusals that
must change nothing, and small records for ``engine.record.replay``."""
from __future__ import annotations

import copy
import os

import pytest

from engine import Game, Rules
from engine import errors as E
from engine import events as ev
from engine.record import replay
from engine.tiles import Tile, full_set, parse_tile

NAMES = ["Ana", "Ben", "Chi", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lu", "Mo", "Ned"]
MEX = "mexican"


def T(text: str) -> Tile:
    return parse_tile(text)


def P(seat: int, tile: str, on) -> ev.Event:
    """A play event: ``seat`` plays ``tile`` on seat ``on``'s train or ``"mexican"``."""
    return ev.play(seat, T(tile), on)


DRAW, PASS, DONE, ENGINE = ev.draw, ev.pass_turn, ev.done, ev.engine


def rest_of_set(top: int, used, engine_aside: bool) -> list[Tile]:
    used = set(used)
    if engine_aside:
        used.add(Tile(top, top))
    return [t for t in full_set(top) if t not in used]


def known_game(profile: str, top: int, hands, boneyard=(), options=None, starter=None, fill=True) -> Game:
    """A game whose first round is dealt ``hands`` (tile texts); the boneyard is ``boneyard`` (drawn
    first) then, with ``fill``, the rest of the set in set order. ``hand_size`` defaults to the size
    of the hands given."""
    opts = {"hand_size": len(hands[0])}
    opts.update(options or {})
    rules = Rules.make(profile, top, len(hands), opts)
    hands_t = [[T(x) for x in h] for h in hands]
    bone = [T(x) for x in boneyard]
    if fill:
        bone += rest_of_set(top, [t for h in hands_t for t in h] + bone, not rules.options.engine_in_deal)
    game = Game(rules, NAMES[:len(hands)])
    game.start_round(hands=hands_t, boneyard=bone, starter=starter)
    return game


def hidden_game(profile: str, top: int, players: int, hand_size: int, options=None, starter=None) -> Game:
    """A game whose first round is played with hidden hands (a real table)."""
    opts = {"hand_size": hand_size}
    opts.update(options or {})
    game = Game(Rules.make(profile, top, players, opts), NAMES[:players])
    game.start_round(starter=starter)
    return game


def push_all(game: Game, *events) -> Game:
    for e in events:
        game.push(e)
    return game


def snapshot(game: Game):
    """Everything a refused event must leave alone: the state and result objects, the hands, and
    what every seat could do next (legal plays, draw, pass, done)."""
    rnd = game.current
    seats = range(rnd.n)
    return copy.deepcopy((
        rnd.state(), game.result(), len(rnd.events),
        [sorted(h) for h in rnd.hands] if rnd.known else None,
        [sorted(rnd.legal_plays(s), key=repr) for s in seats],
        [(rnd.can_draw(s), rnd.can_pass(s), rnd.can_end_turn(s)) for s in seats],
        [getattr(rnd, name, None) for name in ("drew", "turn_plays", "turns_taken", "null_passes",
                                               "circuit", "open_doubles", "turn_doubles")],
    ))


def refused(game: Game, event, cls) -> E.IllegalEvent:
    """Push ``event``, expect exactly ``cls`` (and its spec code), and that nothing changed."""
    before = snapshot(game)
    with pytest.raises(E.RefereeError) as info:
        game.push(event)
    err = info.value
    assert type(err) is cls, f"expected {cls.code}, got {err.code}: {err}"
    assert err.code == cls.code
    assert str(err) and err.message
    assert snapshot(game) == before, "a refused event changed the game"
    return err


def state(game: Game) -> dict:
    return game.current.state()


def train_tiles(game: Game) -> list[list[str]]:
    return [t["tiles"] for t in state(game)["trains"]]


def record(profile: str, top: int, players, rounds, options=None) -> dict:
    doc = {"format": "mexican-train-record/1", "profile": profile, "set": top,
           "players": list(players) if not isinstance(players, int) else NAMES[:players],
           "rounds": rounds}
    if options is not None:
        doc["options"] = options
    return doc


def replay_error(doc) -> dict:
    """Replay a record that must be refused; return the refusal object."""
    result, status = replay(doc)
    assert result["ok"] is False
    assert status == (2 if result["error"] == "bad-record" else 1)
    assert result["message"]
    return result


def examples(n: int) -> int:
    """Hypothesis's ``max_examples`` for a property test: ``n``, times ``MT_EXAMPLES_SCALE`` (a
    fraction, default 1; at least 1). The hub box's aarch64 run under qemu-user sets 0.2
    (tools/hub-box/run.sh, ``arm64_tests``): the same properties run at their full count natively,
    where they search; emulated, about 100 times slower, they show the code holds on the hub's
    architecture. Raises ``ValueError`` naming the variable for a value that is not a number > 0."""
    text = os.environ.get("MT_EXAMPLES_SCALE", "1")
    try:
        scale = float(text)
    except ValueError:
        scale = 0.0
    if not scale > 0:
        raise ValueError(f"MT_EXAMPLES_SCALE must be a number over 0, not {text!r}")
    return max(1, round(n * scale))
