"""The host page after too many wrong PINs explains the wait, and the host changes the PIN there."""
from __future__ import annotations

import httpx
from playwright.sync_api import expect
from support import PIN, Server, shot

from station import throttle
from station.service import Station


class Clock:
    def __init__(self):
        self.now = 5000.0

    def __call__(self) -> float:
        return self.now


def test_lockout_is_explained_and_the_pin_is_changed_on_the_host_page(tmp_path, phone):
    clock = Clock()
    server = Server(Station.mock(str(tmp_path), host_pin=PIN, clock=clock)).start()
    try:
        page = phone("en").new_page()
        page.goto(server.url + "/host")
        for i in range(throttle.FREE):
            page.fill("#pin", f"000{i}")
            page.click("#pin-form button[type=submit]")
            expect(page.locator("#toast")).to_have_text("That is not the host PIN.")
        page.fill("#pin", "0009")
        page.click("#pin-form button[type=submit]")
        note = page.locator("#pin-lockout")
        expect(note).to_be_visible()
        expect(note).to_contain_text("Too many wrong PINs from this phone: wait 1 s before the next try.")
        expect(note).to_contain_text("Next try possible in")
        shot(page, "host-pin-lockout-en")
        clock.now += 60                                  # the station's wait is over
        unlock = page.locator("#pin-form button[type=submit]")
        expect(unlock).to_be_enabled()                   # ... and the page's countdown too
        expect(note).to_be_hidden()
        page.fill("#pin", PIN)
        unlock.click()
        expect(page.locator("#host")).to_be_visible()

        form = page.locator("#pin-change-form")
        form.scroll_into_view_if_needed()
        page.fill("#new-pin", "24681357")
        page.fill("#new-pin-again", "24681350")
        form.locator("button[type=submit]").click()
        expect(page.locator("#toast")).to_contain_text("The two PINs differ.")
        page.fill("#new-pin-again", "24681357")
        shot(page, "host-pin-change-en")
        form.locator("button[type=submit]").click()
        expect(page.locator("#toast")).to_contain_text("PIN changed")
        page.wait_for_load_state("load")
        expect(page.locator("#host")).to_be_visible()     # reloaded, unlocked with the new PIN
        assert httpx.post(server.url + "/api/host/check", headers={"X-Host-Pin": PIN}).status_code == 403
        assert httpx.post(server.url + "/api/host/check", headers={"X-Host-Pin": "24681357"}).status_code == 200
    finally:
        server.stop()


def test_lockout_is_explained_right_to_left_in_pashto(tmp_path, phone):
    clock = Clock()
    server = Server(Station.mock(str(tmp_path), host_pin=PIN, clock=clock)).start()
    try:
        page = phone("ps").new_page()
        page.goto(server.url + "/host?lang=ps")
        for i in range(throttle.FREE + 1):
            page.fill("#pin", f"000{i}")
            page.click("#pin-form button[type=submit]")
            if i < throttle.FREE:
                expect(page.locator("#toast")).to_be_visible()
        note = page.locator("#pin-lockout")
        expect(note).to_contain_text("له دې ټیلیفون څخه ډېر غلط PIN")
        expect(note.locator("bdi")).to_have_count(1)
        shot(page, "host-pin-lockout-ps")
    finally:
        server.stop()
