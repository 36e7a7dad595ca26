"""The /players page as a player sees it, after three evenings' games with the same names played
through the real station (one with Ben spelt "Benn"): the host merges the two spellings on the
page, with the PIN, through its visible controls, undoes it and merges again; the figures, the
head-to-head and the chart are the station's. Phone (390x844) and desktop (1280x800)."""
from __future__ import annotations

import re

import sys

import pytest
from night import whole_page
from playwright.sync_api import expect
from support import PIN, ROOT, shot

sys.path.insert(0, str(ROOT / "tests" / "station"))
from players_helpers import doubles_game  # noqa: E402
from test_pages import serious  # noqa: E402

from web.i18n import gettext_for  # noqa: E402

# Ana 5, Ben 4, Chi 20 | ana 0, Benn 3, Chi 9 (ended early) | Ana 2, Ben 6, Chi 4
GAMES = [(["Ana", "Ben", "Chi"], [[0, 4, 10], [5, 0, 10]], "played"),
         (["ana", "Benn", "Chi"], [[0, 3, 9]], "early"),
         (["Ana", "Ben", "Chi"], [[0, 6, 1], [2, 0, 3]], "played")]
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}


def three_evenings(station):
    for names, pips, end in GAMES:
        doubles_game(station, names, pips, end=end)


def stat(page, player: str, name: str):
    return page.locator(f'section.player[data-player="{player}"] [data-stat="{name}"]')


def fits(page) -> bool:
    """Nothing runs off the page sideways."""
    return page.evaluate("document.documentElement.scrollWidth <= innerWidth")


def merge_through_the_page(page, _):
    page.select_option("#merge-name", "Benn")
    page.select_option("#merge-into", "Ben")
    page.fill("#merge-pin", PIN)
    page.get_by_role("button", name=_("Merge"), exact=True).click()


@pytest.mark.parametrize("lang, size", [("en", "phone"), ("en", "desktop"), ("ps", "phone"), ("si", "phone"),
                                        ("so", "phone"), ("ps", "desktop")])
def test_players_after_three_games_with_a_spelling_merged_by_the_host(server, phone, lang, size):
    three_evenings(server.station)
    _ = gettext_for(lang)
    page = phone(lang).new_page()
    page.set_viewport_size(SIZES[size])
    page.goto(server.url + "/")
    page.get_by_role("link", name=_("Players"), exact=True).click()       # from the navigation
    expect(page.locator("h1")).to_have_text(_("Players"))
    # before the merge: Ben has two games, Benn one
    expect(stat(page, "ben", "games")).to_have_text("2")
    expect(stat(page, "benn", "games")).to_have_text("1")
    ana = page.locator('section.player[data-player="ana"]')
    expect(ana.locator("h3")).to_have_text("Ana")
    expect(ana).to_contain_text("ana")                                      # the other spelling, shown
    expect(stat(page, "ana", "wins")).to_have_text("2")
    expect(stat(page, "ana", "average")).to_have_text("1.4")
    expect(stat(page, "ana", "worst")).to_have_text("5")
    expect(stat(page, "ana", "doubles")).to_have_text("3")
    expect(page.locator("#chart-card h2")).to_have_text(_("Totals over the evenings"))

    merge_through_the_page(page, _)
    expect(page.locator("#toast")).to_have_text(_("Merged: %(name)s is %(into)s", name="Benn", into="Ben"))
    expect(stat(page, "ben", "games")).to_have_text("3")
    expect(page.locator('section.player[data-player="benn"]')).to_have_count(0)
    expect(stat(page, "ben", "average")).to_have_text("2.6")
    ben_row = ana.locator(".h2h-table tbody tr", has_text="Ben")
    expect(ben_row.locator("td")).to_have_text(["3", "2", "1", "0"])         # together, ahead, behind, level
    expect(page.locator("#merge-list li.in-force")).to_have_count(1)
    # the chart is drawn by the vendored library, one line per regular, on a canvas the size of its box
    canvas = page.locator("#evenings-chart")
    box = canvas.bounding_box()
    assert box["height"] > 250 and box["width"] > 300, box
    assert page.evaluate("Chart.getChart(document.getElementById('evenings-chart')).data.datasets.map(d => d.label)") \
        == ["Ana", "Ben", "Chi"]
    # each evening by its whole date ("12-05" alone reads as the 12th of May to many players)
    labels = page.evaluate("Chart.getChart(document.getElementById('evenings-chart')).data.labels")
    assert labels and all(re.fullmatch(r"\d{4}-\d{2}-\d{2}( \(\d+\))?", label) for label in labels), labels
    assert fits(page)
    shot(page, f"players-{lang}-{SIZES[size]['width']}")
    if size == "phone":
        page.evaluate("MT.toastClear()")
        whole_page(page, f"players-{lang}-phone-css")              # small enough for docs/screenshots/
    assert not serious(page)

    # undone through its button: two players again, the merge kept in the list as undone
    page.get_by_role("button", name=_("Undo: %(name)s is %(into)s", name="Benn", into="Ben")).click()
    expect(stat(page, "benn", "games")).to_have_text("1")
    expect(page.locator("#merge-list li.undone")).to_have_count(1)
    # and merged again: the PIN is remembered for this tab, its field is gone
    expect(page.locator("#merge-pin")).to_be_hidden()
    page.select_option("#merge-name", "Benn")
    page.select_option("#merge-into", "Ben")
    page.get_by_role("button", name=_("Merge"), exact=True).click()
    expect(stat(page, "ben", "games")).to_have_text("3")
    # a reload shows the stored figures
    page.reload()
    expect(stat(page, "ben", "games")).to_have_text("3")
    expect(page.locator("#merge-list li")).to_have_count(2)


def test_a_refused_merge_is_said_on_the_page(server, phone):
    three_evenings(server.station)
    page = phone("so").new_page()
    page.goto(server.url + "/players")
    _ = gettext_for("so")
    page.select_option("#merge-name", "Ana")
    page.select_option("#merge-into", "Chi")
    page.fill("#merge-pin", PIN)
    page.get_by_role("button", name=_("Merge"), exact=True).click()
    expect(page.locator("#merge-error")).to_have_text(
        _("%(name)s and %(into)s played in the same game: they are two people.") % {"name": "Ana", "into": "Chi"})
    expect(stat(page, "ana", "games")).to_have_text("3")


def test_csv_is_downloaded_from_the_page(server, phone):
    three_evenings(server.station)
    page = phone("en").new_page()
    page.goto(server.url + "/players")
    with page.expect_download() as download:
        page.get_by_role("link", name="Download as CSV").click()
    text = open(download.value.path(), encoding="utf-8").read()
    assert text.splitlines()[1].startswith("Ana,Ana / ana,3,2,")


def test_no_game_yet(server, phone):
    page = phone("ps").new_page()
    page.goto(server.url + "/players")
    expect(page.locator("#players-empty")).to_have_text(gettext_for("ps")("No game has been played to the end yet."))
    expect(page.locator("#chart-card")).to_be_hidden()
    expect(page.locator("#merge-card")).to_be_hidden()
