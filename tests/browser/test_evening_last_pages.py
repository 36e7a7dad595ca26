"""The last faults a fresh user found on the phone pages at the end of an evening (issue 19, third
pass), each seen as a player sees it on a 390x844 phone and acted on only through what the page
shows:

- the host page keeps its rule choices across a reload, with the "N chosen" count;
- a typed pip count no hand of that many tiles makes is refused on the seat page, saying the counts
  possible, and the count card stays; a possible count is taken;
- the seat page's strip says "Game over" / "Game abandoned" like every other page's;
- the count card says how many tiles the station counts as a sentence, not a numbered step;
- the round's result says a score includes the 0-0's 50, on the seat pages and the scoreboard;
- the host's disabled controls look alike; the finished game's join material is gone;
- the table keeps the final trains drawn under "Game over";
- the host's name fields say what they are for.

Games are set up through the station (the tests' premise); screenshots in build/screenshots/."""
from __future__ import annotations

import re
import sys

import pytest
from night import pips, whole_page
from playwright.sync_api import expect
from support import PIN, ROOT, joined, unlock_host

sys.path.insert(0, str(ROOT / "tests" / "station"))
from evening_helpers import round_over_with_a_count  # noqa: E402
from players_helpers import doubles_game  # noqa: E402

from web.i18n import gettext_for, translations  # noqa: E402

HOW = {"played": "Game over", "early": "Game over", "abandoned": "Game abandoned"}


def option(name: str):
    """An option's field by its name as the page shows it (written lower case, shown capitalised)."""
    return re.compile(f"^{re.escape(name)}$", re.I)


def offered_tiles(page) -> list[str]:
    """The tiles the count card offers to tap."""
    return page.eval_on_selector_all("#count-tiles button[data-tile]", "els => els.map((e) => e.dataset.tile)")


def test_the_host_page_keeps_its_rule_choices_across_a_reload(server, phone):
    host = unlock_host(phone, server)
    for i, name in enumerate(["Ana", "Ben", "Chidi"]):
        host.get_by_label(f"Name at seat {i}", exact=True).fill(name)
    host.get_by_role("button", name="Remove seat 3").click()
    host.get_by_role("combobox", name=re.compile(r"^Set\b")).select_option("6")
    host.get_by_text("House rules", exact=True).click()
    host.get_by_label(option("Shorter game")).fill("1")
    host.get_by_label(option("Penalty for a marked train")).fill("10")
    host.get_by_label(option("Own train first")).select_option(label="On")
    expect(host.locator("#house-count")).to_have_text("3 chosen")
    host.reload()
    expect(host.locator("#host")).to_be_visible()                 # the PIN is kept for the tab
    expect(host.locator("#house-count")).to_have_text("3 chosen")
    host.get_by_text("House rules", exact=True).click()
    expect(host.get_by_label(option("Shorter game"))).to_have_value("1")
    expect(host.get_by_label(option("Penalty for a marked train"))).to_have_value("10")
    expect(host.get_by_label(option("Own train first")).locator("option:checked")).to_have_text("On")
    expect(host.get_by_label("Name at seat 2", exact=True)).to_have_value("Chidi")
    expect(host.locator("#names input")).to_have_count(3)
    # the station's preview of the set-up has the house rules too
    expect(host.locator("#setup-preview")).to_contain_text("1 round")
    whole_page(host, "evening-last-host-rules-reloaded")


@pytest.mark.parametrize("lang", ["en", "so"])
def test_an_impossible_typed_count_is_refused_with_the_counts_possible(server, phone, lang):
    _ = gettext_for(lang)
    st = server.station
    tokens = round_over_with_a_count(st)         # Ben holds one tile; the 0-0 is not on the table
    page = joined(phone, server, 1, tokens[1], lang)
    expect(page.locator("#count-card")).to_be_visible()
    possible = {pips(t) for t in offered_tiles(page)}      # one tile held: what each tile counts
    low, high = min(possible), max(p for p in possible if p != 50)
    assert 50 in possible
    page.get_by_label(_("Pip count"), exact=True).fill(str(high + 1))
    page.get_by_role("button", name=_("Send my count")).click()
    error = page.locator("#count-error")
    if lang == "en":
        expect(error).to_have_text(f"You typed {high + 1} pips, but 1 tile in your hand can count {low} to {high} "
                                   "or 50 pips. Check your count.")
    else:
        expect(error).to_be_visible()
        text = error.inner_text()
        assert "You typed" not in text and all(str(n) in text for n in (high + 1, low, high, 50)), text
    page.wait_for_timeout(2000)                          # it stays, and so does the card
    expect(error).to_be_visible()
    expect(page.locator("#count-card")).to_be_visible()
    # the refusal and "Send my count" under it are both in sight, neither under the keep-awake bar
    bar = page.locator("footer.wake").bounding_box()
    for shown in (error, page.get_by_role("button", name=_("Send my count"))):
        box = shown.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= bar["y"], (box, bar)
    whole_page(page, f"evening-last-count-impossible-{lang}")
    page.get_by_label(_("Pip count"), exact=True).fill(str(high))
    expect(error).to_be_hidden()
    page.get_by_role("button", name=_("Send my count")).click()
    expect(page.locator("#count-card")).to_be_hidden()
    expect(page.locator("#my-round-score strong")).to_have_text(str(high))


@pytest.mark.parametrize("how", ["played", "early", "abandoned"])
def test_the_seat_pages_strip_says_how_the_game_ended(server, phone, how):
    st = server.station
    game = doubles_game(st, ["Ana", "Ben"], [[0, 4]], end=how)
    page = joined(phone, server, 1, st.store.tokens(game)[1])
    expect(page.locator("#game-over")).to_be_visible()
    strip = page.locator("#strip-main")
    expect(strip).to_have_text(HOW[how])
    board = phone("en").new_page()
    board.goto(server.url + "/")
    expect(board.locator("#strip-main")).to_have_text(strip.inner_text())      # as the scoreboard says it
    box = strip.bounding_box()
    assert box["height"] > 10 and box["y"] < 200, box            # in sight at the top of the phone
    if how == "abandoned":
        whole_page(page, "evening-last-seat-strip-abandoned")


@pytest.mark.parametrize("lang", ["en", "ps", "so"])
def test_the_count_card_says_the_tile_count_as_a_sentence(server, phone, lang):
    st = server.station
    tokens = round_over_with_a_count(st)
    page = joined(phone, server, 1, tokens[1], lang)
    help_line = page.locator("#count-help")
    expect(help_line).to_be_visible()
    words = translations(lang).ngettext("The station counts %(n)s tile in your hand. Tap it, or type its pip count.",
                                        "The station counts %(n)s tiles in your hand. Tap them, or type their pip count.", 1)
    expect(help_line).to_have_text(words % {"n": 1})
    assert not re.search(r"[:：]\s*1\s*[.۔]", help_line.inner_text())       # no "...: 1." that reads as step 1
    whole_page(page, f"evening-last-count-card-{lang}")


def test_the_round_result_says_a_score_includes_the_double_blank(server, phone):
    st = server.station
    tokens = round_over_with_a_count(st)
    ben = joined(phone, server, 1, tokens[1])
    ana = joined(phone, server, 0, tokens[0])
    board = phone("en").new_page()
    board.goto(server.url + "/")
    expect(ben.locator('#count-tiles button[data-tile="0-0"]')).to_be_visible()
    ben.locator('#count-tiles button[data-tile="0-0"]').click()
    ben.get_by_role("button", name="Send my count").click()
    expect(ben.locator("#my-round-score strong")).to_have_text("50")
    mine = ben.locator("#round-blank")
    expect(mine).to_be_visible()
    expect(mine).to_contain_text("Your score includes the double blank")
    expect(mine.locator("strong")).to_have_text("50")
    expect(mine.locator(".tile")).to_have_attribute("aria-label", "tile 0-0")
    theirs = ana.locator("#round-blank")
    expect(theirs).to_contain_text("Round 1: Ben's score includes the double blank")
    note = board.locator("#round-notes li")
    expect(note).to_have_count(1)
    expect(note).to_contain_text("Round 1: Ben's score includes the double blank")
    expect(note.locator("strong")).to_have_text("50")
    whole_page(ben, "evening-last-round-blank-seat")
    whole_page(board, "evening-last-round-blank-scoreboard")


def test_a_round_without_the_double_blank_in_a_hand_says_nothing_of_it(server, phone):
    st = server.station
    tokens = round_over_with_a_count(st)
    ben = joined(phone, server, 1, tokens[1])
    ben.locator('#count-tiles button[data-tile="0-5"]').click()
    ben.get_by_role("button", name="Send my count").click()
    expect(ben.locator("#my-round-score strong")).to_have_text("5")
    expect(ben.locator("#round-blank")).to_be_hidden()
    board = phone("en").new_page()
    board.goto(server.url + "/")
    expect(board.locator("#score-table")).to_be_visible()
    expect(board.locator("#round-notes li")).to_have_count(0)


#: the look of a control, as the player sees it
LOOK = "e => { const s = getComputedStyle(e); return [s.backgroundColor, s.color, s.borderColor, s.opacity]; }"


def test_the_host_pages_disabled_controls_look_alike(server, phone):
    st = server.station
    doubles_game(st, ["Ana", "Ben"], [[0, 4]], end="early")
    host = unlock_host(phone, server)
    names = ["Start next round", "Undo last move", "End game", "Abandon game"]
    buttons = [host.get_by_role("button", name=n, exact=True) for n in names]
    for b in buttons:
        expect(b).to_be_disabled()
    looks = {n: b.evaluate(LOOK) for n, b in zip(names, buttons)}
    assert len({tuple(v) for v in looks.values()}) == 1, looks
    live = host.get_by_role("button", name="Export record", exact=True)
    expect(live).to_be_enabled()
    assert tuple(live.evaluate(LOOK)) != tuple(looks["Start next round"])       # a live one looks live


def test_the_host_page_drops_the_join_material_once_the_game_is_over(server, phone):
    st = server.station
    st.setup_game(PIN, ["Ana", "Ben"], "hub", 6, {"hand_size": 2})
    host = unlock_host(phone, server)
    seats = host.get_by_role("heading", name="Seats: scan to join")
    expect(seats).to_be_visible()
    expect(host.get_by_role("link", name="Join link")).to_have_count(2)
    host.get_by_role("button", name="End game", exact=True).click()
    host.locator("#confirm-yes").click()
    expect(host.locator("#host-over-block")).to_be_visible()
    expect(seats).to_be_hidden()
    expect(host.get_by_role("link", name="Join link")).to_have_count(0)
    expect(host.get_by_role("img", name=re.compile("QR code to join seat"))).to_have_count(0)
    expect(host.get_by_text("Code:")).to_have_count(0)
    host.reload()
    expect(host.locator("#host-over-block")).to_be_visible()
    expect(host.get_by_role("heading", name="Seats: scan to join")).to_be_hidden()
    expect(host.get_by_role("link", name="Join link")).to_have_count(0)
    whole_page(host, "evening-last-host-over")
    # a new game: its seats are shown again
    st.setup_game(PIN, ["Ana", "Ben"], "hub", 6, {"hand_size": 2})
    expect(host.get_by_role("heading", name="Seats: scan to join")).to_be_visible()
    expect(host.get_by_role("link", name="Join link")).to_have_count(2)


def test_the_table_keeps_the_final_trains_under_game_over(server, phone):
    st = server.station
    tokens = round_over_with_a_count(st)
    st.reveal(1, tokens[1], ["0-5"])
    table = phone("en").new_page()
    table.goto(server.url + "/table")
    laid = lambda key: table.eval_on_selector_all(f'#trains [data-train="{key}"] [data-tile]', "els => els.map((e) => e.dataset.tile)")  # noqa: E731
    expect(table.locator("#trains .train")).to_have_count(3)
    before = {key: laid(key) for key in ("0", "1", "mexican")}
    assert before["0"] == ["6-1", "1-1"] and before["1"] == ["6-2"], before
    st.end_game(PIN)
    over = table.locator("#table-over")
    expect(over).to_be_visible()
    expect(over).to_contain_text("Game over")
    expect(table.locator("#trains .train")).to_have_count(3)        # the trains stay, as they lay
    assert {key: laid(key) for key in ("0", "1", "mexican")} == before
    expect(table.locator('#trains [data-train="0"] .openend')).to_contain_text("1")
    first = table.locator("#trains .train").first.bounding_box()
    assert over.bounding_box()["y"] < first["y"]                     # the card first, the table below
    expect(table.locator(".od-chip")).to_have_count(0)
    whole_page(table, "evening-last-table-over")


@pytest.mark.parametrize("lang", ["en", "so"])
def test_the_host_name_fields_say_what_they_are_for(server, phone, lang):
    _ = gettext_for(lang)
    host = unlock_host(phone, server, lang)
    for i in range(4):
        field = host.get_by_placeholder(_("Name at seat %(n)s") % {"n": i}, exact=True)
        expect(field).to_be_visible()
        expect(field).to_have_value("")
    host.get_by_role("button", name=_("Add a player")).click()
    expect(host.get_by_placeholder(_("Name at seat %(n)s") % {"n": 4}, exact=True)).to_be_visible()
    host.get_by_role("button", name=_("Remove seat %(n)s") % {"n": 0}).click()        # the others move up
    expect(host.get_by_placeholder(_("Name at seat %(n)s") % {"n": 4}, exact=True)).to_have_count(0)
    expect(host.get_by_placeholder(_("Name at seat %(n)s") % {"n": 3}, exact=True)).to_be_visible()
    whole_page(host, f"evening-last-host-names-{lang}")
