"""The host page at phone size: set-up through its controls (the stated hand size where the deal
table has no row, a refused set-up's reason beside the button), the page in its two states (a game
in play shows its controls first, set-up folded away) and the one-line sticky navigation."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect
from support import PIN, SHOTS, shot, unlock_host, wait_for

from web.i18n import gettext_for


def phone_shot(page, name):
    """What the phone shows (390x844, from the top) and the whole page: ``name``.png, ``name``-full.png."""
    expect(page.locator("#toast")).to_be_hidden(timeout=10_000)
    page.evaluate("window.scrollTo(0, 0)")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))
    shot(page, f"{name}-full")


def fill_names(host, names):
    rows = host.locator("#names input")
    while rows.count() < len(names):
        host.click("#btn-add")
    while rows.count() > len(names):
        host.locator("#names .row").last.locator("button").click()
    for i, name in enumerate(names):
        rows.nth(i).fill(name)


def test_hub_double_6_for_three_sets_up_from_the_page_and_the_game_comes_first(server, phone):
    station = server.station
    host = unlock_host(phone, server)
    # no game: set-up is open, the game's controls are not offered
    expect(host.locator("#game-status")).to_have_text("No game yet: set up a game below.")
    expect(host.locator("#setup-box")).to_have_attribute("open", "")
    expect(host.locator("#controls")).to_be_hidden()
    phone_shot(host, "host-setup-empty")
    fill_names(host, ["Ana", "Ben", "Chi"])
    host.select_option("#profile", "hub")
    host.select_option("#set", "6")
    host.get_by_label("Virtual tiles").check()
    # before set-up, the station's deal is proposed as the form changes
    expect(host.locator("#setup-preview")).to_have_text(
        "Double-6 · Deal: 7 tiles each (as the classic rules deal: the hub's rules give no hand size for 3 players with double-6), 6 left in the boneyard")
    expect(host.locator("#hand-size")).to_have_attribute("placeholder", "7")
    host.click("#setup-form button[type=submit]")
    expect(host.locator("#game-status")).to_have_text("Game 1 · ready: start round 1 of 7")
    deal = station.view()["game"]["deal"]
    assert station.view()["game"]["hidden_hands"] is False
    expect(host.locator("#deal")).to_have_text(
        f"Deal: {deal['hand_size']} tiles each (as the classic rules deal: the hub's rules give no hand size for 3 players with double-6), "
        f"{deal['boneyard']} left in the boneyard")
    expect(host.locator("#seats .join-link")).to_have_count(3)
    expect(host.locator("#btn-undo")).to_be_disabled()
    expect(host.locator("#why-undo")).to_have_text("Nothing to undo yet.")
    box = host.locator('#seats .join-link[data-seat="0"]').bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44, box
    phone_shot(host, "host-ready")
    # the game starts: its controls first, set-up folded away, nothing the host cannot do enabled
    host.click("#btn-start")
    expect(host.locator("#game-status")).to_have_text("Game 1 · round 1 of 7 in play")
    expect(host.locator("#btn-start")).to_be_disabled()
    expect(host.locator("#why-start")).to_have_text("A round is in play.")
    expect(host.locator("#btn-undo")).to_be_enabled()
    expect(host.locator("#setup-box")).not_to_have_attribute("open", "")
    expect(host.locator("#addr-box")).not_to_have_attribute("open", "")
    controls = host.locator("#controls").bounding_box()
    setup = host.locator("#setup-box").bounding_box()
    assert controls["y"] < 844 and controls["y"] < setup["y"], (controls, setup)
    assert len(station.export()["rounds"][0]["hands"][0]) == deal["hand_size"]
    phone_shot(host, "host-in-game")


@pytest.mark.parametrize("names, hand, words", [
    (["Ana", "Ben"], "20", "2 hands of 20 tiles need 40 tiles, but double-6 deals only 27: give at most 13 tiles each."),
    (["Ana"], "", "Check “Players”: give at least 2."),
])
def test_a_refused_setup_shows_the_station_reason_beside_the_button(server, phone, names, hand, words):
    host = unlock_host(phone, server)
    fill_names(host, names)
    host.select_option("#set", "6")
    host.fill("#hand-size", hand)
    host.click("#setup-form button[type=submit]")
    expect(host.locator("#setup-error")).to_have_text(words)
    expect(host.locator("#setup-error")).to_be_visible()
    assert server.station.view()["game"] is None
    phone_shot(host, "host-setup-refused")


@pytest.mark.parametrize("lang", ["en", "ps"])
@pytest.mark.parametrize("path", ["/", "/host", "/hub", "/players"])
def test_navigation_is_one_line_and_the_strip_stays_below_it(server, phone, lang, path):
    server.station.setup_game(PIN, ["Ana", "Ben", "Chi"], "hub", 9, {})
    page = phone(lang).new_page()
    page.goto(server.url + path)
    expect(page.locator("#strip-main .chips")).to_be_visible()
    top = page.locator("header.top").bounding_box()
    links = page.locator("header.top nav a")
    heights = {round(links.nth(i).bounding_box()["y"]) for i in range(links.count())}
    assert len(heights) == 1 and top["height"] <= 60, (heights, top)
    # every link reads whole: the navigation fits, nothing scrolled out of sight ("coreboard")
    fit = page.evaluate("(() => { const n = document.querySelector('header.top nav'); "
                        "return [n.scrollWidth, n.clientWidth, n.scrollLeft]; })()")
    assert fit[0] <= fit[1] and fit[2] == 0, fit
    page.mouse.wheel(0, 2000)
    wait_for(lambda: page.evaluate("scrollY") > 0 or page.evaluate("document.body.scrollHeight <= innerHeight"),
             what="the page scrolled")
    strip = page.locator("#strip").bounding_box()
    header = page.locator("header.top").bounding_box()
    assert strip["y"] >= header["y"] + header["height"] - 1, (strip, header)
    current = page.locator('header.top nav a[aria-current="page"]')
    if current.count():
        b = current.bounding_box()
        assert 0 <= b["x"] and b["x"] + b["width"] <= 390, b


def test_host_status_is_worded_in_the_page_language(server, phone):
    _ = gettext_for("ps")
    server.station.setup_game(PIN, ["Ana", "Ben"], "hub", 9, {})
    server.station.start_round(PIN)
    host = unlock_host(phone, server, "ps")
    expect(host.locator("#game-status")).to_have_text(
        _("Game %(id)s · round %(r)s of %(n)s in play") % {"id": 1, "r": 1, "n": 10})
    assert "playing" not in host.locator("#host").inner_text()
    phone_shot(host, "host-in-game-ps")


def test_round_over_waits_for_counts_then_offers_the_next_round(server, phone):
    station = server.station
    station.setup_game(PIN, ["Ana", "Ben"], "hub", 9, {"hand_size": 1})
    tokens = [station.join(s, station.seat_code(s, PIN)) for s in range(2)]
    station.start_round(PIN)
    host = unlock_host(phone, server)
    station.submit(0, tokens[0], {"play": "9-4", "on": 0}, station.version)     # Ana goes out
    # Ana has no tile to count (she scores 0): the host waits for Ben only
    expect(host.locator("#game-status")).to_have_text(
        "Game 1 · round 1 of 10 over: waiting for counts from Ben")
    expect(host.locator("#btn-start")).to_be_disabled()
    expect(host.locator("#why-start")).to_have_text("Waiting for counts from Ben.")
    phone_shot(host, "host-round-over")
    station.reveal(1, tokens[1], 12)
    expect(host.locator("#game-status")).to_have_text("Game 1 · round 1 of 10 over: start round 2")
    expect(host.locator("#btn-start")).to_be_enabled()
    expect(host.locator("#correct-form")).to_be_visible()
    host.click("#btn-end")
    host.click("#confirm-yes")
    expect(host.locator("#game-status")).to_have_text("Game 1 · over")
    expect(host.locator("#why-end")).to_have_text("The game is over.")
    expect(host.locator("#setup-box")).to_have_attribute("open", "")
    phone_shot(host, "host-game-over")


#: how much of a select's width its chosen value may use (the rest: padding and the arrow)
SELECT_TEXT_ROOM = """sel => {
  const cs = getComputedStyle(sel);
  const ctx = document.createElement("canvas").getContext("2d");
  ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
  const text = sel.options[sel.selectedIndex].textContent;
  return {text, need: ctx.measureText(text).width + 36, have: sel.clientWidth, outer: sel.offsetWidth,
          row: sel.closest(".opt").clientWidth};
}"""


@pytest.mark.parametrize("lang", ["en", "ps"])
def test_rule_options_read_whole_and_names_take_32_characters(server, phone, lang):
    """At 390 px each rule option's select is on its own line at full width and shows its chosen
    value whole ("No (default)", not "No (defaul"; a value wider than the whole row is the one
    exception: the closed select cannot wrap); a player's name takes the station's 1 to 32 characters (station/auth.py NAME_MAX)."""
    from station.auth import NAME_MAX
    host = unlock_host(phone, server, lang)
    for box in host.locator("#setup-form details.fold.sub").all():
        if box.get_attribute("open") is None:
            box.locator("summary").click()
    selects = host.locator(".opts select")
    assert selects.count() >= 5
    for i in range(selects.count()):
        sel = selects.nth(i)
        sel.scroll_into_view_if_needed()
        values = [None] if sel.is_disabled() else [o.get_attribute("value") for o in sel.locator("option").all()]
        for value in values:
            if value is not None:
                sel.select_option(value)
            room = sel.evaluate(SELECT_TEXT_ROOM)
            assert room["outer"] >= room["row"] - 1, room          # on its own line, full width
            assert room["need"] <= room["have"] or room["need"] > room["row"], room
        if values != [None]:
            sel.select_option("")
    assert host.evaluate("document.documentElement.scrollWidth") <= 390
    host.locator(".opts select").first.scroll_into_view_if_needed()
    host.screenshot(path=str(SHOTS / f"host-rule-options-{lang}.png"))
    name = host.locator("#names input").first
    name.fill("")
    name.press_sequentially("A" * (NAME_MAX + 5))
    expect(name).to_have_value("A" * NAME_MAX)
