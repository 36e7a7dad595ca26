"""POST /api/seat/N/photo (issue 20): a photo of the seat's tiles read and checked against what
the station knows, nothing recorded; hostile uploads get a 4xx naming what was wrong, with no
traceback and no memory blow-up; every other route keeps the 64 KiB cap."""
from __future__ import annotations

import resource
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "vision"))
from api_helpers import H, end_round  # noqa: E402

pytest.importorskip("cv2")
from photo_helpers import photo, png_bomb, polyglot  # noqa: E402


def send(client, game, seat, data, **headers):
    return client.post(f"/api/seat/{seat}/photo", content=data,
                       headers={"X-Seat-Token": game[seat], "Content-Type": "image/jpeg", **headers})


def pair(tile):
    return tuple(sorted(int(x) for x in tile.split("-")))


def test_photo_read_checked_and_not_recorded(client, game):
    end_round(client, game)
    me = client.get("/api/seat/1/view", headers={"X-Seat-Token": game[1]}).json()["me"]
    assert me["count"]["must"] and me["count"]["photo"]
    version = client.get("/api/view").json()["version"]
    r = send(client, game, 1, photo(["3-5"], seed=2))
    assert r.status_code == 200, r.text
    body = r.json()
    assert [pair(t["tile"]) for t in body["reading"]["tiles"]] == [(3, 5)]
    assert body["problems"] == [] and body["holds"] == 1
    assert len(body["reading"]["tiles"][0]["outline"]) == 4
    assert client.get("/api/view").json()["version"] == version           # nothing recorded
    # Send: the reading goes in as the seat's reveal, as tapped tiles do
    r = client.post("/api/seat/1/reveal", json={"hand": [body["reading"]["tiles"][0]["tile"]]},
                    headers={"X-Seat-Token": game[1]})
    assert r.status_code == 200
    end = client.get("/api/seat/1/view", headers={"X-Seat-Token": game[1]}).json()["me"]["round_end"]
    assert end["counted"][1] == 8
    # the count is in: no second photo
    r = send(client, game, 1, photo(["3-5"], seed=2))
    assert r.status_code == 400 and r.json()["code"] == "round-over"


def test_wrong_tile_count_names_the_tile_in_doubt(client, game):
    end_round(client, game)
    version = client.get("/api/view").json()["version"]
    r = send(client, game, 1, photo(["3-5", "0-4", "2-5"], seed=1))
    assert r.status_code == 200, r.text
    body = r.json()
    tiles = body["reading"]["tiles"]
    assert sorted(pair(t["tile"]) for t in tiles) == [(0, 4), (2, 5), (3, 5)]
    more = [p for p in body["problems"] if p["code"] == "count-more"]
    assert len(more) == 2 and all(p["found"] == 3 and p["holds"] == 1 for p in more)
    assert {p["index"] for p in more} <= {0, 1, 2} and all(p["tile"] == tiles[p["index"]]["tile"] for p in more)
    assert client.get("/api/view").json()["version"] == version


def test_tile_on_the_table_is_in_doubt(client, game):
    end_round(client, game)
    r = send(client, game, 2, photo(["1-6"], seed=2))
    assert r.status_code == 200, r.text
    body = r.json()
    assert [pair(t["tile"]) for t in body["reading"]["tiles"]] == [(1, 6)]
    assert [p["code"] for p in body["problems"]] == ["on-table"] and body["problems"][0]["index"] == 0


def test_photo_before_the_round_ends_is_refused(client, game):
    r = send(client, game, 1, photo(["3-5"], seed=2))
    assert r.status_code == 400 and r.json()["code"] == "round-over"


def test_an_early_or_late_photo_is_worded_as_such_not_as_the_round_being_over(client, game):
    """The seat page shows the refusal's ``text`` (seat-photo.js): a photo sent while the round is
    played is told when to take it, never "The round is over."."""
    early = {lang: send(client, game, 1, photo(["3-5"], seed=2), **{"Accept-Language": lang}).json()
             for lang in ("en", "so")}
    assert early["en"]["text"] == "Photograph your tiles when the round is over and your count is due."
    assert early["en"]["code"] == "round-over" and early["en"]["facts"]["why"] == "not-due"
    assert early["so"]["text"] not in (early["en"]["text"], "Wareeggu wuu dhammaaday."), early["so"]
    end_round(client, game)
    assert client.post("/api/seat/1/reveal", json={"hand": 8}, headers={"X-Seat-Token": game[1]}).status_code == 200
    late = send(client, game, 1, photo(["3-5"], seed=2)).json()
    assert late["code"] == "round-over" and late["text"].startswith("Your count is already in"), late


def test_a_photo_from_the_seat_that_went_out_is_told_it_has_nothing_to_count(client, game):
    """Seat 0 went out: it scores 0 and is never asked (rules.md 1, *Round score*); its photo is
    refused as such, not as "when the round is over", since the round is over."""
    end_round(client, game)
    r = send(client, game, 0, photo(["3-5"], seed=2), **{"Accept-Language": "so"})
    assert r.status_code == 400 and r.json()["facts"] == {"field": "photo", "why": "went-out"}, r.text
    assert r.json()["text"] == "Waad baxday: tiradaadu waa 0."


def test_photo_needs_the_seat_token(client, game):
    end_round(client, game)
    r = client.post("/api/seat/1/photo", content=b"x", headers={"X-Seat-Token": game[2]})
    assert r.status_code == 403


def _truncated():
    data = photo(["3-5"], seed=2)
    return data[: len(data) // 3]


@pytest.mark.parametrize("name,make,status,code", [
    ("empty", lambda: b"", 415, "photo-not-image"),
    ("text", lambda: b"I am not a picture at all" * 20, 415, "photo-not-image"),
    ("html", lambda: b"<html><body>hi</body></html>", 415, "photo-not-image"),
    ("truncated jpeg", _truncated, 400, "photo-undecodable"),
    ("png bomb", png_bomb, 413, "photo-too-large"),
    ("polyglot", polyglot, 422, "photo-nothing-found"),
    ("jpeg header only", lambda: b"\xff\xd8\xff\xe0\x00\x10JFIF", 400, "photo-undecodable"),
])
def test_hostile_upload_gets_a_4xx_naming_it(client, game, name, make, status, code):
    end_round(client, game)
    # one good photo read first: the reader's one-time set-up (OpenCV's buffers) is not this upload's
    assert send(client, game, 2, photo(["6-3"], seed=2)).status_code == 200
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    r = send(client, game, 1, make())
    assert r.status_code == status, (name, r.text)
    body = r.json()
    assert body["code"] == code and body["facts"]["field"] == "photo" and body["text"]
    assert "Traceback" not in r.text
    grown_mb = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    assert grown_mb < 150, (name, grown_mb)


def test_fifty_megabytes_refused_unread(client, game):
    end_round(client, game)
    r = send(client, game, 1, b"\xff\xd8\xff" + b"\0" * (50 * 1024 * 1024))
    assert r.status_code == 413 and r.json()["code"] == "too-large"
    assert r.json()["facts"]["max_bytes"] == 8 * 1024 * 1024
    assert r.json()["text"] == "That photo is too large: take it again at a smaller size."


def test_other_routes_keep_the_64_kib_cap(client, game):
    end_round(client, game)
    big = b'{"hand": [' + b'"1-2",' * 20000 + b'"1-2"]}'
    r = client.post("/api/seat/1/reveal", content=big,
                    headers={"X-Seat-Token": game[1], "Content-Type": "application/json"})
    assert r.status_code == 413 and r.json()["facts"]["max_bytes"] == 64 * 1024
    # a photo of the same size is read (its own limit)
    r = send(client, game, 1, photo(["3-5"], seed=2))
    assert r.status_code == 200 and len(photo(["3-5"], seed=2)) > 64 * 1024


def test_photo_words_its_refusal_in_the_page_language(client, game):
    end_round(client, game)
    r = client.post("/api/seat/1/photo?lang=so", content=b"not an image",
                    headers={"X-Seat-Token": game[1]})
    assert r.status_code == 415 and r.json()["text"] != r.json()["message"]


def test_photos_are_not_kept_by_default(client, game, station):
    end_round(client, game)
    assert client.get("/api/host/photos", headers=H).json() == {"keep": False}
    assert send(client, game, 1, photo(["3-5"], seed=2)).status_code == 200
    assert station.store.photos(station.game_id) == []
    assert client.get(f"/api/games/{station.game_id}").json()["stored"]["photos"] == []
    r = client.get(f"/api/games/{station.game_id}/photos/0/1")
    assert r.status_code == 404 and r.json()["code"] == "photo-not-kept"


def test_kept_photo_is_listed_with_the_game_and_goes_with_it(client, game, station):
    r = client.post("/api/host/photos", json={"keep": True}, headers=H)
    assert r.status_code == 200 and r.json() == {"keep": True}
    end_round(client, game)
    first, last = photo(["3-5", "0-4"], seed=1), photo(["3-5"], seed=2)
    assert send(client, game, 1, first).status_code == 200
    assert send(client, game, 1, last).status_code == 200          # the one read last is kept
    listed = client.get(f"/api/games/{station.game_id}").json()["stored"]["photos"]
    assert [(p["round"], p["seat"], p["bytes"]) for p in listed] == [(0, 1, len(last))]
    r = client.get(listed[0]["url"])
    assert r.status_code == 200 and r.headers["content-type"] == "image/jpeg" and r.content == last
    # the game's row goes: its photos go with it
    station.store.db.execute("DELETE FROM journal WHERE game_id = ?", (station.game_id,))
    station.store.db.execute("DELETE FROM games WHERE id = ?", (station.game_id,))
    assert station.store.photos(station.game_id) == []
    assert station.store.photo(station.game_id, 0, 1) is None


def test_keep_photos_switch_needs_the_pin_and_a_bool(client, game):
    assert client.post("/api/host/photos", json={"keep": True}).status_code == 401
    assert client.post("/api/host/photos", json={"keep": True}, headers={"X-Host-Pin": "0000"}).status_code == 403
    r = client.post("/api/host/photos", json={"keep": "maybe"}, headers=H)
    assert r.status_code == 422 and "keep" in r.text
    assert client.get("/api/host/photos", headers=H).json() == {"keep": False}


def test_a_photo_sent_as_a_form_is_told_to_send_the_picture_itself(client, game):
    """A fresh user's trial: ``curl -F file=@hand.jpg`` (a multipart form, a hobbyist's first try)
    was told only "not a JPEG, PNG or WebP image"; a form is refused before its body is read, the
    message saying to send the picture's bytes as the body, and nothing is recorded."""
    end_round(client, game)
    r = client.post("/api/seat/1/photo", files={"file": ("hand.jpg", photo(["3-5"], seed=2), "image/jpeg")},
                    headers={"X-Seat-Token": game[1]})
    assert r.status_code == 415, r.text
    body = r.json()
    assert (body["code"], body["facts"]) == ("photo-not-image", {"field": "photo", "why": "form"})
    assert "request body" in body["message"] and "multipart" in body["message"] and body["text"]
    # the same picture as the body is read
    assert send(client, game, 1, photo(["3-5"], seed=2)).status_code == 200
