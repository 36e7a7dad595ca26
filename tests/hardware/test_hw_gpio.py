"""GPIO inputs on gpiozero MockPins: the glitch filter (spikes, bounce, chatter), short/long presses, slot changes, thread hand-over."""
from __future__ import annotations

import asyncio

import pytest

from hw_helpers import Collector
from hardware.clock import ManualClock
from hardware.config import default_build
from hardware.debounce import Debouncer
from hardware.events import ButtonPressed, SlotChanged
from hardware.hub import Hub
from hardware.mockdrive import MockHub
from hardware.strip import RecordingStrip


def test_filter_drops_pulses_shorter_than_the_stable_time():
    d = Debouncer(5_000_000)
    assert d.edge(True, 0) == []                 # nothing counts at once
    assert d.edge(False, 200_000) == []          # a 0.2 ms spike: undone before it held 5 ms
    assert d.poll(50_000_000) == [] and d.state is False and d.glitches == 1


def test_filter_accepts_a_level_once_it_held_and_keeps_when_it_settled():
    d = Debouncer(5_000_000)
    for i in range(10):                          # 5 bounces in 5 ms (0.5 ms each level)
        d.edge(i % 2 == 0, i * 500_000)
    d.edge(True, 5_000_000)                      # then the contact holds
    assert d.due_ns() == 10_000_000 and d.poll(9_999_999) == []
    assert d.poll(10_000_000) == [(True, 5_000_000)]
    assert d.edge(False, 80_000_000) == [] and d.unsettled
    # an edge after a level held long enough reports that level first (no poll was needed)
    assert d.edge(True, 90_000_000) == [(False, 80_000_000)] and d.unsettled


def test_filter_with_zero_stable_time_accepts_each_edge():
    d = Debouncer(0)
    assert d.edge(True, 7) == [(True, 7)] and d.edge(False, 8) == [(False, 8)]


async def _started(build=None, clock=None):
    hub = MockHub.create(build or default_build(), clock_ns=clock or ManualClock())
    col = Collector()
    await hub.start(asyncio.get_running_loop(), col)
    return hub, col


def wire(pin, clock, pattern) -> None:
    """Drive a MockPin through ``pattern``: (level, ms) pairs, level "L" low or "H" high, then hold ms."""
    for level, ms in pattern:
        pin.drive_low() if level == "L" else pin.drive_high()
        clock.advance(ms=ms)


def test_a_spike_on_a_button_gives_no_press(run):
    async def body():
        clock = ManualClock()
        hub, col = await _started(clock=clock)
        try:
            wire(hub.mock_pin(3), clock, [("L", 0.2), ("H", 100)])     # 0.2 ms spike
            hub.mock_press(3)                                          # then a clean press
            await col.wait_for(lambda ev: len(ev) >= 1)
            await col.quiet(0.05)
            stable_ns = default_build().button_stable_ms * 1_000_000
            assert col.events == [ButtonPressed(3, False, col.events[0].at_ns, stable_ns + 1_000_000)]
            assert hub._debouncers[("seat", 3)].glitches == 1
        finally:
            hub.close()
    run(body())


def test_a_spike_on_a_slot_sensor_gives_no_event(run):
    async def body():
        clock = ManualClock()
        hub, col = await _started(clock=clock)
        try:
            wire(hub.mock_pin("engine"), clock, [("L", 0.2), ("H", 200)])   # "tile placed, tile removed"
            hub.mock_slot("seat4", True)
            await col.wait_for(lambda ev: len(ev) >= 1)
            await col.quiet(0.05)
            assert [(e.slot, e.occupied) for e in col.events] == [("seat4", True)]
            assert not hub.slots["engine"] and hub._debouncers[("slot", "engine")].glitches == 1
        finally:
            hub.close()
    run(body())


def test_a_press_with_25_ms_of_release_chatter_gives_one_press(run):
    async def body():
        clock = ManualClock()
        hub, col = await _started(clock=clock)
        try:
            chatter = [("H", 2), ("L", 1), ("H", 3), ("L", 0.5), ("H", 4), ("L", 2), ("H", 1.5), ("L", 1),
                       ("H", 4), ("L", 0.5), ("H", 3), ("L", 2.5)]            # 25 ms of a contact letting go
            assert sum(ms for _, ms in chatter) == 25
            wire(hub.mock_pin(2), clock, [("L", 300)] + chatter + [("H", 100)])
            await col.wait_for(lambda ev: len(ev) >= 1)
            await col.quiet(0.1)
            assert [(e.seat, e.long) for e in col.events] == [(2, False)]
            assert col.events[0].held_ns == 325_000_000      # from the press to the release that held
        finally:
            hub.close()
    run(body())


def test_five_bounces_in_5_ms_then_a_hold_give_one_press(run):
    async def body():
        clock = ManualClock()
        hub, col = await _started(clock=clock)
        try:
            bounces = [("L", 0.5), ("H", 0.5)] * 5                    # 5 bounces in 5 ms
            wire(hub.mock_pin(6), clock, bounces + [("L", 900), ("H", 50)])
            await col.wait_for(lambda ev: len(ev) >= 1)
            await col.quiet(0.1)
            assert [(e.seat, e.long, e.held_ns) for e in col.events] == [(6, True, 900_000_000)]
            assert col.wrong_thread == 0
        finally:
            hub.close()
    run(body())


def test_slot_sensor_chatter_while_a_tile_slides_in_gives_one_change(run):
    async def body():
        clock = ManualClock()
        hub, col = await _started(clock=clock)
        try:
            slide = [("L", 3), ("H", 10), ("L", 20), ("H", 5), ("L", 500), ("H", 200)]
            wire(hub.mock_pin("mexican"), clock, slide)
            await col.wait_for(lambda ev: len(ev) >= 2)
            await col.quiet(0.05)
            assert [(e.slot, e.occupied) for e in col.events] == [("mexican", True), ("mexican", False)]
            assert col.events[1].at_ns - col.events[0].at_ns == 500_000_000
        finally:
            hub.close()
    run(body())


def test_long_and_short_press(run):
    async def body():
        clock = ManualClock()
        hub, col = await _started(clock=clock)
        try:
            hub.mock_press(0)
            hub.mock_press(7, long=True)
            hub.mock_press(7)
            await col.wait_for(lambda ev: len(ev) >= 3)
            presses = [(e.seat, e.long) for e in col.of(ButtonPressed)]
            assert presses == [(0, False), (7, True), (7, False)]
            assert col.events[1].held_ns >= default_build().long_press_ms * 1_000_000
        finally:
            hub.close()
    run(body())


def test_press_held_exactly_threshold_is_long(run):
    async def body():
        clock = ManualClock()
        hub, col = await _started(clock=clock)
        try:
            long_ms = default_build().long_press_ms
            wire(hub.mock_pin(2), clock, [("L", long_ms), ("H", 50), ("L", long_ms - 1), ("H", 50)])
            await col.wait_for(lambda ev: len(ev) >= 2)
            assert [e.long for e in col.events] == [True, False]
        finally:
            hub.close()
    run(body())


def test_slot_changes_debounced(run):
    async def body():
        clock = ManualClock()
        hub, col = await _started(clock=clock)
        try:
            wire(hub.mock_pin("engine"), clock, [("L", 1), ("H", 1), ("L", 500)])   # reed switch chatter
            hub.mock_slot("seat4", True)
            hub.mock_slot("engine", False)
            await col.wait_for(lambda ev: len(ev) >= 3)
            await col.quiet(0.05)
            assert [(e.slot, e.occupied) for e in col.events] == [
                ("engine", True), ("seat4", True), ("engine", False)]
            assert all(e.source == "gpio" and e.tile is None for e in col.events)
            assert hub.slots["seat4"] and not hub.slots["engine"]
        finally:
            hub.close()
    run(body())


def test_occupied_at_start_reported_once(run):
    async def body():
        hub = MockHub.create(default_build(), clock_ns=ManualClock())
        hub.mock_pin("mexican").drive_low()
        col = Collector()
        try:
            await hub.start(None, col)
            await col.quiet(0.05)
            assert [(e.slot, e.occupied) for e in col.of(SlotChanged)] == [("mexican", True)]
        finally:
            hub.close()
    run(body())


def test_edges_from_another_thread_arrive_on_loop_thread(run):
    async def body():
        hub, col = await _started()        # default SkewClock
        try:
            await asyncio.to_thread(hub.mock_press, 5, True)
            await col.wait_for(lambda ev: len(ev) >= 1)
            assert col.events[0].seat == 5 and col.events[0].long and col.wrong_thread == 0
        finally:
            hub.close()
    run(body())


def test_buzz_and_close_twice(run):
    async def body():
        hub, col = await _started()
        hub.buzz(30)
        assert hub._buzzer.value == 1
        await asyncio.sleep(0.2)
        assert hub._buzzer.value == 0 and len(hub.buzzes) == 1
        hub.close()
        hub.close()
    run(body())


def test_a_busy_gpio_names_the_pin_and_the_likely_holder_without_a_traceback():
    from gpiozero.pins.mock import MockFactory, MockPin

    from hardware.pi import HardwareUnavailable
    from hardware.strip import RecordingStrip

    class HeldPin(MockPin):                       # GPIO22 is claimed elsewhere, as lgpio reports it
        refused = False

        def _set_function(self, value):
            if self._number == 22 and value == "input" and not HeldPin.refused:
                HeldPin.refused = True
                raise RuntimeError("'GPIO busy'")
            super()._set_function(value)

    build = default_build()
    factory = MockFactory(pin_class=HeldPin)
    with pytest.raises(HardwareUnavailable) as info:
        Hub(build, pin_factory=factory, strip=RecordingStrip(build.strip.count))
    msg = str(info.value)
    assert msg.startswith("GPIO22 (slot sensor seat1): GPIO busy") and "systemctl stop mexican-train-station" in msg
    assert "pinctrl get 22" in msg


def test_the_mock_controls_live_on_the_mock_hub_only():
    """The real Hub class carries no mock controls; MockHub.create gives a Hub whose controls drive its pins."""
    for name in ("mock_press", "mock_slot", "mock_button", "mock_pin"):
        assert not hasattr(Hub, name) and callable(getattr(MockHub, name))
    assert not hasattr(Hub, "mock")
    hub = MockHub.create(default_build())
    try:
        assert isinstance(hub, Hub) and hub.mock_pin(0).state in (0, 1)
    finally:
        hub.close()

