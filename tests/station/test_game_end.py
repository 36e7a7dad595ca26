"""One state of the game said by the station (view ``phase`` and ``over``), for every way a game
ends; stored games read back after new games and a restart; a phone of an earlier game told so."""
from __future__ import annotations

import pytest

from engine.scoring import winners
from station.interface import Forbidden, NoGame, StationError
from station.service import Station

from station_helpers import PIN, join_all, whole_game

OUTS = [0, 1, 2, 0, 1, 2, 0]            # double-6: 7 rounds; the seat to start goes out each round
PIPS = [[0, 9, 10], [5, 0, 10], [5, 9, 0], [0, 9, 10], [5, 0, 10], [5, 9, 0], [0, 9, 10]]


def three(tmp_path):
    st = Station(str(tmp_path), host_pin=PIN)
    st.setup_game(PIN, ["Ana", "Ben", "Chi"], "hub", 6, {"hand_size": 1})
    tokens = join_all(st, 3)
    return st, tokens


def test_phases_through_a_played_out_game(tmp_path):
    st, tokens = three(tmp_path)
    assert st.view()["phase"] == "setup" and st.view()["over"] is None
    st.start_round(PIN)
    assert st.view()["phase"] == "playing"
    engine = st.view()["result"]["state"]["engine"]
    st.submit(0, tokens[0], {"play": f"{engine}-{(engine + 1) % 7}", "on": 0}, st.version)
    assert st.view()["phase"] == "round_over"
    for seat, token in enumerate(tokens):
        st.reveal(seat, token, [] if seat == 0 else PIPS[0][seat])
    whole_game_rest(st, tokens)
    view = st.view()
    assert view["phase"] == "finished"
    totals = [sum(r[s] for r in PIPS) for s in range(3)]
    expected = winners(PIPS, "classic")[0]
    assert view["over"] == {"how": "played", "winners": expected, "final": True, "rounds_scored": 7, "rounds_total": 7}
    assert view["result"]["finished"] and view["result"]["winners"] == expected
    assert view["result"]["totals"] == totals


def whole_game_rest(st, tokens):
    """Rounds 2-7 of the game of the test above."""
    for r in range(1, 7):
        st.start_round(PIN)
        engine = st.view()["result"]["state"]["engine"]
        out = OUTS[r]
        st.submit(out, tokens[out], {"play": f"{engine}-{(engine + 1) % 7}", "on": out}, st.version)
        for seat, token in enumerate(tokens):
            st.reveal(seat, token, [] if seat == out else PIPS[r][seat])


def test_ended_early_mid_round_has_a_winner_and_final_scores(tmp_path):
    st, tokens = three(tmp_path)
    st.start_round(PIN)
    whole_game(st, tokens, OUTS[:2], PIPS[:2])          # rounds 1 and 2 scored
    st.start_round(PIN)                                  # round 3 in play when the host ends it
    view = st.end_game(PIN)
    assert view["game"]["status"] == "finished" and view["phase"] == "finished"
    # Ana 5, Ben 9, Chi 20 after two rounds: Ana wins on the scored rounds
    assert view["over"] == {"how": "early", "winners": [0], "final": True, "rounds_scored": 2, "rounds_total": 7}
    assert view["result"]["finished"] is True and view["result"]["winners"] == [0]
    assert view["result"]["state"] is None                    # nobody's turn any more
    assert view["tie_break"]["code"] == "lowest-total" and view["tie_break"]["winners"] == [0]
    assert [r["rank"] for r in view["standings"]] == [1, 2, 3]
    seat = st.seat_view(2, tokens[2])
    assert seat["me"]["game_over"]["rank"] == 3
    opts = seat["me"]["options"]
    assert not opts["play"] and not opts["draw"] and not opts["pass"] and not seat["me"]["playable"]
    # the exported record is record-format.md's: three rounds, the third without scores
    assert len(st.export()["rounds"]) == 3


def test_abandoned_mid_round_no_turn_no_tiles_even_after_a_restart(tmp_path):
    st = Station(str(tmp_path), host_pin=PIN)
    st.setup_game(PIN, ["Ana", "Ben"], "hub", 9, {}, hidden_hands=False)
    tokens = join_all(st, 2)
    st.start_round(PIN)
    turn = st.view()["result"]["state"]["turn"]
    before = st.seat_view(turn, tokens[turn])["me"]
    # the deal is random: the seat to move may hold nothing that plays, and then it may draw
    assert before["playable"] or before["options"]["draw"]
    st.end_game(PIN, abandon=True)
    for station in (st, Station(str(tmp_path), host_pin=PIN)):       # and after a restart
        view = station.seat_view(turn, tokens[turn])
        assert view["phase"] == "abandoned"
        assert view["over"] == {"how": "abandoned", "winners": [], "final": False, "rounds_scored": 0, "rounds_total": 10}
        assert view["result"]["state"] is None and view["result"]["winners"] is None
        assert view["result"]["finished"] is False and view["tie_break"] is None
        assert view["me"]["playable"] == {} and view["me"]["options"]["play"] == {}
        assert not view["me"]["options"]["draw"] and not view["me"]["options"]["pass"]
        assert view["me"]["game_over"] is None and view["prompt"] is None
    with pytest.raises(Exception) as refused:
        st.submit(turn, tokens[turn], {"draw": True}, st.version)
    assert getattr(refused.value, "code", None) == "game-over"


def test_stored_games_after_new_games_and_a_restart(tmp_path):
    st, tokens = three(tmp_path)
    st.start_round(PIN)
    whole_game(st, tokens, OUTS[:1], PIPS[:1])
    st.end_game(PIN)
    first = st.view()["game"]["id"]
    st.setup_game(PIN, ["Dee", "Eve"], "hub", 6, {})
    st.setup_game(PIN, ["Fay", "Gus"], "hub", 6, {})          # the second is abandoned by this set-up
    st = Station(str(tmp_path), host_pin=PIN)
    view = st.stored_view(first)
    assert view["game"]["players"] == ["Ana", "Ben", "Chi"]
    assert view["over"]["how"] == "early" and view["over"]["winners"] == [0]
    assert view["result"]["rounds"][0]["scores"] == [0, 9, 10]
    assert view["stored"]["record"] is True and view["host"] is None
    listed = {g["id"]: g for g in st.games(PIN)}
    assert listed[first]["over"]["how"] == "early"
    assert listed[first + 1]["over"]["how"] == "abandoned"
    assert listed[first + 2]["over"] is None                    # the game on show, not begun
    record = st.stored_record(first)
    assert record["players"] == ["Ana", "Ben", "Chi"] and len(record["rounds"]) == 1
    with pytest.raises(StationError):
        st.stored_record(first + 2)                             # still being played: the host's
    with pytest.raises(NoGame):
        st.stored_view(first + 10)


def test_a_phone_of_an_earlier_game_is_told_so(tmp_path):
    st = Station(str(tmp_path), host_pin=PIN)
    st.setup_game(PIN, ["Ana", "Ben"], "hub", 6, {})
    old = join_all(st, 2)
    first = st.view()["game"]["id"]
    st.setup_game(PIN, ["Ana", "Ben"], "hub", 6, {})
    with pytest.raises(Forbidden) as told:
        st.seat_view(0, old[0])
    assert told.value.facts == {"field": "token", "seat": 0, "why": "old-game", "game_id": first}
    st.release_seat(1, PIN)
    with pytest.raises(Forbidden) as released:
        st.seat_view(1, "not a token of any game")
    assert released.value.facts["why"] == "not-joined"


def test_the_view_carries_open_ends_running_totals_and_limits(tmp_path):
    st, tokens = three(tmp_path)
    st.start_round(PIN)
    view = st.view()
    engine = view["result"]["state"]["engine"]
    # empty trains: the engine's pip, never None
    assert view["open_ends"] == {"0": engine, "1": engine, "2": engine, "mexican": engine}
    assert all(t["end"] is None for t in view["result"]["state"]["trains"])     # the record's own
    st.submit(0, tokens[0], {"play": f"{engine}-{(engine + 1) % 7}", "on": 0}, st.version)
    assert st.view()["open_ends"]["0"] == (engine + 1) % 7          # the tile's far end
    for seat, token in enumerate(tokens):
        st.reveal(seat, token, [] if seat == 0 else PIPS[0][seat])
    st.start_round(PIN)
    view = st.view()
    assert view["running"] == [[0, 0], [0, 9], [0, 10]]
    assert view["open_ends"]["1"] == view["result"]["state"]["engine"]
    limits = view["limits"]
    assert limits["players"] == {"classic": [2, 14], "hub": [2, 12]} and limits["players_max"] == 14
    assert limits["name_max"] == 32 and limits["pin_digits"] == [4, 12]
    assert limits["policies"] == ["random", "greedy", "playout"]
    with pytest.raises(StationError):
        st.setup_game(PIN, ["x" * (limits["name_max"] + 1), "Ben"], "hub", 6, {})
