"""Tournaments of a club night: who sits at which hub for each game, and the ranking. Pure: no I/O.

``seating(players, hubs, games, seed)`` seats every player in every game, the tables as even as
the hubs allow, choosing for each game, among many shuffles, the one whose tables repeat the
fewest pairs of players who have already met (so players meet as many different opponents as
possible), and rotating who sits in seat 1. ``ranking(players, results, by)`` ranks by total
points (lowest first) or by placings (the sum of the ranks each game gave, lowest first; a game's
rank already applies the tie-break of its profile, rules.md 2); a tie on the chosen measure is
decided by the other, then shared.
"""
from __future__ import annotations

import csv
import io
import itertools
import random

MAX_AT_TABLE = 12          # the hub profile's most players (rules.md 1)
TRIES = 300                # shuffles tried per game


class TournamentError(ValueError):
    """A tournament that cannot be made; ``field`` names the input at fault."""

    def __init__(self, message: str, field: str):
        super().__init__(message)
        self.field = field


def table_sizes(players: int, hubs: int) -> list[int]:
    """How many sit at each table: as many tables as the hubs and 2 players a table allow, sizes
    differing by at most one. Raises ``TournamentError`` when they cannot all be seated."""
    if players < 2:
        raise TournamentError("a tournament needs at least 2 players", "players")
    tables = min(hubs, players // 2)
    if tables < 1:
        raise TournamentError("no hub to play on: a hub must be online on the broker", "hubs")
    if players > tables * MAX_AT_TABLE:
        raise TournamentError(f"{players} players do not fit at {tables} tables of at most {MAX_AT_TABLE}", "players")
    base, extra = divmod(players, tables)
    return [base + 1 if i < extra else base for i in range(tables)]


def seating(players: list[str], hubs: list[str], games: int, seed: int = 0) -> list[dict[str, list[str]]]:
    """For each game, ``{hub: [player in seat order]}`` (hubs in the given order, unused hubs left
    out). Same inputs and seed, same seating. Raises ``TournamentError``."""
    if len(set(players)) != len(players):
        raise TournamentError("every player needs a different name", "players")
    if not 1 <= games <= 50:
        raise TournamentError("the number of games must be 1-50", "games")
    sizes = table_sizes(len(players), len(hubs))
    rng = random.Random(seed)
    met: dict[frozenset, int] = {}
    firsts: dict[str, int] = {p: 0 for p in players}
    plan = []
    for _game in range(games):
        best, best_cost = None, None
        for _ in range(TRIES):
            order = players[:]
            rng.shuffle(order)
            tables, at = [], 0
            for size in sizes:
                tables.append(order[at:at + size])
                at += size
            cost = sum(met.get(frozenset(pair), 0) ** 2 + met.get(frozenset(pair), 0)
                       for table in tables for pair in itertools.combinations(table, 2))
            if best_cost is None or cost < best_cost:
                best, best_cost = tables, cost
            if cost == 0:
                break
        game = {}
        for hub, table in zip(hubs, best):
            for pair in itertools.combinations(table, 2):
                met[frozenset(pair)] = met.get(frozenset(pair), 0) + 1
            first = min(table, key=lambda p: (firsts[p], table.index(p)))   # seat 1 goes round
            firsts[first] += 1
            start = table.index(first)
            game[hub] = table[start:] + table[:start]
        plan.append(game)
    return plan


def opponents(plan: list[dict[str, list[str]]]) -> dict[str, set[str]]:
    """Each player's different opponents over ``plan``."""
    seen: dict[str, set[str]] = {}
    for game in plan:
        for table in game.values():
            for p in table:
                seen.setdefault(p, set()).update(q for q in table if q != p)
    return seen


def ranking(players: list[str], results: list[dict], by: str = "points") -> list[dict]:
    """The tournament's standings: ``[{"rank", "shared", "name", "games", "points", "placings",
    "totals"}]`` best first. ``results``: finished games ``{"game": index, "standings": [{"name",
    "total", "rank"}]}``; ``totals``: the player's total per tournament game (None: not played).
    ``by``: "points" or "placings". Raises ``TournamentError`` for another ``by``."""
    if by not in ("points", "placings"):
        raise TournamentError("rank by 'points' or 'placings'", "by")
    count = 1 + max((r["game"] for r in results), default=-1)
    rows = {p: {"name": p, "games": 0, "points": 0, "placings": 0, "totals": [None] * count} for p in players}
    for result in results:
        for s in result["standings"]:
            row = rows.get(s["name"])
            if row is None:
                continue
            row["games"] += 1
            row["points"] += int(s["total"])
            row["placings"] += int(s["rank"])
            row["totals"][result["game"]] = int(s["total"])
    first, second = ("points", "placings") if by == "points" else ("placings", "points")
    key = lambda r: (r[first], r[second])       # noqa: E731
    order = sorted(rows.values(), key=lambda r: (*key(r), r["name"].casefold()))
    return [{"rank": 1 + sum(1 for o in order if key(o) < key(r)),
             "shared": sum(1 for o in order if key(o) == key(r)) > 1, **r} for r in order]


def as_csv(standings: list[dict]) -> str:
    """``ranking()`` as CSV: rank, name, games, points, placings, then one column per game."""
    games = max((len(r["totals"]) for r in standings), default=0)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["rank", "name", "games", "points", "placings"] + [f"game {i + 1}" for i in range(games)])
    for r in standings:
        name = "'" + r["name"] if r["name"][:1] in "=+-@\t\r" else r["name"]    # no formula in a spreadsheet
        writer.writerow([f"{r['rank']}=" if r["shared"] else r["rank"], name, r["games"], r["points"],
                         r["placings"]] + ["" if t is None else t for t in r["totals"]])
    return out.getvalue()
