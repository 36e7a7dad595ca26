"""Players across nights (station/players.py): the figures of games played through the real
station, names matched whatever their capitals and spaces, the host's merge of two spellings
(stored, kept across a restart, undone and still listed), and what does not count."""
from __future__ import annotations

import pytest

from station.interface import Forbidden, StationError
from station.players import player_key
from station.service import Station

from players_helpers import doubles_game
from station_helpers import PIN

# game 1, played out: Ana out in round 1, Ben in round 2  -> Ana 5, Ben 4, Chi 20: Ben, Ana, Chi
# game 2, ended early after round 1, Ben spelt "Benn", Ana "ANA" -> ANA 0, Benn 3, Chi 9
# game 3, played out: Ana out in round 1, Ben in round 2  -> Ana 2, Ben 6, Chi 4: Ana, Chi, Ben
GAMES = [(["Ana", "Ben", "Chi"], [[0, 4, 10], [5, 0, 10]], "played"),
         (["ANA", "Benn", "Chi"], [[0, 3, 9]], "early"),
         (["Ana", "Ben", "Chi"], [[0, 6, 1], [2, 0, 3]], "played")]


def by_name(data):
    return {p["name"]: p for p in data["players"]}


@pytest.fixture
def evenings(tmp_path):
    st = Station(str(tmp_path), host_pin=PIN)
    for names, pips, end in GAMES:
        doubles_game(st, names, pips, end=end)
    # neither an abandoned game nor the game in play counts
    doubles_game(st, ["Ana", "Ben", "Dee"], [[0, 2, 8]], end="abandoned")
    st.setup_game(PIN, ["Ana", "Eve"], "hub", 6, {"hand_size": 2})
    yield st
    st.store.close()


def test_names_match_whatever_their_capitals_and_spaces():
    assert player_key("Ana Maria") == player_key("  anamaria ") == player_key("ANA  MARIA") == "anamaria"
    assert player_key("Ben") != player_key("Benn")


def test_figures_of_three_evenings(evenings):
    data = evenings.players()
    players = by_name(data)
    assert set(players) == {"Ana", "Ben", "Benn", "Chi"}          # no Dee (abandoned), no Eve (in play)
    assert [e["game"] for e in data["evenings"]] == [1, 2, 3]
    ana = players["Ana"]
    assert ana["spellings"] == ["Ana", "ANA"]
    assert (ana["games"], ana["wins"], ana["places"]) == (3, 2, {"1": 2, "2": 1})
    # rounds 0, 5 | 0 | 0, 2: average 7 / 5; a double played in each round she went out
    assert (ana["rounds"], ana["average"], ana["best"], ana["worst"], ana["doubles"]) == (5, 1.4, 0, 5, 3)
    assert ana["totals"] == [5, 0, 2]
    chi = players["Chi"]
    assert (chi["games"], chi["wins"], chi["places"], chi["average"], chi["best"], chi["worst"], chi["doubles"]) == \
        (3, 0, {"2": 1, "3": 2}, 6.6, 1, 10, 0)
    ben = players["Ben"]
    assert (ben["games"], ben["wins"], ben["places"], ben["average"], ben["worst"], ben["doubles"]) == \
        (2, 1, {"1": 1, "3": 1}, 2.5, 6, 2)
    assert ben["totals"] == [4, None, 6]
    assert players["Benn"]["games"] == 1 and not players["Benn"]["regular"]
    # head to head against each regular (2 games or more): Benn is none
    assert ana["head_to_head"] == [{"key": "chi", "name": "Chi", "games": 3, "ahead": 3, "behind": 0, "level": 0},
                                   {"key": "ben", "name": "Ben", "games": 2, "ahead": 1, "behind": 1, "level": 0}]
    assert [p["name"] for p in data["players"]] == ["Ana", "Chi", "Ben", "Benn"]


def test_the_host_merges_two_spellings_and_undoes_it(evenings, tmp_path):
    merged = evenings.merge_players(PIN, "benn", "BEN")
    ben = by_name(merged)["Ben"]
    assert "Benn" not in by_name(merged)
    assert ben["spellings"] == ["Ben", "Benn"] and ben["games"] == 3 and ben["totals"] == [4, 3, 6]
    assert (ben["places"], ben["average"], ben["best"], ben["worst"]) == ({"1": 1, "2": 1, "3": 1}, 2.6, 0, 6)
    ana = by_name(merged)["Ana"]
    assert {"key": "ben", "name": "Ben", "games": 3, "ahead": 2, "behind": 1, "level": 0} in ana["head_to_head"]
    # stored: a restarted station still knows it, and lists it
    evenings.store.close()
    again = Station(str(tmp_path), host_pin=PIN)
    data = again.players()
    assert by_name(data)["Ben"]["games"] == 3
    assert [(m["id"], m["name"], m["into"], m["undone"]) for m in data["merges"]] == \
        [(merged["merged"], "Benn", "Ben", None)]
    # undone: two players again, and the merge stays listed with when it was undone
    undone = again.unmerge_players(PIN, merged["merged"])
    assert by_name(undone)["Benn"]["games"] == 1 and by_name(undone)["Ben"]["games"] == 2
    assert undone["merges"][0]["undone"] is not None
    with pytest.raises(StationError) as exc:
        again.unmerge_players(PIN, merged["merged"])
    assert exc.value.facts == {"field": "merge", "problem": "undone", "merge": merged["merged"]}
    again.store.close()


@pytest.mark.parametrize("name, into, field, problem", [
    ("Zed", "Ben", "name", "unknown"),
    ("Benn", "Eve", "into", "unknown"),          # Eve's game is still being played
    ("Ana", "Chi", "into", "together"),          # two seats of one game are two people
    ("ana ", "ANA", "into", "same"),
])
def test_a_merge_that_cannot_be_is_refused_and_changes_nothing(evenings, name, into, field, problem):
    before = evenings.players()
    with pytest.raises(StationError) as exc:
        evenings.merge_players(PIN, name, into)
    assert exc.value.code == "bad-request"
    assert exc.value.facts["field"] == field and exc.value.facts["problem"] == problem
    assert evenings.players() == before


def test_a_merge_needs_the_host_pin(evenings):
    with pytest.raises(Forbidden):
        evenings.merge_players("0000", "Benn", "Ben")
    assert evenings.players()["merges"] == []


def test_a_merge_after_another_joins_the_chain(evenings):
    first = evenings.merge_players(PIN, "Benn", "Ben")["merged"]
    with pytest.raises(StationError) as exc:
        evenings.merge_players(PIN, "Ben", "Benn")       # already one player: no loop is made
    assert exc.value.facts["problem"] == "same"
    assert [m["id"] for m in evenings.players()["merges"]] == [first]


def test_a_correction_after_the_end_changes_the_figures(tmp_path):
    st = Station(str(tmp_path), host_pin=PIN)
    doubles_game(st, ["Ana", "Ben"], [[0, 7]])
    assert by_name(st.players())["Ben"]["worst"] == 7
    st.correct(PIN, 0, 1, 4, "counted 3-4 twice")
    assert by_name(st.players())["Ben"]["worst"] == 4
    st.store.close()


def test_csv_has_one_row_per_player(evenings):
    lines = evenings.players_csv().splitlines()
    assert lines[0].split(",")[:4] == ["name", "spellings", "games", "wins"]
    assert lines[1] == "Ana,Ana / ANA,3,2,1:2 2:1,5,1.4,0,5,3"
    assert len(lines) == 1 + 4


def test_a_name_a_spreadsheet_would_run_is_exported_as_text(tmp_path):
    st = Station(str(tmp_path), host_pin=PIN)
    doubles_game(st, ["=1+2", "Ben"], [[0, 7]])
    rows = st.players_csv().splitlines()
    assert rows[1].startswith("'=1+2,'=1+2,1,1,")
    assert st.players()["players"][0]["name"] == "=1+2"          # the figures keep the name as given
    st.store.close()
