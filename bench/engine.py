"""Engine benchmark (not a test), on one core, in CPU time and in calibration units: whole rounds
per second on ``station simulate``'s code path, the replay of a 13-round record, a 1,000-playout
hint and a strong computer move.

Every figure is printed twice: in CPU time of this process (``time.process_time``), and as a ratio
to the calibration (bench/calibration.py: a fixed plain-Python workload timed in this process at
the start, between the figures and at the end of the run; 1 cal is its CPU time). Each figure is
timed alternately with the workload and its ratio is taken to those timings (the same seconds: on
a shared machine the load moves within a second, and a busy core slows both alike): the replays
one by one, the simulation chunk by chunk, each hint and strong move ``--repeats`` times; its
ratio to the run's calibration is printed beside. The ratios carry from one machine to another; the CPU times do not.

Targets (issue 22; CPU time on a 2-core x86-64 PC, idle, where 1 cal is about ``REFERENCE_CAL_MS``;
and as ratios, which the exit status follows):

- ``station simulate`` (hub, double-12, 4 random players): >= 3,000 whole rounds/s
  (>= ``TARGET_ROUNDS_PER_CAL`` rounds per cal);
- replay of a 13-round record: < 5 ms (< ``TARGET_REPLAY_CAL`` cal);
- a hint (``hints.rank_plays``, 1,000 playouts): < 200 ms (< ``TARGET_HINT_CAL`` cal);
- a strong computer move (``players.choose``, policy ``playout``) where the seat has a choice:
  < 300 ms (< ``TARGET_STRONG_CAL`` cal).

Times are medians over the replays and the positions (the worst is printed beside: on a shared
machine it follows the other programs more than the code). Exits 1 when a ratio misses its
target, 0 when every ratio meets it. The computer players'
strength is measured by tools/strength.py (hundreds of games: not a bench's minute).

    python bench/engine.py [--seconds 10] [--replays 50] [--hints 5] [--repeats 3]
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from calibration import Calibration  # noqa: E402  (bench/calibration.py, beside this file)

from engine import Game, Rules  # noqa: E402
from engine.hints import rank_plays  # noqa: E402
from engine.deal import deal  # noqa: E402
from engine.players import PLAYOUT_BUDGET, choose, play_game  # noqa: E402
from engine.record import replay, to_record  # noqa: E402
from cli.simulate_command import play_games  # noqa: E402

NAMES = ["Ana", "Ben", "Chi", "Dee"]
TARGET_ROUNDS_PER_S = 3000    # whole rounds per second, station simulate's code path, one core
TARGET_REPLAY_MS = 5.0        # replay of a 13-round record (ms), median
TARGET_HINT_MS = 200.0        # one hint, >= HINT_PLAYOUTS playouts (ms), median
TARGET_STRONG_MS = 300.0      # one strong computer move (ms), median
#: 1 cal on the machine the CPU-time targets are set for (2-core x86-64 PC, Python 3.11): the
#: ratio targets are the CPU-time targets divided by it
REFERENCE_CAL_MS = 14.5
TARGET_ROUNDS_PER_CAL = TARGET_ROUNDS_PER_S * REFERENCE_CAL_MS / 1000
TARGET_REPLAY_CAL = TARGET_REPLAY_MS / REFERENCE_CAL_MS
TARGET_HINT_CAL = TARGET_HINT_MS / REFERENCE_CAL_MS
TARGET_STRONG_CAL = TARGET_STRONG_MS / REFERENCE_CAL_MS
HINT_PLAYOUTS = 1000
CHUNK = 10                    # games per play_games call


def simulate_rate(cal: Calibration, seconds: float) -> tuple[float, float, float, int, int]:
    """``station simulate``'s ``play_games`` (hub, double-12, 4 random players, statistics
    included) run for ``seconds`` of CPU time in chunks of ``CHUNK`` games, each chunk followed by
    one run of the calibration's workload: ``(rounds/s, rounds/cal, games/s, games, rounds)``,
    where rounds/cal converts each chunk's CPU time with the workload timed beside it (the same
    seconds, as ``Calibration.alternate``)."""
    rules = Rules.make("hub", 12, 4)
    play_games(rules, 1, 0, "random", True)          # warm-up: imports, caches
    games = rounds = 0
    cpu = in_cal = 0.0
    seed = 1
    while cpu < seconds:
        start = time.process_time()
        stats = play_games(rules, CHUNK, seed, "random", True)
        took = time.process_time() - start
        cpu += took
        in_cal += took / cal.time_workload()
        games, rounds, seed = games + stats["games"], rounds + stats["rounds"], seed + 1
    return rounds / cpu, rounds / in_cal, games / cpu, games, rounds


def replay_ms(cal: Calibration, repeats: int) -> tuple[float, float, float, int]:
    """CPU time of ``replay`` (read, check, replay, result) of one 13-round record, timed
    alternately with the calibration's workload (``Calibration.alternate``: a replay lasts a few
    ms, so its ratio is taken to a calibration timed in the same seconds):
    ``(median ms, worst ms, ratio in cal, events)``. Each replay starts from a collected heap
    (``gc.collect()`` before, untimed), as in a ``station replay`` process: a full collection of
    what the earlier replays and the simulation left is not the replay's work (``timeit`` turns the
    collector off)."""
    game = play_game(Rules.make("hub", 12, 4), NAMES, "random", random.Random(2026))
    text = json.dumps(to_record(game))
    events = sum(len(r.events) for r in game.rounds)
    expected = game.result()
    assert replay(text) == (expected, 0)              # warm-up, and the replay is right
    times = []

    def timed():
        start = time.process_time()
        replay(text)
        times.append((time.process_time() - start) * 1000)
    median, workload = cal.alternate(timed, repeats, gc.collect)
    return statistics.median(times), max(times), median / workload, events


def positions(count: int) -> list:
    """``count`` mid-round positions (hub, double-12, 4 players, 24-40 random events in), each
    ``(round, seed)``, where the seat to act has two or more events to choose from."""
    rules = Rules.make("hub", 12, 4)
    found = []
    for seed in range(1, 10 * count):
        rng = random.Random(seed)
        rnd = Game(rules, NAMES).start_round(*deal(rules, 0, rng))
        for _ in range(24 + (seed * 7) % 17):
            if rnd.end is not None:
                break
            rnd.push(choose(rnd, "random", rng))
        if rnd.end is None and len([e for e in rnd.legal_events if e.seat == rnd.turn]) > 1:
            found.append((rnd, seed))                  # a choice: not a forced move
        if len(found) == count:
            break
    return found


def _paired(cal: Calibration, fn, repeats: int) -> tuple[float, float, object]:
    """``fn()`` timed ``repeats`` times, each followed by one run of the workload: ``(median CPU s,
    median ratio, fn's last result)``, each ratio to the workload timed right after it."""
    times, ratios, result = [], [], None
    for _ in range(repeats):
        start = time.process_time()
        result = fn()
        took = time.process_time() - start
        times.append(took)
        ratios.append(took / cal.time_workload())
    return statistics.median(times), statistics.median(ratios), result


def hint_seconds(cal: Calibration, count: int, repeats: int) -> tuple[list[float], list[float], int]:
    """CPU times of ``rank_plays`` with ``HINT_PLAYOUTS`` playouts for the seat to act in ``count``
    mid-round positions, each timed ``repeats`` times alternately with the workload: ``(median s of
    each position, its median ratio in cal, most candidate events)``."""
    times, ratios, most = [], [], 0

    def hint(rnd, seed):
        seat = rnd.turn
        ranking = rank_plays(rnd, seat, rnd.hands[seat], random.Random(seed), HINT_PLAYOUTS)
        assert ranking.playouts >= HINT_PLAYOUTS
        return len(ranking.plays)
    for rnd, seed in positions(count):
        took, ratio, plays = _paired(cal, lambda: hint(rnd, seed), repeats)
        most = max(most, plays)
        times.append(took)
        ratios.append(ratio)
    return times, ratios, most


def strong_seconds(cal: Calibration, count: int, repeats: int) -> tuple[list[float], list[float]]:
    """CPU times of a strong computer move (``choose``, policy ``playout``: ``PLAYOUT_BUDGET``
    playouts) in ``count`` mid-round positions, as ``hint_seconds``: ``(median s, ratio)`` lists."""
    times, ratios = [], []
    for rnd, seed in positions(count):
        took, ratio, _ = _paired(cal, lambda: choose(rnd, "playout", random.Random(seed)), repeats)
        times.append(took)
        ratios.append(ratio)
    return times, ratios


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="CPU seconds to simulate")
    parser.add_argument("--replays", type=int, default=50)
    parser.add_argument("--hints", type=int, default=5, help="mid-round positions to hint and to move in")
    parser.add_argument("--repeats", type=int, default=3, help="timings of each hint and strong move")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})  # one core
    cal = Calibration(samples=3)           # sampled again after each figure: the same minutes
    rounds_s, rounds_cal, games_s, games, rounds = simulate_rate(cal, args.seconds)
    cal.sample()
    median, worst, replay_cal, events = replay_ms(cal, args.replays)
    cal.sample()
    hints, hint_ratios, most = hint_seconds(cal, args.hints, args.repeats)
    cal.sample()
    strong, strong_ratios = strong_seconds(cal, args.hints, args.repeats)
    cal.sample()
    c = cal.seconds * 1000                                   # ms per cal
    hint_median, hint_worst = statistics.median(hints) * 1000, max(hints) * 1000
    strong_median, strong_worst = statistics.median(strong) * 1000, max(strong) * 1000
    hint_cal, strong_cal = statistics.median(hint_ratios), statistics.median(strong_ratios)
    print(f"machine:  {os.cpu_count()} cores, Python {platform.python_version()}, {platform.machine()}, "
          f"CPU time on one core")
    print(cal.line())
    print(f"simulate: {rounds_s:,.0f} whole rounds/s = {rounds_cal:.1f} rounds/cal (to the workload timed "
          f"between the chunks; {cal.per_cal(rounds_s):.1f} to the run's) ({games_s:,.1f} 13-round games/s; {rounds} rounds, {games} games; station simulate: hub, "
          f"double-12, 4 random players; target >= {TARGET_ROUNDS_PER_S:,} rounds/s, "
          f">= {TARGET_ROUNDS_PER_CAL:.0f} rounds/cal)")
    print(f"replay:   {median:.2f} ms median, {worst:.2f} ms worst = {replay_cal:.3f} cal (to the calibration "
          f"timed between the replays; {median / c:.3f} cal to the run's) for a 13-round record of {events} "
          f"events ({args.replays} replays; target < {TARGET_REPLAY_MS:g} ms, < {TARGET_REPLAY_CAL:.3f} cal)")
    print(f"hint:     {hint_median:.0f} ms median, {hint_worst:.0f} ms worst = {hint_cal:.1f} cal (to the "
          f"workload timed after each; {hint_median / c:.1f} / {hint_worst / c:.1f} to the run's) for "
          f"{HINT_PLAYOUTS:,} playouts ({len(hints)} mid-round positions x {args.repeats}, hub, "
          f"double-12, 4 players, up to {most} candidate events; target < {TARGET_HINT_MS:g} ms, "
          f"< {TARGET_HINT_CAL:.1f} cal)")
    print(f"strong:   {strong_median:.0f} ms median, {strong_worst:.0f} ms worst = {strong_cal:.2f} cal (to the "
          f"workload timed after each; {strong_median / c:.2f} / {strong_worst / c:.2f} to the run's) for a strong computer move ({PLAYOUT_BUDGET} playouts, the same "
          f"positions; target < {TARGET_STRONG_MS:g} ms, < {TARGET_STRONG_CAL:.1f} cal)")
    missed = [what for what, ok in (("simulate", rounds_cal >= TARGET_ROUNDS_PER_CAL),
                                    ("replay", replay_cal < TARGET_REPLAY_CAL),
                                    ("hint", hint_cal < TARGET_HINT_CAL),
                                    ("strong move", strong_cal < TARGET_STRONG_CAL)) if not ok]
    if missed:
        print(f"MISSED TARGET (ratio): {', '.join(missed)}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
