"""Play whole games with simple computer players and print statistics.

Every seat is played by the same policy: random (any legal play), greedy (the heaviest tile) or
playout (the fewest expected pips left, engine/hints.py); with ``--versus POLICY`` the first seat
plays ``--policy`` and the others ``POLICY``, and the first seat's win rate is printed.
Same seed, same games. Prints the rule options in play, the mean round length (turns), how many
rounds went out or blocked, the mean round score and its spread, the mean winning total and games
per second. ``--option KEY=VALUE`` (repeatable) sets a rule option of rules.md 4 or a house rule
of house-rules.md; ``--compare`` also plays the same deals without them, so a table can see what
a rule does before adopting it.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time

#: options kept in the --compare run: they set up the deal, not the play
DEAL_OPTIONS = ("deal_table", "hand_size")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=100, help="how many whole games (default 100)")
    parser.add_argument("--profile", choices=["classic", "hub"], default="hub")
    parser.add_argument("--set", type=int, default=None, help="6, 9, 12, 15 or 18 (default: the profile's for the players)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--policy", choices=["random", "greedy", "playout"], default="random")
    parser.add_argument("--versus", choices=["random", "greedy", "playout"], default=None,
                        help="the other seats' policy; the first seat plays --policy and its win rate is printed")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a rule option (rules.md 4) or house rule (house-rules.md), e.g. "
                             "close_doubles=reverse, doubles_open=false, marker_penalty=10; repeatable")
    parser.add_argument("--compare", action="store_true",
                        help="also play the same seed without the --option settings (hand_size and "
                             "deal_table kept) and print both")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def parse_options(pairs: list[str]) -> dict:
    """``["KEY=VALUE", ...]`` -> options: VALUE read as JSON (``true``, ``10``), else as a word
    (``reverse``). Raises ``ValueError`` for a pair without ``=`` or a key given twice."""
    options: dict = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise ValueError(f"--option {pair!r}: write KEY=VALUE, e.g. doubles_open=false")
        if name in options:
            raise ValueError(f"--option {name!r} is given twice")
        try:
            options[name] = json.loads(value)
        except ValueError:
            options[name] = value
    return options


def play_games(rules, games: int, seed: int, policy: str, quiet: bool, versus: str | None = None) -> dict:
    """Play ``games`` whole games under ``rules`` and return their statistics: ``games``,
    ``rounds``, ``out``, ``blocked``, ``turns`` (mean turns a round), ``score`` (mean round score,
    pips and house-rule points), ``spread`` (its standard deviation), ``winning`` (mean winning
    total), ``speed`` (games/s); with ``versus`` (the other seats' policy) also ``wins``: the
    games the first seat won (lowest total; a tie counts for every seat in it)."""
    from engine.players import play_game

    names = [f"P{i + 1}" for i in range(rules.players)]
    rng = random.Random(seed)
    out = blocked = 0
    turns: list[int] = []
    scores: list[int] = []
    winning: list[int] = []
    wins = 0
    seats = {s: versus for s in range(1, rules.players)} if versus else None
    start = time.perf_counter()
    for _ in _progress(games, quiet):
        game = play_game(rules, names, policy, rng, seats)
        for i, rnd in enumerate(game.rounds):
            out += rnd.end == "out"
            blocked += rnd.end == "blocked"
            turns.append(rnd.turns_taken)
            scores.extend(game.round_scores(i))
        winning.append(min(game.totals()))
        wins += game.totals()[0] == winning[-1]
    elapsed = time.perf_counter() - start
    return {"wins": wins if versus else None, "games": games, "rounds": out + blocked, "out": out, "blocked": blocked,
            "turns": statistics.fmean(turns), "score": statistics.fmean(scores),
            "spread": statistics.pstdev(scores), "winning": statistics.fmean(winning),
            "speed": games / elapsed}


def _progress(games: int, quiet: bool):
    """``range(games)``, with a progress bar on stderr unless ``quiet`` (tqdm is imported only
    then: its import costs as much as a few games)."""
    if quiet:
        return range(games)
    from tqdm import tqdm
    return tqdm(range(games), unit="game", file=sys.stderr)


def _options_text(rules, overrides: dict) -> str:
    if not overrides:
        return "the profile's defaults"
    return ", ".join(f"{k}={json.dumps(getattr(rules.options, k))}" for k in overrides)


def _lines(stats: dict) -> list[tuple[str, str]]:
    rounds = stats["rounds"]
    return [
        ("mean round length", f"{stats['turns']:.1f} turns"),
        ("rounds", f"{rounds}: went out {stats['out']} ({100 * stats['out'] / rounds:.1f}%), "
                   f"blocked {stats['blocked']} ({100 * stats['blocked'] / rounds:.1f}%)"),
        ("mean round score", f"{stats['score']:.1f} points (spread {stats['spread']:.1f})"),
        ("mean winning total", f"{stats['winning']:.1f}"),
        ("speed", f"{stats['speed']:.1f} games/s"),
    ] + ([("first seat's wins", f"{stats['wins']} of {stats['games']} games "
                                 f"({100 * stats['wins'] / stats['games']:.1f}%)")]
         if stats.get("wins") is not None else [])


def main(args: argparse.Namespace) -> int:
    from engine import BadRecord, Rules

    try:
        overrides = parse_options(args.option)
        rules = Rules.make(args.profile, args.set, args.players, overrides)
    except (BadRecord, ValueError) as exc:
        print(f"station simulate: {exc}", file=sys.stderr)
        return 2
    if args.games < 1:
        print("station simulate: --games must be 1 or more", file=sys.stderr)
        return 2
    who = f"{args.policy} player vs {args.players - 1} {args.versus}" if args.versus else f"{args.policy}"
    print(f"{args.games} games of {args.profile}, double-{rules.top}, {args.players} players: {who} "
          f"({rules.hand_size} tiles each, {rules.rounds} rounds), seed {args.seed}")
    print(f"options: {_options_text(rules, overrides)}")
    stats = play_games(rules, args.games, args.seed, args.policy, args.quiet, args.versus)
    if not args.compare:
        for label, text in _lines(stats):
            print(f"{label}: {text}")
        return 0
    deal = {k: v for k, v in overrides.items() if k in DEAL_OPTIONS}   # the same deal, for a fair look
    base = play_games(Rules.make(args.profile, rules.top, args.players, deal), args.games, args.seed,
                      args.policy, args.quiet, args.versus)
    width = max(len(label) for label, _ in _lines(stats)) + 1
    print(f"{'':<{width}} {'with the options':<44} without them")
    for (label, text), (_, base_text) in zip(_lines(stats), _lines(base)):
        print(f"{label + ':':<{width}} {text:<44} {base_text}")
    return 0
