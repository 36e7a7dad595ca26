"""Every page at phone size: accessibility (axe-core) in English and Pashto, the keep-awake toggle,
shared ranks on a tie, and reconnecting after the connection drops."""
from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect
from support import PIN, shot

NAMES = ["Ana", "Ben", "Chi", "Dee"]


def seat_tokens(station):
    return [station.join(i, station.seat_code(i, PIN)) for i in range(len(NAMES))]


def play_round_with_tie(station):
    """Round 1: Ana goes out; Ben and Chi count 5 each, Dee 7 -> Ben and Chi share rank 2."""
    station.setup_game(PIN, NAMES, "hub", 9, {"hand_size": 2})
    station.start_round(PIN)
    tokens = seat_tokens(station)
    for seat, tile in ((0, "9-1"), (1, "9-2"), (2, "9-3"), (3, "9-4"), (0, "1-5")):
        station.submit(seat, tokens[seat], {"play": tile, "on": seat}, station.view()["version"])
    for seat, pips in ((0, 0), (1, 5), (2, 5), (3, 7)):
        station.reveal(seat, tokens[seat], pips)
    return tokens


def join(page, server, seat, token):
    page.goto(server.url + "/")
    page.evaluate(f"localStorage.setItem('mt-seat-{seat}', '{token}')")
    page.goto(server.url + f"/seat/{seat}")
    expect(page.locator("#controller")).to_be_visible()


def serious(page):
    result = Axe().run(page)
    assert result.response["passes"], "axe-core did not run"
    return [v for v in result.response["violations"] if v.get("impact") in ("serious", "critical")]


@pytest.mark.parametrize("lang", ["en", "ps"])
def test_axe_every_page(server, phone, lang):
    station = server.station
    station.setup_game(PIN, NAMES, "hub", 9, {"hand_size": 3})
    station.start_round(PIN)
    tokens = seat_tokens(station)
    station.submit(0, tokens[0], {"play": "9-1", "on": 0}, station.view()["version"])
    ctx = phone(lang)
    page = ctx.new_page()
    problems = {}
    for path in ("/", "/table", "/hub", "/host", "/seat/1"):
        if path == "/seat/1":
            join(page, server, 1, tokens[1])
            page.click('#trains button[data-train="1"]')
            expect(page.locator("#tiles button").first).to_be_visible()
        else:
            page.goto(server.url + path)
        if path == "/host":
            page.fill("#pin", PIN)
            page.click("#pin-form button[type=submit]")
            expect(page.locator("#seats .qr svg")).to_have_count(4)
        expect(page.locator("#strip-main .chips")).to_be_visible()
        assert page.get_attribute("html", "dir") == ("rtl" if lang == "ps" else "ltr")
        shot(page, f"page{path.replace('/', '-') if path != '/' else '-scoreboard'}-{lang}")
        found = serious(page)
        if found:
            problems[path] = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in found]
    assert not problems, problems


def test_tie_shows_shared_rank(server, phone):
    play_round_with_tie(server.station)
    page = phone("en").new_page()
    page.goto(server.url + "/")
    shared = page.locator('#standings li[data-rank="2="]')
    expect(shared).to_contain_text("Ben")
    expect(shared).to_contain_text("Chi")
    expect(page.locator('#standings li[data-rank="1"]')).to_contain_text("Ana")
    shot(page, "scoreboard-tie-en")


def test_wake_toggle_starts_video_after_a_tap(server, phone):
    page = phone("en").new_page()
    page.goto(server.url + "/table")
    toggle = page.locator("#wake-toggle")
    expect(toggle).to_have_attribute("aria-pressed", "true")        # on by default on the table page
    page.locator("main h1").tap()                                   # the tap a browser wants before playing
    page.wait_for_function("!document.getElementById('wake-video').paused", timeout=20_000)
    expect(page.locator("#wake-status")).not_to_be_empty()
    toggle.tap()
    expect(toggle).to_have_attribute("aria-pressed", "false")
    page.wait_for_function("document.getElementById('wake-video').paused")
    toggle.tap()
    page.wait_for_function("!document.getElementById('wake-video').paused")
    # one default on every page with the toggle (web/pages.py WAKE_DEFAULT): a fresh phone finds it on
    for path in ("/", "/table", "/seat/0"):
        fresh = phone("en").new_page()
        fresh.goto(server.url + path)
        expect(fresh.locator("#wake-toggle")).to_have_attribute("aria-pressed", "true")
        expect(fresh.locator("#wake-toggle")).to_have_text("Keep screen on: on")


def test_reconnects_and_catches_up(server, phone):
    station = server.station
    station.setup_game(PIN, NAMES, "hub", 9, {"hand_size": 3})
    ctx = phone("en")
    page = ctx.new_page()
    page.goto(server.url + "/table")
    expect(page.locator("#strip-main")).to_contain_text("Waiting for the host")
    ctx.set_offline(True)
    page.evaluate("window.dispatchEvent(new Event('offline'))")
    station.start_round(PIN)
    # the socket may only notice the drop after its silent-socket timeout; the banner says so
    expect(page.locator("#conn-banner")).to_be_visible(timeout=30_000)
    expect(page.locator("#conn-banner")).to_contain_text("Reconnecting, table as of")
    ctx.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator("#conn-banner")).to_be_hidden(timeout=30_000)
    expect(page.locator("#strip-main")).to_contain_text("Round 1 of 10")


@pytest.mark.parametrize("lang", ["en", "ps"])
def test_wake_bar_is_one_slim_line_and_covers_nothing(server, phone, lang):
    """On a seat page the keep-awake bar is one line at most 44 px tall, and the page's last control
    scrolled to the bottom sits above it (the page has as much room below)."""
    station = server.station
    station.setup_game(PIN, NAMES, "hub", 9, {"hand_size": 3})
    token = seat_tokens(station)[0]
    station.start_round(PIN)
    page = phone(lang).new_page()
    page.goto(server.url + "/")
    page.evaluate(f"localStorage.setItem('mt-seat-0', '{token}')")
    page.goto(server.url + "/seat/0")
    expect(page.locator("#controller")).to_be_visible()
    page.locator("main").tap()                       # starts the video: the status line is written
    expect(page.locator("#wake-status")).not_to_be_empty()
    bar = page.locator("footer.wake").bounding_box()
    assert bar["height"] <= 44, bar
    button = page.locator("#wake-toggle").bounding_box()
    assert button["height"] <= bar["height"] and button["y"] >= bar["y"], (button, bar)
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.wait_for_function("Math.ceil(scrollY + innerHeight) >= document.documentElement.scrollHeight")
    leave = page.locator("#btn-leave").bounding_box()
    assert leave["y"] + leave["height"] <= page.locator("footer.wake").bounding_box()["y"], (leave, bar)
    assert not [v["id"] for v in Axe().run(page).response["violations"] if v.get("impact") in ("serious", "critical")]
    shot(page, f"seat-wake-bar-{lang}")
