"""Check a game record (record-format.md) and print its result.

With --json: exactly the result object of record-format.md on stdout. Without: a readable summary
(round table, totals, winners, or the illegal event). Exit status: 0 the record is legal, 1 an
illegal event (or reveal), 2 a bad record (not JSON, not the format, a deal that is not the set,
not a regular file, over ``RECORD_MAX_BYTES``).
"""
from __future__ import annotations

import argparse
import json
import os
import stat
import sys

RECORD_MAX_BYTES = 8 * 1024 * 1024     # the largest record read (a 14-player 13-round game is < 1 MB)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("record", help="a mexican-train-record/1 JSON file ('-' for standard input)")
    parser.add_argument("--json", action="store_true", help="print the result object as JSON")


def main(args: argparse.Namespace) -> int:
    from engine.record import replay

    try:
        text = read_record(args.record)
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        result, status = {"ok": False, "round": None, "event": None, "error": "bad-record",
                          "message": f"cannot read {args.record}: {exc}"}, 2
    else:
        try:
            result, status = replay(text)
        except (RecursionError, MemoryError, TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
            # a malformed document the checks above did not foresee: still one line, exit 2
            result, status = {"ok": False, "round": None, "event": None, "error": "bad-record",
                              "message": f"not a record this station can read ({type(exc).__name__})"}, 2
    if args.json:
        print(json.dumps(result))
    else:
        print(_printable(summary(result, text if status != 2 else None)))
    return status


def read_record(path: str) -> str:
    """The text of the record at ``path`` ('-': standard input), at most ``RECORD_MAX_BYTES``.
    Raises ``ValueError`` for a path that is no regular file (a device such as /dev/zero, a FIFO:
    checked before opening, which would block) or a record over the limit, ``OSError`` when it
    cannot be read, ``UnicodeDecodeError`` when it is not UTF-8."""
    if path == "-":
        data = sys.stdin.buffer.read(RECORD_MAX_BYTES + 1)
    else:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise ValueError("not a regular file")
        with open(path, "rb") as handle:
            data = handle.read(RECORD_MAX_BYTES + 1)
    if len(data) > RECORD_MAX_BYTES:
        raise ValueError(f"over {RECORD_MAX_BYTES} bytes")
    return data.decode("utf-8")


def _printable(text: str) -> str:
    """``text`` as the terminal can take it: a lone surrogate in a name becomes ``\\udXXX``
    instead of ending the summary with a UnicodeEncodeError."""
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    return text.encode(encoding, "backslashreplace").decode(encoding, "replace")


def summary(result: dict, text: str | None) -> str:
    """A readable account of a replay result: the round table, totals and winners, or the refusal."""
    if not result["ok"]:
        where = []   # counted from 1 here; the JSON result counts from 0 (record-format.md)
        if result.get("round") is not None:
            where.append(f"round {result['round'] + 1}")
        if result.get("event") is not None:
            where.append(f"event {result['event'] + 1}")
        at = f" at {', '.join(where)}" if where else ""
        message = " ".join(str(result["message"]).split())        # one line
        if len(message) > 300:
            message = message[:297] + "..."
        return f"refused{at}: {result['error']}: {message}"
    names = None
    try:
        names = [str(n) for n in json.loads(text)["players"]]
    except (TypeError, ValueError, KeyError, RecursionError):
        pass
    names = names or [f"seat {i}" for i in range(len(result["totals"]))]
    width = max(6, *(len(n) for n in names))
    lines = ["round  engine  end      " + "  ".join(n.rjust(width) for n in names)]
    for i, rnd in enumerate(result["rounds"]):
        scores = rnd["scores"] or ["-"] * len(names)
        end = rnd["end"] or "playing"
        lines.append(f"{i + 1:>5}  {rnd['engine']:>4}-{rnd['engine']:<2} {end:<8} "
                     + "  ".join(str(s).rjust(width) for s in scores))
    lines.append("totals" + " " * 19 + "  ".join(str(t).rjust(width) for t in result["totals"]))
    if result["winners"] is not None:
        lines.append("winner" + ("s" if len(result["winners"]) > 1 else "") + ": "
                     + ", ".join(names[w] for w in result["winners"]))
    elif result["state"] is not None:
        state = result["state"]
        turn = "nobody (round over)" if state["turn"] is None else names[state["turn"]]
        lines.append(f"in play: round {state['round'] + 1}, engine {state['engine']}-{state['engine']}, "
                     f"turn: {turn}, boneyard: {state['boneyard']}")
    return "\n".join(lines)
