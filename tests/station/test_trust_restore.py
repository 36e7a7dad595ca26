"""The last game stays on every page after a restart (clean or SIGKILL) until a new game is set up,
and the host can reopen any stored game's scoreboard and export it (issue 13)."""
from __future__ import annotations

import os
import signal

import httpx
from fastapi.testclient import TestClient
from test_kill_restart import free_port, start_station

from engine.record import replay
from station.service import Station
from web.app import create_app

PIN = "1357"          # test_kill_restart's start_station runs with this PIN
HOST = {"X-Host-Pin": PIN}
SETUP = {"players": ["Ana", "Ben"], "profile": "hub", "set": 6, "options": {"hand_size": 1},
         "hidden_hands": False}


def set_up(client) -> list[str]:
    """Set up SETUP (the station deals) and join both seats; returns the tokens."""
    assert client.post("/api/host/setup", headers=HOST, json=SETUP).status_code == 200
    tokens = []
    for seat in range(2):
        code = client.get(f"/api/host/seat/{seat}/code", headers=HOST).json()["code"]
        tokens.append(client.post(f"/api/seat/{seat}/join", json={"code": code}).json()["token"])
    return tokens


def play_out(client, tokens) -> dict:
    """Play every round through the API, each seat taking the first move the station offers;
    returns the final view."""
    for _ in range(2000):
        view = client.get("/api/view").json()
        status = view["game"]["status"]
        if status == "finished":
            return view
        if status in ("ready", "round-over"):
            assert client.post("/api/host/start", headers=HOST).status_code == 200
            continue
        seat = view["result"]["state"]["turn"]
        options = client.get(f"/api/seat/{seat}/view", headers={"X-Seat-Token": tokens[seat]}).json()["me"]["options"]
        plays = [(on, tile) for on, tiles in options["play"].items() for tile in tiles]
        if plays:
            on, tile = plays[0]
            event = {"play": tile, "on": on if on == "mexican" else int(on)}
        else:
            event = {next(k for k in ("draw", "pass", "done") if options[k]): True}
        r = client.post(f"/api/seat/{seat}/submit", headers={"X-Seat-Token": tokens[seat]},
                        json={"event": event, "version": view["version"]})
        assert r.status_code == 200, r.text
    raise AssertionError("the game did not end")


def final_standings(view: dict) -> list:
    return [(row["name"], row["total"], row["rank"]) for row in view["standings"]]


def test_a_clean_restart_keeps_the_finished_game_on_every_page(tmp_path):
    st = Station.mock(str(tmp_path), host_pin=PIN)
    with TestClient(create_app(st, allowed_hosts={"testserver"})) as c:
        final = play_out(c, set_up(c))
    st.store.close()
    st.hub.close()

    st = Station.mock(str(tmp_path), host_pin=PIN)
    try:
        with TestClient(create_app(st, allowed_hosts={"testserver"})) as c:
            after = c.get("/api/view").json()
            assert after["game"]["status"] == "finished"
            assert final_standings(after) == final_standings(final)
            assert after["result"]["winners"] == final["result"]["winners"]
            page = c.get("/").text
            assert '"standings"' in page and "Ana" in page
            # the game is over: moves are refused, nothing changes
            assert c.post("/api/host/start", headers=HOST).status_code == 409
    finally:
        st.store.close()
        st.hub.close()


def test_an_abandoned_game_stays_until_a_new_one_then_the_host_reopens_it(tmp_path):
    st = Station.mock(str(tmp_path), host_pin=PIN)
    with TestClient(create_app(st, allowed_hosts={"testserver"})) as c:
        set_up(c)
        assert c.post("/api/host/start", headers=HOST).status_code == 200
        assert c.post("/api/host/end", headers=HOST, json={"abandon": True}).status_code == 200
        first = c.get("/api/view").json()
    st.store.close()
    st.hub.close()

    st = Station.mock(str(tmp_path), host_pin=PIN)
    try:
        with TestClient(create_app(st, allowed_hosts={"testserver"})) as c:
            view = c.get("/api/view").json()
            assert view["game"]["id"] == first["game"]["id"] and view["game"]["status"] == "abandoned"
            tokens = set_up(c)                                 # a new game replaces it on every page
            second = c.get("/api/view").json()["game"]["id"]
            assert second != first["game"]["id"]
            assert c.post("/api/host/start", headers=HOST).status_code == 200
            assert c.post("/api/seat/0/submit", headers={"X-Seat-Token": tokens[0]},
                          json={"event": {"draw": True}, "version": c.get("/api/view").json()["version"]}).status_code in (200, 409)
            assert c.post("/api/host/end", headers=HOST, json={"abandon": False}).status_code == 200
            final = c.get("/api/view").json()
            games = c.get("/api/host/games", headers=HOST).json()
            assert [g["id"] for g in games] == [second, first["game"]["id"]]
            assert [g["shown"] for g in games] == [True, False]
            # reopen the first game's scoreboard; export either one
            shown = c.post("/api/host/show", headers=HOST, json={"game_id": first["game"]["id"]})
            assert shown.status_code == 200, shown.text
            assert shown.json()["game"]["status"] == "abandoned"
            record = c.get(f"/api/host/export?game_id={second}", headers=HOST).json()
            result, status = replay(record)
            assert status == 0 and result["totals"] == final["result"]["totals"]
            assert [r["engine"] for r in result["rounds"]] == [r["engine"] for r in final["result"]["rounds"]]
            missing = c.post("/api/host/show", headers=HOST, json={"game_id": 999})
            assert missing.status_code == 404 and missing.json()["facts"]["field"] == "game_id", missing.text
            assert c.post("/api/host/show", headers=HOST, json={"game_id": 2 ** 64}).status_code == 422
    finally:
        st.store.close()
        st.hub.close()
    st = Station.mock(str(tmp_path), host_pin=PIN)      # the reopened game stays on show after a restart
    try:
        assert st.view()["game"]["id"] == first["game"]["id"]
    finally:
        st.store.close()
        st.hub.close()


def test_a_sigkill_after_the_last_round_keeps_the_final_standings_on_the_scoreboard(tmp_path):
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = start_station(str(tmp_path), port)
    try:
        with httpx.Client(base_url=base, timeout=10) as c:
            final = play_out(c, set_up(c))
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
    proc = start_station(str(tmp_path), port)
    try:
        with httpx.Client(base_url=base, timeout=10) as c:
            after = c.get("/api/view").json()
            assert after["game"]["status"] == "finished"
            assert final_standings(after) == final_standings(final)
            page = c.get("/")
            assert page.status_code == 200 and '"standings"' in page.text
    finally:
        proc.terminate()
        proc.wait(timeout=10)
