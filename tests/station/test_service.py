"""The referee service without the event loop: set-up, seats and tokens, refusals, undo,
reveals, corrections, persistence across a restart, export."""
from __future__ import annotations

import pytest
from station_helpers import PIN, game_under_way, join_all

from engine.record import replay
from station.interface import Forbidden, NoGame, Refused, StaleVersion, StationError
from station.service import Station


def test_setup_says_the_deal_and_refuses_bad_options(station):
    view = station.setup_game(PIN, ["Ana", "Ben", "Chi", "Dee"], "hub", 12, {})
    assert view["game"]["deal"] == {"hand_size": 15, "boneyard": 90 - 60}
    with pytest.raises(StationError) as err:
        station.setup_game(PIN, ["Ana", "Ben"], "hub", 12, {"close_doubles": "sideways"})
    assert "close_doubles" in err.value.message and "reverse" in err.value.message
    with pytest.raises(Forbidden):
        station.setup_game("0000", ["Ana", "Ben"], "hub", 12, {})


def test_more_players_than_hub_seats_play_from_phones(station):
    names = [f"P{i}" for i in range(10)]
    view = station.setup_game(PIN, names, "hub", 15, {})
    assert "seats 8-9 play from their phones alone" in view["log"][-1]["text"]
    assert [s["hardware"] for s in view["seats"]] == [True] * 8 + [False] * 2


def test_a_phone_acts_only_for_its_own_seat(station):
    station.setup_game(PIN, ["Ana", "Ben"], "hub", 9, {})
    tokens = join_all(station, 2)
    station.start_round(PIN)
    with pytest.raises(Forbidden):
        station.submit(0, tokens[1], {"draw": True}, station.version)
    with pytest.raises(Forbidden):
        station.join(1, "WRONG")
    with pytest.raises(Forbidden):
        station.seat_view(0, tokens[1])


def test_refused_move_changes_nothing_and_says_why(station):
    station.setup_game(PIN, ["Ana", "Ben"], "hub", 9, {})
    tokens = join_all(station, 2)
    station.start_round(PIN)
    before = (station.version, station.referee.game.current.state())
    with pytest.raises(Refused) as err:
        station.submit(0, tokens[0], {"play": "9-3", "on": 1}, station.version)
    assert err.value.code == "train-closed" and "Ben's train is not marked" in err.value.message
    assert (station.version, station.referee.game.current.state()) == before


def test_stale_version_is_refused(station):
    station.setup_game(PIN, ["Ana", "Ben"], "hub", 9, {})
    tokens = join_all(station, 2)
    station.start_round(PIN)
    old = station.version
    station.submit(0, tokens[0], {"draw": True}, old)
    with pytest.raises(StaleVersion):
        station.submit(0, tokens[0], {"pass": True}, old)
    assert [e.kind for e in station.referee.game.current.events] == ["draw"]


def test_undo_restores_the_table(station):
    station.setup_game(PIN, ["Ana", "Ben"], "hub", 9, {})
    tokens = join_all(station, 2)
    station.start_round(PIN)
    before = station.referee.game.current.state()
    station.submit(0, tokens[0], {"play": "9-4", "on": 0}, station.version)
    station.undo(PIN, station.version)
    assert station.referee.game.current.state() == before


def test_hidden_round_scored_from_shown_hands_then_corrected(station):
    station.setup_game(PIN, ["Ana", "Ben"], "classic", 6, {"hand_size": 3})
    tokens = join_all(station, 2)
    station.start_round(PIN)
    for seat, event in [(0, {"engine": True}), (0, {"play": "6-3", "on": 0}), (0, {"done": True}),
                        (1, {"pass": True}), (0, {"play": "3-1", "on": 0})]:
        station.submit(seat, tokens[seat], event, station.version)
    assert station.view()["game"]["status"] == "round-over"
    station.reveal(0, tokens[0], [])
    with pytest.raises(Refused) as err:
        station.reveal(1, tokens[1], ["6-3", "1-2", "2-2"])
    assert err.value.code == "bad-reveal"
    station.reveal(1, tokens[1], ["0-0", "1-2", "2-2"])
    assert station.view()["result"]["rounds"][0]["scores"] == [0, 57]
    station.correct(PIN, 0, 1, 50, "0-0 counted as 0 by mistake: it is 50... recounted")
    view = station.view()
    assert view["result"]["totals"] == [0, 50]
    assert view["log"][-1]["text"] == "round 1, Ben: 57 -> 50 (host)"
    record = station.export()
    assert record["rounds"][0]["corrections"][0]["score"] == 50
    assert replay(record)[0]["totals"] == [0, 50]


def test_restart_rebuilds_the_game_and_keeps_tokens(tmp_path):
    first, tokens = game_under_way(str(tmp_path))
    state, version = first.referee.game.current.state(), first.version
    first.store.close()
    second = Station(str(tmp_path))
    assert second.referee.game.current.state() == state and second.version == version
    second.submit(1, tokens[1], {"pass": True}, second.version)   # the old token still works
    assert second.referee.game.current.state()["trains"][1]["marked"] is True


def test_no_game_yet(station):
    with pytest.raises(NoGame):
        station.start_round(PIN)
    assert station.view()["game"] is None


def test_corrections_carry_the_score_they_replaced(station):
    test_hidden_round_scored_from_shown_hands_then_corrected(station)
    station.correct(PIN, 0, 1, 48, "recounted again")
    fixes = station.view()["result"]["rounds"][0]["corrections"]
    assert [(f["from"], f["score"]) for f in fixes] == [(57, 50), (50, 48)]


def test_a_registered_hand_is_fully_checked(station):
    """Hidden hands with a privately registered hand: not-in-hand and must-play (rules.md 5)."""
    station.setup_game(PIN, ["Ana", "Ben"], "hub", 9, {"hand_size": 3})
    tokens = join_all(station, 2)
    station.start_round(PIN)
    view = station.register_hand(0, tokens[0], ["9-4", "1-2", "3-3"])
    assert view["me"]["hand"] == ["1-2", "3-3", "4-9"]
    with pytest.raises(Refused) as err:
        station.submit(0, tokens[0], {"play": "9-5", "on": 0}, station.version)
    assert err.value.code == "not-in-hand"
    with pytest.raises(Refused) as err:
        station.submit(0, tokens[0], {"draw": True}, station.version)
    assert err.value.code == "must-play"
    station.submit(0, tokens[0], {"play": "9-4", "on": 0}, station.version)
    assert station.seat_view(0, tokens[0])["me"]["hand"] == ["1-2", "3-3"]
    # Ben registered nothing: his moves are taken on trust
    station.submit(1, tokens[1], {"draw": True}, station.version)


def test_a_count_cannot_claim_a_tile_of_another_seats_registered_hand(station):
    """Round end, hidden hands: a tile in another seat's registered hand is that seat's, so
    another seat's count showing it is refused (as a tile shown twice) and changes nothing, and
    the seat that registered it can still send its hand (a fresh user's trial: the holder was
    stuck, refused "already shown by another player")."""
    station.setup_game(PIN, ["Ana", "Ben", "Chi"], "hub", 9, {"hand_size": 1})
    tokens = join_all(station, 3)
    station.start_round(PIN)
    station.register_hand(1, tokens[1], ["2-3"])
    station.submit(0, tokens[0], {"play": "9-4", "on": 0}, station.version)   # Ana goes out
    before = station.version
    with pytest.raises(Refused) as err:
        station.reveal(2, tokens[2], ["2-3"])
    assert err.value.code == "bad-reveal" and err.value.facts.get("why") == "twice"
    assert station.version == before and station.seat_view(2, tokens[2])["me"]["round_end"]["waiting"] == [1, 2]
    assert "2-3" not in [str(t) for t in station.referee.may_hold(0, 2)]
    station.reveal(1, tokens[1], ["2-3"])
    station.reveal(2, tokens[2], ["5-6"])
    assert station.seat_view(2, tokens[2])["me"]["round_end"]["scores"] == [0, 5, 11]


def test_joining_before_the_host_made_a_code_is_refused_cleanly(station):
    station.setup_game(PIN, ["Ana", "Ben"], "hub", 9, {})
    with pytest.raises(Forbidden):
        station.join(1, "ABCDE")


def test_a_registered_hand_survives_a_restart_and_stays_out_of_the_record(tmp_path):
    first = Station(str(tmp_path), host_pin=PIN)
    first.setup_game(PIN, ["Ana", "Ben"], "hub", 9, {"hand_size": 3})
    tokens = join_all(first, 2)
    first.start_round(PIN)
    first.register_hand(0, tokens[0], ["9-4", "1-2", "3-3"])
    first.store.close()
    second = Station(str(tmp_path), host_pin=PIN)
    with pytest.raises(Refused) as err:
        second.submit(0, tokens[0], {"play": "9-5", "on": 0}, second.version)
    assert err.value.code == "not-in-hand"
    assert "register" not in str(second.export())


def _first_deal(data_dir, rng):
    st = Station(str(data_dir), host_pin=PIN, rng=rng)
    st.setup_game(PIN, ["Ana", "Ben", "Chi"], "hub", 9, {}, hidden_hands=False)
    st.start_round(PIN)
    hands = [sorted(str(t) for t in h) for h in st.referee.round.hands]
    st.store.close()
    return hands


def test_the_random_source_is_injected(tmp_path):
    """Station(rng=...) is the deal's random source: the same seed deals the same hands, another
    seed other hands; and a seeded station's hint playouts repeat."""
    import random
    (tmp_path / "a").mkdir(), (tmp_path / "b").mkdir(), (tmp_path / "c").mkdir()
    one = _first_deal(tmp_path / "a", random.Random(5))
    assert one == _first_deal(tmp_path / "b", random.Random(5))
    assert one != _first_deal(tmp_path / "c", random.Random(6))
    a, b = random.Random(9), random.Random(9)
    sa, sb = Station(str(tmp_path / "a"), host_pin=PIN, rng=a), Station(str(tmp_path / "b"), host_pin=PIN, rng=b)
    assert sa.playout_rng().random() == sb.playout_rng().random()
    sa.store.close(), sb.store.close()
