"""The edges of an evening found by a fresh-user run (issue 19): a game ended before any round was
scored counts on /players as its pages show it (a shared win); the games that are over are listed
without the PIN; how a game ended is derived by the station, the record keeps the spec's keys; a
game over keeps its moves (undo takes back only a correction); stored games are replayed once per
journal version; seats are numbered from 0 in the station's words too."""
from __future__ import annotations

import pytest

from station import referee as referee_module
from station.interface import StationError
from station.service import Station

from players_helpers import doubles_game
from station_helpers import PIN, join_all

#: record-format.md's keys: the document, a round (the result's are not in the record)
DOCUMENT_KEYS = {"format", "profile", "options", "set", "players", "rounds"}
ROUND_KEYS = {"engine", "starter", "hands", "boneyard", "events", "reveal", "corrections"}


def test_a_game_ended_before_any_round_is_a_shared_win_on_players_as_on_its_pages(st):
    st.setup_game(PIN, ["Ana", "Ben"], "hub", 6, {"hand_size": 2})
    st.end_game(PIN)
    game = st.game_id
    over = st.stored_view(game)["over"]
    assert over == {"how": "early", "winners": [0, 1], "final": True, "rounds_scored": 0, "rounds_total": 7}
    players = {p["name"]: p for p in st.players()["players"]}
    assert set(players) == {"Ana", "Ben"}
    for p in players.values():
        assert (p["games"], p["wins"], p["places"], p["rounds"], p["average"]) == (1, 1, {"1": 1}, 0, None)
    assert [e["game"] for e in st.players()["evenings"]] == [game]


def test_the_games_over_are_listed_for_every_phone_and_the_game_in_play_is_not(st):
    early = doubles_game(st, ["Ana", "Ben"], [[0, 4]], end="early")
    abandoned = doubles_game(st, ["Ana", "Ben"], [[0, 2]], end="abandoned")
    st.setup_game(PIN, ["Ana", "Chi"], "hub", 6, {"hand_size": 2})
    listed = st.past_games()                      # no PIN asked
    assert [g["id"] for g in listed] == [abandoned, early]
    assert [g["over"]["how"] for g in listed] == ["abandoned", "early"]
    assert listed[1]["over"]["winners"] == [0] and listed[0]["over"]["winners"] == []
    assert st.stored_view(st.game_id)["over"] is None       # the game in play: not over


def test_how_a_game_ended_is_the_stations_and_the_record_keeps_the_spec_keys(st):
    """record-format.md has no field for "ended early" or "abandoned" (and the station adds none):
    the station derives it from the stored game (station/game_end.py how_it_ended)."""
    played = doubles_game(st, ["Ana", "Ben"], [[0, 4]], end="played")
    early = doubles_game(st, ["Ana", "Ben"], [[0, 4]], end="early")
    abandoned = doubles_game(st, ["Ana", "Ben"], [[0, 4]], end="abandoned")
    for game, how in ((played, "played"), (early, "early"), (abandoned, "abandoned")):
        assert st.stored_view(game)["over"]["how"] == how
        record = st.export(game)
        assert set(record) <= DOCUMENT_KEYS, set(record) - DOCUMENT_KEYS
        for rnd in record["rounds"]:
            assert set(rnd) <= ROUND_KEYS, set(rnd) - ROUND_KEYS


def test_a_game_over_keeps_its_moves_and_only_a_correction_is_taken_back(st):
    st.setup_game(PIN, ["Ana", "Ben"], "hub", 9, {})
    tokens = join_all(st, 2)
    st.start_round(PIN)
    st.submit(0, tokens[0], {"play": "9-4", "on": 0}, st.version)
    assert st.view()["host"]["undo"] == {"ok": True, "why": None}
    st.end_game(PIN)
    assert st.view()["host"]["undo"] == {"ok": False, "why": "game-over"}
    before = st.view()["result"]
    with pytest.raises(StationError) as refused:
        st.undo(PIN, st.version)
    assert refused.value.code == "game-over"
    assert st.view()["result"] == before
    # a played-out game's correction after the end may be taken back
    doubles_game(st, ["Ana", "Ben"], [[0, 4]], end="played")
    assert st.view()["host"]["undo"]["why"] == "game-over"
    st.correct(PIN, 0, 1, 6, "miscount")
    assert st.view()["host"]["undo"] == {"ok": True, "why": None}
    st.undo(PIN, st.version)
    assert st.view()["result"]["totals"] == [0, 4]
    assert st.view()["host"]["undo"]["why"] == "game-over"


def test_stored_games_are_replayed_once_per_journal_version(st, monkeypatch):
    games = [doubles_game(st, ["Ana", "Ben", "Chi"], [[0, 4, 9]], end=end) for end in ("played", "early", "abandoned") * 3]
    st.setup_game(PIN, ["Ana", "Ben"], "hub", 6, {"hand_size": 2})
    replays = []
    real = referee_module.Referee.from_journal.__func__

    def counting(cls, journal, log=None):
        replays.append(journal[0][0])
        return real(cls, journal, log)
    monkeypatch.setattr(referee_module.Referee, "from_journal", classmethod(counting))

    def every_page():
        st.past_games()
        st.games(PIN)
        st.players()
        for game in games:
            st.stored_view(game)
    every_page()
    assert len(replays) <= len(games), replays               # each stored game once at most
    assert st.stored_record(games[0])["players"] == ["Ana", "Ben", "Chi"]      # a download replays its game
    replays.clear()
    every_page()
    every_page()
    assert replays == []                                      # nothing changed: nothing replayed
    # a stored game's journal grows (shown again and corrected): that game is replayed, and the
    # game that was on show until then (its live referee served it), nothing else
    st.end_game(PIN, abandon=True)
    on_show = st.game_id
    st.show_game(PIN, games[0])
    st.correct(PIN, 0, 1, 5, "miscount")
    st.setup_game(PIN, ["Ana", "Ben"], "hub", 6, {"hand_size": 2})
    replays.clear()
    every_page()
    firsts = {g: st.store.journal(g)[0][0] for g in (games[0], on_show)}
    assert sorted(replays) == sorted(firsts.values())
    assert st.stored_view(games[0])["result"]["totals"][1] == 5


def test_the_stations_own_words_number_seats_from_zero(tmp_path):
    st = Station.mock(str(tmp_path), host_pin=PIN)
    st.setup_game(PIN, ["Ana", "Ben", "Chi"], "hub", 9, {})
    st.join(1, st.seat_code(1, PIN))
    st.release_seat(1, PIN)
    entry = st.view()["log"][-1]
    assert entry["kind"] == "released" and entry["facts"]["seat"] == 1
    assert entry["text"] == "seat 1 was released"
    st.store.close()
