"""Fixtures for the station tests: a station on mock hardware in a temporary folder."""
from __future__ import annotations

import pytest
from station_helpers import PIN

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
