"""The lights as a pure function of the game (station/lights.py), tested without hardware."""
from __future__ import annotations

from station.lights import AMBER, GOLD, GREEN, OFF, RED, WHITE, LightState, frame
from palette import SEAT_RGB

SEGMENTS = {"engine": 4, "mexican": 4, "ring": 12, **{f"seat{i}": 4 for i in range(8)}}
FLASH_ON, FLASH_OFF = 0, 300      # ms into a flash period: on half, off half


def test_no_game_is_dark():
    shown = frame(LightState(), SEGMENTS, 0)
    assert all(c == OFF for colours in shown.values() for c in colours)


def test_turn_pulses_at_that_seat_only():
    state = LightState(seats=4, playing=True, turn=2, marked=(False,) * 4)
    bright = [frame(state, SEGMENTS, t)["seat2"][1] for t in range(0, 1200, 100)]
    others = {frame(state, SEGMENTS, t)["seat1"][1] for t in range(0, 1200, 100)}
    assert len(set(bright)) > 3, "the seat to act pulses"
    assert max(bright)[0] > 200 and min(bright)[0] < 100
    assert len(others) == 1, "other seats glow steadily"


def test_marker_lit_only_when_train_marked():
    state = LightState(seats=3, playing=True, turn=0, marked=(False, True, False))
    shown = frame(state, SEGMENTS, 0)
    assert shown["seat1"][0] == AMBER
    assert shown["seat0"][0] == OFF and shown["seat2"][0] == OFF


def test_mexican_lit_once_started():
    dark = frame(LightState(seats=2, playing=True, turn=0, marked=(False, False)), SEGMENTS, 0)
    lit = frame(LightState(seats=2, playing=True, turn=0, marked=(False, False), mexican_started=True),
                SEGMENTS, 0)
    assert dark["mexican"] == [OFF] * 4
    assert lit["mexican"][0] != OFF


def test_open_double_flashes_ring_and_its_train():
    state = LightState(seats=3, playing=True, turn=1, marked=(False,) * 3, open_doubles=(2,))
    on, off = frame(state, SEGMENTS, FLASH_ON), frame(state, SEGMENTS, FLASH_OFF)
    assert on["ring"] == [AMBER] * 12 and off["ring"] == [OFF] * 12
    assert on["seat2"][1] == AMBER and off["seat2"][1] != AMBER
    no_double = frame(LightState(seats=3, playing=True, turn=1, marked=(False,) * 3), SEGMENTS, FLASH_ON)
    assert no_double["ring"] == [OFF] * 12


def test_one_tile_left_flashes_that_seat():
    state = LightState(seats=3, playing=True, turn=0, marked=(False,) * 3, one_tile=(1,))
    assert frame(state, SEGMENTS, FLASH_ON)["seat1"][1] == WHITE
    assert frame(state, SEGMENTS, FLASH_OFF)["seat1"][1] != WHITE


def test_refused_move_flashes_red_then_stops():
    state = LightState(seats=2, playing=True, turn=0, marked=(False, False), refused={1: 10_000})
    assert frame(state, SEGMENTS, 10_010)["seat1"][1] == RED
    assert frame(state, SEGMENTS, 11_000)["seat1"][1] != RED


def test_round_over_and_winner():
    over = frame(LightState(seats=3, round_over=True, out=(2,)), SEGMENTS, 0)
    assert over["ring"] == [GREEN] * 12
    assert over["seat2"][1] == SEAT_RGB[2]
    won = frame(LightState(seats=3, game_over=True, winners=(0,)), SEGMENTS, 0)
    assert won["ring"] == [GOLD] * 12 and won["seat0"][1] == SEAT_RGB[0]
    assert won["seat1"][1] != SEAT_RGB[1]


def test_seats_beyond_the_build_stay_dark():
    state = LightState(seats=10, playing=True, turn=9, marked=(False,) * 10)
    shown = frame(state, SEGMENTS, 0)
    assert "seat9" not in shown and set(shown) == set(SEGMENTS)
