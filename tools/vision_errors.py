"""Per-photo errors of ``vision/`` on the rendered corpus, by class (issue 20): which photos are
misread, how, and under which conditions, to fix the largest class first.

    python tools/vision_errors.py [--seed 1] [--photos 80] [--hard]

One line per misread photo (seed, tiles, body, pips, layout, table, tile px, blur: what went
wrong), then the classes counted: "missed" (a tile not found), "extra" (a reading on no tile),
"zero-half" (a blank half read as pips, or pips as blank), "pips" (another count), each by tile
body, pips and layout. Scored as ``bench/vision.py`` scores (its ``score``); exit 0.
"""
from __future__ import annotations

import argparse
import collections
import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def _bench():
    spec = importlib.util.spec_from_file_location("vision_bench", ROOT / "bench" / "vision.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def kind(wrong: str) -> str:
    """The class of one of ``score``'s complaints."""
    if wrong.startswith(("missed", "extra")):
        return wrong.split()[0]
    truth, got = (sorted(map(int, t.split("-"))) for t in wrong.split(" read "))
    return "zero-half" if (0 in truth) != (0 in got) else "pips"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--photos", type=int, default=80)
    parser.add_argument("--hard", action="store_true")
    args = parser.parse_args(argv)
    from tools.tile_photos import render
    from vision import PhotoError, read_photo
    score = _bench().score
    classes: collections.Counter = collections.Counter()
    right = total = exact = 0
    for seed in range(args.seed, args.seed + args.photos):
        jpeg, truth = render(seed, hard=args.hard)
        try:
            reading = read_photo(jpeg).as_dict()
        except PhotoError:
            reading = {"tiles": []}
        r, t, ok, wrong = score(reading, truth)
        right, total, exact = right + r, total + t, exact + ok
        c = truth["conditions"]
        for w in wrong:
            classes[(kind(w), c["body"], c["pips"], c["style"])] += 1
        if wrong:
            print(seed, len(truth["tiles"]), c["body"], c["pips"], c["style"], c["table"], c["tile_px"], c["blur"],
                  ":", ", ".join(wrong))
    print(f"tiles read exactly {100 * right / max(total, 1):.2f}%, photos {100 * exact / args.photos:.2f}%")
    for key, n in classes.most_common():
        print(n, *key)
    return 0


if __name__ == "__main__":
    sys.exit(main())
