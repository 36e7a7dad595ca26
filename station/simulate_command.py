"""Play whole games with simple computer players and print statistics.

Every seat is played by the same policy: random (any legal play) or greedy (the heaviest tile).
Same seed, same games. Prints rounds that went out vs blocked, the mean round score, the mean
winning total and games per second.
"""
from __future__ import annotations

import argparse
import random
import sys
import time


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=100, help="how many whole games (default 100)")
    parser.add_argument("--profile", choices=["classic", "hub"], default="hub")
    parser.add_argument("--set", type=int, default=None, help="6, 9, 12, 15 or 18 (default: the profile's for the players)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--policy", choices=["random", "greedy"], default="random")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a rule option (rules.md 4), e.g. close_doubles=reverse; repeatable")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def _parse_options(pairs: list[str]) -> dict:
    import json

    options = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise ValueError(f"--option {pair!r}: write NAME=VALUE, e.g. close_doubles=reverse")
        try:
            options[name] = json.loads(value)
        except ValueError:
            options[name] = value
    return options


def main(args: argparse.Namespace) -> int:
    from tqdm import tqdm

    from engine import BadRecord, Rules
    from engine.players import play_game

    try:
        rules = Rules.make(args.profile, args.set, args.players, _parse_options(args.option))
    except (BadRecord, ValueError) as exc:
        print(f"station simulate: {exc}", file=sys.stderr)
        return 2
    if args.games < 1:
        print("station simulate: --games must be 1 or more", file=sys.stderr)
        return 2
    names = [f"P{i + 1}" for i in range(args.players)]
    rng = random.Random(args.seed)
    out = blocked = 0
    scores: list[int] = []
    winning: list[int] = []
    start = time.perf_counter()
    for _ in tqdm(range(args.games), unit="game", disable=args.quiet, file=sys.stderr):
        game = play_game(rules, names, args.policy, rng)
        for i, rnd in enumerate(game.rounds):
            out += rnd.end == "out"
            blocked += rnd.end == "blocked"
            scores.extend(game.round_scores(i))
        winning.append(min(game.totals()))
    elapsed = time.perf_counter() - start
    rounds = out + blocked
    print(f"{args.games} games of {args.profile}, double-{rules.top}, {args.players} {args.policy} players "
          f"({rules.hand_size} tiles each), seed {args.seed}")
    print(f"rounds: {rounds}, went out {out} ({100 * out / rounds:.1f}%), blocked {blocked} "
          f"({100 * blocked / rounds:.1f}%)")
    print(f"mean round score: {sum(scores) / len(scores):.1f} pips; mean winning total: "
          f"{sum(winning) / len(winning):.1f}")
    print(f"speed: {args.games / elapsed:.1f} games/s")
    return 0
