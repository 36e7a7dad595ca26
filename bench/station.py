"""Station benchmark (not a test), mock backend, through the whole station:

1. button press to LED frame: a seat button press (gpiozero MockPin edges) that passes the turn,
   from the release edge (a press is reported on release) until the recording strip has shown the
   frame with that train's marker lit: the input glitch filter (the button must stay released
   for its stable time, 5 ms, waited in real time), the loop hand-over, the referee, the SQLite
   write with synchronous=FULL, the lights, the strip; target p99 under 10 ms;
2. the station's memory (RSS) after a whole game of 13 rounds; target under 80 MB.

    python bench/station.py [--presses 200]
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from calibration import Calibration, rss_mb  # noqa: E402  (bench/calibration.py, beside this file)
from engine.players import choose  # noqa: E402
from hardware.config import default_build  # noqa: E402
from station.lights import AMBER  # noqa: E402
from station.service import Station  # noqa: E402

PIN = "1111"


async def until(condition, timeout=5.0):
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError("the station did not answer")
        await asyncio.sleep(0)


async def press_to_frame(presses: int) -> list[float]:
    st = Station.mock(tempfile.mkdtemp(), host_pin=PIN)
    await st.start()
    st.setup_game(PIN, ["Ana", "Ben"], "hub", 12, {})
    st.start_round(PIN)
    strip, marker = st.hub.strip, st.hub.build.segments["seat0"][0]
    latencies = []
    for _ in range(presses):
        version = st.version
        st.hub.mock_press(0)                                   # "I drew a tile"
        await until(lambda: st.version != version)
        shown = len(strip.frames)
        st.hub.mock_button(0, True)                            # "I pass": the marker lights
        st.hub.clock_ns.advance(st.hub.build.button_stable_ms + 1)   # the press has held (no sleeping)
        start = time.monotonic_ns()
        st.hub.mock_button(0, False)                           # the release waits out the filter
        await until(lambda: len(strip.frames) > shown and strip.last[marker] == AMBER)
        latencies.append((strip.frame_times_ns[-1] - start) / 1e6)
        st.undo(PIN, st.version)
        st.undo(PIN, st.version)
        await until(lambda: strip.last[marker] != AMBER)
    await st.stop()
    return latencies


async def memory_after_game() -> tuple[float, float, int]:
    before = rss_mb()
    st = Station.mock(tempfile.mkdtemp(), host_pin=PIN)
    st.hub.strip.frames = type(st.hub.strip.frames)(maxlen=600)   # as `station run --mock` keeps
    st.hub.strip.frame_times_ns = type(st.hub.strip.frame_times_ns)(maxlen=600)
    from web.app import create_app

    create_app(st)                                               # the whole station: web included
    await st.start()
    st.setup_game(PIN, ["Ana", "Ben", "Chi", "Dee"], "hub", 12, {}, hidden_hands=False)
    rng = random.Random(5)
    while st.referee.status != "finished":
        st.start_round(PIN)
        rnd = st.referee.game.current
        while not rnd.ended:
            event = choose(rnd, "random", rng).to_dict()
            st.act(event.pop("seat"), event)
        await asyncio.sleep(0)
    rounds = len(st.referee.game.rounds)
    await st.stop()
    return before, rss_mb(), rounds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=200)
    args = parser.parse_args()
    cal = Calibration()
    latencies = asyncio.run(press_to_frame(args.presses))
    latencies.sort()
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    before, after, rounds = asyncio.run(memory_after_game())
    cal.sample()
    print(cal.line())
    stable = default_build().button_stable_ms
    print(f"button press to LED frame (input filter on): p50 {statistics.median(latencies):.2f} ms, "
          f"p99 {p99:.2f} ms, max {latencies[-1]:.2f} ms over {len(latencies)} presses; p99 beyond the "
          f"{stable} ms filter {cal.of_ms(p99 - stable)} (target p99 < 10 ms)" + ("" if p99 < 10 else "  OVER TARGET"))
    print(f"memory: {after:.1f} MB RSS after a whole game of {rounds} rounds "
          f"({before:.1f} MB before the station; target < 80 MB)" + ("" if after < 80 else "  OVER TARGET"))
    return 0 if p99 < 10 and after < 80 else 1


if __name__ == "__main__":
    sys.exit(main())
