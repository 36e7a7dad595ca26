"""Colours have one home (palette/__init__.py): the hub's LEDs and the pages read the same entries."""
from __future__ import annotations

import json
import re

import pytest

import palette
from station.lights import LightState, frame

SEGMENTS = {"engine": 3, "mexican": 3, "ring": 6, **{f"seat{i}": 3 for i in range(12)}}


def page_colours() -> dict[str, str]:
    """The colours the pages get: the CSS custom properties every template inlines."""
    return dict(re.findall(r"--([\w-]+): (#[0-9a-f]{6});", palette.css_variables()))


def test_mexican_train_led_and_page_come_from_one_entry():
    lit = frame(LightState(seats=2, playing=True, turn=0, marked=(False, False), mexican_started=True), SEGMENTS, 0)
    page = page_colours()["mexican"]
    assert page == json.loads(palette.as_json())["mexican"]["hex"]
    assert lit["mexican"] == [palette.led_rgb(page)] * 3
    assert page == "#e6e6e6" and palette.led_rgb(page) == (203, 203, 203)   # gamma 2.2 decoded


@pytest.mark.parametrize("seat", range(12))
def test_seat_led_and_page_come_from_one_entry(seat):
    won = frame(LightState(seats=12, game_over=True, winners=(seat,)), SEGMENTS, 0)
    page = page_colours()[f"seat-{seat}"]
    assert page == json.loads(palette.as_json())["seats"][seat]["hex"]
    assert won[f"seat{seat}"][1] == palette.led_rgb(page)


def test_signals_led_and_page_come_from_one_entry():
    pages = page_colours()
    marked = frame(LightState(seats=2, playing=True, turn=0, marked=(True, False)), SEGMENTS, 0)
    assert marked["seat0"][0] == palette.led_rgb(pages["signal-amber"])
    assert frame(LightState(seats=2, game_over=True), SEGMENTS, 0)["ring"][0] == palette.led_rgb(pages["signal-gold"])
    assert frame(LightState(seats=2, round_over=True), SEGMENTS, 0)["ring"][0] == palette.led_rgb(pages["signal-green"])
    assert frame(LightState(seats=2, playing=True, turn=0, marked=(False, False)), SEGMENTS, 0)["engine"][0] == \
        palette.led_rgb(pages["engine"])


def test_led_value_is_the_page_colour_gamma_decoded():
    assert palette.led_rgb("#000000") == (0, 0, 0)
    assert palette.led_rgb("#ffffff") == (255, 255, 255)
    low, mid = palette.led_rgb("#404040")[0], palette.led_rgb("#808080")[0]
    assert low < 0x40 and mid < 0x80 and low < mid, "decoded: darker than the page's sRGB value"
    with pytest.raises(ValueError, match="#rrggbb"):
        palette.hex_to_rgb("red")


def test_pages_read_the_palette(tmp_path):
    from fastapi.testclient import TestClient

    from station.service import Station
    from web.app import create_app
    with TestClient(create_app(Station.mock(str(tmp_path), host_pin="2468"), allowed_hosts={"testserver"})) as client:
        assert client.get("/palette.css").text == palette.css_variables()
        html = client.get("/table").text
    assert palette.css_variables() in html and "--mexican: #e6e6e6;" in html
