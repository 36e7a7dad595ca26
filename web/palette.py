"""The one seat palette: the colours the hub's LEDs and every page use for seats 0-11.

Each seat has a colour (``rgb`` for the LEDs, ``hex`` for CSS) and a symbol, so players are told
apart by their name's initial and a symbol as well as by colour. The LED driver may import
``SEAT_RGB``; pages get the same values through ``css_variables()`` and ``as_json()``.
"""
from __future__ import annotations

import json

#: (name, hex, symbol) per seat; chosen to stay distinct on a dark page and as LEDs.
SEATS: tuple[tuple[str, str, str], ...] = (
    ("red", "#ff4d4d", "●"),
    ("blue", "#4da3ff", "▲"),
    ("yellow", "#ffd633", "■"),
    ("green", "#3ddc5c", "◆"),
    ("orange", "#ff9933", "★"),
    ("purple", "#b36bff", "✚"),
    ("cyan", "#33e0e0", "⬟"),
    ("pink", "#ff66c4", "♥"),
    ("lime", "#b8f23d", "♣"),
    ("white", "#f2f2f2", "♠"),
    ("brown", "#c8874a", "☀"),
    ("teal", "#2fb39a", "☾"),
)

#: colour of the Mexican train's slot and of the engine in the hub's centre.
MEXICAN = ("mexican", "#e6e6e6", "☆")
ENGINE = ("engine", "#ffffff", "◎")


def hex_to_rgb(value: str) -> tuple[int, int, int]:
    """``"#ff4d4d"`` -> ``(255, 77, 77)``."""
    value = value.lstrip("#")
    return tuple(int(value[i:i + 2], 16) for i in (0, 2, 4))  # type: ignore[return-value]


#: LED colours per seat, (r, g, b) 0-255.
SEAT_RGB: tuple[tuple[int, int, int], ...] = tuple(hex_to_rgb(h) for _, h, _ in SEATS)


def seat_colour(seat: int) -> str:
    """The CSS colour of ``seat`` (wraps around past 12)."""
    return SEATS[seat % len(SEATS)][1]


def seat_symbol(seat: int) -> str:
    """The symbol that tells ``seat`` apart besides its colour."""
    return SEATS[seat % len(SEATS)][2]


def as_json() -> str:
    """The palette for the pages' JavaScript."""
    return json.dumps({
        "seats": [{"name": n, "hex": h, "symbol": s} for n, h, s in SEATS],
        "mexican": {"hex": MEXICAN[1], "symbol": MEXICAN[2]},
        "engine": {"hex": ENGINE[1], "symbol": ENGINE[2]},
    }, ensure_ascii=False)


def css_variables() -> str:
    """``:root`` custom properties ``--seat-0`` ... ``--seat-11`` for the stylesheet."""
    lines = [f"--seat-{i}: {h};" for i, (_, h, _) in enumerate(SEATS)]
    lines.append(f"--mexican: {MEXICAN[1]};")
    return ":root{" + "".join(lines) + "}"
