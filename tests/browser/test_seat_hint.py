"""The seat page's "Hint" button (issue 14): with virtual tiles the player taps Hint and sees a
legal move suggested, how many playouts it rests on, and the longest train of the hand; the host
set-up can add computer seats, which the running station plays by itself."""
from __future__ import annotations

import re

from playwright.sync_api import expect
from support import PIN, joined, shot, wait_for


def test_hint_suggests_a_legal_move_and_the_longest_train(server, phone):
    station = server.station
    station.setup_game(PIN, ["Ana", "Ben"], "hub", 9, {}, hidden_hands=False)
    tokens = [station.join(i, station.seat_code(i, PIN)) for i in range(2)]
    station.start_round(PIN)
    page = joined(phone, server, 0, tokens[0])
    with station.lock:
        rnd = station.referee.round
        assert rnd.turn == 0
        legal = [e for e in rnd.legal_events if e.seat == 0]
    button = page.get_by_role("button", name="Hint")
    expect(button).to_be_visible()
    button.click()
    move = page.locator("#hint-move")
    plays = {str(e.tile) for e in legal if e.kind == "play"}
    if len(legal) == 1:          # the random deal left one move: the page names it, no playouts
        expect(move).to_contain_text("Your only move:", timeout=20_000)
        text = move.inner_text()
        assert "playouts" not in text and (not plays or next(iter(plays)) in text), (text, plays)
        return
    expect(move).to_contain_text("Suggested:", timeout=20_000)
    text = move.inner_text()
    assert re.search(r"\(1,000 playouts, (clear favourite|close call)\)", text), text
    shown = re.match(r"Suggested: (\S+) on ", text)
    assert (shown and shown.group(1) in plays) or (not plays and "boneyard" in text), (text, plays)
    expect(page.locator("#hint-longest")).to_contain_text("Longest train from your open end:")
    # each tile of the longest train reads whole on one line ("6-4", not "6-" then "4")
    for tile in page.locator("#hint-longest .tile-text").all():
        assert re.fullmatch(r"\d+-\d+", tile.inner_text()), tile.inner_text()
        assert tile.evaluate("e => getComputedStyle(e).whiteSpace") == "nowrap"
        assert tile.evaluate("e => e.getClientRects().length") == 1
    shot(page, "seat-hint")


def test_hints_switched_off_hide_the_button(server, phone):
    station = server.station
    station.setup_game(PIN, ["Ana", "Ben"], "hub", 9, {}, hidden_hands=False, hints=False)
    tokens = [station.join(i, station.seat_code(i, PIN)) for i in range(2)]
    station.start_round(PIN)
    page = joined(phone, server, 0, tokens[0])
    expect(page.locator("#my-hand li").first).to_be_visible()
    expect(page.get_by_role("button", name="Hint")).to_be_hidden()


def virtual_setup_form(phone, server, names: list[str]):
    """A host phone unlocked on /host with virtual tiles and one name row per ``names`` filled in
    (an empty string leaves its row empty); returns (page, the name inputs)."""
    page = phone().new_page()
    page.goto(server.url + "/host")
    page.fill("#pin", PIN)
    page.locator("#pin-form button[type=submit]").click()
    expect(page.locator("#setup-form")).to_be_visible()
    page.locator("#tiles-virtual").check()
    inputs = page.locator("#names input")
    while inputs.count() < len(names):
        page.click("#btn-add")
    for i, name in enumerate(names):
        inputs.nth(i).fill(name)
    return page, inputs


def test_host_adds_a_computer_seat_that_plays_by_itself(server, phone):
    station = server.station
    station.computer_pause = 0.3
    page, inputs = virtual_setup_form(phone, server, ["Bot", "Ana"])
    page.locator("#names select.who").nth(0).select_option("greedy")
    page.locator("#setup-form button[type=submit]").click()
    wait_for(lambda: station.referee is not None and station.referee.setup.get("computers") == {"0": "greedy"},
             what="the computer seat in the set-up")
    station.start_round(PIN)
    wait_for(lambda: any(e.seat == 0 for e in station.referee.round.events), what="the computer to move")


def test_a_computer_row_left_without_a_name_is_refused_not_dropped(server, phone):
    """A fresh user chose "Computer (medium)" on a third row but typed no name: the game was set
    up for 2 players without a word. Now the station's refusal is shown and nothing is set up."""
    station = server.station
    page, inputs = virtual_setup_form(phone, server, ["Ana", "Ben", ""])
    page.locator("#names select.who").nth(2).select_option("greedy")
    page.locator("#setup-form button[type=submit]").click()
    expect(page.get_by_text("Check “Players”: it is empty.").first).to_be_visible(timeout=10_000)
    assert station.referee is None or station.referee.names != ["Ana", "Ben"]
    inputs.nth(2).fill("Cy")
    page.locator("#setup-form button[type=submit]").click()
    wait_for(lambda: station.referee is not None and list(station.referee.names) == ["Ana", "Ben", "Cy"]
             and station.referee.setup.get("computers") == {"2": "greedy"}, what="the 3-seat set-up")
