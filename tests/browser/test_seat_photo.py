"""A seat counts its hand from a photo at a real-tile round end (issue 20), at phone size: the
photo (rendered by tools/tile_photos.py) is chosen in the file input, the page scales and uploads
it, shows each tile outlined with its reading, and Send records it as the seat's reveal: the
round score follows. With a wrong tile count the page names the tile in doubt, and nothing is
recorded."""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect
from support import PIN, SHOTS, joined, unlock_host

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "vision"))
pytest.importorskip("cv2")
from photo_helpers import photo  # noqa: E402

NAMES = ["Ana", "Ben", "Chi", "Dee"]


def real_tile_round_end(station):
    """hub, double-6, two tiles each, real tiles: the round ends with Ana out, the others holding
    one tile each. Returns the seat tokens."""
    station.setup_game(PIN, NAMES, "hub", 6, {"hand_size": 2}, hidden_hands=True)
    station.start_round(PIN)
    tokens = [station.join(i, station.seat_code(i, PIN)) for i in range(4)]
    for seat, tile in ((0, "6-1"), (1, "6-2"), (2, "6-3"), (3, "6-4"), (0, "1-2")):
        station.submit(seat, tokens[seat], {"play": tile, "on": seat}, station.view()["version"])
    return tokens


def upload(page, tmp_path, tiles, seed):
    path = tmp_path / "hand.jpg"
    path.write_bytes(photo(tiles, seed=seed))
    expect(page.locator("#btn-photo")).to_be_visible()
    page.set_input_files("#photo-input", str(path))
    # the reading takes a second or two, more while the first photo imports OpenCV on a busy machine
    expect(page.locator("#photo-confirm")).to_be_visible(timeout=60_000)


def test_photo_counts_the_hand(server, phone, tmp_path):
    station = server.station
    tokens = real_tile_round_end(station)
    ben = joined(phone, server, 1, tokens[1])
    expect(ben.locator("#count-card")).to_be_visible()
    upload(ben, tmp_path, ["3-5"], seed=2)
    tiles = ben.locator("#photo-tiles button")
    expect(tiles).to_have_count(1)
    read = tiles.first.get_attribute("data-tile")
    assert sorted(read.split("-")) == ["3", "5"]
    expect(ben.locator("#photo-marks polygon")).to_have_count(1)
    expect(ben.locator("#photo-status")).to_have_text("1 tile, 8 points")
    SHOTS.mkdir(parents=True, exist_ok=True)
    ben.screenshot(path=str(SHOTS / "seat-photo-confirm.png"), full_page=True)
    assert station.view()["result"]["rounds"][0].get("scores") in (None, [])     # nothing yet
    ben.click("#btn-photo-send")
    expect(ben.locator("#count-card")).to_be_hidden()
    for seat, pips in ((2, 5), (3, 9)):
        station.reveal(seat, tokens[seat], pips)
    expect(ben.locator("#my-round-score")).to_contain_text("8")
    ana = joined(phone, server, 0, tokens[0])
    expect(ana.locator('#round-scores tr[data-seat="1"] td').first).to_have_text("8")
    assert station.export()["rounds"][0]["reveal"][1] in (["3-5"], ["5-3"])


def test_wrong_tile_count_names_the_tile_in_doubt(server, phone, tmp_path):
    station = server.station
    tokens = real_tile_round_end(station)
    ben = joined(phone, server, 1, tokens[1])
    version = station.view()["version"]
    upload(ben, tmp_path, ["3-5", "0-4", "2-5"], seed=1)
    expect(ben.locator("#photo-tiles button")).to_have_count(3)
    problems = ben.locator("#photo-problems li")
    expect(problems).to_have_count(2)
    expect(problems.first).to_contain_text("is in doubt: 3 tiles were read but you hold 1.")
    expect(ben.locator("#photo-tiles button.doubt")).to_have_count(2)
    expect(ben.locator("#photo-marks polygon.doubt")).to_have_count(2)
    ben.screenshot(path=str(SHOTS / "seat-photo-doubt.png"), full_page=True)
    assert station.view()["version"] == version                       # nothing recorded
    # sending three tiles for a hand of one is refused by the station, and still nothing is recorded
    ben.click("#btn-photo-send")
    expect(ben.locator("#toast")).to_be_visible()
    assert station.view()["version"] == version
    expect(ben.locator("#count-card")).to_be_visible()


def test_host_keeps_photos_for_disputes(server, phone, tmp_path):
    station = server.station
    host = unlock_host(phone, server)
    switch = host.locator("#keep-photos")
    expect(switch).not_to_be_checked()                       # off by default
    switch.check()
    expect(switch).to_be_checked()
    tokens = real_tile_round_end(station)
    assert station.keep_photos(PIN) == {"keep": True}
    ben = joined(phone, server, 1, tokens[1])
    upload(ben, tmp_path, ["3-5"], seed=2)
    ben.click("#btn-photo-send")
    expect(ben.locator("#count-card")).to_be_hidden()
    page = phone("en").new_page()
    page.goto(f"{server.url}/games/{station.game_id}")
    link = page.locator("#stored-photos a.stored-photo")
    expect(link).to_have_count(1)
    expect(link).to_have_text("Round 1 · Ben")
    shown = page.request.get(server.url + link.get_attribute("href"))
    assert shown.status == 200 and shown.headers["content-type"] == "image/jpeg"
    from vision.decode import image_size
    kind, w, h = image_size(shown.body())                     # the photo as the page uploaded it (scaled)
    assert kind == "jpeg" and 0 < max(w, h) <= 1600
    assert shown.body() == station.store.photo(station.game_id, 0, 1)


def test_an_early_photo_shows_the_stations_refusal(server, phone, tmp_path):
    """A photo that reaches the station while the round is still played (a stale page, a second
    tab): the page says when to take it, in the page's language, not "The round is over."."""
    station = server.station
    station.setup_game(PIN, NAMES, "hub", 6, {"hand_size": 2}, hidden_hands=True)
    station.start_round(PIN)
    tokens = [station.join(i, station.seat_code(i, PIN)) for i in range(4)]
    path = tmp_path / "hand.jpg"
    path.write_bytes(photo(["3-5"], seed=2))
    version = station.view()["version"]
    for lang in ("en", "so"):
        ben = joined(phone, server, 1, tokens[1], lang=lang)
        ben.set_input_files("#photo-input", str(path))         # the input is there, its card hidden
        status = ben.locator("#photo-status")
        expect(status).not_to_have_text(re.compile(r"^$|…$"), timeout=60_000)
        said = status.text_content()
        assert said not in ("The round is over.", "Wareeggu wuu dhammaaday."), said
        if lang == "en":
            assert said == "Photograph your tiles when the round is over and your count is due.", said
        else:
            assert said and not said.startswith("Photograph"), said
    assert station.view()["version"] == version                       # nothing recorded
