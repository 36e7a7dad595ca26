"""The table page drawn as a domino table and the scoreboard's game-over headline, as a player sees
them: games reached by pushing events through the real station (``Station.mock`` in process)."""
from __future__ import annotations

import sys

import pytest
from playwright.sync_api import expect
from support import PIN, ROOT, joined, shot

sys.path.insert(0, str(ROOT / "tests" / "station"))
from station_helpers import whole_game  # noqa: E402
from test_pages import serious  # noqa: E402

from web.i18n import gettext_for, translations  # noqa: E402

NAMES = ["Ana", "Ben", "Chi"]
# double-12: Ana's train grows long (a double 3-3 and 8-8 on it, each satisfied at once), Ben's gets
# an unsatisfied 9-9 last (an open double), Chi plays twice on the Mexican train, then passes
QUEUES = {0: ["12-3", "3-3", "3-7", "7-1", "1-10", "10-4", "4-8", "8-8", "8-2", "2-11", "11-6",
              "6-0", "0-1"],
          1: ["12-5", "5-6", "6-9"] + [None] * 7 + ["9-9", None],
          2: [("12-0", "mexican"), ("0-4", "mexican")]}


def mid_round(station):
    """A double-12 hub round with long trains, markers and an open double 9-9 on Ben's train."""
    station.setup_game(PIN, NAMES, "hub", 12, {})
    tokens = [station.join(s, station.seat_code(s, PIN)) for s in range(3)]
    station.start_round(PIN)
    queues = {s: list(q) for s, q in QUEUES.items()}
    while queues[1]:
        seat = station.view()["result"]["state"]["turn"]
        move = queues[seat].pop(0) if queues[seat] else None
        if move is None:
            station.submit(seat, tokens[seat], {"draw": True}, station.version)
            station.submit(seat, tokens[seat], {"pass": True}, station.version)
            continue
        tile, on = move if isinstance(move, tuple) else (move, seat)
        station.submit(seat, tokens[seat], {"play": tile, "on": on}, station.version)
    state = station.view()["result"]["state"]
    assert state["open_doubles"] == [{"on": 1, "tile": "9-9"}]
    return state


def boxes(page, selector):
    return page.eval_on_selector_all(selector, """(els) => els.map((e) => {
        const r = e.getBoundingClientRect();
        return {x: r.x, y: r.y, w: r.width, h: r.height, cx: r.x + r.width / 2, cy: r.y + r.height / 2,
                label: e.getAttribute('aria-label'), cls: e.className};
    })""")


def open_table(phone, server, lang, size):
    ctx = phone(lang)
    page = ctx.new_page()
    page.set_viewport_size(size)
    page.goto(server.url + "/table")
    expect(page.locator('.train[data-train="0"] .tile')).to_have_count(len(QUEUES[0]))
    return page


@pytest.mark.parametrize("lang, size", [("en", {"width": 390, "height": 844}), ("ps", {"width": 390, "height": 844}),
                                        ("en", {"width": 1280, "height": 800})])
def test_table_draws_trains_as_lines_from_the_engine(server, phone, lang, size):
    mid_round(server.station)
    page = open_table(phone, server, lang, size)
    rtl = lang == "ps"
    engine = boxes(page, '.train[data-train="0"] .engine-tile')[0]
    tiles = boxes(page, '.train[data-train="0"] .tile')
    _ = gettext_for(lang)
    played = server.station.view()["result"]["state"]["trains"][0]["tiles"]
    assert [t["label"] for t in tiles] == [_("tile %(a)s-%(b)s", a=a, b=b) for a, b in (x.split("-") for x in played)]
    # the first row runs away from the engine on the engine's line, each tile further on
    first_row = [t for t in tiles if abs(t["cy"] - engine["cy"]) < 2]
    assert len(first_row) >= 3
    step = [(-1 if rtl else 1) * (b["cx"] - a["cx"]) for a, b in zip([engine] + first_row, first_row)]
    assert all(s > 0 for s in step), "tiles run from the engine along one line"
    # a double lies crosswise (taller than wide); the other tiles of a row lie along it
    double = next(t for t in first_row if "double" in t["cls"])
    assert double["h"] > 1.5 * double["w"]
    assert all(t["w"] > 1.5 * t["h"] for t in first_row if "double" not in t["cls"])
    # the line turns at the edge (a standing tile) and the next row runs back the other way
    rows = sorted({round(t["cy"]) for t in tiles if " h" in " " + t["cls"]})
    if size["width"] < 600:
        assert len(rows) >= 2, "a long train turns at the edge of the screen"
        second = [t for t in tiles if abs(t["cy"] - rows[1]) < 2 and " h" in " " + t["cls"]]
        assert len(second) >= 2
        back = (second[1]["cx"] - second[0]["cx"]) * (-1 if rtl else 1)
        assert back < 0, "the second row runs back towards the engine's side"
    pieces = boxes(page, '.train[data-train="0"] .snake > :is(.tile, .engine-tile, .open-end)')
    for i, p in enumerate(pieces):
        for q in pieces[i + 1:]:
            dx = min(p["x"] + p["w"], q["x"] + q["w"]) - max(p["x"], q["x"])
            dy = min(p["y"] + p["h"], q["y"] + q["h"]) - max(p["y"], q["y"])
            assert dx <= 1 or dy <= 1, f"{p['label']} and {q['label']} overlap"
    width = page.evaluate("document.documentElement.clientWidth")
    assert all(0 <= t["x"] and t["x"] + t["w"] <= width + 1 for t in tiles), "no tile leaves the screen"
    # the open double: its own mark on the double and words in its train; the open end is another mark
    od = page.locator('.train[data-train="1"] .tile.open-double')
    expect(od).to_have_count(1)
    expect(od).to_have_attribute("aria-label", gettext_for(lang)("tile %(a)s-%(b)s", a=9, b=9))
    expect(page.locator('.train[data-train="1"] .od-chip')).to_contain_text("9-9")
    expect(page.locator(".od-chip")).to_have_count(1)
    expect(page.locator(".tile.open-double")).to_have_count(1)
    end = page.locator('.train[data-train="0"] .open-end')
    expect(end).to_have_text("1")
    assert "open-double" not in (page.locator('.train[data-train="0"] .tile.end').get_attribute("class"))
    assert od.evaluate("e => getComputedStyle(e).outlineStyle") == "solid"
    assert end.evaluate("e => getComputedStyle(e).borderTopStyle") == "dashed"
    # markers on the marked trains; tile counts and the boneyard
    state = server.station.view()["result"]["state"]
    marked = [tr["owner"] for tr in state["trains"] if tr["owner"] is not None and tr["marked"]]
    assert 1 in marked and len(marked) < 3
    for seat in range(3):
        expect(page.locator(f'.train[data-train="{seat}"] .marker')).to_have_count(1 if seat in marked else 0)
    expect(page.locator('#players [data-seat="0"] .count')).to_contain_text(_("Tiles: %(n)s", n=state["hand_counts"][0]))
    boneyard = translations(lang).ngettext("%(n)s tile in the boneyard", "%(n)s tiles in the boneyard", state["boneyard"])
    expect(page.locator("#boneyard")).to_have_text(boneyard % {"n": state["boneyard"]})
    # Chi's train is empty: its words stay one line, not a word per line
    text = page.locator('.train[data-train="2"] .empty-text')
    expect(text).to_have_text(_("no tiles yet"))
    line = text.evaluate("e => parseFloat(getComputedStyle(e).lineHeight) || 24")
    assert text.bounding_box()["height"] < 1.6 * line
    expect(page.locator('.train[data-train="mexican"] .tile')).to_have_count(2)
    shot(page, f"table-mid-open-double-{lang}-{size['width']}")
    if size["width"] >= 1280:
        # a table screen: every train, the Mexican train included, is in view without scrolling
        assert page.evaluate("window.scrollY") == 0
        for key in ["0", "1", "2", "mexican"]:
            box = page.locator(f'.train[data-train="{key}"]').bounding_box()
            assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"], f"train {key} is below the fold: {box}"
            assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"]
    assert not serious(page)


@pytest.mark.parametrize("lang", ["en", "ps"])
def test_empty_mexican_train_reads_on_one_line(server, phone, lang):
    st = server.station
    st.setup_game(PIN, NAMES, "hub", 12, {})
    st.start_round(PIN)
    page = phone(lang).new_page()
    page.goto(server.url + "/table")
    text = page.locator('.train[data-train="mexican"] .empty-text')
    expect(text).to_have_text(gettext_for(lang)("no tiles yet"))
    line = text.evaluate("e => parseFloat(getComputedStyle(e).lineHeight) || 24")
    assert text.bounding_box()["height"] < 1.6 * line
    assert text.bounding_box()["width"] > 60
    shot(page, f"table-round-start-{lang}")


# three players, double-6 (7 rounds), one tile each: in round r the seat to start goes out. Ana goes
# out 3 times and has 5 pips in her other rounds, Ben 2 times with 4 pips: tied on 20, Ana has more 0s
OUTS = [0, 1, 2, 0, 1, 2, 0]
PIPS = [[0, 4, 10], [5, 0, 10], [5, 4, 0], [0, 4, 10], [5, 0, 10], [5, 4, 0], [0, 4, 10]]


@pytest.mark.parametrize("lang, size", [("en", {"width": 390, "height": 844}), ("ps", {"width": 390, "height": 844}),
                                        ("en", {"width": 1280, "height": 800})])
def test_scoreboard_names_the_winner_and_the_tie_break(server, phone, lang, size):
    st = server.station
    st.setup_game(PIN, NAMES, "hub", 6, {"hand_size": 1})
    tokens = [st.join(s, st.seat_code(s, PIN)) for s in range(3)]
    st.start_round(PIN)
    whole_game(st, tokens, OUTS, PIPS)
    page = phone(lang).new_page()
    page.set_viewport_size(size)
    page.goto(server.url + "/")
    _ = gettext_for(lang)
    headline = page.locator("#winner-line")
    expect(headline).to_contain_text(_("Winner:"))
    expect(headline).to_contain_text("Ana")
    assert "object" not in headline.inner_text() and "Ben" not in headline.inner_text()
    decided = _("Tied on %(total)s points: %(name)s scored 0 in the most rounds (%(zeros)s).", total=20, name="Ana", zeros=3)
    expect(page.locator("#tie-break")).to_have_text(decided)
    expect(page.locator("#standings li").first).to_contain_text("Ana")
    shot(page, f"scoreboard-game-over-{lang}-{size['width']}")
    assert not serious(page)
    # Ben, tied on 20 and placed second, reads on his own phone what decided it
    ben = joined(phone, server, 1, tokens[1], lang)
    expect(ben.locator("#game-over #tie-note")).to_have_text(decided)
    expect(ben.locator("#game-over #final-standings li").first).to_contain_text("Ana")


def test_every_train_is_in_view_on_a_1280x800_table_screen(server, phone):
    """A 4-player double-12 round played on until one train is 10 tiles long, on a table screen at
    1280x800: every train, the Mexican train included, is within the viewport without scrolling
    (the tiles shrink to fit; at the phone-size unit such a train ran below the fold)."""
    import random

    from engine.players import choose
    st = server.station
    rng = random.Random(3)
    for _ in range(30):          # the deal is the station's own shuffle: deal again until a train grows long
        st.setup_game(PIN, ["Ana", "Ben", "Chi", "Dev"], "hub", 12, {}, hidden_hands=False)
        for s in range(4):
            st.join(s, st.seat_code(s, PIN))
        st.start_round(PIN)
        rnd = st.referee.game.current
        while not rnd.ended and max(len(tr["tiles"]) for tr in st.view()["result"]["state"]["trains"]) < 10:
            event = choose(rnd, "greedy", rng)
            st.act(event.seat, event.to_dict())
        if not rnd.ended:
            break
    assert not rnd.ended, "no deal in 30 gave a train of 10 tiles"
    ctx = phone("en")
    page = ctx.new_page()
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(server.url + "/table")
    expect(page.locator(".train")).to_have_count(5)
    expect(page.locator('.train[data-train="mexican"]')).to_be_visible()
    shot(page, "table-4-players-1280")
    fold = page.locator("footer.wake").bounding_box()["y"]     # the keep-screen-on bar covers the window's foot
    assert 700 < fold <= 800
    for key in ["0", "1", "2", "3", "mexican"]:
        box = page.locator(f'.train[data-train="{key}"]').bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= fold, f"train {key} is below the fold or under the bar: {box}"
        assert box["x"] >= 0 and box["x"] + box["width"] <= 1280, f"train {key} is off the side: {box}"


@pytest.mark.parametrize("path", ["/table", "/host", "/seat/1"])
def test_classic_round_start_says_who_places_the_engine_and_who_draws_first(server, phone, path):
    st = server.station
    st.setup_game(PIN, ["Ana", "Ben", "Chi"], "classic", 9, {}, hidden_hands=True)
    st.start_round(PIN)
    first = st.view()["engine_search"]["draws_next"]
    page = phone("en").new_page()
    page.goto(server.url + path)
    strip = page.locator("#strip-engine")
    expect(strip).to_contain_text("whoever holds it places it in the centre and starts")
    expect(strip).to_contain_text(["Ana", "Ben", "Chi"][first])
    expect(strip).to_contain_text("draws first")
    st.act(first, {"draw": True})
    page.reload()
    # after a draw the station's prompt (the seat that drew may place it) takes the strip
    expect(page.locator("#strip-main")).to_contain_text("draws")
