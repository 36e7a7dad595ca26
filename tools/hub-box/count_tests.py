"""The hub box's aarch64 test count: the last pytest summary line of each log, added up.

    python3 tools/hub-box/count_tests.py LOG...

prints one line, e.g. ``446 passed, 1 skipped (300 passed in 600.1s + 146 passed, 1 skipped in
590.2s, 2 processes at once)``, and exits 0; a log without a pytest summary (the process died
before it) prints ``error: no pytest summary in LOG`` and exits 1. Used by tools/hub-box/run.sh
(arm64_tests), which fails the stage on a count with ``failed`` or ``error`` in it.
"""
from __future__ import annotations

import re
import sys

SUMMARY = re.compile(r"\d+ (passed|failed|errors?)\b")
COUNT = re.compile(r"(\d+) (passed|skipped|failed|errors?|xfailed|xpassed|deselected)\b")
ORDER = ["passed", "skipped", "failed", "errors", "xfailed", "xpassed", "deselected"]


def count(paths: list[str]) -> str:
    """One line for the pytest logs at ``paths`` (ValueError: a log with no summary line)."""
    total: dict[str, int] = {}
    parts = []
    for path in paths:
        with open(path, errors="replace") as f:
            lines = [line for line in f if SUMMARY.search(line)]
        if not lines:
            raise ValueError(f"no pytest summary in {path}")
        last = lines[-1].strip("= \n")
        parts.append(last)
        for n, what in COUNT.findall(last):
            what = "errors" if what.startswith("error") else what
            total[what] = total.get(what, 0) + int(n)
    line = ", ".join(f"{total[w]} {w}" for w in ORDER if w in total)
    return f"{line} ({' + '.join(parts)}, {len(parts)} processes at once)" if len(parts) > 1 else line


def main(argv: list[str]) -> int:
    try:
        print(count(argv))
    except (OSError, ValueError) as exc:
        print(f"error: {exc}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
