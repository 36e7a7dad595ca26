"""Past games benchmark (not a test): with 50 stored games (3-player hub games on double-6 of
five rounds, ended every way: played out, ended early, abandoned) and a new game on show, the time
of what the pages ask for:

1. ``past_games()`` (``GET /api/games``, the ``/games`` page and the host's Past games),
   ``players()`` (``GET /api/players``) and ``stored_view(N)`` (``/games/N``) the first time
   after a restart (every stored game replayed from its journal once) and then again (nothing
   changed: nothing replayed, station/archive.py ``stored_facts``);
2. target: the warm ``past_games()`` + ``players()`` together at least 5 times faster than the
   cold ones (the cache does its work) and under 50 ms; each time also as a ratio to the
   calibration (bench/calibration.py) timed in the same run.

    python bench/past_games.py [--games 50] [--repeat 20]
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tests", "station"))

from calibration import Calibration  # noqa: E402  (bench/calibration.py, beside this file)
from players_helpers import doubles_game  # noqa: E402  (games played through the real station)
from station.service import Station  # noqa: E402
from station_helpers import PIN  # noqa: E402

ENDS = ("played", "early", "abandoned")
#: pips counted per round and seat (the seat that went out: 0): five rounds a game
ROUNDS = [[0, 4, 9], [3, 0, 8], [5, 6, 0], [0, 2, 7], [1, 0, 3]]


def stored(data_dir: str, games: int) -> None:
    st = Station(data_dir, host_pin=PIN)
    for i in range(games):
        doubles_game(st, ["Ana", "Ben", "Chi"], ROUNDS, end=ENDS[i % 3])
    st.setup_game(PIN, ["Ana", "Ben"], "hub", 6, {"hand_size": 2})
    st.store.close()


def timed(call) -> float:
    """CPU seconds of one call (the station's own work, in this process)."""
    start = time.process_time()
    call()
    return time.process_time() - start


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--repeat", type=int, default=20)
    args = ap.parse_args()
    cal = Calibration()
    data_dir = tempfile.mkdtemp()
    stored(data_dir, args.games)
    st = Station(data_dir, host_pin=PIN)                  # a restart: nothing replayed yet
    some = max(1, args.games // 2)
    cold = {"past_games": timed(st.past_games), "players": timed(st.players),
            "stored_view": timed(lambda: st.stored_view(some))}
    warm = {name: statistics.median(timed(call) for _ in range(args.repeat)) for name, call in
            (("past_games", st.past_games), ("players", st.players), ("stored_view", lambda: st.stored_view(some)))}
    cal.sample()
    print(f"past games: {args.games} stored games, calibration {cal.seconds * 1000:.1f} ms (spread {cal.spread:.0%})")
    for name in cold:
        print(f"  {name:12s} cold {cold[name] * 1000:7.1f} ms ({cal.ratio(cold[name]):.2f} cal)   "
              f"warm {warm[name] * 1000:6.2f} ms ({cal.ratio(warm[name]):.3f} cal)")
    pages_cold = cold["past_games"] + cold["players"]
    pages_warm = warm["past_games"] + warm["players"]
    speedup = pages_cold / max(pages_warm, 1e-9)
    print(f"  /games + /players: cold {pages_cold * 1000:.1f} ms, warm {pages_warm * 1000:.2f} ms "
          f"({cal.ratio(pages_warm):.3f} cal): {speedup:.0f}x (target >= 5x and warm < 50 ms)")
    st.store.close()
    if speedup < 5 or pages_warm >= 0.050:
        print("missed the target")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
