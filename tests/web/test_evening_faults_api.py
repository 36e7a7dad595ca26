"""Faults fresh users still found at the end of an evening (issue 19, second pass), through the API
and the live socket: the virtual hub's train slots are empty at a new game and a new round (a tile
put in then is the train's first, and the seat to act is asked which it was); a seat the game in
play does not have is refused over the socket and on joining in words naming it; a wrong host PIN
says nothing of seat codes."""
from __future__ import annotations

from api_helpers import H, join_seats, wait_view


def new_game(client, names):
    r = client.post("/api/host/setup", json={"players": names, "profile": "hub", "set": 6,
                                             "options": {"hand_size": 2}}, headers=H)
    assert r.status_code == 200, r.text
    assert client.post("/api/host/start", headers=H).status_code == 200


def asked(view):
    return (view["prompt"] or {}).get("kind") == "start-train"


def test_a_tile_in_a_train_slot_after_a_new_game_asks_the_seat_to_act(client):
    new_game(client, ["Ana", "Ben"])
    assert client.post("/api/hub/slot", json={"slot": "mexican", "occupied": True}).status_code == 200
    first = wait_view(client, asked, "Ana's prompt in game 1")
    assert first["prompt"]["seat"] == 0 and first["hardware"]["slots"]["mexican"] is True
    # a new game: the table is cleared, so is the virtual hub's Mexican slot
    new_game(client, ["Ana", "Ben", "Chi"])
    cleared = wait_view(client, lambda v: not v["hardware"]["slots"]["mexican"], "the Mexican slot emptied")
    assert cleared["prompt"] is None
    # the tile the seat to act puts in it asks that seat which tile it was (before: it took the old one out)
    assert client.post("/api/hub/slot", json={"slot": "mexican", "occupied": True}).status_code == 200
    again = wait_view(client, asked, "the prompt in game 2")
    assert again["prompt"]["seat"] == again["result"]["state"]["turn"]
    assert again["prompt"]["facts"]["train"] == "mexican"


def test_a_new_round_empties_the_train_slots_and_keeps_the_engine(client):
    new_game(client, ["Ana", "Ben"])
    for slot in ("seat0", "engine"):
        assert client.post("/api/hub/slot", json={"slot": slot, "occupied": True}).status_code == 200
    wait_view(client, lambda v: v["hardware"]["slots"]["seat0"] and v["hardware"]["slots"]["engine"], "two tiles in")
    r = client.post("/api/host/end", json={"abandon": False}, headers=H)
    assert r.status_code == 200, r.text
    new_game(client, ["Ana", "Ben"])
    view = wait_view(client, lambda v: not v["hardware"]["slots"]["seat0"], "Ana's slot emptied")
    assert view["hardware"]["slots"]["engine"] is True


def test_the_socket_refuses_a_seat_the_new_game_lacks_in_words(client):
    new_game(client, ["Ana", "Ben", "Chi"])
    old_game = client.get("/api/view").json()["game"]["id"]
    token = join_seats(client, 3)[2]
    new_game(client, ["Ana", "Ben"])
    with client.websocket_connect(f"/ws?seat=2&token={token}") as ws:
        error = ws.receive_json()
        assert error["type"] == "error" and error["code"] == "bad-request"
        assert error["facts"]["why"] == "not-in-game" and error["facts"]["played"] == old_game
        assert error["facts"]["seats"] == 2
        view = ws.receive_json()
        assert view["type"] == "view" and "me" not in view["view"]
    r = client.post("/api/seat/7/join", json={"code": "ABCDE"})
    assert r.status_code == 400 and r.json()["facts"]["why"] == "not-in-game"
    assert r.json()["text"] == "This game has no seat 7."


def test_a_wrong_host_pin_says_nothing_of_seat_codes(client):
    r = client.post("/api/host/check", headers={"X-Host-Pin": "0000"})
    assert r.status_code == 403
    assert r.json()["text"] == "That is not the host PIN."
    assert "code" not in client.post("/api/host/check?lang=so", headers={"X-Host-Pin": "0000"}).json()["text"]
