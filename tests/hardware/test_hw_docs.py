"""docs/hardware.md's wiring table matches the reference build."""
from __future__ import annotations

import re
from pathlib import Path

from hardware.config import default_build, load_build

DOC = Path(__file__).resolve().parents[2] / "docs" / "hardware.md"


def test_wiring_table_matches_reference_build():
    rows = {m.group(1): int(m.group(2)) for m in
            re.finditer(r"^\| (slot `\w+` presence sensor|seat \d+ button|buzzer|LED strip data \(DIN\)) \| GPIO(\d+) \|",
                        DOC.read_text(), re.M)}
    b = default_build()
    expected = {f"slot `{s.name}` presence sensor": s.input.pin for s in b.slots}
    expected |= {f"seat {i} button": spec.pin for i, spec in enumerate(b.buttons)}
    expected |= {"buzzer": b.buzzer.pin, "LED strip data (DIN)": b.strip.gpio}
    assert rows == expected


def test_twelve_seat_wiring_table_matches_its_build():
    rows = {m.group(1): int(m.group(2)) for m in
            re.finditer(r"^\| twelve: (seat \d+ button|buzzer|LED strip data \(DIN\)) \| GPIO(\d+) \|",
                        DOC.read_text(), re.M)}
    b = load_build(DOC.parents[1] / "firmware_config" / "twelve-seat.toml")
    expected = {f"seat {i} button": spec.pin for i, spec in enumerate(b.buttons)}
    expected |= {"buzzer": b.buzzer.pin, "LED strip data (DIN)": b.strip.gpio}
    assert rows == expected


def test_the_wiring_diagrams_are_generated_from_the_shipped_builds():
    from hardware.wiring import pin_labels, svg

    for name in ("reference-8-seat", "twelve-seat"):
        build = load_build(DOC.parents[1] / "firmware_config" / f"{name}.toml")
        shipped = (DOC.parent / "wiring" / f"{name}.svg").read_text()
        assert shipped == svg(build), f"regenerate: python -m hardware wiring firmware_config/{name}.toml docs/wiring/{name}.svg"
    labels = pin_labels(default_build())
    assert labels[7] == ("GPIO4: slot engine sensor -> GND", "slot") and labels[12][1] == "led"
    assert labels[33] == ("GPIO13: buzzer (NPN, 1 kOhm)", "buzzer") and labels[6] == ("GND", "power")


def test_the_wiring_tables_give_the_right_header_pins():
    from hardware.pinrules import HEADER_PIN

    rows = re.findall(r"^\| (?:twelve: )?[^|]+\| GPIO(\d+) \| (\d+) \|", DOC.read_text(), re.M)
    assert len(rows) >= 30 and all(HEADER_PIN[int(g)] == int(p) for g, p in rows), rows
