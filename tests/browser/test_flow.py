"""A whole table at phone size: host set-up, players joining by QR links, a round through the seat
controllers and the virtual hub, refusals, counting, live scoreboard, correction, in three languages."""
from __future__ import annotations


import pytest
from support import PIN, shot, unlock_host
from playwright.sync_api import expect

NAMES = ["Ana", "Ben", "Chi", "Dee"]


def host_setup(phone, server, lang):
    host = unlock_host(phone, server, lang)
    inputs = host.locator("#names input")
    for i, name in enumerate(NAMES):
        inputs.nth(i).fill(name)
    host.select_option("#profile", "hub")
    host.select_option("#set", "9")
    host.fill("#hand-size", "2")
    host.click("#setup-form button[type=submit]")
    expect(host.locator("#seats a.join-link")).to_have_count(4)
    return host


def seat_page(page, n):
    return page


def play(page, train, tile):
    page.click(f'#trains button[data-train="{train}"]')
    a, b = tile.split("-")
    page.click(f'#tiles button[data-tile="{a}-{b}"], #tiles button[data-tile="{b}-{a}"]')


@pytest.mark.parametrize("lang", ["en", "ps", "so"])
def test_table_flow(server, phone, lang):
    host = host_setup(phone, server, lang)
    board = phone(lang).new_page()
    board.goto(server.url + "/")
    links = [host.locator(f'#seats a.join-link[data-seat="{i}"]').get_attribute("href") for i in range(4)]
    seats = []
    for i, link in enumerate(links):
        page = phone(lang).new_page()
        page.goto(link)
        expect(page.locator("#controller")).to_be_visible()
        assert "code=" not in page.url
        seats.append(page)
    expect(host.locator('#seats [data-seat="3"] .turn-yes')).to_be_visible()
    host.click("#btn-start")
    expect(seats[0].locator("#my-turn.turn-yes")).to_be_visible()
    if lang == "ps":
        assert seats[0].get_attribute("html", "dir") == "rtl"
    shot(seats[0], f"seat-{lang}")
    play(seats[0], "0", "9-1")
    expect(seats[1].locator("#my-turn.turn-yes")).to_be_visible()
    # a refused move (Ben on Ana's private train) shows the rule's reason in the phone's language
    seats[1].evaluate("MT.seatSend({play: '9-3', on: 0})")
    toast = seats[1].locator("#toast")
    expect(toast).to_be_visible()
    reason = toast.inner_text()
    if lang == "en":
        assert "closed" in reason
    else:
        assert "closed" not in reason and reason.strip()
    shot(seats[1], f"seat-refused-{lang}")
    # a move made on an old table is refused and changes nothing
    before = server.station.view()["version"]
    seats[1].evaluate("MT.view = Object.assign({}, MT.view, {version: MT.view.version - 1})")
    play(seats[1], "1", "9-2")
    expect(toast).to_contain_text(stale_text(lang))
    assert server.station.view()["version"] == before
    seats[1].reload()
    expect(seats[1].locator("#my-turn.turn-yes")).to_be_visible()
    play(seats[1], "1", "9-2")
    expect(seats[2].locator("#my-turn.turn-yes")).to_be_visible()
    play(seats[2], "2", "9-3")
    expect(seats[3].locator("#my-turn.turn-yes")).to_be_visible()
    # the virtual hub drives the mock hardware
    hub = phone(lang).new_page()
    hub.goto(server.url + "/hub")
    hub.click('svg.hub [data-slot="mexican"]')
    expect(hub.locator('svg.hub [data-slot="mexican"]')).to_have_attribute("aria-pressed", "true")
    hub.click('[data-press="3"]')
    expect(hub.locator("#toast")).to_be_hidden()
    shot(hub, f"hub-{lang}")
    table = phone(lang).new_page()
    table.goto(server.url + "/table")
    play(seats[3], "mexican", "9-4")
    expect(table.locator('.train[data-train="mexican"] .tile')).to_have_count(1)
    expect(seats[0].locator("#my-turn.turn-yes")).to_be_visible()
    expect(board.locator("#strip-alert")).not_to_be_empty()
    shot(table, f"table-{lang}")
    play(seats[0], "0", "1-2")   # Ana goes out
    counts = ((1, 9), (2, 4), (3, 11))
    # Ana went out: no tiles to count, her 0 goes in by itself
    expect(seats[0].locator("#went-out")).to_be_visible()
    expect(seats[0].locator("#count-tiles")).to_be_hidden()
    expect(seats[0].locator("#btn-count")).to_be_hidden()
    expect(seats[0].locator("#actions")).to_be_hidden()
    for i, pips in counts:
        expect(seats[i].locator("#count-card")).to_be_visible()
        if i == 1:
            shot(seats[i], f"seat-count-{lang}")
        seats[i].fill("#pips", str(pips))
        seats[i].click("#btn-count")
        expect(seats[i].locator("#count-card")).to_be_hidden()
    # the scoreboard, never reloaded, shows the totals
    for seat, total in enumerate((0, 9, 4, 11)):
        expect(board.locator(f'#score-table tfoot td[data-seat="{seat}"]')).to_have_text(str(total))
    expect(board.locator("#score-table tbody td.zero")).to_have_count(1)
    # the host corrects Ben's count; every phone sees it
    host.select_option("#c-round", "0")
    host.select_option("#c-seat", "1")
    host.fill("#c-score", "7")
    host.fill("#c-reason", "6-6 counted twice")
    host.click("#correct-form button[type=submit]")
    expect(board.locator('#score-table tfoot td[data-seat="1"]')).to_have_text("7")
    expect(board.locator("#corrections li")).to_have_count(1)
    expect(board.locator("#corrections li")).to_contain_text("9 → 7")
    expect(board.locator("#standings li").first).to_contain_text("Ana")
    shot(board, f"scoreboard-{lang}")
    if lang != "en":
        for page in (board, table, hub, seats[1], host):
            assert_no_english(page.inner_text("body"))
    shot(host, f"host-{lang}")
    record = host.evaluate(f"fetch('/api/host/export', {{headers: {{'X-Host-Pin': '{PIN}'}}}}).then(r => r.json())")
    assert record["rounds"][0]["corrections"][-1]["score"] == 7


def stale_text(lang):
    from web.i18n import gettext_for
    return gettext_for(lang)("The table changed, look again.")


def assert_no_english(text):
    """No English sentence of the catalogue (two words or more) is left on a translated page."""
    from babel.messages.pofile import read_po

    from web.i18n import LOCALE_DIR
    with (LOCALE_DIR / "messages.pot").open("rb") as fh:
        english = [m.id for m in read_po(fh) if m.id and " " in m.id and "%(" not in m.id]
    left = [e for e in english if e in text]
    assert not left, left
