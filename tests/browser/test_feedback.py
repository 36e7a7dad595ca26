"""What a new user found missing at phone size: the hub's prompts, the hub's marker and red LEDs,
loopback links, released seats, translated log lines, host page details, right-to-left numbers,
narrow seat pages, round's end, offered tiles as they lie."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from support import PIN, shot, wait_for

from web.i18n import gettext_for
from web.refusals import REASONS

NAMES = ["Ana", "Ben", "Chi", "Dee"]


def tokens_of(station, n=len(NAMES)):
    return [station.join(i, station.seat_code(i, PIN)) for i in range(n)]


def joined(phone, server, seat, token, lang="en"):
    page = phone(lang).new_page()
    page.goto(server.url + "/")
    page.evaluate(f"localStorage.setItem('mt-seat-{seat}', '{token}')")
    page.goto(server.url + f"/seat/{seat}")
    expect(page.locator("#controller")).to_be_visible()
    return page


def move(station, tokens, seat, event):
    return station.submit(seat, tokens[seat], event, station.view()["version"])


@pytest.mark.parametrize("lang", ["en", "ps"])
def test_hub_prompts_show_on_the_seat_and_the_hub(server, phone, lang):
    _ = gettext_for(lang)
    station = server.station
    station.setup_game(PIN, NAMES, "hub", 9, {"hand_size": 3})
    station.start_round(PIN)
    tokens = tokens_of(station)
    ben = joined(phone, server, 1, tokens[1], lang)
    ana = joined(phone, server, 0, tokens[0], lang)
    hub = phone(lang).new_page()
    hub.goto(server.url + "/hub")
    expect(ben.locator("#prompt")).to_be_hidden()
    # Ben presses his button out of turn: the refusal shows on Ben's phone, not on Ana's
    hub.click('[data-press="1"]')
    prompt = wait_for(lambda: station.view()["prompt"], what="a prompt")
    assert prompt["seat"] == 1 and prompt["kind"] == "refused"
    box = ben.locator("#prompt")
    expect(box).to_be_visible()
    assert box.get_attribute("role") == "alert"
    expect(box).to_contain_text(_(REASONS[prompt["code"]]))
    expect(ana.locator("#prompt")).to_be_hidden()
    expect(hub.locator("#hub-prompt")).to_contain_text("Ben")
    expect(hub.locator("#hub-prompt")).to_contain_text(_(REASONS[prompt["code"]]))
    # the prompt goes away with the next move
    move(station, tokens, 0, {"play": "9-1", "on": 0})
    expect(box).to_be_hidden()
    expect(hub.locator("#hub-prompt")).to_be_hidden()
    # a tile sensed in the Mexican slot with no move entered: Ben is asked which tile, that train chosen
    hub.click('svg.hub [data-slot="mexican"]')
    expect(box).to_contain_text(_("A tile was placed to start %(train)s: enter the tile you played")
                                % {"train": _("Mexican train")})
    expect(ben.locator('#trains button[data-train="mexican"]')).to_have_class(re.compile(r"\bprompted\b"))
    expect(ben.locator('#trains button[data-train="mexican"]')).to_have_attribute("aria-pressed", "true")
    shot(ben, f"feedback-seat-prompt-{lang}")
    shot(hub, f"feedback-hub-prompt-{lang}")
    ben.click("#tiles button >> nth=0")
    expect(box).to_be_hidden()


def test_place_engine_prompt_on_every_seat_that_may_place_it(server, phone):
    station = server.station
    station.setup_game(PIN, NAMES, "hub", 9, {"hand_size": 3, "engine_in_deal": True})
    station.start_round(PIN)
    tokens = tokens_of(station)
    pages = [joined(phone, server, i, tokens[i]) for i in (0, 2)]
    expect(pages[0].locator("#btn-engine")).to_be_visible()
    hub = phone("en").new_page()
    hub.goto(server.url + "/hub")
    hub.click('svg.hub [data-slot="engine"]')
    wait_for(lambda: station.view()["prompt"], what="the place-engine prompt")
    for page in pages:
        expect(page.locator("#prompt")).to_contain_text("The engine is in the centre: if you placed it, tap")
        expect(page.locator("#prompt")).to_contain_text("I placed the engine")
    expect(pages[0].locator("#btn-engine")).to_have_text("I placed the engine")
    expect(hub.locator("#hub-prompt")).to_contain_text("The engine is in the centre")
    pages[1].click("#btn-engine")
    for page in pages:
        expect(page.locator("#prompt")).to_be_hidden()
