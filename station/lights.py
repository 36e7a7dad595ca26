"""The hub's lights as a pure function of the game (no hardware, no clock of its own).

``light_state(referee, refusals)`` sums up what the LEDs must say; ``frame(state, segments,
t_ms)`` turns it into one frame for ``hardware.Hub.show`` at animation time ``t_ms``:

- each seat's slot: LED 0 is the train's *marker* (amber when the train is marked); the rest glow
  dim in the seat's colour, *pulse* when it is that seat's turn, *flash* white when the seat has
  one tile left, and flash red for 600 ms after a refused move;
- the Mexican train's slot: lit once the train is started; the engine slot: lit while a round is on;
- the open-double warning: the centre ring flashes amber, and so does the slot of the train that
  holds the double;
- round over: the ring glows green and the seats that went out glow bright; game over: the ring
  glows gold and the winners' slots glow bright.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from palette import ENGINE, MEXICAN as MEXICAN_COLOUR, SEAT_RGB, SIGNALS

# every colour is an LED value derived from its one entry in palette/__init__.py (gamma stated there)
OFF = (0, 0, 0)
AMBER = SIGNALS["amber"].led
RED = SIGNALS["red"].led
WHITE = SIGNALS["white"].led
GREEN = SIGNALS["green"].led
GOLD = SIGNALS["gold"].led
MEXICAN = MEXICAN_COLOUR.led
ENGINE_LIT = ENGINE.led
FLASH_MS = 500          #: flash period (on half, off half), ms
PULSE_MS = 1200         #: pulse period, ms
REFUSAL_MS = 600        #: how long a refused move flashes red, ms


@dataclass(frozen=True)
class LightState:
    """What the lights must say. Seats are numbers; trains ``int`` seats or ``"mexican"``."""

    seats: int = 0                           #: players at the table (slots beyond stay dark)
    playing: bool = False                    #: a round is on
    turn: int | None = None
    marked: tuple[bool, ...] = ()
    mexican_started: bool = False
    open_doubles: tuple = ()                 #: trains holding a binding open double
    one_tile: tuple[int, ...] = ()
    round_over: bool = False
    out: tuple[int, ...] = ()
    game_over: bool = False
    winners: tuple[int, ...] = ()
    refused: dict = field(default_factory=dict)   #: seat -> t_ms of the refusal


def light_state(referee, refused: dict | None = None) -> LightState:
    """The LightState of a ``station.referee.Referee`` (None: no game set up)."""
    if referee is None:
        return LightState()
    game = referee.game
    rnd = game.current
    n = referee.rules.players
    if rnd is None:
        return LightState(seats=n, refused=dict(refused or {}))
    # read the round directly: this runs for every animation frame (FPS a second)
    win = game.winners() if referee.status == "finished" else None
    return LightState(
        seats=n,
        playing=not rnd.ended,
        turn=rnd.seat_to_act(),
        marked=tuple(rnd.marked[:n]),
        mexican_started=bool(rnd.train("mexican")),
        open_doubles=tuple(on for on, _ in rnd.doubles_to_satisfy()) if not rnd.ended else (),
        one_tile=tuple(s for s, c in enumerate(rnd.hand_counts) if c == 1 and not rnd.ended),
        round_over=rnd.ended and referee.status != "finished",
        out=tuple(rnd.out),
        game_over=referee.status == "finished",
        winners=tuple(win[0]) if win else (),
        refused=dict(refused or {}),
    )


def _scale(colour, level: float):
    return tuple(int(round(c * level)) for c in colour)


def _flash_on(t_ms: int) -> bool:
    return (t_ms % FLASH_MS) < FLASH_MS // 2


def frame(state: LightState, segments: dict[str, int], t_ms: int) -> dict[str, list]:
    """The LED frame at ``t_ms``: slot name or "ring" -> one (r, g, b) per LED of that segment.

    ``segments`` gives each segment's LED count (``HubBuild.segments`` lengths); segments the
    frame has no word for stay dark.
    """
    out: dict[str, list] = {name: [OFF] * count for name, count in segments.items()}
    flash = _flash_on(t_ms)
    pulse = 0.25 + 0.75 * (0.5 + 0.5 * math.sin(2 * math.pi * (t_ms % PULSE_MS) / PULSE_MS))
    for seat in range(state.seats):
        name = f"seat{seat}"
        if name not in out:
            continue            # a seat that plays from its phone alone
        count = len(out[name])
        colour = SEAT_RGB[seat % len(SEAT_RGB)]
        body = _scale(colour, 0.2)
        if state.game_over:
            body = colour if seat in state.winners else _scale(colour, 0.1)
        elif state.round_over:
            body = colour if seat in state.out else _scale(colour, 0.1)
        elif state.playing:
            if seat == state.turn:
                body = _scale(colour, pulse)
            if seat in state.one_tile:
                body = WHITE if flash else body
            if seat in state.open_doubles:
                body = AMBER if flash else body
        refused_at = state.refused.get(seat)
        if refused_at is not None and 0 <= t_ms - refused_at < REFUSAL_MS:
            body = RED if flash or t_ms - refused_at < FLASH_MS // 2 else OFF
        marker = AMBER if state.playing and seat < len(state.marked) and state.marked[seat] else OFF
        out[name] = ([marker] + [body] * (count - 1)) if count > 1 else [body]
    if "mexican" in out:
        colour = MEXICAN if state.mexican_started else OFF
        if state.playing and "mexican" in state.open_doubles:
            colour = AMBER if flash else colour
        out["mexican"] = [colour] * len(out["mexican"])
    if "engine" in out:
        out["engine"] = [ENGINE_LIT if state.playing else OFF] * len(out["engine"])
    if "ring" in out:
        ring = OFF
        if state.game_over:
            ring = GOLD
        elif state.round_over:
            ring = GREEN
        elif state.playing and state.open_doubles:
            ring = AMBER if flash else OFF
        out["ring"] = [ring] * len(out["ring"])
    return out
