"""The pages show what the station says and decide nothing (issue 19, point 7): no JavaScript file
under web/static/js holds a number the station owns (a limit, a long press, a flash time) or
compares a list's length with a count from the view (the station says whether a hand is full,
whether a hint may be asked, how many tiles it expects)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

JS = Path(__file__).resolve().parents[2] / "web" / "static" / "js"

#: (what it is, pattern): each a way a page has held a copy of what the station knows
RULES = [
    ("a limit constant", re.compile(r"\b(?:MAX|MIN)_[A-Z_]+\s*=\s*\d")),
    ("a timing constant", re.compile(r"\b[A-Z_]+_MS\s*=\s*\d")),
    ("a literal input limit", re.compile(r"\b(?:maxlength|minlength|max|min)\s*:\s*[\"']?\d{2,}")),
    ("a literal digits pattern", re.compile(r"\[0-9\]\{\d+,\d+\}")),
    ("a literal press or flash time", re.compile(r"Date\.now\(\)\s*-\s*(?:down|press|hold|held|flash)(?:At|ed|Start)?\s*[<>]=?\s*\d", re.I)),
    ("a length compared with a view count",
     re.compile(r"\.(?:length|size)\s*[!=]==?\s*(?:\w+\.)*(?:count|tile_count|hand_counts|expected|need|total|players)\b")),
    ("a view count compared with a length",
     re.compile(r"(?:count|tile_count|expected|total)\s*[!=]==?\s*[\w.]+\.(?:length|size)\b")),
]


def findings(text: str, name: str = "<text>") -> list[str]:
    """Every line of ``text`` that breaks a rule, as ``"name:line: what: code"``."""
    out = []
    for number, line in enumerate(text.splitlines(), 1):
        code = line.split("//", 1)[0]
        for what, pattern in RULES:
            if pattern.search(code):
                out.append(f"{name}:{number}: {what}: {line.strip()}")
    return out


@pytest.mark.parametrize("sample", [
    "const MAX_PLAYERS = 14;",
    "const RED_MS = 600;",
    'el("input", { maxlength: 32 })',
    'pattern: "[0-9]{4,12}"',
    "const long = downAt && Date.now() - downAt > 600;",
    "if (hand.length === count) return 'full';",
    "const known = me.hand.length === me.tile_count;",
    "if (picked.size !== count.expected) return;",
])
def test_the_check_finds_a_copy(sample):
    assert findings(sample), sample


def test_no_page_script_holds_what_the_station_owns():
    problems = [p for path in sorted(JS.glob("*.js")) for p in findings(path.read_text(encoding="utf-8"), path.name)]
    assert not problems, "the view carries these (station/views.py):\n" + "\n".join(problems)
