"""Whole rounds played through the station on mock hardware: seat buttons (gpiozero MockPins),
slot sensors, phone moves, the recording LED strip, and the scores at the end."""
from __future__ import annotations

import asyncio
import random

from station_helpers import PIN, join_all, wait_for

from engine import Event, Rules
from engine.deal import deal
from engine.players import choose
from engine.record import replay
from engine.round import Round
from engine.tiles import hand_pips
from station.lights import AMBER, GREEN
from station.service import Station

NAMES = ["Ana", "Ben", "Chi"]


def led(st: Station, slot: str, index: int = 0):
    """The colour of LED ``index`` of ``slot``'s segment in the last frame shown."""
    return st.hub.strip.last[st.hub.build.segments[slot][index]]


async def act_at_table(st: Station, tokens: list[str], event: Event) -> None:
    """Do ``event`` the way a player at the hub would: button, long press, slot sensor or phone."""
    before = st.version
    if event.kind == "pass" and st.referee.game.current.first_turn():
        st.hub.mock_press(event.seat)              # the classic first turn: the first press asks
        await wait_for(lambda: (st.view()["prompt"] or {}).get("kind") == "confirm-pass", what="the pass to be asked")
        st.hub.mock_press(event.seat)
    elif event.kind == "draw" or event.kind == "pass":
        st.hub.mock_press(event.seat)
    elif event.kind == "done":
        st.hub.mock_press(event.seat, long=True)
    elif event.kind == "engine":
        st.hub.mock_slot("engine", True)
    else:
        st.submit(event.seat, tokens[event.seat], {"play": str(event.tile), "on": event.on}, st.version)
    await wait_for(lambda: st.version != before, what=f"the station to take {event}")
    if event.kind == "engine":
        st.hub.mock_slot("engine", False)


async def play_virtual_round(st: Station, tokens: list[str], rng: random.Random) -> None:
    """A known-hands (virtual tiles) round: the station deals, the players choose greedily."""
    st.start_round(PIN)
    rnd = st.referee.game.current
    passes_seen = 0
    while not rnd.ended:
        event = choose(rnd, "greedy", rng)
        await act_at_table(st, tokens, event)
        if event.kind == "pass" and not rnd.ended:
            passes_seen += 1
            await wait_for(lambda: led(st, f"seat{event.seat}") == AMBER, what="the marker to light")


def test_classic_round_from_buttons_slots_and_phones(tmp_path):
    async def scenario():
        st = Station.mock(str(tmp_path), host_pin=PIN)
        await st.start()
        try:
            st.setup_game(PIN, NAMES, "classic", 6, {}, hidden_hands=False)
            tokens = join_all(st, 3)
            await play_virtual_round(st, tokens, random.Random(7))
            rnd = st.referee.game.current
            expected = [hand_pips(h, 50) for h in rnd.hands]
            assert st.view()["result"]["rounds"][0]["scores"] == expected
            await wait_for(lambda: led(st, "ring") == GREEN, what="the round-over ring")
            record = st.export()
            result, status = replay(record)
            assert status == 0 and result["rounds"][0]["scores"] == expected
        finally:
            await st.stop()

    asyncio.run(scenario())


def test_hub_round_with_hidden_hands_checked_against_a_shadow_table(tmp_path):
    """The table plays real tiles the station cannot see; the test keeps the hands (a shadow
    known-hands round) to choose legal moves, then each phone shows its hand at the round's end."""
    async def scenario():
        st = Station.mock(str(tmp_path), host_pin=PIN)
        await st.start()
        try:
            st.setup_game(PIN, NAMES, "hub", 9, {}, hidden_hands=True)
            tokens = join_all(st, 3)
            rules = Rules.make("hub", 9, 3)
            hands, boneyard = deal(rules, 0, random.Random(11))
            shadow = Round(rules, 0, NAMES, hands=hands, boneyard=boneyard, starter=0)
            st.start_round(PIN)
            rng = random.Random(3)
            lit_mexican = False
            while not shadow.ended:
                event = choose(shadow, "greedy", rng)
                if event.kind == "play" and event.on == "mexican" and not shadow.trains[shadow.n]:
                    # the first tile of the Mexican train is sensed in its slot; the phone names it
                    st.hub.mock_slot("mexican", True)
                    await wait_for(lambda: st.view()["prompt"] is not None, what="the phone prompt")
                    assert st.view()["prompt"]["seat"] == event.seat
                    lit_mexican = True
                await act_at_table(st, tokens, event)
                shadow.push(event)
                assert st.referee.game.current.state() == shadow.state()
            if lit_mexican:
                assert led(st, "mexican") != (0, 0, 0)
            for seat in range(3):
                st.reveal(seat, tokens[seat], [str(t) for t in shadow.hands[seat]])
            expected = [hand_pips(h, 50) for h in shadow.hands]
            assert st.view()["result"]["rounds"][0]["scores"] == expected
            assert st.view()["result"]["totals"] == expected
        finally:
            await st.stop()

    asyncio.run(scenario())


def test_refused_press_flashes_red_and_changes_nothing(tmp_path):
    async def scenario():
        st = Station.mock(str(tmp_path), host_pin=PIN)
        await st.start()
        try:
            st.setup_game(PIN, NAMES, "hub", 9, {})
            join_all(st, 3)
            st.start_round(PIN)
            before = (st.version, st.referee.game.current.state())
            st.hub.mock_press(2)                       # seat 0 is to play, not seat 2
            await wait_for(lambda: st.view()["prompt"] is not None, what="the refusal")
            assert st.view()["prompt"]["code"] == "not-your-turn"
            await wait_for(lambda: led(st, "seat2", 1) == (255, 0, 0), what="a red flash at seat 2")
            assert (st.version, st.referee.game.current.state()) == before
        finally:
            await st.stop()

    asyncio.run(scenario())


def test_classic_first_turn_short_press_asks_then_passes(tmp_path):
    """README *A turn*: a short press is "I drew a tile", pressed again "I pass". The classic first
    turn has no draw (rules.md 2), so one press must not pass at once: it asks, the second passes."""
    async def scenario():
        st = Station.mock(str(tmp_path), host_pin=PIN)
        await st.start()
        try:
            st.setup_game(PIN, NAMES, "classic", 6, {}, hidden_hands=True)
            join_all(st, 3)
            st.start_round(PIN)
            st.act(0, {"engine": True})
            rnd = st.referee.game.current
            assert rnd.first_turn() and rnd.turn == 0
            before = (st.version, rnd.state())
            st.hub.mock_press(0)
            await wait_for(lambda: st.view()["prompt"] is not None, what="the pass to be asked")
            prompt = st.view()["prompt"]
            assert prompt["kind"] == "confirm-pass" and prompt["seat"] == 0
            assert (st.version, rnd.state()) == before                 # nothing passed, no marker
            assert not rnd.state()["trains"][0]["marked"]
            st.hub.mock_press(0)
            await wait_for(lambda: st.version != before[0], what="the pass")
            assert rnd.state()["trains"][0]["marked"] and rnd.turn == 1
            assert st.view()["prompt"] is None or st.view()["prompt"]["kind"] != "confirm-pass"
            # the next seat's first press asks too: seat 0's confirmation does not carry over
            st.hub.mock_press(1)
            await wait_for(lambda: (st.view()["prompt"] or {}).get("seat") == 1, what="seat 1 asked")
            assert st.view()["prompt"]["kind"] == "confirm-pass" and not rnd.state()["trains"][1]["marked"]
        finally:
            await st.stop()

    asyncio.run(scenario())


def test_a_bouncing_button_gives_one_draw(tmp_path):
    async def scenario():
        st = Station.mock(str(tmp_path), host_pin=PIN)
        await st.start()
        try:
            st.setup_game(PIN, NAMES, "hub", 9, {})
            st.start_round(PIN)
            pin, clock = st.hub.mock_pin(0), st.hub.clock_ns
            for _ in range(4):                         # a contact bouncing, each level shorter than it must hold
                pin.drive_low()
                clock.advance(ms=0.5)
                pin.drive_high()
                clock.advance(ms=0.5)
            pin.drive_low()                            # then held down, released and left
            clock.advance(ms=100)
            pin.drive_high()
            clock.advance(ms=st.hub.build.button_stable_ms + 5)
            await wait_for(lambda: st.referee.game.current.events, what="the draw")
            await asyncio.sleep(0.1)
            events = st.referee.game.current.events
            assert [e.kind for e in events] == ["draw"]
        finally:
            await st.stop()

    asyncio.run(scenario())


def test_engine_in_the_centre_slot_starts_the_round_and_places_it(tmp_path):
    """classic, virtual tiles: the engine sensed in the centre starts round 1 and is placed for
    its holder, who then takes the first turn."""
    async def scenario():
        st = Station.mock(str(tmp_path), host_pin=PIN)
        await st.start()
        try:
            st.setup_game(PIN, NAMES, "classic", 9, {}, hidden_hands=False)
            st.hub.mock_slot("engine", True)
            await wait_for(lambda: st.referee.game.current is not None, what="round 1")
            rnd = st.referee.game.current
            dealt = st.export()["rounds"][0]["hands"]
            holder = next((s for s, h in enumerate(dealt) if "9-9" in h), None)
            if holder is not None:
                await wait_for(lambda: rnd.engine_placed, what="the engine placed")
                assert rnd.starter == holder and rnd.state()["turn"] == holder
            else:
                assert not rnd.engine_placed and st.view()["prompt"]["kind"] == "place-engine"
        finally:
            await st.stop()

    asyncio.run(scenario())
