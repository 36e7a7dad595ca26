"""Issue 23, 14 at phone size: a join code joins once. A player joins with the code on the host page;
the host page then shows the seat's new code (and that the seat was joined); a second phone that
types the first code is refused in words; the new code's link from the host page joins the second
phone, and the first phone is told that another phone took its seat."""
from __future__ import annotations

from night import host_setup, join_seat, seat_codes, until
from playwright.sync_api import expect
from support import shot, unlock_host

from web.i18n import gettext_for
from web.refusals import REASONS


def shown_code(host, seat: int, not_this: str) -> str:
    """The seat's code the host page shows once it is no longer ``not_this`` (the page redraws
    the seat when the view says it was joined)."""
    return until(lambda: (lambda c: c if c and c != not_this else None)(seat_codes(host, seat + 1)[seat]),
                 f"seat {seat}'s new code on the host page", page=host)


def test_a_used_code_is_refused_and_the_host_pages_new_code_joins(server, phone):
    host = unlock_host(phone, server)
    host_setup(host, ["Ana", "Ben"], "hub", 12, virtual_tiles=True)
    seat = host.locator('#seats [data-seat="1"]')
    expect(seat.locator(".seat-joins")).to_have_count(0)       # nobody has joined yet
    first = seat_codes(host, 2)[1]

    ben = join_seat(phone, server, 1, first)                    # Ben types the code he was shown
    second = shown_code(host, 1, first)
    expect(seat.locator(".seat-joins")).to_have_text("Joins: 1")
    link = seat.locator("a.join-link")
    expect(link).to_have_attribute("href", server.url + f"/seat/1?code={second}")
    shot(host, "host-code-once-joined-en")

    other = phone("en").new_page()                              # a second phone with the first code
    other.goto(server.url + "/seat/1")
    other.fill("#join-code", first)
    other.click("#join-form button[type=submit]")
    expect(other.locator("#toast")).to_have_text("That code was already used: ask the host for the seat's new code.")
    expect(other.locator("#join")).to_be_visible()
    expect(other.locator("#controller")).to_be_hidden()
    shot(other, "seat-code-used-en")
    expect(ben.locator("#controller")).to_be_visible()          # Ben still holds his seat
    expect(seat.locator(".seat-joins")).to_have_text("Joins: 1")

    other.goto(link.get_attribute("href"))                      # the host page's new link joins
    expect(other.locator("#controller")).to_be_visible(timeout=15_000)
    assert "code=" not in other.url
    expect(ben.locator("#join")).to_be_visible()                # ... and takes the seat from Ben's phone
    expect(ben.locator("#join-note")).to_have_text(
        "Another phone has joined this seat with its new code. "
        "To play on this phone again, ask the host for the seat's code.")
    shot(ben, "seat-code-once-replaced-en")
    expect(seat.locator(".seat-joins")).to_have_text("Joins: 2")
    assert shown_code(host, 1, second) not in (first, second)   # and the host is shown the next code


def test_a_used_code_is_refused_in_pashto(server, phone):
    host = unlock_host(phone, server)
    host_setup(host, ["Ana", "Ben"], "hub", 12, virtual_tiles=True)
    first = seat_codes(host, 2)[0]
    join_seat(phone, server, 0, first)
    shown_code(host, 0, first)
    other = phone("ps").new_page()
    other.goto(server.url + "/seat/0?lang=ps")
    other.fill("#join-code", first)
    other.click("#join-form button[type=submit]")
    words = gettext_for("ps")(REASONS["seat-code-used"])
    assert words != REASONS["seat-code-used"]
    expect(other.locator("#toast")).to_have_text(words)
    shot(other, "seat-code-used-ps")


def test_the_phone_that_joined_opens_its_link_again_and_plays_on(server, phone):
    host = unlock_host(phone, server)
    host_setup(host, ["Ana", "Ben"], "hub", 12, virtual_tiles=True)
    first = seat_codes(host, 2)[1]
    ben = join_seat(phone, server, 1, first)
    shown_code(host, 1, first)
    ben.goto(server.url + f"/seat/1?code={first}")              # the spent link, from the history
    expect(ben.locator("#controller")).to_be_visible()
    expect(ben.locator("#join")).to_be_hidden()
    expect(ben.locator("#toast")).not_to_contain_text("already used")
    expect(host.locator('#seats [data-seat="1"] .seat-joins')).to_have_text("Joins: 1")
