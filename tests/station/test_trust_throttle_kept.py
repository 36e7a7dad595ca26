"""Issue 23, 6 and 8: the throttle keys on the peer address (a forged X-Forwarded-For changes
nothing, against a real ``station run``) and its counts survive a restart."""
from __future__ import annotations

import sys
from pathlib import Path

import httpx
import pytest

from station import throttle
from station.interface import Forbidden, Throttled
from station.service import Station

sys.path.append(str(Path(__file__).resolve().parents[2] / "bench"))
from hostile import PIN, free_port, running_station  # noqa: E402


def test_wrong_pins_still_wait_after_a_restart(tmp_path):
    st = Station(str(tmp_path), host_pin=PIN)
    for _ in range(throttle.FREE):
        with pytest.raises(Forbidden):
            st.check_pin("0000", client="10.0.0.9")
    with pytest.raises(Throttled):
        st.check_pin("0000", client="10.0.0.9")
    st.store.close()
    again = Station(str(tmp_path), host_pin=PIN)         # the guesser made the station restart
    with pytest.raises(Throttled):
        again.check_pin(PIN, client="10.0.0.9")
    again.check_pin(PIN, client="10.0.0.10")             # another phone is not held back
    again.store.close()


def test_a_forged_forwarded_for_does_not_reset_the_throttle(tmp_path):
    port = free_port()
    with running_station(str(tmp_path / "data"), port):
        codes = []
        with httpx.Client(base_url=f"http://127.0.0.1:{port}") as c:
            for i in range(throttle.FREE + 5):
                r = c.post("/api/host/check", headers={"X-Host-Pin": f"{i:04d}" if f"{i:04d}" != PIN else "9999",
                                                       "X-Forwarded-For": f"10.9.{i}.{i}", "X-Real-IP": f"10.8.{i}.1"})
                codes.append(r.status_code)
        assert codes[:throttle.FREE] == [403] * throttle.FREE
        assert set(codes[throttle.FREE:]) == {429}, codes
