"""Players across nights: every stored game's players, known by name from one game to the next,
and the figures the ``/players`` page shows (as a part of ``Station``).

A player is a name *key*: the name with every space taken out, compared case-insensitively
(Unicode NFKC, then ``casefold``), so "Ana Maria", "anamaria" and "ANA  MARIA" are one player. The
host merges two spellings ("Benn" is "Ben") with the PIN; a merge is stored (``player_merges``),
listed with the figures, and undone by marking it undone (it stays listed: the trail is kept).

Only finished games count: played out, or ended early by the host (status "finished"; one ended
before any round was scored is a win shared by every seat, as its pages say). A game in play or
abandoned counts for nothing. Per game the station replays the journal once (station/archive.py
``stored_facts``, shared with the past games' pages) and keeps the summary until that journal grows.

Figures per player (``figures()``): games, wins (place 1, a shared win included), places
(``{"1": n, "2": n, ...}``, by the standings every page shows: station/views.py ``standings``),
rounds scored, the average round score (points, 1 decimal), the best (lowest) and worst (highest)
round score, doubles played (``play`` events of a double, the engine not counted), the game totals
per evening for the chart, and the head-to-head against each regular (a player of at least
``REGULAR_GAMES`` counted games): games together, how often each placed ahead, and level.
"""
from __future__ import annotations

import csv
import io
import time
import unicodedata

import palette

from .game_end import decision, scored_rounds
from .interface import StationError
from .views import standings

#: counted games that make a player a regular (listed in everyone's head-to-head)
REGULAR_GAMES = 2


def player_key(name: str) -> str:
    """The key a name is matched by: NFKC, every space removed, case folded ("Ana Maria" -> "anamaria")."""
    return "".join(unicodedata.normalize("NFKC", str(name)).split()).casefold()


def game_summary(game_id: int, created: float, referee) -> dict | None:
    """What one stored game (its ``referee``, replayed) adds to the figures, or None when it has
    no scores to count: only a finished game counts (played out or ended early), as the station
    decided it (station/game_end.py ``decision``): a game ended before any round was scored is a
    win shared by every seat, here as on its pages, with no round to count.

    ``{"id", "created" (epoch s), "names" [per seat], "places" [per seat, 1 = won], "totals"
    [per seat, points], "rounds" [[score per seat] per scored round], "doubles" [per seat]}``.
    """
    if decision(referee) is None:
        return None
    game = referee.game
    rounds = scored_rounds(referee)
    places = [0] * len(referee.names)
    for row in standings(referee)[0]:
        places[row["seat"]] = row["rank"]
    doubles = [0] * len(referee.names)
    for rnd in referee.record()["rounds"]:
        for event in rnd.get("events", []):
            ends = str(event.get("play", "")).split("-")
            if len(ends) == 2 and int(ends[0]) == int(ends[1]):
                doubles[event["seat"]] += 1
    return {"id": game_id, "created": created, "names": list(referee.names), "places": places,
            "totals": game.totals(), "rounds": rounds, "doubles": doubles}


def _roots(merges: list[dict]) -> dict[str, str]:
    """Name key -> the key of the player it was merged into (merges in force, followed to the end)."""
    edges = {m["name"]: m["into"] for m in merges if m["undone"] is None}
    roots = {}
    for key in edges:
        seen, root = {key}, edges[key]
        while root in edges and root not in seen:       # merges join roots: a chain, never a loop
            seen.add(root)
            root = edges[root]
        roots[key] = root
    return roots


def _seat_players(summary: dict, roots: dict[str, str]) -> list[str]:
    """The player key of each seat of a game. Two seats of one game are two people: where merges
    would make them one, those seats keep their own keys for that game."""
    own = [player_key(n) for n in summary["names"]]
    merged = [roots.get(k, k) for k in own]
    return [m if merged.count(m) == 1 else k for k, m in zip(own, merged)]


def _name(person: dict) -> str:
    """A player's name: the newest spelling of the player merged into (a merged-in spelling only
    when that player's own key never played)."""
    return next((n for n in person["spellings"] if player_key(n) == person["key"]), person["spellings"][0])


def figures(summaries: list[dict], merges: list[dict]) -> dict:
    """The ``/players`` figures from the counted games (``game_summary``, oldest first) and the
    stored merges. Returns ``{"players": [...], "evenings": [...], "merges": [...], "regular_games"}``:

    - ``evenings``: one per counted game, oldest first: ``{"game", "at" (epoch s), "date"
      ("YYYY-MM-DD", the hub's local time)}``; the chart's x axis.
    - ``players``, most games first, then most wins, then by name: ``{"key", "name" (the newest
      spelling of the player merged into), "spellings" [every spelling seen, newest first], "games", "wins", "places"
      {"1": n, ...}, "rounds", "average" (points per round, 1 decimal), "best", "worst" (round
      scores, points), "doubles", "regular", "totals" [per evening: the game total or None],
      "seat" (their seat in the latest counted game), "colour" (the palette seat colour the pages
      draw them in: ``colours()``),
      "head_to_head": [{"key", "name", "games", "ahead", "behind", "level"}]}`` against each
      other regular met (most games together first).
    - ``merges``: every merge, oldest first, with the spellings: ``{"id", "at", "name", "into",
      "undone"}`` (``undone`` None while in force).
    """
    roots = _roots(merges)
    spelled: dict[str, str] = {}
    people: dict[str, dict] = {}
    for game_index, summary in enumerate(summaries):
        keys = _seat_players(summary, roots)
        for seat, key in enumerate(keys):
            spelled[player_key(summary["names"][seat])] = summary["names"][seat]
            p = people.setdefault(key, {"key": key, "spellings": [], "games": 0, "wins": 0, "places": {},
                                        "scores": [], "doubles": 0, "totals": [None] * len(summaries),
                                        "met": {}})
            name = summary["names"][seat]
            if name in p["spellings"]:
                p["spellings"].remove(name)
            p["spellings"].insert(0, name)
            place = summary["places"][seat]
            p["games"] += 1
            p["wins"] += place == 1
            p["places"][str(place)] = p["places"].get(str(place), 0) + 1
            p["scores"].extend(r[seat] for r in summary["rounds"])
            p["doubles"] += summary["doubles"][seat]
            p["totals"][game_index] = summary["totals"][seat]
            p["last"] = (game_index, seat)             # summaries oldest first: the latest wins
            for other, other_key in enumerate(keys):
                if other == seat:
                    continue
                met = p["met"].setdefault(other_key, {"games": 0, "ahead": 0, "behind": 0, "level": 0})
                met["games"] += 1
                mine, theirs = place, summary["places"][other]
                met["ahead" if mine < theirs else "behind" if mine > theirs else "level"] += 1
    regulars = {k for k, p in people.items() if p["games"] >= REGULAR_GAMES}
    players = []
    for key, p in people.items():
        scores = p.pop("scores")
        met = p.pop("met")
        p["name"] = _name(p)
        p["places"] = dict(sorted(p["places"].items(), key=lambda kv: int(kv[0])))
        p.update(rounds=len(scores), average=round(sum(scores) / len(scores), 1) if scores else None,
                 best=min(scores) if scores else None, worst=max(scores) if scores else None,
                 regular=key in regulars)
        p["head_to_head"] = sorted(
            ({"key": k, "name": _name(people[k]), **m} for k, m in met.items() if k in regulars),
            key=lambda h: (-h["games"], h["name"].casefold()))
        players.append(p)
    players.sort(key=lambda p: (-p["games"], -p["wins"], p["name"].casefold()))
    colours(players)
    evenings = [{"game": s["id"], "at": s["created"], "date": time.strftime("%Y-%m-%d", time.localtime(s["created"]))}
                for s in summaries]
    shown = [{**m, "name": spelled.get(m["name"], m["name"]), "into": spelled.get(m["into"], m["into"])}
             for m in merges]
    return {"players": players, "evenings": evenings, "merges": shown, "regular_games": REGULAR_GAMES}


def colours(players: list[dict]) -> None:
    """Give each player of ``figures()`` (with ``last``: (game index, seat) of the latest counted
    game, taken out here) its ``seat`` in that game and its ``colour``: the index of its palette
    seat colour (palette/, the colour every page and the hub's LEDs give that seat). A player keeps
    the colour of the seat they last played at; where a player of a later game already has that
    colour, the first colour in palette order nobody has yet (with more players than colours,
    they repeat in palette order)."""
    count = len(palette.SEATS)
    taken: set[int] = set()
    for p in sorted(players, key=lambda p: (-p["last"][0], p["last"][1])):
        _game, seat = p.pop("last")
        p["seat"] = seat
        colour = seat % count
        if colour in taken:
            free = [c for c in range(count) if c not in taken]
            colour = free[0] if free else colour
        taken.add(colour)
        if len(taken) == count:
            taken.clear()
        p["colour"] = colour


#: the CSV export's columns (one row per player)
CSV_COLUMNS = ["name", "spellings", "games", "wins", "places", "rounds", "average_round", "best_round",
               "worst_round", "doubles"]


def _cell(text: str) -> str:
    """A name as a CSV cell a spreadsheet shows as text: one starting "=", "+", "-", "@" (or a tab
    or carriage return) would be read as a formula, so it gets a leading apostrophe."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def as_csv(data: dict) -> str:
    """``figures()`` as CSV text: a header row (``CSV_COLUMNS``), then one row per player;
    ``spellings`` joined with " / ", ``places`` as "1:2 2:1" (place:games); a name that a
    spreadsheet would take for a formula starts with an apostrophe."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for p in data["players"]:
        writer.writerow([_cell(p["name"]), _cell(" / ".join(p["spellings"])), p["games"], p["wins"],
                         " ".join(f"{k}:{v}" for k, v in p["places"].items()), p["rounds"],
                         "" if p["average"] is None else p["average"], p["best"], p["worst"], p["doubles"]])
    return out.getvalue()


class Players:
    """The players' figures, as a part of ``Station`` (uses its ``lock``, ``store``, ``_pin`` and
    ``stored_facts``, station/archive.py)."""

    def _counted(self) -> list[dict]:
        """The counted games' summaries, oldest first (each game replayed once per journal
        version: station/archive.py ``stored_facts``)."""
        counted = []
        for game_id, _created, status, seq in self.store.game_versions():
            if status != "finished":
                continue
            summary = self.stored_facts(game_id, seq)["summary"]
            if summary is not None:
                counted.append(summary)
        return counted

    def players(self) -> dict:
        """Every player's figures across the stored games (``figures()``'s shape)."""
        with self.lock:
            return figures(self._counted(), self.store.merges())

    def players_csv(self) -> str:
        """The players' figures as CSV (``as_csv``)."""
        return as_csv(self.players())

    def merge_players(self, pin: str, name: str, into: str) -> dict:
        """Merge the player called ``name`` into the player called ``into`` (any spelling either
        was seen with). Raises ``StationError`` (bad-request, facts ``field``) when either is no
        player of a counted game, when they are already one player, or when they played in the same
        game (two seats are two people): facts ``problem`` "unknown" | "same" | "together".
        Returns the new figures, ``merged`` the merge's id."""
        self._pin(pin)
        with self.lock:
            summaries = self._counted()
            roots = _roots(self.store.merges())
            known = {player_key(n) for s in summaries for n in s["names"]}
            for field, value in (("name", name), ("into", into)):
                if player_key(value) not in known:
                    raise StationError(f"no counted game has a player called {value!r}", code="bad-request",
                                       facts={"field": field, "problem": "unknown", "name": value})
            a, b = (roots.get(player_key(v), player_key(v)) for v in (name, into))
            if a == b:
                raise StationError(f"{name!r} and {into!r} are already one player", code="bad-request",
                                   facts={"field": "into", "problem": "same", "name": name, "into": into})
            for s in summaries:
                if {a, b} <= {roots.get(player_key(n), player_key(n)) for n in s["names"]}:
                    raise StationError(f"{name!r} and {into!r} played in the same game: they are two people",
                                       code="bad-request", facts={"field": "into", "problem": "together", "name": name,
                                                                  "into": into, "game": s["id"]})
            merge_id = self.store.add_merge(a, b)
            return {**figures(summaries, self.store.merges()), "merged": merge_id}

    def unmerge_players(self, pin: str, merge_id: int) -> dict:
        """Undo the merge ``merge_id`` (it stays listed, with when it was undone). Raises
        ``StationError`` (bad-request, field ``merge``, problem "undone") for a merge not in force."""
        self._pin(pin)
        with self.lock:
            if isinstance(merge_id, bool) or not isinstance(merge_id, int) or not self.store.undo_merge(merge_id):
                raise StationError(f"there is no merge {merge_id} in force", code="bad-request",
                                   facts={"field": "merge", "problem": "undone", "merge": merge_id})
            return figures(self._counted(), self.store.merges())
