"""Engine benchmark (not a test): whole rounds and games per second on ``station simulate``'s code
path, and the replay time of a 13-round record, on one core, in CPU time.

Targets (issue 14): >= 3,000 whole rounds/s for ``station simulate`` (hub, double-12, 4 random
players), a 13-round replay under 5 ms (median and worst), and a hint (``engine.hints.rank_plays``)
with >= 1,000 playouts in under 1 s for mid-round double-12 4-player positions (worst of several).
Also prints the ``playout`` computer player's win rate against three ``greedy`` ones over
``--duel-games`` games (no target: 25% is an even share). Exits 1 when a figure misses its
target, 0 when every figure meets it.

Times are CPU time of this process (``time.process_time``), so other programs on a shared machine
count less than in wall time; still compare figures taken in the same minute.

    python bench/engine.py [--seconds 10] [--replays 50] [--hints 5] [--duel-games 8]
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

from engine import Game, Rules  # noqa: E402
from engine.hints import rank_plays  # noqa: E402
from engine.players import choose, deal  # noqa: E402
from engine.players import play_game  # noqa: E402
from engine.record import replay, to_record  # noqa: E402
from cli.simulate_command import play_games  # noqa: E402

NAMES = ["Ana", "Ben", "Chi", "Dee"]
TARGET_ROUNDS_PER_S = 3000    # whole rounds per second, station simulate's code path, one core
TARGET_REPLAY_MS = 5.0        # replay of a 13-round record (ms), median and worst
TARGET_HINT_S = 1.0           # one hint, >= HINT_PLAYOUTS playouts (s)
HINT_PLAYOUTS = 1000
CHUNK = 10                    # games per play_games call


def simulate_rate(seconds: float) -> tuple[float, float, int, int]:
    """``station simulate``'s ``play_games`` (hub, double-12, 4 random players, statistics
    included) run for ``seconds`` of CPU time: ``(rounds/s, games/s, games, rounds)``."""
    rules = Rules.make("hub", 12, 4)
    play_games(rules, 1, 0, "random", True)          # warm-up: imports, caches
    games = rounds = 0
    cpu, seed = 0.0, 1
    while cpu < seconds:
        start = time.process_time()
        stats = play_games(rules, CHUNK, seed, "random", True)
        cpu += time.process_time() - start
        games, rounds, seed = games + stats["games"], rounds + stats["rounds"], seed + 1
    return rounds / cpu, games / cpu, games, rounds


def replay_ms(repeats: int) -> tuple[float, float, int]:
    """CPU time of ``replay`` (read, check, replay, result) of one 13-round record:
    ``(median ms, worst ms, events)``. Each replay starts from a collected heap (``gc.collect()``
    before, untimed), as in a ``station replay`` process: a full collection of what the earlier
    replays and the simulation left is not the replay's work (``timeit`` turns the collector off)."""
    game = play_game(Rules.make("hub", 12, 4), NAMES, "random", random.Random(2026))
    text = json.dumps(to_record(game))
    events = sum(len(r.events) for r in game.rounds)
    expected = game.result()
    assert replay(text) == (expected, 0)              # warm-up, and the replay is right
    times = []
    for _ in range(repeats):
        gc.collect()
        start = time.process_time()
        replay(text)
        times.append((time.process_time() - start) * 1000)
    return statistics.median(times), max(times), events


def hint_seconds(positions: int) -> tuple[float, float, int]:
    """CPU time of ``rank_plays`` with ``HINT_PLAYOUTS`` playouts for the seat to act in
    ``positions`` mid-round positions (hub, double-12, 4 players, 24-40 random events in):
    ``(median s, worst s, most candidates)``."""
    rules = Rules.make("hub", 12, 4)
    times, most = [], 0
    for seed in range(1, positions + 1):
        rng = random.Random(seed)
        rnd = Game(rules, NAMES).start_round(*deal(rules, 0, rng))
        for _ in range(24 + (seed * 7) % 17):
            if rnd.end is not None:
                break
            rnd.push(choose(rnd, "random", rng))
        if rnd.end is not None:
            continue
        seat = rnd.turn
        start = time.process_time()
        ranking = rank_plays(rnd, seat, rnd.hands[seat], random.Random(seed), HINT_PLAYOUTS)
        times.append(time.process_time() - start)
        assert ranking.playouts >= HINT_PLAYOUTS
        most = max(most, len(ranking.plays))
    return statistics.median(times), max(times), most


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="CPU seconds to simulate")
    parser.add_argument("--replays", type=int, default=50)
    parser.add_argument("--hints", type=int, default=5, help="mid-round positions to hint")
    parser.add_argument("--duel-games", type=int, default=8,
                        help="games of 1 playout player vs 3 greedy (0: skip)")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})  # one core
    rounds_s, games_s, games, rounds = simulate_rate(args.seconds)
    median, worst, events = replay_ms(args.replays)
    print(f"machine:  {os.cpu_count()} cores, Python {platform.python_version()}, CPU time on one core")
    print(f"simulate: {rounds_s:,.0f} whole rounds/s, {games_s:,.1f} whole 13-round games/s "
          f"({rounds} rounds, {games} games; station simulate: hub, double-12, 4 random players; "
          f"target >= {TARGET_ROUNDS_PER_S:,} rounds/s)")
    print(f"replay:   {median:.2f} ms median, {worst:.2f} ms worst for a 13-round record of {events} events "
          f"({args.replays} replays; target < {TARGET_REPLAY_MS:g} ms)")
    hint_median, hint_worst, most = hint_seconds(args.hints)
    print(f"hint:     {hint_median * 1000:.0f} ms median, {hint_worst * 1000:.0f} ms worst for "
          f"{HINT_PLAYOUTS:,} playouts ({args.hints} mid-round positions, hub, double-12, 4 players, up to "
          f"{most} candidate events; target < {TARGET_HINT_S:g} s)")
    if args.duel_games > 0:
        duel = play_games(Rules.make("hub", 12, 4), args.duel_games, 1, "playout", True, "greedy")
        print(f"strength: the playout player won {duel['wins']} of {args.duel_games} games against 3 greedy "
              f"players ({100 * duel['wins'] / args.duel_games:.0f}%; an even share is 25%)")
    missed = [what for what, ok in (("simulate", rounds_s >= TARGET_ROUNDS_PER_S),
                                    ("hint", hint_worst < TARGET_HINT_S),
                                    ("replay median", median < TARGET_REPLAY_MS),
                                    ("replay worst", worst < TARGET_REPLAY_MS)) if not ok]
    if missed:
        print(f"MISSED TARGET: {', '.join(missed)}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
