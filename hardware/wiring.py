"""A wiring diagram of a hub build, generated from its TOML: the Pi's 40-pin header with every pin
the build uses labelled (SVG, no dependencies). ``python -m hardware wiring FILE [OUT.svg]`` writes
it; docs/wiring/*.svg are the shipped builds' diagrams, kept in step by tests/hardware/test_hw_docs.py.
"""
from __future__ import annotations

from xml.sax.saxutils import escape

from hardware import pinrules as pr
from hardware.build import HubBuild
from hardware.leds import claims

ROW_H, TOP, PIN_X = 24, 70, (430, 460)
COLOURS = {"slot": "#1f77b4", "seat": "#2ca02c", "led": "#d62728", "buzzer": "#9467bd", "power": "#555555",
           "claimed": "#bbbbbb", "free": "#dddddd"}


def pin_labels(build: HubBuild) -> dict[int, tuple[str, str]]:
    """Physical header pin -> (label, kind) for every pin the build uses, claims or powers from."""
    out: dict[int, tuple[str, str]] = {p: (name, "power") for p, name in pr.POWER_PINS.items()}
    for gpio, phys in pr.HEADER_PIN.items():
        out[phys] = (f"GPIO{gpio}: " + pr.RESERVED_GPIOS[gpio] + ", do not use", "claimed") if gpio in pr.RESERVED_GPIOS \
            else (f"GPIO{gpio}", "free")
    st = build.strip
    claimed = claims(st)
    for gpio in claimed:
        out[pr.HEADER_PIN[gpio]] = (f"GPIO{gpio}: held by the LED strip's {st.bus}", "claimed")
    out[pr.HEADER_PIN[st.gpio]] = (f"GPIO{st.gpio}: LED strip DIN ({st.bus}) via 74AHCT125 + 330 Ohm", "led")
    if build.serial_console:
        for gpio in pr.SERIAL_CONSOLE_GPIOS:
            out[pr.HEADER_PIN[gpio]] = (f"GPIO{gpio}: serial console", "claimed")
    for s in build.slots:
        if s.input:
            out[pr.HEADER_PIN[s.input.pin]] = (f"GPIO{s.input.pin}: slot {s.name} sensor -> GND", "slot")
    for seat, b in enumerate(build.buttons):
        out[pr.HEADER_PIN[b.pin]] = (f"GPIO{b.pin}: seat {seat} button -> GND", "seat")
    if build.buzzer:
        out[pr.HEADER_PIN[build.buzzer.pin]] = (f"GPIO{build.buzzer.pin}: buzzer (NPN, 1 kOhm)", "buzzer")
    return out


def svg(build: HubBuild) -> str:
    """The diagram as an SVG document (deterministic: the same build gives the same bytes)."""
    labels = pin_labels(build)
    height = TOP + 20 * ROW_H + 130
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="890" height="{height}" '
             f'viewBox="0 0 890 {height}" font-family="sans-serif" font-size="12">',
             '<rect width="890" height="100%" fill="white"/>',
             f'<text x="445" y="28" text-anchor="middle" font-size="18">{escape(build.name)}: Raspberry Pi '
             '40-pin header (pin 1 top left)</text>',
             '<text x="445" y="50" text-anchor="middle" fill="#555">generated from the build by python -m hardware '
             'wiring; inputs switch to GND against the internal pull-up</text>',
             f'<rect x="415" y="{TOP - 16}" width="60" height="{20 * ROW_H + 8}" rx="6" fill="#222"/>']
    for phys in range(1, 41):
        row, right = (phys - 1) // 2, phys % 2 == 0
        x, y = PIN_X[right], TOP + row * ROW_H
        label, kind = labels[phys]
        colour = COLOURS[kind]
        parts.append(f'<circle cx="{x}" cy="{y}" r="8" fill="{colour}"/>')
        parts.append(f'<text x="{x}" y="{y + 4}" text-anchor="middle" font-size="9" '
                     f'fill="{"#333" if kind in ("free", "claimed") else "white"}">{phys}</text>')
        tx, anchor = (x + 18, "start") if right else (x - 18, "end")
        weight = ' font-weight="bold"' if kind in ("slot", "seat", "led", "buzzer") else ""
        parts.append(f'<text x="{tx}" y="{y + 4}" text-anchor="{anchor}" fill="{colour if kind != "free" else "#999"}"'
                     f'{weight}>{escape(label)}</text>')
    y = TOP + 20 * ROW_H + 20
    on_pi = sum(s.source == "gpio" for s in build.slots)
    feeds = ("the 3-wire slot sensors (DRV5032) and nothing else" if on_pi else
             "nothing here: every slot sensor is on the sensor board, fed from the Pico's 3V3(OUT), its pin 36")
    notes = ["Strip 5 V and GND straight from the supply through a fuse; one GND wire to a GND pin for a common ground.",
             f"Rails: 3V3 (pins 1, 17) feeds {feeds};",
             "5V (pins 2, 4) feeds the 74AHCT125 (100 nF at its pins 14/7) and the buzzer (a 1N4148 across it)."]
    if build.board:
        notes.append(f"Slot sensors on the USB sensor board ({len(build.slots) - on_pi}): firmware/sensor_board/README.md has its wiring.")
    if build.power:
        notes.append(build.power.describe(build.strip))
    for i, note in enumerate(notes):
        parts.append(f'<text x="20" y="{y + 20 * i}">{escape(note)}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
