"""What a new user found missing at phone size: the hub's prompts, the hub's marker and red LEDs,
loopback links, released seats, translated log lines, host page details, right-to-left numbers,
narrow seat pages, round's end, offered tiles as they lie."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from night import caught_up
from support import PIN, joined, shot, unlock_host, wait_for

from web.i18n import gettext_for
from web.refusals import REASONS

NAMES = ["Ana", "Ben", "Chi", "Dee"]


def tokens_of(station, n=len(NAMES)):
    return [station.join(i, station.seat_code(i, PIN)) for i in range(n)]


def move(station, tokens, seat, event):
    return station.submit(seat, tokens[seat], event, station.view()["version"])


@pytest.mark.parametrize("lang", ["en", "ps"])
def test_hub_prompts_show_on_the_seat_and_the_hub(server, phone, lang):
    _ = gettext_for(lang)
    station = server.station
    station.setup_game(PIN, NAMES, "hub", 9, {"hand_size": 3})
    station.start_round(PIN)
    tokens = tokens_of(station)
    ben = joined(phone, server, 1, tokens[1], lang)
    ana = joined(phone, server, 0, tokens[0], lang)
    hub = phone(lang).new_page()
    hub.goto(server.url + "/hub")
    expect(ben.locator("#prompt")).to_be_hidden()
    # Ben presses his button out of turn: the refusal shows on Ben's phone, not on Ana's
    hub.click('[data-press="1"]')
    prompt = wait_for(lambda: station.view()["prompt"], what="a prompt")
    assert prompt["seat"] == 1 and prompt["kind"] == "refused"
    box = ben.locator("#prompt")
    expect(box).to_be_visible()
    assert box.get_attribute("role") == "alert"
    expect(box).to_contain_text(_(REASONS[prompt["code"]]))
    expect(ana.locator("#prompt")).to_be_hidden()
    expect(hub.locator("#hub-prompt")).to_contain_text("Ben")
    expect(hub.locator("#hub-prompt")).to_contain_text(_(REASONS[prompt["code"]]))
    # the prompt goes away with the next move
    move(station, tokens, 0, {"play": "9-1", "on": 0})
    expect(box).to_be_hidden()
    expect(hub.locator("#hub-prompt")).to_be_hidden()
    # a tile sensed in the Mexican slot with no move entered: Ben is asked which tile, that train chosen
    hub.click('svg.hub [data-slot="mexican"]')
    expect(box).to_contain_text(_("A tile was placed to start %(train)s: enter the tile you played")
                                % {"train": _("Mexican train")})
    expect(ben.locator('#trains button[data-train="mexican"]')).to_have_class(re.compile(r"\bprompted\b"))
    expect(ben.locator('#trains button[data-train="mexican"]')).to_have_attribute("aria-pressed", "true")
    shot(ben, f"feedback-seat-prompt-{lang}")
    shot(hub, f"feedback-hub-prompt-{lang}")
    ben.click("#tiles button >> nth=0")
    expect(box).to_be_hidden()


def test_place_engine_prompt_on_every_seat_that_may_place_it(server, phone):
    station = server.station
    station.setup_game(PIN, NAMES, "hub", 9, {"hand_size": 3, "engine_in_deal": True})
    station.start_round(PIN)
    tokens = tokens_of(station)
    pages = [joined(phone, server, i, tokens[i]) for i in (0, 2)]
    expect(pages[0].locator("#btn-engine")).to_be_visible()
    hub = phone("en").new_page()
    hub.goto(server.url + "/hub")
    hub.click('svg.hub [data-slot="engine"]')
    wait_for(lambda: station.view()["prompt"], what="the place-engine prompt")
    for page in pages:
        expect(page.locator("#prompt")).to_contain_text("The engine is in the centre: if you placed it, tap")
        expect(page.locator("#prompt")).to_contain_text("I placed the engine")
    expect(pages[0].locator("#btn-engine")).to_have_text("I placed the engine")
    expect(hub.locator("#hub-prompt")).to_contain_text("The engine is in the centre")
    pages[1].click("#btn-engine")
    for page in pages:
        expect(page.locator("#prompt")).to_be_hidden()


HUB_GEOMETRY = """() => {
  const svg = document.querySelector('svg.hub');
  const circles = Array.from(svg.querySelectorAll('.slot circle.led')).map((c) => ({
    x: +c.getAttribute('cx'), y: +c.getAttribute('cy'), r: +c.getAttribute('r')}));
  const labels = Array.from(svg.querySelectorAll('text.seat-label')).map((t) => { const b = t.getBBox(); return {x: b.x, y: b.y, w: b.width, h: b.height}; });
  return {circles, labels};
}"""

CONTRAST = """() => {
  const lum = (css) => { const m = css.match(/\\d+(\\.\\d+)?/g).map(Number);
    const l = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * l(m[0]) + 0.7152 * l(m[1]) + 0.0722 * l(m[2]); };
  return Array.from(document.querySelectorAll('svg.hub .slot')).filter((g) => g.querySelector('text') && !g.querySelector('rect') && !g.querySelector('text.seat-label'))
    .map((g) => { const a = lum(getComputedStyle(g.querySelector('circle.led')).fill), b = lum(getComputedStyle(g.querySelector('text')).fill);
      return [g.dataset.slot, (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)]; });
}"""


def test_hub_markers_red_flash_and_readable_labels(server, phone):
    station = server.station
    station.setup_game(PIN, NAMES, "hub", 9, {"hand_size": 3})
    hub = phone("en").new_page()
    hub.goto(server.url + "/hub")
    expect(hub.locator("svg.hub .slot")).to_have_count(10)
    # the centre symbols read on an unlit (black) slot as on a lit one
    for slot, ratio in hub.evaluate(CONTRAST):
        assert ratio >= 3, (slot, ratio)
    # seat labels: clear of every slot (the Mexican one above all) and of the ring's edge
    geo = hub.evaluate(HUB_GEOMETRY)
    assert len(geo["labels"]) == 8
    for b in geo["labels"]:
        for c in geo["circles"]:
            nx, ny = min(max(c["x"], b["x"]), b["x"] + b["w"]), min(max(c["y"], b["y"]), b["y"] + b["h"])
            assert (nx - c["x"]) ** 2 + (ny - c["y"]) ** 2 > c["r"] ** 2, (b, c)
        nearest = min(abs(b["x"]), abs(b["x"] + b["w"])) if b["x"] > 0 or b["x"] + b["w"] < 0 else 0
        nearest_y = min(abs(b["y"]), abs(b["y"] + b["h"])) if b["y"] > 0 or b["y"] + b["h"] < 0 else 0
        assert (nearest ** 2 + nearest_y ** 2) ** 0.5 > 154, b       # outside the ring's stroke
    station.start_round(PIN)
    tokens = tokens_of(station)
    # Ana draws and passes: her marker is out, drawn on her slot
    move(station, tokens, 0, {"draw": True})
    assert station.seat_view(0, tokens[0])["me"]["options"]["pass"]      # hidden hands: a pass may follow a draw
    move(station, tokens, 0, {"pass": True})
    assert station.view()["leds"]["markers"]["seat0"]
    expect(hub.locator('[data-slot="seat0"] .marker-dot')).to_have_count(1)
    expect(hub.locator('[data-slot="seat1"] .marker-dot')).to_have_count(0)
    expect(hub.locator('[data-slot="seat0"]')).to_have_attribute("aria-label", re.compile("marker"))
    # Chi presses out of turn: Chi's slot flashes red, then goes back
    hub.click('[data-press="2"]')
    expect(hub.locator('[data-slot="seat2"].red')).to_have_count(1, timeout=3000)
    shot(hub, "feedback-hub-red")
    expect(hub.locator('[data-slot="seat2"].red')).to_have_count(0, timeout=3000)


def test_host_on_loopback_says_phones_cannot_reach_it(server, phone):
    server.station.setup_game(PIN, NAMES, "hub", 9, {"hand_size": 3})
    host = unlock_host(phone, server)
    expect(host.locator("#addr-url")).to_have_text(server.url + "/")
    note = host.locator("#addr-note")
    expect(note).to_be_visible()
    expect(note).to_contain_text("Phones can't reach 127.0.0.1: restart with HOST=0.0.0.0 make run "
                                 "(or station run --host 0.0.0.0)")
    expect(host.locator("#addr-or")).to_be_hidden()
    link = host.locator('#seats a.join-link[data-seat="0"]').get_attribute("href")
    assert link.startswith(server.url + "/seat/0?code=")


def test_released_seat_drops_its_token_and_offers_to_join(server, phone):
    station = server.station
    station.setup_game(PIN, NAMES, "hub", 9, {"hand_size": 3})
    station.start_round(PIN)
    tokens = tokens_of(station)
    ben = joined(phone, server, 1, tokens[1])
    station.release_seat(1, PIN)
    expect(ben.locator("#join")).to_be_visible()
    expect(ben.locator("#h-join")).to_have_text("Join this seat")
    expect(ben.locator("#controller")).to_be_hidden()
    # said where the phone joins again, and still said after a reload
    expect(ben.locator("#join-note")).to_have_text("This seat was released: join again.")
    ben.reload()
    expect(ben.locator("#join-note")).to_have_text("This seat was released: join again.")
    assert ben.evaluate("localStorage.getItem('mt-seat-1')") is None
    # the new code joins again
    ben.fill("#join-code", station.seat_code(1, PIN))
    ben.click("#join-form button[type=submit]")
    expect(ben.locator("#controller")).to_be_visible()


def scored_round(station):
    """Round 1: Ana goes out (2 tiles each); Ben 5, Chi 4, Dee 7; the host then corrects Ben to 7."""
    station.setup_game(PIN, NAMES, "hub", 9, {"hand_size": 2})
    station.start_round(PIN)
    tokens = tokens_of(station)
    for seat, tile in ((0, "9-1"), (1, "9-2"), (2, "9-3"), (3, "9-4"), (0, "1-5")):
        move(station, tokens, seat, {"play": tile, "on": seat})
    for seat, pips in ((0, 0), (1, 5), (2, 4), (3, 7)):
        station.reveal(seat, tokens[seat], pips)
    station.correct(PIN, 0, 1, 7, "miscount")
    return tokens


@pytest.mark.parametrize("lang", ["ps", "so"])
def test_log_lines_and_corrections_in_the_page_language(server, phone, lang):
    _ = gettext_for(lang)
    scored_round(server.station)
    table = phone(lang).new_page()
    table.goto(server.url + "/table")
    expect(table.locator("#log-card")).to_be_visible()
    lines = table.locator("#log li").all_inner_texts()
    assert len(lines) == 8
    english = {e["text"] for e in server.station.view()["log"]}
    assert not english & set(lines), lines
    assert lines[0] == _("Round %(r)s, %(name)s: %(change)s (host)") % {"r": 1, "name": "Ben", "change": "5 → 7"}
    assert _("%(name)s shows %(pips)s pips for round %(r)s") % {"name": "Dee", "pips": 7, "r": 1} in lines
    assert _("%(name)s played %(tile)s on their own train") % {"name": "Ana", "tile": "1-5"} in lines
    # numbers and the arrow stay left to right in a right-to-left sentence
    expect(table.locator('#log li[data-kind="correct"] bdi[dir="ltr"]')).to_have_text("5 → 7")
    shot(table, f"feedback-table-log-{lang}")
    board = phone(lang).new_page()
    board.goto(server.url + "/")
    expect(board.locator('#corrections li bdi[dir="ltr"]').first).to_have_text("5 → 7")
    shot(board, f"feedback-scoreboard-{lang}")


def test_host_page_deal_numbering_codes_and_undo_question(server, phone):
    station = server.station
    host = unlock_host(phone, server)
    # remove player 2 of 4 and add one: the empty rows' badges are the seats' numbers again, from 0
    # as every page numbers seats, and so do the labels
    host.click('#names .row >> nth=1 >> button')
    host.click("#btn-add")
    marks = host.locator("#names .badge .mark").all_inner_texts()
    assert [m[0] for m in marks] == ["0", "1", "2", "3"], marks
    labels = [host.locator("#names input").nth(i).get_attribute("aria-label") for i in range(4)]
    assert labels == [f"Name at seat {i}" for i in range(4)]
    for i, name in enumerate(NAMES):
        host.locator("#names input").nth(i).fill(name)
    host.select_option("#set", "9")
    host.fill("#hand-size", "3")
    host.click("#setup-form button[type=submit]")
    deal = wait_for(lambda: (station.view()["game"] or {}).get("deal"), what="the game set up")
    expect(host.locator("#deal")).to_have_text(f"Deal: {deal['hand_size']} tiles each, "
                                               f"{deal['boneyard']} left in the boneyard")
    expect(host.locator("#seats .code")).to_have_count(4)
    for box in host.locator("#seats .code").all():
        assert box.evaluate("e => getComputedStyle(e).whiteSpace") == "nowrap"
        assert box.evaluate("e => e.getClientRects().length") == 1
    shot(host, "feedback-host-ready")
    # with a game set up, the set-up (folded away, opened again) shows each row the badge its seat
    # has on every page: the typed name's initial
    host.click("#setup-box summary")
    assert [m[0] for m in host.locator("#names .badge .mark").all_inner_texts()] == ["A", "B", "C", "D"]
    host.click("#btn-start")
    expect(host.locator("#deal")).to_be_hidden()
    tokens = tokens_of(station)
    move(station, tokens, 0, {"play": "9-1", "on": 0})
    expect(host.locator("#game-status")).to_contain_text("round 1 of 10 in play")
    # the undo question names the last move the page has been sent; on a loaded machine the socket
    # can be a moment behind the move, so wait until the page has it (as a host would see it arrive)
    caught_up(host, station.view()["version"], "the host page")
    host.click("#btn-undo")
    expect(host.locator("#confirm-text")).to_have_text("Undo the last move: Ana played 9-1 on their own train?")
    host.click("#confirm-yes")
    wait_for(lambda: not station.view()["result"]["state"]["trains"][0]["tiles"], what="the undo")


def test_join_with_a_wrong_code_then_the_right_one(server, phone):
    station = server.station
    station.setup_game(PIN, NAMES, "hub", 9, {"hand_size": 3})
    code = station.seat_code(2, PIN)     # the host page has shown it (the station 500s on a join before)
    page = phone("en").new_page()
    page.goto(server.url + "/seat/2")
    page.fill("#join-code", "ZZZZZ")
    page.click("#join-form button[type=submit]")
    expect(page.locator("#toast")).to_have_text("That is not this seat's code: ask the host.")
    page.fill("#join-code", code)
    page.click("#join-form button[type=submit]")
    expect(page.locator("#controller")).to_be_visible()
    expect(page.locator("#toast")).to_be_hidden()


NO_OVERFLOW = """() => Array.from(document.querySelectorAll('#trains button')).filter((b) => {
  const card = b.closest('.card').getBoundingClientRect(), r = b.getBoundingClientRect();
  return b.scrollWidth > b.clientWidth + 1 || r.right > card.right + 0.5 || r.left < card.left - 0.5;
}).map((b) => b.dataset.train)"""


@pytest.mark.parametrize("lang", ["en", "ps"])
def test_seat_trains_fit_at_390px_and_tiles_lie_as_offered(server, phone, lang):
    station = server.station
    names = ["Bashir Ahmadzai", "Mohammad Yusuf", "Chi", "Dee"]
    station.setup_game(PIN, names, "hub", 9, {"hand_size": 3})
    station.start_round(PIN)
    tokens = tokens_of(station)
    move(station, tokens, 0, {"play": "9-5", "on": 0})
    page = joined(phone, server, 1, tokens[1], lang)
    expect(page.locator("#trains button")).to_have_count(5)
    assert page.evaluate(NO_OVERFLOW) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # offered tiles drawn as the station writes them: the train's open end first
    offered = station.seat_view(1, tokens[1])["me"]["options"]["play"]
    key = next(k for k in ("mexican", "1") if offered.get(k))
    page.click(f'#trains button[data-train="{key}"]')
    expect(page.locator("#tiles button").first).to_be_visible()
    assert page.locator("#tiles button").all_inner_texts() == offered[key]
    assert [b.get_attribute("data-tile") for b in page.locator("#tiles button").all()] == offered[key]
    shot(page, f"feedback-seat-narrow-{lang}")


def test_round_over_seat_page(server, phone):
    station = server.station
    station.setup_game(PIN, NAMES, "hub", 9, {"hand_size": 2})
    station.start_round(PIN)
    tokens = tokens_of(station)
    ana, ben = joined(phone, server, 0, tokens[0]), joined(phone, server, 1, tokens[1])
    for seat, tile in ((0, "9-1"), (1, "9-2"), (2, "9-3"), (3, "9-4")):
        move(station, tokens, seat, {"play": tile, "on": seat})
    move(station, tokens, 0, {"play": "1-1", "on": 0})        # Ana goes out on a double
    view = station.view()
    assert view["result"]["state"]["turn"] is None and view["result"]["rounds"][0]["end"]
    for page in (ana, ben):
        expect(page.locator("#strip-main")).to_contain_text("Round over")
        expect(page.locator("#strip-main")).not_to_contain_text("Open doubles")
        expect(page.locator("#actions")).to_be_hidden()
        expect(page.locator("#play-card")).to_be_hidden()
    expect(ana.locator("#went-out")).to_be_visible()
    expect(ana.locator("#count-tiles")).to_be_hidden()
    expect(ana.locator("#btn-count")).to_be_hidden()
    expect(ben.locator("#count-tiles")).to_be_visible()
    expect(ben.locator("#went-out")).to_be_hidden()
    # nothing to send for her: the station scores a seat that went out 0 and waits only for the others
    assert station.seat_view(0, tokens[0])["me"]["round_end"]["waiting"] == [1, 2, 3]
    assert station.seat_view(0, tokens[0])["me"]["count"]["must"] is False
    shot(ana, "feedback-seat-went-out")
