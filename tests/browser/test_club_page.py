"""/club on a phone (390x844), as a viewer: every table live and the leaderboard (axe-core finds
nothing serious, English and Pashto), from two hubs publishing to a real Mosquitto and the club
service listening; then the director's tournament and the host's one-tap set-up."""
from __future__ import annotations

import sys
import threading
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent / "mqtt"))
sys.path.insert(0, str(HERE.parent / "station"))
from broker import MOSQUITTO, Mosquitto  # noqa: E402
from club_support import Evening, quick_game  # noqa: E402
from station_helpers import PIN, join_all  # noqa: E402
from support import free_port, shot  # noqa: E402
from test_pages import serious  # noqa: E402


class ClubServer:
    """The club's app under uvicorn in a thread on a free loopback port."""

    def __init__(self, app):
        import uvicorn
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self):
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            assert time.monotonic() < deadline and self.thread.is_alive(), "the club's server did not start"
            time.sleep(0.05)
        return self

    def __exit__(self, *exc):
        self.server.should_exit = True
        self.thread.join(30)


@pytest.fixture
def night(tmp_path):
    if not Path(MOSQUITTO).exists():
        pytest.fail("needs Debian's mosquitto: `make test` installs it", pytrace=False)
    (tmp_path / "broker").mkdir()
    broker = Mosquitto(tmp_path / "broker").start()
    evening = Evening(tmp_path, broker)
    yield evening
    evening.close()
    broker.stop()


def test_a_viewer_sees_every_table_and_the_leaderboard(night, phone):
    a, b = night.hubs["table1"], night.hubs["table2"]
    quick_game(b, ["Di", "Eve", "Fay"], [2, 4, 6])
    a.setup_game(PIN, ["Ana", "Ben", "Chi"], "hub", 9, {})
    tokens = join_all(a, 3)
    a.start_round(PIN)
    night.wait(night.caught_up, what="both hubs on the club")
    with ClubServer(night.app) as club:
        page = phone("en").new_page()
        page.goto(club.url + "/club")
        one = page.locator('article[data-hub="table1"]')
        expect(one).to_contain_text("Round 1 of 10")      # hub profile, double-9: 10 rounds
        expect(one.locator(".state")).to_have_text("online")
        expect(one.locator("li.turn")).to_contain_text("Ana")
        expect(page.locator('article[data-hub="table2"]')).to_contain_text("Game over")
        expect(page.locator('#board tr[data-player="Di"]')).to_contain_text("1")
        a.submit(0, tokens[0], {"play": "9-4", "on": 0}, a.version)     # the page follows the table
        expect(one.locator("li.turn")).to_contain_text("Ben")
        expect(page.locator("#board tbody tr")).to_have_count(3)
        # the language menu shows its code on a phone, as on the hub's pages (the shell, _page.html;
        # before it the club's menu was transparent over nothing: no menu to be seen)
        expect(page.locator(".lang-now")).to_be_visible()
        expect(page.locator(".lang-now")).to_have_text("EN ▾")
        shot(page, "club-en")
        problems = serious(page)
        assert not problems, [(v["id"], v["help"]) for v in problems]
        ps = phone("ps").new_page()
        ps.goto(club.url + "/club")
        expect(ps.locator("html")).to_have_attribute("dir", "rtl")
        expect(ps.locator("h1")).to_have_text("د کلب شپه")
        expect(ps.locator(".lang-now")).to_have_text("PS ▾")
        expect(ps.locator('article[data-hub="table1"] .state')).to_have_text("آنلاین")
        shot(ps, "club-ps")
        problems = serious(ps)
        assert not problems, [(v["id"], v["help"]) for v in problems]


def test_the_director_sets_up_a_tournament_and_the_host_its_first_game(night, phone):
    from support import Server

    from club_support import DIRECTOR_PIN

    night.wait(night.all_online, what="both hubs online")
    with ClubServer(night.app) as club:
        director = phone("en").new_page()
        director.goto(club.url + "/club")
        director.locator("#director summary").click()
        director.fill("#t-players", "Ana\nBen\nCy\nDi\nEd")
        director.fill("#t-games", "2")
        director.select_option("#t-set", "6")
        director.fill("#t-pin", "000000")
        director.get_by_role("button", name="Start tournament").click()
        expect(director.locator("#t-error")).to_have_text("Wrong PIN")
        director.fill("#t-pin", DIRECTOR_PIN)
        director.get_by_role("button", name="Start tournament").click()
        expect(director.locator("#tournament-card")).to_contain_text("Tournament game 1 of 2")
        expect(director.locator("#tour-board tbody tr")).to_have_count(5)
        expect(director.locator("#export-csv")).to_have_attribute("href", "/api/club/tournament/1/export?format=csv")
        planned = night.api()["tournament"]["plan"][0]["table1"]
        hub = Server(night.hubs["table1"]).start()
        try:
            host = phone("en").new_page()
            host.goto(hub.url + "/host")
            host.fill("#pin", PIN)
            host.click("#pin-form button[type=submit]")
            card = host.locator("#club-card")
            expect(card).to_be_visible()
            expect(card).to_contain_text("Tournament game 1 of 2")
            expect(card.locator("li")).to_have_count(len(planned))
            shot(host, "club-host-proposal")
            card.get_by_role("button", name="Set up this game").click()
            expect(card).to_be_hidden()
            for name in planned:
                expect(host.locator("#seats")).to_contain_text(name)
            assert night.hubs["table1"].view()["game"]["players"] == planned
        finally:
            hub.stop()
        expect(director.locator('article[data-hub="table1"]')).to_contain_text(planned[0])
        shot(director, "club-tournament")
