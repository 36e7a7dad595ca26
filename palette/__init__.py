"""The one home of the game's colours: seats 0-11, the Mexican train, the engine and the lights'
signal colours, read by the hub's LEDs (station/lights.py) and by every page (web/pages.py).

Each colour is ONE entry: its page colour ``hex`` (sRGB, as CSS draws it). The LED value is derived
from that same entry by :func:`led_rgb`: a WS281x LED's light output is linear in its PWM value,
while a page's sRGB value is gamma-encoded, so the LED gets the decoded value
``round(255 * (c / 255) ** LED_GAMMA)`` to show the colour the page shows, e.g. the Mexican train's
``#e6e6e6``:

>>> led_rgb("#e6e6e6")
(203, 203, 203)

Overall brightness is not applied here: the strip driver scales
every frame by the hub build's ``leds.brightness`` (hardware/config.py). The virtual hub page
re-encodes LED values with the same ``LED_GAMMA`` (``as_json()["led_gamma"]``), so a lit slot there
shows the page colour of its entry.

Seats also carry a symbol, so players are told apart by their name's initial and a symbol as well as
by colour. A top-level leaf that imports nothing of ours: the station (its LEDs), the web pages and
the club's page all import it, and no arrow points up (tests/test_walls.py).
"""
from __future__ import annotations

import json
from dataclasses import dataclass

#: sRGB decoding exponent used to turn a page colour into an LED value (see module docstring).
LED_GAMMA = 2.2


def hex_to_rgb(value: str) -> tuple[int, int, int]:
    """``"#ff4d4d"`` -> ``(255, 77, 77)``; raises ValueError for anything but ``#rrggbb``."""
    text = value.lstrip("#")
    if len(text) != 6:
        raise ValueError(f"colour {value!r}: write it as #rrggbb")
    return tuple(int(text[i:i + 2], 16) for i in (0, 2, 4))  # type: ignore[return-value]


def led_rgb(value: str) -> tuple[int, int, int]:
    """The LED value (r, g, b 0-255, before the strip's brightness) of page colour ``value``."""
    return tuple(round(255 * (c / 255) ** LED_GAMMA) for c in hex_to_rgb(value))  # type: ignore[return-value]


@dataclass(frozen=True)
class Colour:
    """One colour entry: ``name``, page colour ``hex`` (#rrggbb), optional ``symbol``."""

    name: str
    hex: str
    symbol: str = ""

    @property
    def led(self) -> tuple[int, int, int]:
        """This entry's LED value (see :func:`led_rgb`)."""
        return led_rgb(self.hex)


#: one per seat; chosen to stay distinct on a dark page and as LEDs.
SEATS: tuple[Colour, ...] = (
    Colour("red", "#ff4d4d", "●"),
    Colour("blue", "#4da3ff", "▲"),
    Colour("yellow", "#ffd633", "■"),
    Colour("green", "#3ddc5c", "◆"),
    Colour("orange", "#ff9933", "★"),
    Colour("purple", "#b36bff", "✚"),
    Colour("cyan", "#33e0e0", "⬟"),
    Colour("pink", "#ff66c4", "♥"),
    Colour("lime", "#b8f23d", "♣"),
    Colour("white", "#f2f2f2", "♠"),
    Colour("brown", "#c8874a", "☀"),
    Colour("teal", "#2fb39a", "☾"),
)

#: the Mexican train's slot and its trains on the pages; the engine in the hub's centre.
MEXICAN = Colour("mexican", "#e6e6e6", "☆")
ENGINE = Colour("engine", "#ffffff", "◎")

#: the lights' signals: marker and open double (amber), refused move (red), one tile left (white),
#: round over (green), game over (gold). Pages use the same entries for the same meanings.
SIGNALS: dict[str, Colour] = {c.name: c for c in (
    Colour("amber", "#ffc200"),
    Colour("red", "#ff0000"),
    Colour("white", "#ffffff"),
    Colour("green", "#00e484"),
    Colour("gold", "#ffdf00"),
)}

#: LED values per seat, (r, g, b) 0-255 before brightness.
SEAT_RGB: tuple[tuple[int, int, int], ...] = tuple(c.led for c in SEATS)


def seat(seat: int) -> Colour:
    """The colour entry of ``seat`` (wraps around past 12)."""
    return SEATS[seat % len(SEATS)]


def as_json() -> str:
    """The palette for the pages' JavaScript (the ``mt-palette`` data block, ``MT.palette``)."""
    return json.dumps({
        "seats": [{"name": c.name, "hex": c.hex, "symbol": c.symbol} for c in SEATS],
        "mexican": {"hex": MEXICAN.hex, "symbol": MEXICAN.symbol},
        "engine": {"hex": ENGINE.hex, "symbol": ENGINE.symbol},
        "signals": {name: c.hex for name, c in SIGNALS.items()},
        "led_gamma": LED_GAMMA,
    }, ensure_ascii=False)


def css_variables() -> str:
    """``:root`` custom properties: ``--seat-0`` ... ``--seat-11``, ``--mexican``, ``--engine``,
    and ``--signal-amber`` ... ``--signal-gold``."""
    lines = [f"--seat-{i}: {c.hex};" for i, c in enumerate(SEATS)]
    lines += [f"--mexican: {MEXICAN.hex};", f"--engine: {ENGINE.hex};"]
    lines += [f"--signal-{name}: {c.hex};" for name, c in SIGNALS.items()]
    return ":root{" + "".join(lines) + "}"
