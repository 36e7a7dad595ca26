"""The hub box's players: a game through the station's API on the VM (QEMU forwards a host port
to the guest's port 80), the VM killed mid-game, and the moves checked after the reboot.

  game.py pages URL SECONDS          wait until GET /api/view answers; print the seconds it took
  game.py play URL PIN STATE         set up, join three seats, start, play; STATE gets the acked moves
  game.py verify URL PIN STATE       after the reboot: every acknowledged move is in the game

Exit status 0 when the step holds, 1 when it does not (with one line saying why).
"""
from __future__ import annotations

import json
import sys
import time
import urllib.error
import urllib.request


def call(url: str, method: str = "GET", body: dict | None = None, headers: dict | None = None, timeout: float = 30):
    req = urllib.request.Request(url, method=method, data=json.dumps(body).encode() if body is not None else None,
                                 headers={"Content-Type": "application/json", **(headers or {})})
    with urllib.request.urlopen(req, timeout=timeout) as r:
        return json.load(r)


def pages(url: str, seconds: float) -> int:
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        try:
            call(f"{url}/api/view", timeout=3)
            urllib.request.urlopen(f"{url}/", timeout=10).read()        # the phone page too
            print(f"{time.monotonic() - start:.1f}")
            return 0
        except (OSError, urllib.error.URLError, ValueError):
            time.sleep(0.5)
    print(f"no page within {seconds:g} s")
    return 1


def play(url: str, pin: str, state_file: str) -> int:
    host = {"X-Host-Pin": pin}
    api = f"{url}/api"
    call(f"{api}/host/setup", "POST", {"players": ["Ana", "Ben", "Chi"], "profile": "hub", "set": 9}, host)
    tokens = []
    for seat in range(3):
        code = call(f"{api}/host/seat/{seat}/code", headers=host)["code"]
        tokens.append(call(f"{api}/seat/{seat}/join", "POST", {"code": code})["token"])
    call(f"{api}/host/start", "POST", {}, host)
    acked = []
    for turn in range(9):               # three rounds of the table: the first seat's legal play, else a draw/pass
        view = call(f"{api}/view")
        seat = view["result"]["state"]["turn"]
        mine = call(f"{api}/seat/{seat}/view", headers={"X-Seat-Token": tokens[seat]})
        event = first_legal(mine)
        answer = call(f"{api}/seat/{seat}/submit", "POST", {"event": event, "version": view["version"]},
                      {"X-Seat-Token": tokens[seat]})
        acked.append({"seat": seat, "event": event, "version": answer.get("version")})
    final = call(f"{api}/view")
    with open(state_file, "w") as f:
        json.dump({"tokens": tokens, "acked": acked, "version": final["version"],
                   "hand_counts": final["result"]["state"]["hand_counts"]}, f)
    print(f"{len(acked)} moves acknowledged, game version {final['version']}")
    return 0


def first_legal(seat_view: dict) -> dict:
    """The seat's first offered move (its own view's options): done after a double, else the first
    tile on the first train it may go on, else a draw, else a pass."""
    options = seat_view["me"]["options"]
    if options.get("done"):
        return {"done": True}
    for train, tiles in (options.get("play") or {}).items():
        if tiles:
            return {"play": tiles[0], "on": int(train) if str(train).isdigit() else train}
    return {"draw": True} if options.get("draw") else {"pass": True}


def same(acked: dict, recorded: dict) -> bool:
    """An acknowledged move and a record event (mexican-train-record/1) are the same move."""
    event = acked["event"]
    if recorded.get("seat") != acked["seat"]:
        return False
    if "play" in event:
        return sorted(event["play"].split("-")) == sorted(str(recorded.get("play", "")).split("-")) \
            and recorded.get("on") == event["on"]
    return all(recorded.get(k) == v for k, v in event.items())


def verify(url: str, pin: str, state_file: str) -> int:
    """Every acknowledged move is in the exported record, in order, and the view is where it was."""
    with open(state_file) as f:
        before = json.load(f)
    after = call(f"{url}/api/view")
    record = call(f"{url}/api/host/export", headers={"X-Host-Pin": pin})
    events = [e for r in record["rounds"] for e in r.get("events", [])]
    found, i = 0, 0
    for move in before["acked"]:
        while i < len(events) and not same(move, events[i]):
            i += 1
        if i < len(events):
            found, i = found + 1, i + 1
    lost = len(before["acked"]) - found
    counts = after["result"]["state"]["hand_counts"]
    ok = lost == 0 and counts == before["hand_counts"] and int(after["version"]) >= int(before["version"])
    print(f"{len(before['acked'])} acknowledged moves, {lost} lost (version {before['version']} -> "
          f"{after['version']}, hands {before['hand_counts']} -> {counts})")
    return 0 if ok else 1


def main(argv: list[str]) -> int:
    try:
        if argv[:1] == ["pages"]:
            return pages(argv[1], float(argv[2]))
        if argv[:1] == ["play"]:
            return play(*argv[1:4])
        if argv[:1] == ["verify"]:
            return verify(*argv[1:4])
    except (OSError, urllib.error.URLError, KeyError, ValueError) as exc:
        print(f"game.py {argv[0]}: {type(exc).__name__}: {exc}")
        return 1
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
