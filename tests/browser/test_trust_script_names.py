"""Issue 23, 3: players named after HTML's script-data traps (``<!--<script>``, ``</script>``,
``<!--``, ``]]>``) on every page, in a real browser: each page still starts (its live view fills
in, no script error, no CSP refusal) and shows the name as text.

Each name has a game of its own: with all four in one game, ``</script>`` after ``<!--<script>``
closes the script-data state the first one opened, the boot JSON comes through whole, and the
pages started even with ``web.security.script_json`` escaping nothing (checked: all passed)."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect
from support import PIN, unlock_host

NAMES = ["<!--<script>", "</script>", "<!--", "]]>"]
PAGES = {"scoreboard": "/", "table": "/table", "seat": "/seat/0", "hub": "/hub"}


def _watch(page):
    problems = []
    page.on("pageerror", lambda exc: problems.append(f"error: {exc}"))
    page.on("console", lambda msg: problems.append(f"console: {msg.text}")
            if msg.type == "error" or "Content Security Policy" in msg.text else None)
    return problems


@pytest.fixture(params=NAMES, ids=["comment-script", "end-script", "comment", "cdata-end"])
def named(server, request):
    """The server with a game in play whose seat 0 is named ``request.param``; the name."""
    server.station.setup_game(PIN, [request.param, "Ben"], "hub", 6, {"hand_size": 2})
    server.station.start_round(PIN)
    return server, request.param


def test_every_page_starts_with_a_script_name(named, phone):
    server, name = named
    st = server.station
    token = st.join(0, st.seat_code(0, PIN))     # a joined phone, as after scanning the seat's code
    for page_name, path in sorted(PAGES.items()):
        page = phone().new_page()
        problems = _watch(page)
        if page_name == "seat":
            page.goto(server.url + "/")
            page.evaluate(f"localStorage.setItem('mt-seat-0', '{token}')")
        page.goto(server.url + path)
        expect(page.locator("#main")).to_contain_text(name)      # the page's script drew it, as text
        assert page.evaluate("typeof window.MT === 'object' && !!MT.view") is True, page_name
        assert not problems, (page_name, problems)
        page.close()
    page = unlock_host(phone, server)
    problems = _watch(page)
    page.reload()                                # the tab keeps the PIN: the page starts unlocked
    expect(page.locator("#host")).to_be_visible()
    expect(page.locator("#main")).to_contain_text(name)
    assert not problems, ("host", problems)
