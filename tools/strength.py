"""The computer players' strength (issue 22): whole games of four seats, one seat played by one
player and the three others by another, and the first player's share of the wins with a 95%
confidence interval. An even share is 25%; a level is stronger than another by its share less 25%.

The levels a host picks: "easy" = ``random``, "medium" = ``greedy``, "strong" = ``playout``
(engine/players.py). ``blind`` is the strong player without narrowing the unseen tiles by what
the table showed (``hints.rank_plays(narrow=False)``): ``playout`` and ``blind`` each against the same games of
three others measure what the narrowing gains (the difference of their shares, paired by game).

Each game seats the first player at seat ``game % 4`` (no seat's first-move advantage goes to
one side). A game won by k tied seats gives each 1/k of a win. Game ``i`` of every pairing plays
from ``random.Random(f"{seed}/{i}")`` (the same first deal for every pairing): the same seed, the
same games, whatever ``--jobs``.

    .venv/bin/python tools/strength.py [--games 1000] [--playout-games 1000] [--seed 1] [--jobs 1]
        [--pairing greedy:random --pairing playout:greedy ...]

Prints one line a pairing (a README table row) and exits 0; exit 2 with one line for a bad
argument. Cost: ``random``/``greedy`` games take milliseconds; a game with a ``playout`` seat
takes seconds (``PLAYOUT_BUDGET`` playouts a move), so ``--playout-games`` is separate.
"""
from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from engine import Rules  # noqa: E402
from engine.hints import hint_event  # noqa: E402
from engine.players import LEVELS, PLAYOUT_BUDGET, choose, play_game  # noqa: E402

DEFAULT_PAIRINGS = ("greedy:random", "playout:greedy", "blind:greedy", "playout:random")
PLAYERS = ("random", "greedy", "playout", "blind")
NAMES = ["P1", "P2", "P3", "P4"]


def blind(rnd, rng):
    """The strong player without narrowing (``hints.rank_plays(narrow=False)``)."""
    if not rnd.engine_placed:
        return choose(rnd, "random", rng)
    return hint_event(rnd, rnd.turn, rng, PLAYOUT_BUDGET, narrow=False)


def _player(name: str):
    return blind if name == "blind" else name


def play_one(job: tuple[str, str, int, int]) -> float:
    """Game ``i`` of ``first`` against three ``others``: the first player's share of the win."""
    first, others, seed, i = job
    seat = i % 4
    rng = random.Random(f"{seed}/{i}")
    seats = {s: _player(others) for s in range(4) if s != seat}
    policy = first if first != "blind" else "random"
    if first == "blind":
        seats[seat] = blind
    game = play_game(Rules.make("hub", 12, 4), NAMES, policy, rng, seats)
    totals = game.totals()
    best = min(totals)
    return 1 / totals.count(best) if totals[seat] == best else 0.0


def share(wins: list[float]) -> tuple[float, float]:
    """The mean share of the wins and the half-width of its 95% confidence interval (normal
    approximation over the games' shares)."""
    n = len(wins)
    mean = sum(wins) / n
    var = sum((w - mean) ** 2 for w in wins) / (n - 1) if n > 1 else 0.0
    return mean, 1.96 * math.sqrt(var / n)


def level(name: str) -> str:
    names = {policy: lvl for lvl, policy in LEVELS.items()}
    return f"{name} ({names[name]})" if name in names else name


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games a pairing without a playout seat")
    parser.add_argument("--playout-games", type=int, default=1000, help="games a pairing with a playout seat")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--pairing", action="append", metavar="FIRST:OTHERS",
                        help=f"one seat FIRST against three OTHERS (default {' '.join(DEFAULT_PAIRINGS)})")
    args = parser.parse_args(argv)
    pairings = args.pairing or list(DEFAULT_PAIRINGS)
    for p in pairings:
        first, _, others = p.partition(":")
        if first not in PLAYERS or others not in PLAYERS:
            print(f"strength: --pairing {p!r}: write FIRST:OTHERS, each one of {', '.join(PLAYERS)}",
                  file=sys.stderr)
            return 2
    if min(args.games, args.playout_games, args.jobs) < 1:
        print("strength: --games, --playout-games and --jobs must be at least 1", file=sys.stderr)
        return 2
    print("| pairing (hub, double-12, 4 seats) | games | first player's share of the wins, 95% CI "
          "| margin over an even share (25%) | CPU s a game |")
    print("|---|---|---|---|---|")
    results: dict[str, list[float]] = {}
    with ProcessPoolExecutor(args.jobs) if args.jobs > 1 else _Inline() as pool:
        for p in pairings:
            first, _, others = p.partition(":")
            slow = {"playout", "blind"} & {first, others}
            games = args.playout_games if slow else args.games
            start = time.process_time(), time.time()
            wins = list(pool.map(play_one, [(first, others, args.seed, i) for i in range(games)],
                                 chunksize=max(1, games // (8 * args.jobs))))
            cpu = (time.process_time() - start[0]) if args.jobs == 1 else (time.time() - start[1]) * args.jobs
            results[p] = wins
            mean, half = share(wins)
            print(f"| 1 {level(first)} vs 3 {level(others)} | {games:,} | {100 * mean:.1f}% "
                  f"± {100 * half:.1f} | {100 * (mean - 0.25):+.1f} points | {cpu / games:.2f} |", flush=True)
    for p in pairings:
        others = p.partition(":")[2]
        narrowed, plain = results.get(f"playout:{others}"), results.get(f"blind:{others}")
        if p.startswith("playout:") and narrowed and plain and len(narrowed) == len(plain):
            gain, half = share([a - b for a, b in zip(narrowed, plain)])
            print(f"narrowing the unseen tiles (playout less blind, against 3 {others}, paired by game): "
                  f"{100 * gain:+.1f} ± {100 * half:.1f} points of share over {len(plain):,} games")
    return 0


class _Inline:
    """``--jobs 1``: the games in this process (a pool's ``map``)."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    @staticmethod
    def map(fn, jobs, chunksize=1):
        return map(fn, jobs)


if __name__ == "__main__":
    sys.exit(main())
