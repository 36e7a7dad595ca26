"""GPIO inputs on gpiozero MockPins: debounce, short/long presses, slot changes, thread hand-over."""
from __future__ import annotations

import asyncio

from conftest import Collector
from hardware.clock import ManualClock
from hardware.config import default_build
from hardware.debounce import Debouncer
from hardware.events import ButtonPressed, SlotChanged
from hardware.hub import Hub


def test_debouncer_acts_on_first_edge_and_ignores_bounces():
    d = Debouncer(20_000_000)
    assert d.edge(True, 1_000) is True          # first edge accepted at once, no delay
    for i, level in enumerate([False, True, False, True, False, True]):
        assert d.edge(level, 1_000 + i * 1_000_000) is False
    assert d.bounces == 6 and d.state is True and not d.unsettled
    assert d.edge(False, 30_000_000) is True    # after the window: a real release


def test_debouncer_settles_a_tap_shorter_than_the_window():
    d = Debouncer(20_000_000)
    assert d.edge(True, 0) and not d.edge(False, 5_000_000)
    assert d.unsettled and d.settle(25_000_000) and d.state is False


async def _started(build=None, clock=None):
    hub = Hub.mock(build or default_build(), clock_ns=clock or ManualClock())
    col = Collector()
    await hub.start(asyncio.get_running_loop(), col)
    return hub, col


def test_bouncing_button_gives_one_short_press(run):
    async def body():
        clock = ManualClock()
        hub, col = await _started(clock=clock)
        try:
            pin = hub.mock_pin(3)
            for _ in range(3):          # press with six bounces, all inside 20 ms (clock frozen)
                pin.drive_low()
                pin.drive_high()
            pin.drive_low()
            clock.advance(ms=100)
            pin.drive_high()            # release
            pin.drive_low()             # release bounce
            pin.drive_high()
            await col.wait_for(lambda ev: len(ev) >= 1)
            await col.quiet(0.1)        # settle timers must not add anything
            assert col.events == [ButtonPressed(3, False, clock(), 100_000_000)]
            assert col.wrong_thread == 0
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
            hub.mock_button(2, True)
            clock.advance(ms=default_build().long_press_ms)
            hub.mock_button(2, False)
            clock.advance(ms=50)
            hub.mock_button(2, True)
            clock.advance(ms=default_build().long_press_ms - 1)
            hub.mock_button(2, False)
            await col.wait_for(lambda ev: len(ev) >= 2)
            assert [e.long for e in col.events] == [True, False]
        finally:
            hub.close()
    run(body())


def test_tap_shorter_than_debounce_is_still_reported(run):
    async def body():
        clock = ManualClock()
        hub, col = await _started(clock=clock)
        try:
            hub.mock_button(1, True)
            hub.mock_button(1, False)     # same instant: a bounce, then the contact stays up
            await col.wait_for(lambda ev: len(ev) >= 1)   # the settle timer accepts the release
            assert col.events == [ButtonPressed(1, False, clock(), 0)]
        finally:
            hub.close()
    run(body())


def test_slot_changes_debounced(run):
    async def body():
        clock = ManualClock()
        hub, col = await _started(clock=clock)
        try:
            pin = hub.mock_pin("engine")
            pin.drive_low(); pin.drive_high(); pin.drive_low()       # reed switch chatter
            clock.advance(ms=500)
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
        hub = Hub.mock(default_build(), clock_ns=ManualClock())
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
