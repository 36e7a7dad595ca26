"""Issue 23, 3: players named after HTML's script-data traps (``<!--<script>``, ``</script>``,
``<!--``, ``]]>``) on every page, in a real browser: each page still starts (its live view fills
in, no script error, no CSP refusal) and shows each name as text."""
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


@pytest.fixture
def named(server):
    server.station.setup_game(PIN, NAMES, "hub", 6, {"hand_size": 2})
    server.station.start_round(PIN)
    return server


@pytest.mark.parametrize("page_name", sorted(PAGES))
def test_every_page_starts_with_script_names(named, phone, page_name):
    page = phone().new_page()
    problems = _watch(page)
    if page_name == "seat":                      # a joined phone, as after scanning the seat's code
        st = named.station
        token = st.join(0, st.seat_code(0, PIN))
        page.goto(named.url + "/")
        page.evaluate(f"localStorage.setItem('mt-seat-0', '{token}')")
    page.goto(named.url + PAGES[page_name])
    main = page.locator("#main")
    for name in NAMES:                           # the page's script drew them, as text
        expect(main).to_contain_text(name)
    assert page.evaluate("typeof window.MT === 'object' && !!MT.view") is True
    assert not problems, problems


def test_host_page_starts_with_script_names(named, phone):
    page = unlock_host(phone, named)
    problems = _watch(page)
    page.reload()                                # the tab keeps the PIN: the page starts unlocked
    expect(page.locator("#host")).to_be_visible()
    for name in NAMES:
        expect(page.locator("#main")).to_contain_text(name)
    assert not problems, problems
