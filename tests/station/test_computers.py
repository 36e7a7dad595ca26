"""Computer seats and hints at the station (station/computers.py, issue 14)."""
import asyncio

import pytest
from station_helpers import PIN, join_all

from engine.events import Event
from station.interface import StationError


def _human_move(st, seat, token):
    """The scripted person: asks for a hint (a few playouts) and makes the suggested move."""
    hint = st.seat_hint(seat, token, budget=8, seed=st.version)
    st.submit(seat, token, hint["plays"][0]["event"], st.version)


def test_two_computer_seats_and_a_person_play_a_game_to_its_end(station):
    st = station
    st.setup_game(PIN, ["Ana", "Bot1", "Bot2"], "hub", 9, {"rounds": 2}, hidden_hands=False,
                  computers={"1": "greedy", "2": "playout"})
    tokens = join_all(st, 3)
    for _ in range(2):
        st.start_round(PIN)
        for _ in range(2000):
            if st.referee.status != "playing":
                break
            if not st.computer_step():
                assert st.referee.game.current.seat_to_act() == 0
                _human_move(st, 0, tokens[0])
        assert st.referee.game.current.ended
    assert st.referee.status == "finished"
    rounds = st.referee.game.rounds
    assert all(any(e.seat == s for r in rounds for e in r.events) for s in (1, 2))


def test_computer_move_waits_for_the_person_and_is_a_legal_event(station):
    st = station
    st.setup_game(PIN, ["Ana", "Bot"], "hub", 9, {}, hidden_hands=False, computers={"1": "random"})
    st.start_round(PIN)
    rnd = st.referee.game.current
    move = st.computer_move()
    if rnd.seat_to_act() == 0:
        assert move is None
    else:
        seat, event = move
        assert Event.from_dict({**event, "seat": seat}) in rnd.legal_events


@pytest.mark.parametrize("computers, hidden, words", [
    ({"5": "greedy"}, False, "no seat"),
    ({"1": "clever"}, False, "not one of"),
    ({"1": "greedy"}, True, "virtual tiles"),
    ({"0": "greedy", "1": "random"}, False, "person"),
])
def test_bad_computer_seats_are_refused_naming_the_field(station, computers, hidden, words):
    with pytest.raises(StationError, match=words) as info:
        station.setup_game(PIN, ["Ana", "Bot"], "hub", 9, {}, hidden_hands=hidden, computers=computers)
    assert info.value.facts["field"] == "computers"


def test_hint_names_legal_plays_and_the_longest_train_and_can_be_switched_off(station):
    st = station
    st.setup_game(PIN, ["Ana", "Ben"], "hub", 9, {}, hidden_hands=False)
    tokens = join_all(st, 2)
    st.start_round(PIN)
    rnd = st.referee.game.current
    seat = rnd.seat_to_act()
    hint = st.seat_hint(seat, tokens[seat], budget=50, seed=1)
    legal = [e for e in rnd.legal_events if e.seat == seat]
    assert hint["playouts"] == (0 if len(legal) == 1 else 50)    # a forced move runs no playouts
    assert [Event.from_dict({**p["event"], "seat": seat}) in legal for p in hint["plays"]] == [True] * len(legal)
    hand = {str(t) for t in rnd.hands[seat]}
    end = hint["open_end"]
    for laid in hint["longest"]:
        near, far = map(int, laid.split("-"))
        assert near == end and (f"{min(near, far)}-{max(near, far)}" in hand)
        end = far
    st.setup_game(PIN, ["Ana", "Ben"], "hub", 9, {}, hidden_hands=False, hints=False)
    tokens = join_all(st, 2)
    st.start_round(PIN)
    with pytest.raises(StationError) as info:
        st.seat_hint(0, tokens[0])
    assert info.value.code == "hints-off"


def test_hidden_hands_without_a_registered_hand_get_no_hint(station):
    st = station
    st.setup_game(PIN, ["Ana", "Ben"], "hub", 9, {})
    tokens = join_all(st, 2)
    st.start_round(PIN)
    with pytest.raises(StationError) as info:
        st.seat_hint(0, tokens[0])
    assert info.value.code == "no-hand"


def test_the_running_station_plays_its_computer_seats_after_the_pause(tmp_path):
    from station.service import Station

    async def main():
        st = Station(str(tmp_path), host_pin=PIN, computer_pause=0)
        await st.start()
        try:
            st.setup_game(PIN, ["Bot", "Ana"], "hub", 9, {}, hidden_hands=False, computers={"0": "greedy"})
            st.start_round(PIN)
            rnd = st.referee.game.current
            for _ in range(500):
                if rnd.seat_to_act() != 0:
                    break
                await asyncio.sleep(0.01)
            assert rnd.seat_to_act() == 1 and any(e.seat == 0 for e in rnd.events)
        finally:
            await st.stop()
    asyncio.run(main())


def test_the_hint_api_answers_the_seat_and_refuses_a_hidden_hand(station):
    from fastapi.testclient import TestClient

    from web.app import create_app

    st = station
    client = TestClient(create_app(st, allowed_hosts={"testserver"}))
    H = {"X-Host-Pin": PIN}
    r = client.post("/api/host/setup", json={"players": ["Ana", "Bot"], "set": 9, "hidden_hands": False,
                                             "computers": {"1": "greedy"}}, headers=H)
    assert r.status_code == 200 and r.json()["game"]["computers"] == {"1": "greedy"}
    token = join_all(st, 1)[0]
    client.post("/api/host/start", headers=H)
    body = client.get("/api/seat/0/hint", headers={"X-Seat-Token": token}).json()
    moves = [e for e in st.referee.game.current.legal_events if e.seat == 0]
    # The deal is random: a seat with one move (a play, or a draw) gets a forced hint and no
    # playouts; a seat with a choice gets 1,000.
    if len(moves) == 1:
        assert body["forced"] and body["playouts"] == 0 and len(body["plays"]) == 1
    else:
        assert not body["forced"] and body["playouts"] >= 1000 and len(body["plays"]) >= 2
    assert client.get("/api/seat/0/hint", headers={"X-Seat-Token": "nope"}).status_code == 403
    r = client.post("/api/host/setup", json={"players": ["Ana", "Bot"], "computers": {"1": "wise"}}, headers=H)
    assert r.status_code == 422 and "Computer players" in r.json()["text"]
    client.post("/api/host/setup", json={"players": ["Ana", "Bot"], "set": 9}, headers=H)
    token = join_all(st, 1)[0]
    client.post("/api/host/start", headers=H)
    r = client.get("/api/seat/0/hint", headers={"X-Seat-Token": token})
    assert r.status_code == 409 and r.json()["code"] == "no-hand" and "register" in r.json()["text"]


def test_a_registered_hidden_hand_gets_a_hint_of_its_own_tiles(station):
    st = station
    st.setup_game(PIN, ["Ana", "Ben"], "hub", 9, {})
    tokens = join_all(st, 2)
    st.start_round(PIN)
    me = st.seat_view(0, tokens[0])["me"]
    tiles = me["free"][:me["tile_count"]]
    st.register_hand(0, tokens[0], tiles)
    hint = st.seat_hint(0, tokens[0], budget=40, seed=2)
    assert hint["playouts"] == 40 and hint["plays"]
    plays = [p["event"] for p in hint["plays"] if "play" in p["event"]]
    assert all(p["play"] in tiles for p in plays)
    assert {p["event"].get("draw") for p in hint["plays"] if not p["event"].get("play")} <= {True, None}
