"""Issue 23: a guesser with many addresses (several leases, IPv6) cannot sweep the host PIN or the
seat codes: every client shares one budget of wrong tries per kind (station/throttle.py
``EVERYONE_BURST``, then one per ``EVERYONE_EVERY_S``), kept across a restart."""
from __future__ import annotations

import pytest

from station import throttle
from station.interface import Forbidden, Throttled
from station.service import Station
from station.throttle import Throttle
from web.refusals import refusal_text

PIN = "4951"


class Clock:
    def __init__(self):
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def station(path, clock) -> Station:
    st = Station(str(path), host_pin=PIN)
    st.throttle = Throttle(clock, db=st.store.db)
    return st


def sweep(st, tries: int, first: int = 0) -> list[str]:
    """One wrong PIN from each of ``tries`` new addresses: "wrong" (a verdict) or "throttled"."""
    got = []
    for i in range(first, first + tries):
        guess = f"{i:04d}" if f"{i:04d}" != PIN else "9999"
        try:
            st.check_pin(guess, client=f"10.1.{i // 250}.{i % 250}")
        except Forbidden:
            got.append("wrong")
        except Throttled as refused:
            got.append("throttled")
            last = refused
    if "throttled" in got:
        assert last.facts["everyone"] is True and last.facts["retry_after"] >= 1
    return got


def test_many_addresses_get_no_more_verdicts_than_the_shared_budget(tmp_path):
    clock = Clock()
    st = station(tmp_path, clock)
    st.check_pin(PIN, client="10.0.0.2")     # the host's phone, unlocked before the guessing
    got = sweep(st, 200)                     # each address once: no address is throttled on its own
    assert got.count("wrong") == throttle.EVERYONE_BURST
    assert set(got[throttle.EVERYONE_BURST:]) == {"throttled"}
    with pytest.raises(Throttled):           # the right PIN gets no verdict either: no oracle
        st.check_pin(PIN, client="10.9.9.9")
    clock.now += throttle.EVERYONE_EVERY_S   # one more try is earned every EVERYONE_EVERY_S
    assert sweep(st, 3, first=300) == ["wrong", "throttled", "throttled"]
    clock.now += throttle.EVERYONE_EVERY_S
    st.check_pin(PIN, client="10.9.9.9")     # a new phone's try gets its verdict again
    sweep(st, 100, first=400)
    st.check_pin(PIN, client="10.0.0.2")     # the host's phone knows the PIN: the guessing never locks it out
    with pytest.raises(Forbidden):
        st.check_pin("0000", client="10.0.0.2")    # a slip is still a verdict for it
    st.store.close()


def test_the_shared_budget_is_kept_across_a_restart_and_per_kind(tmp_path):
    clock = Clock()
    st = station(tmp_path, clock)
    st.check_pin(PIN, client="10.0.0.2")
    sweep(st, throttle.EVERYONE_BURST)
    st.store.close()
    again = station(tmp_path, clock)         # the guesser made the station restart
    with pytest.raises(Throttled):
        again.check_pin(PIN, client="10.7.0.1")
    again.check_pin(PIN, client="10.0.0.2")  # the host's phone is still known
    assert again.throttle.everyone_wait("code") == 0.0      # seat codes have their own budget
    again.store.close()


def test_the_refusal_says_every_device_waits():
    facts = {"retry_after": 30, "what": "pin", "lockout": False, "everyone": True}
    text = refusal_text("en", "throttled", "", facts)
    assert "several devices" in text and "30" in text
    assert refusal_text("so", "throttled", "", facts) != text            # worded in the page's language
