"""Helpers of the whole-game browser tests (test_game_night.py): the host, seat, table, scoreboard
and virtual hub pages driven only through what a player sees, and the checks read off them.

Every helper acts by clicking or typing on a page, then waits (bounded) for the station to take it;
the station is read only to check what the pages show, never to act.
"""
from __future__ import annotations

import re
import time

from playwright.sync_api import expect
from support import shot

#: rules.md 4 ``double_blank_points``: 0-0 counts 50 in both profiles unless the game says otherwise
DOUBLE_BLANK = 50


def pips(tile: str, double_blank: int = DOUBLE_BLANK) -> int:
    """The pip count of ``"a-b"`` as rules.md 4 scores a tile left in a hand."""
    a, b = (int(x) for x in tile.split("-"))
    return double_blank if a == b == 0 else a + b


def same_tile(tile: str) -> tuple[int, int]:
    """A tile as a sorted pair, so ``"3-6"`` and ``"6-3"`` compare equal."""
    a, b = (int(x) for x in tile.split("-"))
    return (min(a, b), max(a, b))


def page_version(page) -> int | None:
    return page.evaluate("window.MT && MT.view ? MT.view.version : null")


def caught_up(page, version: int, what: str = "page") -> None:
    """Wait until ``page`` shows the table at ``version`` (it came through the socket)."""
    try:
        page.wait_for_function("v => window.MT && MT.view && MT.view.version >= v", arg=version, timeout=20_000)
    except Exception as exc:
        raise AssertionError(f"{what} never showed version {version} (it has {page_version(page)})") from exc


def until(predicate, what: str, timeout: float = 20.0, page=None):
    """Poll ``predicate`` (bounded); on time-out say what was awaited and any toast the page shows."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            toast = ""
            if page is not None and page.locator("#toast").is_visible():
                toast = f" (the page says: {page.locator('#toast').inner_text()!r})"
            raise AssertionError(f"timed out waiting for {what}{toast}")
        time.sleep(0.03)


# ------------------------------------------------------------------------------------------ host
def host_setup(host, names: list[str], profile: str, set_: int, *, virtual_tiles: bool,
               hand_size: int | None = None, rounds: int | None = None) -> None:
    """Fill the host page's set-up form ("New game", unfolded if a game folded it away) and send it;
    ``hand_size`` None leaves "Tiles each" to the station's default; ``rounds`` sets the house
    rule "Shorter game" (that many rounds, from the top double down)."""
    new_game = host.locator("#setup-box")
    if new_game.get_attribute("open") is None:
        host.get_by_text("New game", exact=True).click()
    expect(host.get_by_role("button", name="Set up game")).to_be_visible()
    if rounds is not None:
        if host.locator("#house-box").get_attribute("open") is None:
            host.locator("#house-box summary").click()
        host.locator("#opt-rounds").fill(str(rounds))
    rows = host.locator("#names .row")
    while rows.count() > len(names):
        host.get_by_role("button", name=f"Remove seat {rows.count() - 1}").click()
    while rows.count() < len(names):
        host.get_by_role("button", name="Add a player").click()
    for i, name in enumerate(names):
        host.get_by_label(f"Name at seat {i}", exact=True).fill(name)
    # a select's name is its label followed by the option it shows ("Rules Hub (one tile per turn)")
    host.get_by_role("combobox", name=re.compile(r"^Rules\b")).select_option(profile)
    host.get_by_role("combobox", name=re.compile(r"^Set\b")).select_option(str(set_))
    host.get_by_label("Tiles each").fill("" if hand_size is None else str(hand_size))
    # real tiles (players hold them) or virtual tiles (the station deals): the page's choice in words
    host.get_by_role("radio", name=re.compile("^Virtual tiles" if virtual_tiles else "^Real tiles")).check()
    host.get_by_role("button", name="Set up game").click()
    expect(host.locator("#seats .code")).to_have_count(len(names))


def seat_codes(host, n: int) -> list[str]:
    """The join codes the host page shows, seat by seat."""
    return [host.locator(f'#seats [data-seat="{i}"] .code').inner_text().strip() for i in range(n)]


def join_seat(phone, server, seat: int, code: str, lang: str = "en"):
    """A player's phone types the seat code shown on the host page."""
    page = phone(lang).new_page()
    page.goto(server.url + f"/seat/{seat}")
    page.fill("#join-code", code)
    page.click("#join-form button[type=submit]")
    # 15 s, not the default 5: on a loaded 2-core CI machine the join and the socket's first
    # view took longer than 5 s (the whole three-game test runs about 35 pages)
    expect(page.locator("#controller")).to_be_visible(timeout=15_000)
    return page


def token_of(page, seat: int) -> str:
    """The seat token the page keeps (to read the station's view of that seat for the checks)."""
    token = page.evaluate(f"localStorage.getItem('mt-seat-{seat}')")
    assert token, f"seat {seat}'s page holds no token"
    return token


def observer(phone, server, path: str, lang: str, token: tuple[int, str] | None = None):
    """Another phone looking on (a second language for the screenshots); a seat page takes the
    seat's token as if joined on a second phone."""
    page = phone(lang).new_page()
    page.goto(server.url + "/")
    if token is not None:
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"mt-seat-{token[0]}", token[1]])
    page.goto(server.url + path)
    return page


def start_round(host, station) -> None:
    """The host taps "Start next round"; waits until the station has begun it."""
    rounds = len(station.view()["result"]["rounds"])
    expect(host.locator("#btn-start")).to_be_enabled()
    host.click("#btn-start")
    until(lambda: len(station.view()["result"]["rounds"]) == rounds + 1, f"round {rounds + 1} to start",
          page=host)


# ------------------------------------------------------------------------------------------ seats
def hand_shown(page) -> list[str]:
    """The tiles the seat page lists under "Your tiles" (``#my-hand li[data-tile]``)."""
    return page.eval_on_selector_all("#my-hand li[data-tile]", "els => els.map((e) => e.dataset.tile)")


def check_hand_shown(page, expected: list[str], what: str) -> None:
    """The seat page's own hand equals ``expected`` (the station's), tile for tile."""
    want = sorted(same_tile(t) for t in expected)
    until(lambda: sorted(same_tile(t) for t in hand_shown(page)) == want,
          f"{what}: the page to show the hand {sorted(expected)} (it shows {sorted(hand_shown(page))})", page=page)


def offered(page) -> dict[str, list[str]]:
    """Every open train on the seat page with the tiles it offers (tapping each train in turn)."""
    keys = page.eval_on_selector_all("#trains button[data-train]:not([disabled])",
                                     "els => els.map((e) => e.dataset.train)")
    out = {}
    for key in keys:
        page.click(f'#trains button[data-train="{key}"]')
        out[key] = page.eval_on_selector_all("#tiles button[data-tile]", "els => els.map((e) => e.dataset.tile)")
    return out


def choose(plays: dict[str, list[str]], allowed=None) -> tuple[str, str] | None:
    """A legal move among the page's offers: a double first (it opens a double on the table),
    else the highest tile; ``allowed(tile)`` narrows to the tiles a player really holds."""
    moves = [(train, tile) for train, tiles in plays.items() for tile in tiles
             if allowed is None or allowed(tile)]
    if not moves:
        return None
    return max(moves, key=lambda m: (same_tile(m[1])[0] == same_tile(m[1])[1], pips(m[1], 0)))


def tap_play(page, train: str, tile: str) -> None:
    page.click(f'#trains button[data-train="{train}"]')
    page.click(f'#tiles button[data-tile="{tile}"]')


def acted(station, before: int, what: str, page) -> None:
    """Wait for the station to take the move the page just sent."""
    until(lambda: station.view()["version"] > before, what, page=page)


def screenshots(pages: dict[str, object], stage: str, version: int) -> None:
    """Phone-size screenshots of every page once it shows ``version``: ``night-<stage>-<name>``."""
    for name, page in pages.items():
        caught_up(page, version, name)
        page.evaluate("window.MT && MT.toastClear && MT.toastClear()")
        whole_page(page, f"night-{stage}-{name}")


def whole_page(page, name: str) -> None:
    """``build/screenshots/<name>.png`` of the whole page at phone width, one image pixel per CSS
    pixel, drawn on a phone as tall as the page: the bar fixed at the foot ("Keep screen on") then
    sits at the page's foot, where a player who scrolled down sees it, not across the middle."""
    size = page.viewport_size
    tall = page.evaluate("document.documentElement.scrollHeight")
    page.set_viewport_size({"width": size["width"], "height": max(tall, size["height"])})
    try:
        shot(page, name, scale="css")
    finally:
        page.set_viewport_size(size)
