"""Fixtures for the station tests: a station on mock hardware in a temporary folder."""
from __future__ import annotations

import pytest
from station_helpers import PIN, Clock, closed, timed_game

from station.service import Station


@pytest.fixture
def station(tmp_path):
    st = Station.mock(str(tmp_path), host_pin=PIN)
    yield st
    st.store.close()
    st.hub.close()


@pytest.fixture
def st(tmp_path):
    """A station with no hub (phones only) in a temporary folder."""
    station = Station(str(tmp_path), host_pin=PIN)
    yield station
    station.store.close()


@pytest.fixture
def timed(tmp_path):
    """``(station, clock)``: a mock station on a clock the test moves by hand (``clock.now``),
    with a hub double-12 game for Ana, Ben and Chi set up."""
    clock = Clock()
    station = timed_game(str(tmp_path), ["Ana", "Ben", "Chi"], clock)
    yield station, clock
    closed(station)
