"""classic with real tiles and nobody dealt the engine (rules.md 2 *Who starts a round*): the seat
that may place the engine is told so on its phone, and an engine sensed in the centre slot is
credited to nobody until that seat confirms (station/engine_search.py, station/hub_bridge.py)."""
from __future__ import annotations

import asyncio

import pytest
from station_helpers import PIN, join_all, wait_for

from station.interface import Refused
from station.service import Station

NAMES = ["Ana", "Ben", "Chi"]


def test_the_seat_that_drew_is_told_to_place_the_engine_and_may_still_place_it(station):
    station.setup_game(PIN, NAMES, "classic", 9, {}, hidden_hands=True)
    tokens = join_all(station, 3)
    view = station.start_round(PIN)
    assert view["prompt"] is None                 # before any draw: whoever holds it may place it
    view = station.submit(0, tokens[0], {"draw": True}, station.version)
    prompt = view["prompt"]
    assert (prompt["seat"], prompt["kind"]) == (0, "engine-drawn")
    assert prompt["facts"] == {"seat": 0, "tile": "9-9", "next": 1}
    assert view["result"]["state"]["turn"] == 1    # Ben draws next if Ana did not draw it ...
    assert station.seat_view(0, tokens[0])["me"]["options"]["engine"]   # ... but Ana may place it
    view = station.submit(0, tokens[0], {"engine": True}, station.version)
    assert view["prompt"] is None and view["game"]["engine_placed"]
    assert view["result"]["state"]["turn"] == 0   # the seat that placed it starts


def test_the_prompt_follows_the_search_and_survives_a_restart(tmp_path):
    st = Station(str(tmp_path), host_pin=PIN)
    st.setup_game(PIN, NAMES, "classic", 9, {}, hidden_hands=True)
    tokens = join_all(st, 3)
    st.start_round(PIN)
    st.submit(0, tokens[0], {"draw": True}, st.version)
    view = st.submit(1, tokens[1], {"draw": True}, st.version)
    assert (view["prompt"]["seat"], view["prompt"]["facts"]["next"]) == (1, 2)
    with pytest.raises(Refused):                   # Ana's chance has gone: only the last drawer may
        st.submit(0, tokens[0], {"engine": True}, st.version)
    st.store.close()
    again = Station(str(tmp_path), host_pin=PIN)
    assert again.view()["prompt"]["kind"] == "engine-drawn" and again.view()["prompt"]["seat"] == 1
    again.store.close()


def test_virtual_tiles_tell_the_holder(station):
    station.setup_game(PIN, NAMES, "classic", 9, {}, hidden_hands=False)
    view = station.start_round(PIN)
    hands = station.export()["rounds"][0]["hands"]
    holder = next((s for s, h in enumerate(hands) if "9-9" in h), None)
    if holder is None:
        assert view["prompt"] is None
    else:
        assert (view["prompt"]["seat"], view["prompt"]["kind"]) == (holder, "engine-yours")
        assert view["prompt"]["facts"]["drew"] is False


def test_an_engine_sensed_in_the_centre_asks_the_seat_to_confirm(tmp_path):
    async def scenario():
        st = Station.mock(str(tmp_path), host_pin=PIN)
        await st.start()
        try:
            st.setup_game(PIN, NAMES, "classic", 9, {}, hidden_hands=True)
            tokens = join_all(st, 3)
            st.start_round(PIN)
            # before any draw: every phone is asked, nobody is credited
            st.hub.mock_slot("engine", True)
            await wait_for(lambda: (st.view()["prompt"] or {}).get("kind") == "place-engine",
                           what="every phone asked")
            assert st.view()["prompt"]["seat"] is None and not st.referee.round.engine_placed
            st.hub.mock_slot("engine", False)
            await wait_for(lambda: not st.hub.slots["engine"], what="the slot emptied")
            # Ana presses her button: a draw in the search; the turn goes on to Ben, Ana is told
            st.hub.mock_press(0)
            await wait_for(lambda: st.referee.round.last_drawer == 0, what="Ana's draw")
            assert st.view()["prompt"]["kind"] == "engine-drawn"
            # the engine appears in the centre: Ana is asked to confirm, nobody is credited yet
            st.hub.mock_slot("engine", True)
            await wait_for(lambda: st.view()["prompt"]["kind"] == "confirm-engine", what="the question")
            assert st.view()["prompt"]["seat"] == 0 and not st.referee.round.engine_placed
            view = st.submit(0, tokens[0], {"engine": True}, st.version)
            assert view["game"]["engine_placed"] and view["result"]["state"]["turn"] == 0
            assert view["prompt"] is None
        finally:
            await st.stop()

    asyncio.run(scenario())
