"""Set-up from the defaults: every set the host page offers, for every player count of each profile,
either sets up (a stated hand size where the deal table has no row: station/deal_default.py) and
deals, or is refused with the station's own reason, worded on the page (rules.md 2, 3, 4)."""
from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from station_helpers import PIN

from engine.options import DEAL_TABLES, PLAYER_RANGE
from engine.tiles import full_set
from station.interface import StationError
from web.app import create_app

SETS = (None, 6, 9, 12, 15, 18)          # the page's "Automatic" and its five sets


@pytest.mark.parametrize("profile", ["classic", "hub"])
def test_every_set_and_player_count_sets_up_or_says_why(station, profile):
    low, high = PLAYER_RANGE[profile]
    for players in range(1, 16):
        names = [f"P{i}" for i in range(players)]
        for top in SETS:
            if not low <= players <= high:
                with pytest.raises(StationError):
                    station.preview_setup(PIN, names, profile, top, {})
                with pytest.raises(StationError) as err:
                    station.setup_game(PIN, names, profile, top, {}, hidden_hands=False)
                assert err.value.facts["option"] == "players"
                assert f"{low} to {high} players" in err.value.message
                continue
            preview = station.preview_setup(PIN, names, profile, top, {})
            view = station.setup_game(PIN, names, profile, top, {}, hidden_hands=False)
            game, deal = view["game"], view["game"]["deal"]
            assert preview == {**deal, "set": game["set"], "rounds": game["rounds_total"],
                               "house": game["house"], "moot": game["moot"]}
            engine_aside = profile == "hub"
            tiles = len(full_set(game["set"])) - engine_aside
            assert deal["hand_size"] >= 1 and deal["boneyard"] >= 0
            assert players * deal["hand_size"] + deal["boneyard"] == tiles
            row = DEAL_TABLES[profile].get(game["set"], {}).get(players)
            if row is not None:
                assert deal["hand_size"] == row and "default" not in deal
            else:                          # the stated default, and the log line says where from
                assert deal["default"]["hand_size"] == deal["hand_size"]
                assert deal["default"]["table"] == profile
                assert ("as the classic rules deal" if deal["default"]["from"] == "classic" else "the most that deals") \
                    in view["log"][-1]["text"]
            # the deal is real: the station deals that many tiles to each seat
            station.start_round(PIN)
            hands = station.export()["rounds"][0]["hands"]
            assert [len(h) for h in hands] == [deal["hand_size"]] * players


def test_hub_double_6_for_three_takes_the_classic_row(station):
    view = station.setup_game(PIN, ["Ana", "Ben", "Chi"], "hub", 6, {})
    assert view["game"]["deal"] == {"hand_size": 7, "boneyard": 27 - 21, "default": {
        "hand_size": 7, "from": "classic", "table": "hub", "set": 6, "players": 3}}
    assert "7 tiles each (as the classic rules deal: the hub's rules give no hand size for 3 players with double-6), 6 in the boneyard" \
        in view["log"][-1]["text"]
    # the hand size is in the record, so a replay deals the same
    assert station.export()["options"]["hand_size"] == 7


def test_a_classic_row_that_would_not_deal_gives_the_largest_hand_that_does(station):
    # hub sets the engine aside: 27 tiles; the classic row (7 each) would need 28
    deal = station.setup_game(PIN, ["A", "B", "C", "D"], "hub", 6, {})["game"]["deal"]
    assert (deal["hand_size"], deal["boneyard"], deal["default"]["from"]) == (6, 3, "largest")


def test_an_explicit_hand_size_is_kept_and_one_too_large_is_refused_with_the_numbers(station):
    deal = station.setup_game(PIN, ["Ana", "Ben"], "hub", 6, {"hand_size": 5})["game"]["deal"]
    assert deal == {"hand_size": 5, "boneyard": 17}
    with pytest.raises(StationError) as err:
        station.setup_game(PIN, ["Ana", "Ben"], "hub", 6, {"hand_size": 20})
    assert {k: err.value.facts[k] for k in ("option", "need", "have", "most")} == \
        {"option": "hand_size", "need": 40, "have": 27, "most": 13}


@pytest.fixture
def client(station):
    return TestClient(create_app(station, allowed_hosts={"testserver"}))


@pytest.mark.parametrize("body, status, words", [
    ({"players": ["Ana"] * 13, "profile": "hub"}, 400, "These rules take 2-12 players"),
    ({"players": ["Ana", "Ben"], "set": 6, "options": {"hand_size": 20}}, 400,
     "2 hands of 20 tiles need 40 tiles, but double-6 deals only 27: give at most 13 tiles each."),
    ({"players": ["Ana", " "]}, 400, "Give every player a name."),
    ({"players": ["Ana"]}, 422, "Check “Players”: give at least 2."),
    ({"players": ["Ana", "Ben"], "profile": "domino"}, 422, "Check “Rules”: choose one of"),
    ({"players": ["Ana", "Ben"], "set": "big"}, 422, "Check “Set”: give a whole number."),
])
def test_a_refused_setup_reaches_the_page_as_a_sentence(client, body, status, words):
    r = client.post("/api/host/setup", json=body, headers={"X-Host-Pin": PIN})
    assert r.status_code == status
    assert words in r.json()["text"] and "not understood" not in r.json()["text"]


def test_a_setup_refusal_is_worded_in_the_page_language(client):
    r = client.post("/api/host/setup?lang=so", json={"players": ["Ana"] * 13}, headers={"X-Host-Pin": PIN})
    assert r.status_code == 400 and "2-12" in r.json()["text"] and "These rules" not in r.json()["text"]
