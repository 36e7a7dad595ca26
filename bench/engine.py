"""Engine benchmark (not a test): whole games simulated per second, and the replay time of a
13-round record, on one core.

Targets (issue 2): >= 200 whole 13-round games per second (4 players, double-12, hub profile,
random players) and a 13-round replay under 10 ms.

    python bench/engine.py [--seconds 10]
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from engine import Rules  # noqa: E402
from engine.players import play_game  # noqa: E402
from engine.record import replay, to_record  # noqa: E402

NAMES = ["Ana", "Ben", "Chi", "Dee"]
TARGET_GAMES_PER_S = 200      # whole 13-round games per second, one core
TARGET_REPLAY_MS = 10.0       # worst replay of a 13-round record (ms)


def games_per_second(seconds: float) -> tuple[float, int]:
    rules = Rules.make("hub", 12, 4)
    games, seed, start = 0, 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        play_game(rules, NAMES, "random", random.Random(seed))
        games, seed = games + 1, seed + 1
    return games / (time.perf_counter() - start), games


def replay_ms(repeats: int) -> tuple[float, float, int]:
    game = play_game(Rules.make("hub", 12, 4), NAMES, "random", random.Random(2026))
    text = json.dumps(to_record(game))
    events = sum(len(r.events) for r in game.rounds)
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        result, status = replay(text)
        times.append((time.perf_counter() - start) * 1000)
        assert status == 0 and result == game.result()
    return statistics.median(times), max(times), events


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="how long to simulate (s)")
    parser.add_argument("--replays", type=int, default=50)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})  # one core
    rate, games = games_per_second(args.seconds)
    median, worst, events = replay_ms(args.replays)
    print(f"simulate: {rate:.0f} whole 13-round games/s ({games} games, hub, double-12, 4 random players; "
          f"target >= {TARGET_GAMES_PER_S})")
    print(f"replay:   {median:.2f} ms median, {worst:.2f} ms worst for a 13-round record of {events} events "
          f"(target < {TARGET_REPLAY_MS:g} ms)")
    missed = [what for what, ok in (("simulate", rate >= TARGET_GAMES_PER_S), ("replay", worst < TARGET_REPLAY_MS)) if not ok]
    if missed:
        print(f"MISSED TARGET: {', '.join(missed)}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
