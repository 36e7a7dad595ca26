"""Hidden hands, a hand registered privately on the seat page: the hub then checks every rule
(rules.md 5): a tile not in the hand and a draw while holding a play are refused with the reason
in the page's language; a drawn tile is added to keep full checking. Phone size, en and ps."""
from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect
from support import PIN, SHOTS, joined

from web.i18n import gettext_for
from web.refusals import REASONS

NAMES = ["Ana", "Ben", "Chi"]
# Ana holds 1-9 (a play on her train: the engine is 9-9) and twelve tiles without a 9
ANA = ["1-9"] + [f"0-{b}" for b in range(9)] + ["1-1", "1-2", "1-3"]
# Ben holds no 9: nothing to play, so he draws
BEN = [f"2-{b}" for b in range(2, 9)] + [f"3-{b}" for b in range(3, 9)]


def tap_tiles(page, tiles):
    for tile in tiles:
        page.click(f'#reg-tiles button[data-tile="{tile}"]')


def play(page, train, tile):
    page.click(f'#trains button[data-train="{train}"]')
    a, b = tile.split("-")
    page.click(f'#tiles button[data-tile="{a}-{b}"], #tiles button[data-tile="{b}-{a}"]')


def section_shot(page, name):
    """What the phone shows (390x844) with the registration section just under the sticky header."""
    page.evaluate("""() => { MT.toastClear();
      const top = document.getElementById('reg-card').getBoundingClientRect().top + scrollY;
      const head = document.querySelector('.top').offsetHeight + document.getElementById('strip').offsetHeight;
      scrollTo(0, top - head - 8); }""")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def axe_serious(page):
    """axe-core's serious and critical findings on the page as it stands (the grid open)."""
    result = Axe().run(page)
    return [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in result.response["violations"]
            if v.get("impact") in ("serious", "critical")]


def no_wider_than_the_phone(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


@pytest.mark.parametrize("lang", ["en", "ps"])
def test_registered_hand_is_checked_on_the_seat_page(server, phone, lang):
    _ = gettext_for(lang)
    station = server.station
    station.setup_game(PIN, NAMES, "hub", 9, {}, hidden_hands=True)
    station.start_round(PIN)
    count = station.view()["result"]["state"]["hand_counts"][0]
    assert count == len(ANA) == len(BEN) == 13
    tokens = [station.join(i, station.seat_code(i, PIN)) for i in range(2)]
    ana = joined(phone, server, 0, tokens[0], lang)
    if lang == "ps":
        assert ana.get_attribute("html", "dir") == "rtl"

    # the section is there, folded; opened it offers every tile not on the table
    card = ana.locator("#reg-card")
    expect(card).to_be_visible()
    expect(ana.locator("#reg-tiles")).to_be_hidden()
    summary = ana.locator("#reg summary")
    expect(ana.locator("#reg-open")).to_have_text(_("Register my hand (optional): the hub then checks every rule for me"))
    expect(ana.locator("#reg-open")).to_be_visible()
    expect(ana.locator("#reg-change")).to_be_hidden()
    assert summary.bounding_box()["height"] >= 44
    summary.click()
    expect(ana.locator("#reg-tiles button")).to_have_count(54)         # 55 of double-9, less the engine
    expect(ana.locator('#reg-tiles button[data-tile="9-9"]')).to_have_count(0)
    save = ana.locator("#btn-reg-save")
    expect(save).to_have_text(_("Save my hand"))
    expect(save).to_be_disabled()
    tap_tiles(ana, ANA[:-1])
    expect(ana.locator("#reg-count")).to_have_text(_("%(n)s of %(total)s selected") % {"n": 12, "total": 13})
    expect(save).to_be_enabled()             # the station says whether a saved hand is whole
    tap_tiles(ana, ANA[-1:])
    expect(ana.locator("#reg-count")).to_have_text(_("%(n)s of %(total)s selected") % {"n": 13, "total": 13})
    expect(save).to_be_enabled()
    for box in [save.bounding_box()] + [b.bounding_box() for b in ana.locator("#reg-tiles button").all()[:8]]:
        assert box["height"] >= 44 and box["width"] >= 44, box
    expect(ana.locator('#reg-tiles button[data-tile="1-9"]')).to_have_attribute("aria-pressed", "true")
    no_wider_than_the_phone(ana)
    section_shot(ana, f"register-hand-choose-{lang}")
    assert not axe_serious(ana)

    save.click()
    status = ana.locator("#reg-status")
    expect(status).to_have_text(_("Registered: full checking on"))
    expect(ana.locator("#my-hand li")).to_have_count(13)
    expect(ana.locator("#reg-tiles")).to_be_hidden()                 # folded again, checking on
    expect(ana.locator("#reg-change")).to_be_visible()
    expect(ana.locator("#reg-open")).to_be_hidden()
    expect(ana.locator("#reg-change")).to_have_text(_("Change my registered hand"))
    assert {str(t) for t in station.referee.registered[(0, 0)]} == set(ANA)
    section_shot(ana, f"register-hand-registered-{lang}")
    no_wider_than_the_phone(ana)

    # only the registered hand's tiles are offered; its playable one is marked in "Your tiles"
    toast = ana.locator("#toast")
    expect(ana.locator("#my-hand li.playable")).to_have_count(1)
    expect(ana.locator("#my-hand li.playable")).to_have_attribute("data-tile", "1-9")
    ana.click('#trains button[data-train="0"]')
    expect(ana.locator('#tiles button')).to_have_count(1)
    expect(ana.locator('#tiles button.in-hand')).to_have_count(1)     # 1-9, the registered one
    # a tile not in the registered hand, sent anyway: refused, named as it was written
    ana.evaluate("MT.seatSend({play: '9-2', on: 0})")
    expect(toast).to_be_visible()
    expect(toast).to_contain_text(_(REASONS["not-in-hand"]))
    expect(toast).to_contain_text("9-2")
    assert station.view()["result"]["state"]["hand_counts"][0] == 13
    # a draw or a pass while the registered hand holds a play cannot act, and says why
    expect(ana.locator("#btn-draw")).to_be_disabled()
    expect(ana.locator("#btn-pass")).to_be_disabled()
    expect(ana.locator("#why-pass")).to_have_text(_(REASONS["must-play"]))       # said once for both
    expect(ana.locator("#why-pass")).to_be_visible()
    expect(ana.locator("#btn-draw")).to_have_attribute("aria-describedby", "why-pass")
    assert station.view()["result"]["state"]["boneyard"] == 15
    # a registered tile: accepted, and the registered list shrinks
    play(ana, "0", "9-1")
    expect(ana.locator("#my-hand li")).to_have_count(12)
    expect(status).to_have_text(_("Registered: full checking on"))
    assert station.view()["result"]["state"]["hand_counts"][0] == 12
    assert station.view()["result"]["state"]["trains"][0]["tiles"]

    # Ben registers a hand with no 9, draws (allowed: nothing to play), then adds the drawn tile
    ben = joined(phone, server, 1, tokens[1], lang)
    expect(ben.locator("#my-turn.turn-yes")).to_be_visible()
    ben.click("#reg summary")
    expect(ben.locator('#reg-tiles button[data-tile="1-9"]')).to_have_count(0)   # on the table now
    tap_tiles(ben, BEN)
    ben.click("#btn-reg-save")
    expect(ben.locator("#reg-status")).to_have_text(_("Registered: full checking on"))
    ben.click("#btn-draw")
    expect(ben.locator("#reg-status")).to_have_text(_("You drew a tile: add it to keep full checking"))
    expect(ben.locator("#reg-tiles")).to_be_visible()                   # opened to add the tile
    expect(ben.locator("#reg-count")).to_have_text(_("%(n)s of %(total)s selected") % {"n": 13, "total": 14})
    expect(ben.locator("#reg-change")).to_be_visible()
    section_shot(ben, f"register-hand-drew-{lang}")
    tap_tiles(ben, ["5-9"])
    ben.click("#btn-reg-save")
    expect(ben.locator("#reg-status")).to_have_text(_("Registered: full checking on"))
    expect(ben.locator("#my-hand li")).to_have_count(14)
    # checking is back on: a pass while holding 5-9 cannot act, and says why
    expect(ben.locator("#btn-pass")).to_be_disabled()
    expect(ben.locator("#why-pass")).to_have_text(_(REASONS["must-play"]))
    expect(ben.locator('#my-hand li.playable[data-tile="5-9"]')).to_have_count(1)
    play(ben, "1", "9-5")
    expect(ben.locator("#my-hand li")).to_have_count(13)
