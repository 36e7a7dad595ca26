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
        [--json FILE] [--pairing greedy:random --pairing playout:greedy ...]
    .venv/bin/python tools/strength.py --report FILE [--report FILE ...]

Prints one line a pairing (a README table row) and exits 0; exit 2 with one line for a bad
argument. Cost (measured, 2-core x86-64 PC, Python 3.11): a ``random``/``greedy`` game takes
0.01 CPU s; a game with one ``playout`` or ``blind`` seat about 1.8-2.0 CPU s (``PLAYOUT_BUDGET``
playouts a move), so 1,000 games of each of the three default pairings with such a seat take
about 5,500 CPU s (46 minutes on two idle cores); ``--playout-games`` is separate. Games run
interleaved (game i of every pairing before game i + 1 of any) and ``--json`` saves them every
``--save-every`` games: a run stopped early reports
as many games of each slow pairing, paired by game. SIGINT (Ctrl-C) or SIGTERM (``kill``) to the
main process stops a run and prints the table of the games played.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import random
import signal
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


def _row(p: str, wins: list[float], cpu: float) -> str:
    first, _, others = p.partition(":")
    mean, half = share(wins)
    return (f"| 1 {level(first)} vs 3 {level(others)} | {len(wins):,} | {100 * mean:.1f}% "
            f"± {100 * half:.1f} | {100 * (mean - 0.25):+.1f} points | {cpu / len(wins):.2f} |")


def _gains(results: dict[str, list[float]]) -> list[dict]:
    """The narrowing gain for each ``others`` with both ``playout:others`` and ``blind:others``
    played: the paired difference of their shares over the games both have."""
    gains = []
    for p, narrowed in results.items():
        first, _, others = p.partition(":")
        plain = results.get(f"blind:{others}")
        if first == "playout" and narrowed and plain:
            n = min(len(narrowed), len(plain))
            gain, half = share([a - b for a, b in zip(narrowed[:n], plain[:n])]) if n else (0.0, 0.0)
            gains.append({"others": others, "games": n, "gain": gain, "ci95": half})
    return gains


def _save(path: str | None, args, results: dict[str, list[float]], cpu: dict[str, float],
          planned: dict[str, int], complete: bool) -> None:
    """Write the results so far to ``path`` (JSON): per pairing the games played, the share and its
    95% half-width, CPU s a game and every game's share; the narrowing gains; ``complete`` false
    while (or when stopped before) every planned game is played."""
    if not path:
        return
    doc = {"tool": "tools/strength.py", "seed": args.seed, "rules": "hub, double-12, 4 seats",
           "complete": complete, "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
           "pairings": {p: {"planned": planned[p], "games": len(w),
                            "share": share(w)[0] if w else None, "ci95": share(w)[1] if w else None,
                            "cpu_s_per_game": cpu[p] / len(w) if w else None, "wins": w}
                        for p, w in results.items()},
           "narrowing": _gains(results)}
    tmp = path + ".tmp"
    with open(tmp, "w") as out:
        json.dump(doc, out, indent=1)
    os.replace(tmp, path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games a pairing without a playout seat")
    parser.add_argument("--playout-games", type=int, default=1000, help="games a pairing with a playout seat")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--json", metavar="FILE", help="write the results (every game's share) to FILE, "
                        "again every --save-every games, so that a run stopped early keeps its games")
    parser.add_argument("--save-every", type=int, default=20, metavar="N")
    parser.add_argument("--resume", action="store_true",
                        help="go on from the games the --json FILE holds (the same --seed: game i is the same game)")
    parser.add_argument("--pairing", action="append", metavar="FIRST:OTHERS",
                        help=f"one seat FIRST against three OTHERS (default {' '.join(DEFAULT_PAIRINGS)})")
    parser.add_argument("--report", metavar="FILE", action="append",
                        help="print the table of results saved by --json (FILE may be given again) and exit")
    args = parser.parse_args(argv)
    if args.report:
        return _report(args.report)
    pairings = args.pairing or list(DEFAULT_PAIRINGS)
    for p in pairings:
        first, _, others = p.partition(":")
        if first not in PLAYERS or others not in PLAYERS:
            print(f"strength: --pairing {p!r}: write FIRST:OTHERS, each one of {', '.join(PLAYERS)}",
                  file=sys.stderr)
            return 2
    if min(args.games, args.playout_games, args.jobs, args.save_every) < 1:
        print("strength: --games, --playout-games, --jobs and --save-every must be at least 1", file=sys.stderr)
        return 2
    planned = {p: args.playout_games if {"playout", "blind"} & set(p.split(":")) else args.games
               for p in pairings}
    # game i of every pairing before game i + 1 of any: a run stopped early has as many games of
    # each slow pairing (the narrowing gain pairs them by game)
    results: dict[str, list[float]] = {p: [] for p in pairings}
    cpu = dict.fromkeys(pairings, 0.0)
    if args.resume:
        refused = _resume(args, pairings, results, cpu)
        if refused:
            print(f"strength: --resume: {refused}", file=sys.stderr)
            return 2
    jobs = [(p, i) for i in range(max(planned.values())) for p in pairings if len(results[p]) <= i < planned[p]]
    complete = False
    # a run started in the background ignores Ctrl-C's signal: SIGINT and SIGTERM both stop it
    # here, keeping the games played (the workers, forked after, inherit this)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else _Inline()
    try:
        for done, ((p, _), (win, seconds)) in enumerate(
                zip(jobs, pool.map(_timed, [(*p.split(":"), args.seed, i) for p, i in jobs])), 1):
            results[p].append(win)
            cpu[p] += seconds
            if done % args.save_every == 0:
                _save(args.json, args, results, cpu, planned, False)
        complete = True
    except KeyboardInterrupt:
        print("strength: stopped; the games played so far follow", file=sys.stderr)
    finally:
        pool.shutdown(wait=complete, cancel_futures=True)
    _save(args.json, args, results, cpu, planned, complete)
    _table(results, cpu)
    return 0


def _resume(args, pairings: list[str], results: dict[str, list[float]], cpu: dict[str, float]) -> str | None:
    """Fill ``results`` and ``cpu`` with the games the ``--json`` file holds (its share of game i
    is game i's: the games are saved in order); returns why it cannot, or None."""
    if not args.json:
        return "give the --json FILE to go on from"
    try:
        with open(args.json) as saved:
            doc = json.load(saved)
        if doc["seed"] != args.seed:
            return f"{args.json} holds games of --seed {doc['seed']}, not {args.seed}"
        for p in pairings:
            entry = doc["pairings"].get(p)
            if entry and entry["wins"]:
                results[p] = [float(w) for w in entry["wins"]]
                cpu[p] = float(entry["cpu_s_per_game"]) * len(results[p])
    except (OSError, ValueError, KeyError, TypeError) as exc:
        return f"{args.json}: {exc}"
    return None


def _report(paths: list[str]) -> int:
    """``--report``: the table of the results that ``--json`` saved (one file or several; a pairing
    found in several: the file with the most games of it)."""
    results: dict[str, list[float]] = {}
    cpu: dict[str, float] = {}
    for path in paths:
        try:
            with open(path) as saved:
                pairings = json.load(saved)["pairings"]
            for p, entry in pairings.items():
                if len(entry["wins"]) > len(results.get(p, ())):     # the most games of a pairing
                    results[p], cpu[p] = entry["wins"], entry["cpu_s_per_game"] * len(entry["wins"])
        except (OSError, ValueError, KeyError, TypeError) as exc:
            print(f"strength: --report {path}: not a file that --json wrote ({exc})", file=sys.stderr)
            return 2
    _table(results, cpu)
    return 0


def _table(results: dict[str, list[float]], cpu: dict[str, float]) -> None:
    print("| pairing (hub, double-12, 4 seats) | games | first player's share of the wins, 95% CI "
          "| margin over an even share (25%) | CPU s a game |")
    print("|---|---|---|---|---|")
    for p, wins in results.items():
        if wins:
            print(_row(p, wins, cpu[p]))
    for g in _gains(results):
        print(f"narrowing the unseen tiles (playout less blind, against 3 {g['others']}, paired by game): "
              f"{100 * g['gain']:+.1f} ± {100 * g['ci95']:.1f} points of share over {g['games']:,} games")


def _timed(job: tuple[str, str, int, int]) -> tuple[float, float]:
    """``play_one(job)`` and the CPU time it took in its process (s)."""
    start = time.process_time()
    return play_one(job), time.process_time() - start


class _Inline:
    """``--jobs 1``: the games in this process (a pool's ``map``)."""

    @staticmethod
    def shutdown(wait=True, cancel_futures=False):
        pass

    @staticmethod
    def map(fn, jobs):
        return map(fn, jobs)


if __name__ == "__main__":
    sys.exit(main())
