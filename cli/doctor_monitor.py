"""``station doctor --monitor SECONDS``: a live view of the hub's inputs, to place magnets and tune
sensor distance. Every accepted change is printed as it happens (slot, seat button, sensor board),
and once a second the glitches -- pulses shorter than the input's stable time, dropped by the
filter -- of any input that had some: a sensor that chatters is too far from its magnet or badly
aimed.
"""
from __future__ import annotations

import asyncio

from hardware.events import BoardStatus, ButtonPressed, SlotChanged


def describe(event, build) -> str:
    """One line for an input event."""
    if isinstance(event, SlotChanged):
        spec = build.slot(event.slot).input
        where = f"GPIO{spec.pin}" if spec else "sensor board"
        return f"slot {event.slot:<8} {'OCCUPIED' if event.occupied else 'empty':<9} ({where})"
    if isinstance(event, ButtonPressed):
        return (f"seat{event.seat} button  {'long' if event.long else 'short'} press, held "
                f"{event.held_ns / 1e6:.0f} ms (GPIO{build.button_pin(event.seat)})")
    if isinstance(event, BoardStatus):
        return f"sensor board {'connected' if event.connected else 'lost: ' + event.reason}"
    return repr(event)


async def monitor(hub, seconds: float, out=print) -> dict[str, int]:
    """Start ``hub``, print its events for ``seconds`` and glitch counts each second; returns the glitches
    per input ("slot seat3", "seat 2") seen in that time."""
    build = hub.build
    await hub.start(None, lambda ev: out(describe(ev, build)))
    out(f"monitoring the inputs for {seconds:g} s: place and lift tiles, press buttons (Ctrl-C stops)")
    reported: dict[str, int] = {}
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while (left := end - loop.time()) > 0:
        await asyncio.sleep(min(1.0, left))
        for (kind, ident), deb in hub._debouncers.items():
            name = f"slot {ident}" if kind == "slot" else f"seat {ident}"
            if deb.glitches != reported.get(name, 0):
                stable = build.stable_ms(kind)
                out(f"  {name}: {deb.glitches} glitch{'es' if deb.glitches != 1 else ''} shorter than {stable} ms "
                    "dropped — move the sensor closer to its magnet or shield its wire")
                reported[name] = deb.glitches
    return reported
