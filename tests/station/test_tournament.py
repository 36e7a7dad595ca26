"""Tournament seating and ranking (club/tournament.py)."""
from __future__ import annotations

import csv
import io

import pytest

from club.tournament import TournamentError, as_csv, opponents, ranking, seating, table_sizes

PLAYERS = [f"P{i}" for i in range(8)]


def test_every_player_sits_once_per_game_at_even_tables():
    plan = seating(PLAYERS + ["Q", "R"], ["t1", "t2", "t3"], 4)
    for game in plan:
        seated = [p for table in game.values() for p in table]
        assert sorted(seated) == sorted(PLAYERS + ["Q", "R"])
        assert sorted(len(t) for t in game.values()) == [3, 3, 4]


def test_players_meet_as_many_different_opponents_as_the_tables_allow():
    # two tables of 4: a second game can bring at most 2 new opponents (pigeonhole), so 5 is the most
    assert sorted(len(v) for v in opponents(seating(PLAYERS, ["t1", "t2"], 2)).values()) == [5] * 8
    # three games: nobody meets fewer than 6 of the 7 others
    assert min(len(v) for v in opponents(seating(PLAYERS, ["t1", "t2"], 3)).values()) >= 6


def test_seat_one_goes_round_and_the_same_seed_gives_the_same_seating():
    plan = seating(PLAYERS, ["t1", "t2"], 4, seed=7)
    assert plan == seating(PLAYERS, ["t1", "t2"], 4, seed=7)
    firsts = [table[0] for game in plan for table in game.values()]
    assert len(set(firsts)) == len(firsts) == 8, "eight first seats, eight different players"


def test_what_cannot_be_seated_is_named():
    with pytest.raises(TournamentError) as exc:
        seating(["Ana"], ["t1"], 1)
    assert exc.value.field == "players"
    with pytest.raises(TournamentError) as exc:
        seating(PLAYERS, [], 1)
    assert exc.value.field == "hubs"
    with pytest.raises(TournamentError) as exc:
        table_sizes(30, 2)
    assert exc.value.field == "players" and "12" in str(exc.value)
    with pytest.raises(TournamentError):
        seating(["Ana", "Ana"], ["t1"], 1)


RESULTS = [  # Ana: 10 + 40 points, ranks 1 + 3; Ben: 30 + 5, ranks 3 + 1; Cy: 20 + 20, ranks 2 + 2
    {"game": 0, "standings": [{"name": "Ana", "total": 10, "rank": 1}, {"name": "Cy", "total": 20, "rank": 2},
                              {"name": "Ben", "total": 30, "rank": 3}]},
    {"game": 1, "standings": [{"name": "Ben", "total": 5, "rank": 1}, {"name": "Cy", "total": 20, "rank": 2},
                              {"name": "Ana", "total": 40, "rank": 3}]},
]


def test_ranking_by_points_or_by_placings():
    by_points = ranking(["Ana", "Ben", "Cy"], RESULTS, "points")
    assert [(r["name"], r["points"], r["rank"]) for r in by_points] == [("Ben", 35, 1), ("Cy", 40, 2), ("Ana", 50, 3)]
    by_place = ranking(["Ana", "Ben", "Cy"], RESULTS, "placings")
    # all three have placings 4: points decide
    assert [(r["name"], r["placings"], r["rank"]) for r in by_place] == [("Ben", 4, 1), ("Cy", 4, 2), ("Ana", 4, 3)]
    assert by_points[0]["totals"] == [30, 5]


def test_a_full_tie_is_shared_and_a_missed_game_counts_nothing():
    results = [{"game": 0, "standings": [{"name": "Ana", "total": 10, "rank": 1}, {"name": "Ben", "total": 10, "rank": 1}]}]
    rows = ranking(["Ana", "Ben", "Cy"], results)
    assert [(r["name"], r["rank"], r["shared"]) for r in rows] == [("Cy", 1, False), ("Ana", 2, True), ("Ben", 2, True)]
    assert rows[0]["games"] == 0 and rows[0]["totals"] == [None]


def test_csv_export_reads_back_and_holds_no_formula():
    rows = ranking(["=HYPERLINK(1)", "Ben"], [{"game": 0, "standings": [
        {"name": "=HYPERLINK(1)", "total": 3, "rank": 1}, {"name": "Ben", "total": 9, "rank": 2}]}])
    table = list(csv.reader(io.StringIO(as_csv(rows))))
    assert table[0] == ["rank", "name", "games", "points", "placings", "game 1"]
    assert table[1] == ["1", "'=HYPERLINK(1)", "1", "3", "1", "3"]
    assert table[2] == ["2", "Ben", "1", "9", "2", "9"]
