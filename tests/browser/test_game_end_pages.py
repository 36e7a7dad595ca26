"""The end of the evening (issue 19), acting only through what the players see: three games on
real tiles, one ended early, one abandoned, one played out, each shown right on the scoreboard,
the table, the host page and every seat page (390x844 phones; the scoreboard and table also at
1280x800), and on an old phone of the game before. The round-end count is done with a wrong
number of tiles and a typed total that disagrees, before it is right. After a restart the first
game is reopened from the host's *Past games*. Screenshots in en, ps, si and so."""
from __future__ import annotations

import re

import pytest
from night import host_setup, join_seat, seat_codes, start_round, until, whole_page
from playwright.sync_api import expect
from support import PIN, SHOTS, Server, make_station

from web.i18n import gettext_for

NAMES = ["Ana", "Ben"]
LANGS = ["ps", "si", "so"]


@pytest.fixture
def desk(browser):
    """A table-side screen at 1280x800 (the scoreboard or the table on a laptop or TV)."""
    made = []

    def make(lang: str = "en"):
        ctx = browser.new_context(viewport={"width": 1280, "height": 800}, locale=lang,
                                  extra_http_headers={"Accept-Language": lang})
        ctx.set_default_timeout(20_000)
        made.append(ctx)
        return ctx.new_page()
    yield make
    for ctx in made:
        ctx.close()


def confirm(page):
    """Say yes in the page's confirmation dialog."""
    expect(page.locator("#confirm")).to_be_visible()
    page.click("#confirm-yes")


def new_codes(host, names: list[str]) -> list[str]:
    """The join codes the host page shows once it has drawn the new game's seats (their players'
    ``names``), not the last game's: a code that differs from the ones the phones typed says
    nothing, since each join made that seat's next code (issue 23: a code joins once). Read in
    one go from the page, so the names and the codes come from one drawing."""
    def drawn():
        cards = host.evaluate("() => Array.from(document.querySelectorAll('#seats .seat-card')).map((c) => "
                              "[c.innerText, ((c.querySelector('.code') || {}).textContent || '').trim()])")
        if len(cards) == len(names) and all(name in text and code for (text, code), name in zip(cards, names)):
            return [code for _text, code in cards]
        return None
    return until(drawn, f"the seat codes of the game of {', '.join(names)}", page=host)


def my_turn(page) -> bool:
    return page.locator("#my-turn").inner_text() == "Your turn"


def engine_if_asked(seats):
    """Hub rules on real tiles: whoever the page asks places the engine and says so."""
    until(lambda: any(p.locator("#btn-engine").is_visible() or my_turn(p) for p in seats), "the engine prompt or a turn")
    for page in seats:
        if page.locator("#btn-engine").is_visible():
            page.click("#btn-engine")
            return


def go_out(seats, station):
    """The seat whose turn it is plays its one tile on its own train (the first the page offers);
    returns that seat and the tile."""
    turn = until(lambda: next((i + 1 for i, p in enumerate(seats) if my_turn(p)), None), "a seat's turn") - 1
    page = seats[turn]
    page.click(f'#trains button[data-train="{turn}"]')
    tile = page.locator("#tiles button[data-tile]").first
    laid = tile.get_attribute("data-tile")
    tile.click()
    until(lambda: station.view()["phase"] == "round_over", "the round to end", page=page)
    a, b = sorted(int(x) for x in laid.split("-"))
    return turn, f"{a}-{b}"


def count_wrong_then_right(page, laid: str):
    """The seat still holding a tile counts it: two tiles tapped (the station counts one), then a
    typed total that is not the tile's, each refused on screen with what differs; then right."""
    expect(page.locator("#count-card")).to_be_visible()
    expect(page.locator("#count-help")).to_have_text("The station counts 1 tile in your hand. Tap it, or type its pip count.")
    free = [t for t in page.eval_on_selector_all("#count-tiles button[data-tile]", "els => els.map((e) => e.dataset.tile)")
            if t != laid][:2]
    for tile in free:
        page.click(f'#count-tiles button[data-tile="{tile}"]')
    expect(page.locator("#count-sum")).to_contain_text("Tapped: 2 of 1")
    page.click("#btn-count")
    error = page.locator("#count-error")
    expect(error).to_have_text("You tapped 2 tiles, but the station counts 1 in your hand.")
    page.wait_for_timeout(2500)                 # a refusal stays on screen (a toast would be gone)
    expect(error).to_be_visible()
    shot_count(page, "count-refused-en")
    page.click(f'#count-tiles button[data-tile="{free[1]}"]')          # one tile left tapped
    expect(error).to_be_hidden()
    a, b = (int(x) for x in free[0].split("-"))
    held = 50 if a == b == 0 else a + b
    page.fill("#pips", str(held + 3))
    page.click("#btn-count")
    expect(error).to_have_text(f"You typed {held + 3} pips, but the tiles you tapped count {held}. "
                               "Clear one of them or correct it.")
    page.fill("#pips", str(held))
    page.click("#btn-count")
    expect(page.locator("#count-card")).to_be_hidden()
    return held


def shot_count(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.evaluate("""() => { MT.toastClear(); const c = document.getElementById('count-sum');
      const head = document.querySelector('.top').offsetHeight + document.getElementById('strip').offsetHeight;
      scrollTo(0, c.getBoundingClientRect().top + scrollY - head - 8); }""")
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def check_over(pages: dict, how: str, winner: str | None, lang: str = "en"):
    """Every page says how the game ended: its heading, the winner (none when abandoned), and
    whether the scores are final; no seat says "Your turn" or offers a tile."""
    _ = gettext_for(lang)
    heading = _("Game abandoned") if how == "abandoned" else _("Game over")
    for name, page in pages.items():
        kind = name.removeprefix("desk-")
        block = {"scoreboard": "#over", "table": "#table-over", "host": "#host-over-block"}.get(kind, "#game-over")
        box = page.locator(block)
        expect(box).to_be_visible()
        expect(box).to_have_attribute("data-how", how)
        expect(box).to_contain_text(heading)
        expect(page.locator("#strip-over")).to_have_text(heading)       # every page's strip, the seat's too
        if winner:
            expect(box.locator(".winner")).to_contain_text(winner)
        else:
            expect(box.locator(".winner:visible")).to_have_count(0)
        if lang == "en":
            final = "it has no winner" if how == "abandoned" else "the scores are final"
            expect(box).to_contain_text(final)
        if name.startswith("seat"):
            expect(page.locator("#my-turn")).not_to_have_text(_("Your turn"))
            expect(page.locator("#hand-card")).to_be_hidden()
            expect(page.locator("#actions")).to_be_hidden()
            expect(page.locator("#play-card")).to_be_hidden()
            expect(page.locator("#count-card")).to_be_hidden()
        assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"], name


def pages_of(host, seats, board, table, desk_board, desk_table):
    return {"host": host, "seat0": seats[0], "seat1": seats[1], "scoreboard": board, "table": table,
            "desk-scoreboard": desk_board, "desk-table": desk_table}


#: the language each ending's pages are checked in besides English: one each, so every ending is
#: read in a language of its own and every language reads one (three languages for each ending
#: opened 27 pages, most of the test's two minutes)
ENDING_LANGS = {"early": "ps", "abandoned": "si", "played": "so"}
assert sorted(ENDING_LANGS.values()) == sorted(LANGS)


def other_languages(phone, server, tokens, stage, how, winner):
    """The game-over pages in the ending's other language (``ENDING_LANGS``), checked and
    photographed."""
    lang = ENDING_LANGS[how]
    ctx = phone(lang)
    pages = {}
    for name, path in (("scoreboard", "/"), ("table", "/table"), ("seat1", "/seat/1")):
        page = ctx.new_page()
        if name == "seat1":
            page.goto(server.url + "/")
            page.evaluate("t => localStorage.setItem('mt-seat-1', t)", tokens[1])
        page.goto(server.url + path)
        pages[name] = page
    check_over(pages, how, winner, lang)
    for name, page in pages.items():
        whole_page(page, f"{stage}-{name}-{lang}")
        page.close()


def test_three_games_end_right_everywhere_and_the_first_is_kept(tmp_path, browser, phone, desk):
    server = Server(make_station(tmp_path)).start()
    try:
        station = server.station
        host = phone().new_page()
        host.goto(server.url + "/host")
        host.fill("#pin", PIN)
        host.click("#pin-form button[type=submit]")
        expect(host.locator("#host")).to_be_visible()
        expect(host.locator("#past-none")).to_be_visible()
        # the set-up name fields are full-width on the phone (the Player/Computer choice is below)
        width = host.locator("#names .row input").first.bounding_box()["width"]
        assert width > 200, width

        # ---- game 1: real tiles, one each; round 1 played, the host ends it in round 2
        host_setup(host, NAMES, "hub", 6, virtual_tiles=False, hand_size=1)
        codes = seat_codes(host, 2)
        seats = [join_seat(phone, server, i, codes[i]) for i in range(2)]
        board, table = phone().new_page(), phone().new_page()
        board.goto(server.url + "/")
        table.goto(server.url + "/table")
        desk_board, desk_table = desk(), desk()
        desk_board.goto(server.url + "/")
        desk_table.goto(server.url + "/table")
        start_round(host, station)
        engine_if_asked(seats)
        out, laid = go_out(seats, station)
        other = 1 - out
        held = count_wrong_then_right(seats[other], laid)
        until(lambda: station.view()["result"]["rounds"][0]["scores"] is not None, "round 1 scored")
        start_round(host, station)
        host.click("#btn-end")
        expect(host.locator("#confirm-text")).to_contain_text("become final")
        confirm(host)
        pages = pages_of(host, seats, board, table, desk_board, desk_table)
        check_over(pages, "early", NAMES[out])
        expect(board.locator("#over-how")).to_have_text("The host ended the game after 1 of 7 rounds: the scores are final.")
        expect(board.locator("#standings li").first).to_contain_text(NAMES[out])
        expect(board.locator("#standings li").nth(1)).to_contain_text(str(held))
        for page in seats:                      # even after a reload
            page.reload()
        check_over({"seat0": seats[0], "seat1": seats[1]}, "early", NAMES[out])
        for name, page in pages.items():
            whole_page(page, f"end-early-{name}-en")
        tokens = [p.evaluate(f"localStorage.getItem('mt-seat-{i}')") for i, p in enumerate(seats)]
        other_languages(phone, server, tokens, "end-early", "early", NAMES[out])

        # ---- game 2: set up, begun, abandoned; the old phones are told a new game began
        host_setup(host, ["Chi", "Dee"], "hub", 6, virtual_tiles=False, hand_size=1)
        codes = new_codes(host, ["Chi", "Dee"])
        for i, page in enumerate(seats):
            page.reload()
            note = page.locator("#join-note")
            expect(note).to_be_visible()
            expect(note).to_contain_text("This phone was playing game 1")
            expect(note).not_to_contain_text("released")
        whole_page(seats[0], "old-phone-en")
        seats = [join_seat(phone, server, i, codes[i]) for i in range(2)]
        start_round(host, station)
        engine_if_asked(seats)
        host.click("#btn-abandon")
        confirm(host)
        pages = pages_of(host, seats, board, table, desk_board, desk_table)
        check_over(pages, "abandoned", None)
        for page in seats:
            page.reload()
        check_over({"seat0": seats[0], "seat1": seats[1]}, "abandoned", None)
        for name, page in pages.items():
            whole_page(page, f"abandoned-{name}-en")
        tokens = [p.evaluate(f"localStorage.getItem('mt-seat-{i}')") for i, p in enumerate(seats)]
        other_languages(phone, server, tokens, "abandoned", "abandoned", None)

        # ---- game 3: one round ("shorter game": 1), played out
        if host.locator("#setup-box").get_attribute("open") is None:
            host.get_by_text("New game", exact=True).click()
        host.locator("#house-box summary").click()
        host.locator("#opt-rounds").fill("1")
        host_setup(host, ["Eve", "Fay"], "hub", 6, virtual_tiles=False, hand_size=1)
        codes = new_codes(host, ["Eve", "Fay"])
        seats = [join_seat(phone, server, i, codes[i]) for i in range(2)]
        start_round(host, station)
        engine_if_asked(seats)
        out, laid = go_out(seats, station)
        page = seats[1 - out]
        expect(page.locator("#count-card")).to_be_visible()
        free = [t for t in page.eval_on_selector_all("#count-tiles button[data-tile]", "els => els.map((e) => e.dataset.tile)")
                if t != laid]
        page.click(f'#count-tiles button[data-tile="{free[0]}"]')
        page.click("#btn-count")
        pages = pages_of(host, seats, board, table, desk_board, desk_table)
        check_over(pages, "played", ["Eve", "Fay"][out])
        expect(board.locator("#over-how")).to_have_text("The game's 1 round was played: the scores are final.")
        for name, page in pages.items():
            whole_page(page, f"played-out-{name}-en")
        tokens = [p.evaluate(f"localStorage.getItem('mt-seat-{i}')") for i, p in enumerate(seats)]
        other_languages(phone, server, tokens, "played-out", "played", ["Eve", "Fay"][out])
    finally:
        server.stop()

    # ---- a restart; the first game is reopened from the host's past games
    server = Server(make_station(tmp_path)).start()
    try:
        host = phone().new_page()
        host.goto(server.url + "/host")
        host.fill("#pin", PIN)
        host.click("#pin-form button[type=submit]")
        past = host.locator("#past-games li")
        expect(past).to_have_count(3)
        expect(host.locator('#past-games li[data-game="2"]')).to_contain_text("abandoned")
        first = host.locator('#past-games li[data-game="1"]')
        expect(first).to_contain_text("ended after 1 of 7 rounds")
        expect(first).to_contain_text(NAMES[0 if held else 1])
        whole_page(host, "host-past-games-en")
        first.get_by_role("link", name="Game 1").click()
        expect(host).to_have_url(re.compile(r"/games/1$"))
        expect(host.locator("#over")).to_contain_text("Game over")
        expect(host.locator("#stored-line")).to_contain_text("Ana and Ben")      # Intl.ListFormat
        expect(host.locator("#score-table tbody tr")).to_have_count(2)
        with host.expect_download() as download:
            host.get_by_role("link", name="Download the record").click()
        assert download.value.suggested_filename == "mexican-train-1.json"
        whole_page(host, "past-game-en")
        for lang in ["ps", "si", "so"]:
            page = phone(lang).new_page()
            page.goto(server.url + "/games/1")
            expect(page.locator("#over")).to_be_visible()
            whole_page(page, f"past-game-{lang}")
    finally:
        server.stop()
