"""Helpers for the station tests: waiting on the loop, a clock moved by hand, joining seats."""
from __future__ import annotations

import asyncio
import time

PIN = "2468"


async def wait_for(condition, timeout: float = 10.0, what: str = "condition"):
    """Let the loop run until ``condition()`` is true (hardware events arrive through it)."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.005)


class Clock:
    """Wall-clock seconds a test moves by hand (``now``): a station's ``clock``."""

    def __init__(self, now: float = 1_000_000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


def timed_game(data_dir: str, names: list[str], clock: Clock):
    """A station on the mock hub in ``data_dir`` on ``clock`` with a hub double-12 game set up for
    ``names`` (no round begun); close it with ``closed``."""
    from station.service import Station

    st = Station.mock(data_dir, host_pin=PIN, clock=clock)
    st.setup_game(PIN, names, "hub", 12, {})
    return st


def closed(st) -> None:
    """Close a mock station's store and hub (a test's end)."""
    st.store.close()
    st.hub.close()


def join_all(st, seats: int) -> list[str]:
    """Join every seat with its code; returns the tokens."""
    return [st.join(s, st.seat_code(s, PIN)) for s in range(seats)]


def game_under_way(data_dir: str):
    """A station in ``data_dir`` with a hub double-9 game for Ana and Ben in round 1: Ana has
    played 9-4 on her train and Ben has drawn. Returns ``(station, tokens)``."""
    from station.service import Station

    st = Station(data_dir, host_pin=PIN)
    st.setup_game(PIN, ["Ana", "Ben"], "hub", 9, {})
    tokens = join_all(st, 2)
    st.start_round(PIN)
    st.submit(0, tokens[0], {"play": "9-4", "on": 0}, st.version)
    st.submit(1, tokens[1], {"draw": True}, st.version)
    return st, tokens


def whole_game(st, tokens: list[str], outs: list[int], pips: list[list[int]]) -> None:
    """Play a whole hidden-hands game set up with ``hand_size`` 1 through the station: in round r
    seat ``outs[r]`` plays one tile on its own train and goes out (it must be the seat to start),
    then every seat shows its hand: the seat that went out none, seat s ``pips[r][s]`` pips."""
    for r, out in enumerate(outs):
        if r:
            st.start_round(PIN)
        state = st.view()["result"]["state"]
        assert state["turn"] == out, f"round {r + 1} starts with seat {state['turn']}, not {out}"
        engine = state["engine"]
        st.submit(out, tokens[out], {"play": f"{engine}-{(engine + 1) % 7}", "on": out}, st.version)
        for seat, token in enumerate(tokens):
            st.reveal(seat, token, [] if seat == out else pips[r][seat])
