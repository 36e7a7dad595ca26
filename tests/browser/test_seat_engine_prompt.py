"""classic on real tiles, nobody dealt the engine: the phone of the seat that drew last is told to
place it, and its "I placed the engine" places it (station/engine_search.py, seat page prompt); the
context strip of every page says who may place it."""
from __future__ import annotations

import re

from playwright.sync_api import expect
from support import PIN, joined, shot, wait_for


def test_the_seat_that_drew_is_asked_to_place_the_engine(server, phone):
    station = server.station
    station.setup_game(PIN, ["Ana", "Ben", "Chi"], "classic", 9, {}, hidden_hands=True)
    tokens = [station.join(s, station.seat_code(s, PIN)) for s in range(3)]
    station.start_round(PIN)
    ana, ben = joined(phone, server, 0, tokens[0]), joined(phone, server, 1, tokens[1])
    ana.click("#btn-draw")
    expect(ana.locator("#prompt")).to_have_text(
        "You drew the engine 9-9? Place it now and tap “I placed the engine”. If not, Ben draws next.")
    expect(ben.locator("#prompt")).to_be_hidden()          # Ben draws next; the question is Ana's
    expect(ana.locator("#btn-engine")).to_be_visible()
    # the strip says who may place the engine (the station's prompt), not "Turn: Ben"
    hub = phone("en").new_page()
    hub.goto(server.url + "/hub")
    for page in (ana, ben, hub):
        expect(page.locator("#strip-main")).to_contain_text(re.compile(r"Engine: .{0,3}Ana may place it; then .{0,3}Ben draws"))
        expect(page.locator("#strip-main")).not_to_contain_text("Turn:")
    shot(ana, "seat-engine-drawn")
    ana.click("#btn-engine")
    expect(ana.locator("#prompt")).to_be_hidden()
    wait_for(lambda: station.referee.round.engine_placed, what="the engine placed")
    assert station.view()["result"]["state"]["turn"] == 0
