"""Faults fresh users still found at the end of an evening (issue 19, second pass), each seen as a
player sees it on a 390x844 phone and acted on only through what the page shows:

- a phone left on a seat the new game lacks says so in words, with the game's seats and the
  scoreboard (never "Tiles in your hand: undefined"); a fresh phone there is not offered to join;
- an abandoned game ranks nobody on the seat page, as on the scoreboard;
- /players draws each player in the seat colour of their latest game, as that game's pages do;
- the count says what the 0-0 counts; "Game over" once on a seat page; winners as one list;
- a tile in the virtual hub's slot after a new game asks the seat to act;
- "12-11" on one line, the Somali keep-screen-on line whole, the Pashto colon in place;
- the host's PIN worded alone, no "Waiting for the host" on the host's page, seats from 0.

The games are set up through the station (the tests' premise); screenshots in English, Pashto and
Somali go to build/screenshots/ (looked at, not only taken)."""
from __future__ import annotations

import re
import sys

import pytest
from night import whole_page
from playwright.sync_api import expect
from support import PIN, ROOT, unlock_host, wait_for

sys.path.insert(0, str(ROOT / "tests" / "station"))
from evening_helpers import round_over_with_a_count  # noqa: E402
from players_helpers import doubles_game  # noqa: E402
from station_helpers import join_all  # noqa: E402

import palette  # noqa: E402
from web.i18n import gettext_for  # noqa: E402


def seat_page(phone, server, seat: int, token: str | None = None, lang: str = "en"):
    """A phone on /seat/<seat>, holding ``token`` (as after joining) or none (a fresh phone)."""
    page = phone(lang).new_page()
    page.goto(server.url + "/")
    if token:
        page.evaluate(f"localStorage.setItem('mt-seat-{seat}', '{token}')")
    page.goto(server.url + f"/seat/{seat}")
    return page


#: per text that starts with a comma (Latin or Arabic) in ``e``: the gap (px) between the end of the
#: element before it and the comma, in the line's direction
GAPS_BEFORE_COMMAS = """e => {
  const rtl = getComputedStyle(e).direction === "rtl", out = [];
  const walk = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (!/^[,،]/.test(n.textContent) || !n.previousSibling || !n.previousSibling.getBoundingClientRect) continue;
    const r = document.createRange(); r.setStart(n, 0); r.setEnd(n, 1);
    const comma = r.getBoundingClientRect(), before = n.previousSibling.getBoundingClientRect();
    out.push(Math.round(rtl ? before.left - comma.right : comma.left - before.right));
  }
  return out;
}"""


#: per button: its text, the number of lines it is drawn on, whether it fits its box
ONE_LINE = """buttons => buttons.map((b) => {
  const r = document.createRange(); r.selectNodeContents(b);
  return [b.textContent, new Set(Array.from(r.getClientRects()).map((x) => Math.round(x.top))).size,
          b.scrollWidth <= b.clientWidth];
})"""


def rgb(hex_colour: str) -> str:
    r, g, b = palette.hex_to_rgb(hex_colour)
    return f"rgb({r}, {g}, {b})"


@pytest.mark.parametrize("lang", ["en", "so"])
def test_a_phone_on_a_seat_the_new_game_lacks_says_so_and_leads_to_its_seats(server, phone, lang):
    _ = gettext_for(lang)
    st = server.station
    st.setup_game(PIN, ["Ana", "Ben", "Chi"], "hub", 6, {"hand_size": 2})
    old_game = st.game_id
    old = join_all(st, 3)
    st.start_round(PIN)
    st.setup_game(PIN, ["Dee", "Eve"], "hub", 6, {"hand_size": 2})
    st.start_round(PIN)
    tokens = join_all(st, 2)
    st.submit(0, tokens[0], {"play": "6-1", "on": 0}, st.version)          # a last move to show
    page = seat_page(phone, server, 2, old[2], lang)
    absent = page.locator("#absent")
    expect(absent).to_be_visible()
    expect(absent.get_by_role("heading")).to_have_text(_("Seat %(n)s is not in this game") % {"n": 2})
    expect(absent).to_contain_text(_("This phone was playing in game %(id)s.") % {"id": old_game})
    expect(page.locator("#controller")).to_be_hidden()
    expect(page.locator("#join")).to_be_hidden()
    assert "undefined" not in page.locator("body").inner_text()
    whole_page(page, f"evening-faults-absent-seat-{lang}")
    # the way on: the game's seats by name, and the scoreboard
    expect(absent.get_by_role("link")).to_have_count(3)
    expect(absent.get_by_role("link", name=_("Scoreboard"))).to_be_visible()
    absent.get_by_role("link", name=re.compile("Eve")).click()
    expect(page).to_have_url(re.compile(r"/seat/1$"))
    expect(page.get_by_role("heading", name=_("Join this seat"))).to_be_visible()
    # a fresh phone on a seat the game lacks is not offered to join it
    fresh = seat_page(phone, server, 7, None, lang)
    expect(fresh.locator("#absent").get_by_role("heading")).to_have_text(_("Seat %(n)s is not in this game") % {"n": 7})
    expect(fresh.get_by_role("heading", name=_("Join this seat"))).to_be_hidden()
    expect(fresh.locator("#absent-played")).to_be_hidden()
    # the station sets up a game with a seat 7: the same page now offers to join it
    st.setup_game(PIN, ["A", "B", "C", "D", "E", "F", "G", "H"], "hub", 9, {})
    expect(fresh.get_by_role("heading", name=_("Join this seat"))).to_be_visible()
    expect(fresh.locator("#absent")).to_be_hidden()


def test_an_abandoned_game_ranks_nobody_on_the_seat_page_as_on_the_scoreboard(server, phone):
    st = server.station
    game = doubles_game(st, ["Ana", "Ben", "Chi"], [[0, 4, 4]], end="abandoned")
    page = seat_page(phone, server, 1, st.store.tokens(game)[1])
    expect(page.locator("#game-over")).to_have_attribute("data-how", "abandoned")
    ranks = page.locator("#final-standings .rank")
    expect(ranks).to_have_count(3)
    assert ranks.all_inner_texts() == ["–"] * 3
    muted = page.evaluate("getComputedStyle(document.body).getPropertyValue('--muted').trim()")
    assert ranks.first.evaluate("e => getComputedStyle(e).color") == rgb(muted)       # not the gold of a place
    expect(page.locator("#my-rank")).to_be_hidden()
    board = phone("en").new_page()
    board.goto(server.url + "/")
    expect(board.locator("#standings .rank").first).to_have_text("–")
    assert set(board.locator("#standings .rank").all_inner_texts()) == {"–"}


@pytest.mark.parametrize("lang", ["en", "ps", "so"])
def test_the_seat_page_at_game_over_says_it_once_and_lists_the_winners(server, phone, lang):
    _ = gettext_for(lang)
    st = server.station
    st.setup_game(PIN, ["Ana", "Ben", "Chi"], "hub", 6, {"hand_size": 2})
    tokens = join_all(st, 3)
    st.end_game(PIN)                        # before any round: every seat shares the win
    page = seat_page(phone, server, 1, tokens[1], lang)
    expect(page.locator("#h-game-over")).to_have_text(_("Game over"))
    text = page.locator("#controller").inner_text()      # the page's own text: once (the strip says it too, as on every page)
    assert text.count(_("Game over")) == 1, text
    expect(page.locator("#strip-over")).to_have_text(_("Game over"))
    winners = page.locator("#winners")
    for name in ("Ana", "Ben", "Chi"):
        expect(winners).to_contain_text(name)
    # each comma right after the name before it ("Ana , Ben" was a flex gap before the comma)
    gaps = winners.evaluate(GAPS_BEFORE_COMMAS)
    assert gaps and all(g < 2 for g in gaps), gaps
    if lang == "en":
        assert winners.evaluate("e => e.textContent").endswith("Ben, and C■Chi")      # Intl.ListFormat's "and"
    whole_page(page, f"evening-faults-seat-over-{lang}")


@pytest.mark.parametrize("lang", ["en", "ps", "so"])
def test_the_count_says_what_the_double_blank_counts(server, phone, lang):
    _ = gettext_for(lang)
    st = server.station
    tokens = round_over_with_a_count(st)
    page = seat_page(phone, server, 1, tokens[1], lang)
    expect(page.locator("#count-card")).to_be_visible()
    blank = page.locator("#count-blank")
    expect(blank).to_be_visible()
    words = _("The double blank %(tile)s counts %(n)s pips.").split("%(")[0].strip()
    expect(blank).to_contain_text(words)
    expect(blank.locator("strong")).to_have_text("50")
    expect(blank.locator(".tile")).to_have_attribute("aria-label", _("tile %(a)s-%(b)s") % {"a": 0, "b": 0})
    whole_page(page, f"evening-faults-count-{lang}")


def test_the_double_blank_line_is_not_shown_when_it_counts_nothing(server, phone):
    st = server.station
    tokens = round_over_with_a_count(st, {"double_blank_points": 0})
    page = seat_page(phone, server, 1, tokens[1])
    expect(page.locator("#count-card")).to_be_visible()
    expect(page.locator("#count-blank")).to_have_count(1)          # the line is there, and says nothing
    expect(page.locator("#count-blank")).to_be_hidden()


def test_a_tile_in_the_virtual_hubs_slot_after_a_new_game_asks_the_seat_to_act(server, phone):
    st = server.station
    st.setup_game(PIN, ["Ana", "Ben"], "hub", 9, {"hand_size": 3})
    st.start_round(PIN)
    hub = phone("en").new_page()
    hub.goto(server.url + "/hub")
    hub.click('svg.hub [data-slot="mexican"]')
    wait_for(lambda: (st.view()["prompt"] or {}).get("kind") == "start-train", what="game 1's prompt")
    # the next game: the table cleared, the slot shows no tile, a tile put in asks the seat to act
    st.setup_game(PIN, ["Ana", "Ben"], "hub", 9, {"hand_size": 3})
    st.start_round(PIN)
    ana = seat_page(phone, server, 0, join_all(st, 2)[0])
    expect(ana.locator("#controller")).to_be_visible()
    slot = hub.locator('svg.hub [data-slot="mexican"]')
    expect(slot).to_have_attribute("aria-pressed", "false")
    slot.click()
    expect(ana.locator("#prompt")).to_contain_text("A tile was placed to start Mexican train: enter the tile you played")
    expect(ana.locator('#trains button[data-train="mexican"]')).to_have_attribute("aria-pressed", "true")


def test_players_are_drawn_in_the_seat_colour_of_their_latest_game(server, phone):
    st = server.station
    doubles_game(st, ["Ana", "Ben", "Chi"], [[0, 4, 6]])
    doubles_game(st, ["Chi", "Ana"], [[0, 5]])
    doubles_game(st, ["Dee", "Ana"], [[0, 5]])
    board = phone("en").new_page()
    board.goto(server.url + "/")                 # the latest game's scoreboard: Dee seat 0, Ana seat 1
    seat_colour = {name: board.locator("#standings .badge", has_text=name).locator(".mark").evaluate(
        "e => getComputedStyle(e).backgroundColor") for name in ("Dee", "Ana")}
    page = phone("en").new_page()
    page.goto(server.url + "/players")
    expect(page.locator("#player-list .player")).to_have_count(4)
    dot = {name: page.locator(f'.player[data-player="{name.lower()}"] .player-name .dot').evaluate(
        "e => getComputedStyle(e).backgroundColor") for name in ("Ana", "Ben", "Chi", "Dee")}
    assert dot["Ana"] == seat_colour["Ana"] == rgb(palette.SEATS[1].hex)
    assert dot["Dee"] == seat_colour["Dee"] == rgb(palette.SEATS[0].hex)
    assert len(set(dot.values())) == 4, dot                 # nobody shares a colour on the page
    expect(page.get_by_text("Each player has the colour of the seat they sat at in their latest game.")).to_be_visible()


def test_choose_a_tile_shows_12_11_on_one_line(server, phone):
    st = server.station
    st.setup_game(PIN, ["Ana", "Ben", "Chi"], "hub", 12, {"hand_size": 3})
    tokens = join_all(st, 3)
    st.start_round(PIN)
    page = seat_page(phone, server, 0, tokens[0])
    page.locator('#trains button[data-train="0"]').click()
    expect(page.locator('#tiles button[data-tile="12-11"]')).to_be_visible()
    lines = page.eval_on_selector_all("#tiles button", ONE_LINE)
    assert len(lines) == 12                   # every tile not on the table that fits the engine's 12
    assert [x for x in lines if x[1] != 1 or not x[2]] == [], lines
    whole_page(page, "evening-faults-choose-a-tile-en")
    # a registered hand: the tile it holds is offered with a ✓, still on one line
    page.locator('#trains button[data-train="0"]').click()
    st.register_hand(0, tokens[0], ["12-11", "11-10", "3-4"])
    tile = page.locator('#tiles button[data-tile="12-11"]')
    expect(tile).to_have_class(re.compile(r"\bin-hand\b"))
    lines = page.eval_on_selector_all("#tiles button", ONE_LINE)
    assert [x[0] for x in lines] == ["12-11"] and lines[0][1:] == [1, True], lines


def test_the_somali_keep_screen_on_line_is_read_whole_at_390(server, phone):
    st = server.station
    st.setup_game(PIN, ["Ana", "Ben"], "hub", 9, {"hand_size": 3})
    token = join_all(st, 2)[0]
    st.start_round(PIN)
    page = seat_page(phone, server, 0, token, "so")
    expect(page.locator("#controller")).to_be_visible()
    page.locator("main").tap()                         # starts the video: the status line is written
    status = page.locator("#wake-status")
    expect(status).to_have_text(gettext_for("so")("The screen stays on."))
    whole = status.evaluate("e => e.scrollHeight <= e.clientHeight + 1 && e.scrollWidth <= e.clientWidth + 1")
    assert whole, status.evaluate("e => [e.scrollHeight, e.clientHeight, e.scrollWidth, e.clientWidth]")
    bar, box = page.locator("footer.wake").bounding_box(), status.bounding_box()
    assert box["y"] >= bar["y"] and box["y"] + box["height"] <= bar["y"] + bar["height"] + 1, (box, bar)
    assert bar["y"] + bar["height"] <= page.viewport_size["height"] + 1
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.wait_for_function("Math.ceil(scrollY + innerHeight) >= document.documentElement.scrollHeight")
    leave = page.locator("#btn-leave").bounding_box()
    assert leave["y"] + leave["height"] <= page.locator("footer.wake").bounding_box()["y"], (leave, bar)
    page.screenshot(path=str(ROOT / "build" / "screenshots" / "evening-faults-wake-so.png"))


def test_the_pashto_past_game_line_keeps_its_colon_between_date_and_names(server, phone):
    st = server.station
    game = doubles_game(st, ["Ana", "Ben"], [[0, 4]])
    page = phone("ps").new_page()
    page.goto(server.url + f"/games/{game}")
    line = page.locator("#stored-line")
    expect(line.locator("bdi").first).to_be_visible()
    # the date is its own left-to-right run and the colon comes after it, before the names
    after = line.evaluate("""e => { const b = e.querySelector("bdi"); return [b.dir, b.textContent, b.nextSibling && b.nextSibling.textContent]; }""")
    assert after[0] == "ltr" and re.search(r"\d{2}:\d{2}$", after[1]) and after[2].startswith(":"), after
    expect(line.locator("bdi", has_text="Ana")).to_have_count(1)
    whole_page(page, "evening-faults-past-game-ps")


def test_the_host_pin_host_strip_and_set_up_rows_are_worded_right(server, phone):
    st = server.station
    host = phone("en").new_page()
    host.goto(server.url + "/host")
    expect(host.get_by_label("Host PIN", exact=True)).to_be_visible()
    host.get_by_label("Host PIN", exact=True).fill("0000")
    host.get_by_role("button", name="Unlock").click()
    expect(host.locator("#toast")).to_have_text("That is not the host PIN.")
    host.get_by_label("Host PIN", exact=True).fill(PIN)        # typing again: the refusal is done with
    expect(host.locator("#toast")).to_be_hidden()
    host.get_by_role("button", name="Unlock").click()
    expect(host.locator("#host")).to_be_visible()
    expect(host.locator("#toast")).to_be_hidden()
    players = phone("en").new_page()
    players.goto(server.url + "/players")          # the merge form asks for the same "Host PIN"
    assert players.locator("#merge-pin-label span").inner_text() == "Host PIN"
    host = unlock_host(phone, server)
    rows = host.locator("#names input")
    assert [rows.nth(i).get_attribute("aria-label") for i in range(rows.count())][:2] == ["Name at seat 0", "Name at seat 1"]
    expect(host.get_by_role("button", name="Remove seat 0")).to_be_visible()
    st.setup_game(PIN, ["Ana", "Ben"], "hub", 9, {"hand_size": 3})       # no round yet
    expect(host.locator("#strip-main")).to_contain_text("No round in play: start the next round below.")
    expect(host.locator("#strip-main")).not_to_contain_text("Waiting for the host")
    board = phone("en").new_page()
    board.goto(server.url + "/")
    expect(board.locator("#strip-main")).to_contain_text("Waiting for the host to start a round")
