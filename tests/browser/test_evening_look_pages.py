"""Faults of look and layout a fresh user found at the end of an evening (issue 19, third pass),
each measured as a player sees it on a 390x844 phone: what is drawn where, in which order, on how
many lines.

- a word in a narrow table (the head-to-head on /players, the seat's round table in Somali) is
  never split across lines;
- the "Running totals" chart keeps every player's line, points and end label inside it, in English
  and in Pashto, also for two players on the same total; so does the /players chart;
- a shared place reads "2=" on a Pashto page as in English;
- a seat badge reads "A●" and a step heading "1." on a Pashto page; no Eastern Arabic digit;
- the top bar is one line high in every language, the links that do not fit one tap away;
- a joined seat page says its seat's number.

The games are set up and played through the station (the tests' premise); screenshots in English,
Pashto, Sinhala and Somali go to build/screenshots/ (looked at, not only taken)."""
from __future__ import annotations

import re
import sys

import pytest
from night import whole_page
from playwright.sync_api import expect
from support import PIN, ROOT, joined, unlock_host

sys.path.insert(0, str(ROOT / "tests" / "station"))
from evening_helpers import round_over_with_a_count  # noqa: E402
from players_helpers import doubles_game  # noqa: E402
from station_helpers import join_all  # noqa: E402

import palette  # noqa: E402
from web.i18n import gettext_for  # noqa: E402

PLAYERS = ["Ana", "Ben", "Chidi", "Dunya"]
#: one round: Ana goes out, Ben and Dunya both count 4 (they share 2nd place), Chidi 8
TIED = [[0, 4, 8, 4]]

#: per word (a run of letters, digits or marks between spaces) of the text in the given elements
#: that the page draws on more than one line: [word, number of lines]
SPLIT_WORDS = """els => {
  const out = [];
  for (const e of els) {
    const walk = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      for (const m of n.textContent.matchAll(/\\S+/g)) {
        const r = document.createRange(); r.setStart(n, m.index); r.setEnd(n, m.index + m[0].length);
        const tops = [];
        for (const b of r.getClientRects()) if (b.width > 0 && !tops.some((t) => Math.abs(t - b.top) < 4)) tops.push(b.top);
        if (tops.length > 1) out.push([m[0], tops.length]);
      }
    }
  }
  return out;
}"""

#: the left edge (px) of each character of ``text`` where ``e`` draws it (its first text node
#: holding it): the order a reader sees them in, whatever the page's direction
CHAR_LEFTS = """(e, text) => {
  const walk = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const at = n.textContent.indexOf(text);
    if (at < 0) continue;
    return Array.from(text).map((c, i) => {
      const r = document.createRange(); r.setStart(n, at + i); r.setEnd(n, at + i + 1);
      return r.getBoundingClientRect().left;
    });
  }
  return null;
}"""


def no_word_split(locator) -> None:
    split = locator.evaluate_all(SPLIT_WORDS)
    assert not split, f"words broken across lines: {split}"


def fits_sideways(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), "the page is wider than the phone"


def reads_left_to_right(locator, text: str) -> None:
    """``text`` is drawn in its own order, left to right (e.g. "2=", "A●")."""
    lefts = locator.evaluate(CHAR_LEFTS, text)
    assert lefts is not None, f"{text!r} not shown in {locator}"
    assert lefts == sorted(lefts) and len(set(lefts)) == len(lefts), f"{text!r} drawn out of order: {lefts}"


def colour_pixels(png: bytes, hex_colour: str, box=None, tolerance: int = 24) -> int:
    """How many pixels of the screenshot ``png`` (within ``box`` = (x, y, w, h) in its pixels) are
    within ``tolerance`` of ``hex_colour`` in every channel."""
    import cv2
    import numpy as np
    image = cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_COLOR)
    if box:
        x, y, w, h = (int(round(v)) for v in box)
        image = image[y:y + h, x:x + w]
    r, g, b = palette.hex_to_rgb(hex_colour)
    want = np.array([b, g, r], dtype=np.int16)
    return int((np.abs(image.astype(np.int16) - want).max(axis=2) <= tolerance).sum())


def overlap(a: dict, b: dict) -> bool:
    return a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"] \
        and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"]


def players_after_tied_games(server, phone, lang: str):
    """/players on a phone in ``lang`` after two games in which Ben and Dunya end on the same
    total in both (their lines and points lie on each other)."""
    doubles_game(server.station, PLAYERS, TIED)
    doubles_game(server.station, PLAYERS, [[0, 3, 5, 3]])
    page = phone(lang).new_page()
    page.goto(server.url + "/players")
    return page


# ------------------------------------------------------------------------------ words in tables
@pytest.mark.parametrize("lang", ["en", "so", "si"])
def test_the_head_to_head_never_splits_a_name(server, phone, lang):
    page = players_after_tied_games(server, phone, lang)
    tables = page.locator(".h2h-table")
    expect(tables).to_have_count(4)
    expect(page.locator('section.player[data-player="ben"] .h2h-table')).to_contain_text("Dunya")
    no_word_split(page.locator(".h2h-table th, .h2h-table td"))
    fits_sideways(page)
    page.locator('section.player[data-player="ben"]').scroll_into_view_if_needed()
    whole_page(page, f"evening-look-players-h2h-{lang}")


@pytest.mark.parametrize("lang", ["so", "si", "en"])
def test_the_seat_round_table_never_splits_a_word(server, phone, lang):
    _ = gettext_for(lang)
    tokens = round_over_with_a_count(server.station)
    page = joined(phone, server, 0, tokens[0], lang)
    table = page.locator("#round-scores")
    expect(table).to_be_visible()
    expect(table.locator("thead")).to_contain_text(_("Player"))
    no_word_split(table.locator("th, td"))
    fits_sideways(page)
    box = table.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    whole_page(page, f"evening-look-seat-round-table-{lang}")


# ------------------------------------------------------------------------------ running totals
@pytest.mark.parametrize("lang", ["en", "ps"])
@pytest.mark.parametrize("rounds", [TIED, [[0, 4, 8, 4], [3, 0, 5, 3], [2, 4, 0, 1]]], ids=["one-round", "three-rounds"])
def test_the_running_totals_chart_shows_every_player_inside_it(server, phone, lang, rounds):
    game = doubles_game(server.station, PLAYERS, rounds)
    page = phone(lang).new_page()
    page.goto(server.url + f"/games/{game}")
    chart = page.locator("#chart svg")
    expect(chart).to_be_visible()
    chart.scroll_into_view_if_needed()
    frame = chart.bounding_box()
    assert frame["x"] >= 0 and frame["x"] + frame["width"] <= 390, frame
    labels = []
    for seat, name in enumerate(PLAYERS):
        mark = name[0] + palette.SEATS[seat].symbol          # the player's badge letters at the line's end
        label = chart.locator("text", has_text=re.compile("^" + re.escape(mark) + "$"))
        expect(label).to_have_count(1)
        box = label.bounding_box()
        # inside the chart, which is inside the phone's width
        assert frame["x"] <= box["x"] and box["x"] + box["width"] <= frame["x"] + frame["width"], (mark, box, frame)
        assert frame["y"] <= box["y"] and box["y"] + box["height"] <= frame["y"] + frame["height"], (mark, box, frame)
        reads_left_to_right(label, mark)
        labels.append((mark, box))
    for i, (a, box_a) in enumerate(labels):
        for b, box_b in labels[i + 1:]:
            assert not overlap(box_a, box_b), f"{a} and {b} drawn over each other: {box_a} {box_b}"
    # every player's colour is seen in the chart as drawn (lines and points, not only the label)
    png = chart.screenshot()
    for seat, name in enumerate(PLAYERS):
        seen = colour_pixels(png, palette.SEATS[seat].hex)
        assert seen >= 150, f"{name}'s line is hardly seen: {seen} pixels"
    whole_page(page, f"evening-look-games-chart-{len(rounds)}-{lang}")


@pytest.mark.parametrize("lang", ["en", "ps"])
def test_the_players_chart_shows_two_players_on_the_same_totals(server, phone, lang):
    page = players_after_tied_games(server, phone, lang)
    canvas = page.locator("#evenings-chart")
    expect(canvas).to_be_visible()
    canvas.scroll_into_view_if_needed()
    page.wait_for_function("() => window.Chart && Chart.getChart(document.getElementById('evenings-chart'))")
    # the plot (the legend below it has a box of every colour anyway), in the screenshot's pixels
    area = page.evaluate("""(() => { const a = Chart.getChart(document.getElementById('evenings-chart')).chartArea;
      return [a.left, a.top, a.right - a.left, a.bottom - a.top].map((v) => v * devicePixelRatio); })()""")
    png = canvas.screenshot()
    for seat, name in enumerate(PLAYERS):
        seen = colour_pixels(png, palette.SEATS[seat].hex, area)
        assert seen >= 150, f"{name}'s line and points are hardly seen: {seen} pixels"
    frame = canvas.bounding_box()
    assert frame["x"] >= 0 and frame["x"] + frame["width"] <= 390, frame
    whole_page(page, f"evening-look-players-chart-{lang}")


# ------------------------------------------------------------------------------ right to left
def test_a_shared_place_reads_as_in_english_on_a_pashto_page(server, phone):
    _ = gettext_for("ps")
    st = server.station
    game = doubles_game(st, PLAYERS, TIED)
    tokens = st.store.tokens(game)
    page = phone("ps").new_page()
    page.goto(server.url + f"/games/{game}")
    shared = page.locator('#standings li[data-rank="2="] .rank')
    expect(shared).to_have_text("2=")
    reads_left_to_right(shared, "2=")
    whole_page(page, "evening-look-games-standings-ps")
    page.goto(server.url + "/")
    reads_left_to_right(page.locator('#standings li[data-rank="2="] .rank'), "2=")
    # Dunya's phone: the standings and "Your place: 2= of 4"
    seat = joined(phone, server, 3, tokens[3], "ps")
    expect(seat.locator("#game-over")).to_be_visible()
    ranks = seat.locator("#final-standings .rank", has_text="=")
    expect(ranks).to_have_count(2)
    for i in range(2):
        reads_left_to_right(ranks.nth(i), "2=")
    mine = seat.locator("#my-rank")
    expect(mine).to_contain_text("2=")
    reads_left_to_right(mine, "2=")
    whole_page(seat, "evening-look-seat-shared-place-ps")


def test_badges_and_step_numbers_read_as_in_english_on_a_pashto_page(server, phone):
    st = server.station
    st.setup_game(PIN, ["Ana", "Ben", "Chi"], "hub", 6, {})
    tokens = join_all(st, 3)
    st.start_round(PIN)
    turn = st.view()["result"]["state"]["turn"]
    page = joined(phone, server, turn, tokens[turn], "ps")
    expect(page.locator("#h-train")).to_be_visible()
    marks = page.locator(".badge .mark:visible")
    assert marks.count() >= 3
    for i in range(marks.count()):
        mark = marks.nth(i)
        reads_left_to_right(mark, mark.inner_text())          # "A●", never "●A"
    expect(page.locator("#h-train")).to_have_text(re.compile(r"^1\. "))
    eastern = re.compile("[\u0660-\u0669\u06f0-\u06f9]")
    assert not eastern.search(page.locator("body").inner_text()), "an Eastern Arabic digit on the page"
    whole_page(page, "evening-look-seat-live-ps")
    table = phone("ps").new_page()
    table.goto(server.url + "/table")
    expect(table.locator("#trains .mark").first).to_be_visible()
    for mark in table.locator(".badge .mark:visible").all():
        reads_left_to_right(mark, mark.inner_text())
    # the list of last moves is numbered 1. 2. 3. in Western digits
    assert table.locator("#log").evaluate("e => getComputedStyle(e.querySelector('li') || e).listStyleType") == "decimal"
    assert not eastern.search(table.locator("body").inner_text())
    whole_page(table, "evening-look-table-live-ps")


# ------------------------------------------------------------------------------ the top bar
def bar_height(phone, server, path: str, lang: str) -> float:
    page = phone(lang).new_page()
    page.goto(server.url + path)
    page.evaluate("document.fonts.ready")
    height = page.locator("header.top").bounding_box()["height"]
    page.close()
    return height


@pytest.mark.parametrize("lang", ["si", "so", "sn", "uz"])
@pytest.mark.parametrize("path", ["/", "/players", "/hub", "/seat/0"])
def test_the_top_bar_is_one_line_in_every_language(server, phone, lang, path):
    _ = gettext_for(lang)
    st = server.station
    st.setup_game(PIN, ["Ana", "Ben"], "hub", 9, {})
    page = phone(lang).new_page()
    page.goto(server.url + path)
    page.evaluate("document.fonts.ready")
    bar = page.locator("header.top")
    expect(bar.locator("nav a").first).to_be_visible()
    height = bar.bounding_box()["height"]
    assert height <= bar_height(phone, server, path, "en"), height
    # the links in the bar: on one line, each whole and inside the phone; the page's own among them
    shown = bar.locator("nav a:visible")
    tops = set()
    for link in shown.all():
        box = link.bounding_box()
        tops.add(round(box["y"]))
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, (link.inner_text(), box)
        assert link.evaluate("a => a.scrollWidth <= a.clientWidth + 1"), link.inner_text()
    assert len(tops) == 1, tops
    current = bar.locator('nav a[aria-current="page"]')
    if current.count():
        expect(current).to_be_visible()
    # every other page one tap away: "⋯" (More pages) lists the links that did not fit, whole
    names = [_("Scoreboard"), _("Table"), _("Players"), _("Host"), _("Virtual hub")]
    hidden = [n for n in names if not bar.get_by_role("link", name=n, exact=True).is_visible()]
    if hidden:
        bar.locator("summary", has_text=_("More pages")).tap()
        for name in hidden:
            link = bar.get_by_role("link", name=name, exact=True)
            expect(link).to_be_visible()
            box = link.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= 390, (name, box)
            assert link.evaluate("a => a.scrollWidth <= a.clientWidth + 1"), name
        if lang in ("si", "so"):
            whole_page(page, f"evening-look-bar-{lang}-{path.strip('/').replace('/', '-') or 'scoreboard'}")
        bar.get_by_role("link", name=hidden[-1], exact=True).tap()
        expect(page.locator('header.top nav a[aria-current="page"]')).to_have_text(hidden[-1])
    # scrolled, the status strip sits right under the one-line bar
    page.mouse.wheel(0, 1500)
    strip, header = page.locator("#strip").bounding_box(), page.locator("header.top").bounding_box()
    assert strip["y"] >= header["y"] + header["height"] - 1, (strip, header)


# ------------------------------------------------------------------------------ the seat's number
@pytest.mark.parametrize("lang", ["en", "so"])
def test_a_joined_seat_page_says_its_seat_number(server, phone, lang):
    _ = gettext_for(lang)
    host = unlock_host(phone, server, lang)
    st = server.station
    st.setup_game(PIN, ["Ana", "Ben"], "hub", 9, {})
    code = host.locator('#seats [data-seat="1"] .code')
    expect(code).to_be_visible()
    page = phone(lang).new_page()
    page.goto(server.url + "/seat/1")
    page.fill("#join-code", code.inner_text().strip())
    page.click("#join-form button[type=submit]")
    title = page.locator("#seat-title")
    expect(title).to_contain_text("Ben")
    expect(title).to_contain_text(_("Seat %(n)s") % {"n": 1})
    expect(title.locator(".mark")).to_have_text("B▲")
    no_word_split(title)
    whole_page(page, f"evening-look-seat-joined-{lang}")
