"""Issue 23, 14: a join code joins once. A join spends the seat's code and the station makes the
next one at once; a used code is refused as used (not counted as a guess), also after a restart;
a join with the new code gives the seat, with a new token, to the phone that used it, and the
phone that held it is told why."""
from __future__ import annotations

import pytest
from station_helpers import PIN, Clock, closed, timed_game

from station import throttle
from station.interface import Forbidden, Throttled
from station.service import CODE_LIFETIME_S, Station


def joins(st) -> list[int]:
    """The view's ``joins`` of each seat, as the host page gets it."""
    return [s["joins"] for s in st.view()["seats"]]


def test_a_join_spends_the_code_and_the_host_gets_the_next_one_at_once(timed):
    st, clock = timed
    code = st.seat_code(1, PIN)
    assert joins(st) == [0, 0, 0]
    clock.now += 100
    st.join(1, code, client="10.0.0.5")
    new, left = st.seat_code_timed(1, PIN)
    assert new != code and left == CODE_LIFETIME_S    # made at the join, valid for the full time
    assert joins(st) == [0, 1, 0]                    # the host sees that a phone took seat 1
    with pytest.raises(Forbidden) as refused:
        st.join(1, code, client="10.0.0.6")
    assert refused.value.facts == {"field": "code", "seat": 1, "why": "code-used"}
    assert "already used" in refused.value.message
    assert st.throttle.wrong("10.0.0.6", "code") == 0   # not a guess: the phone had a real code
    assert joins(st) == [0, 1, 0]                       # the refused try took nothing


def test_the_new_code_gives_the_seat_to_the_new_phone_and_the_old_one_is_told(timed):
    st, clock = timed
    first = st.join(0, st.seat_code(0, PIN))
    second = st.join(0, st.seat_code(0, PIN))
    assert second != first                               # a new token: one phone per seat
    assert st.seat_view(0, second)["me"]["seat"] == 0
    with pytest.raises(Forbidden) as told:
        st.seat_view(0, first)
    assert told.value.facts == {"field": "token", "seat": 0, "why": "replaced"}
    with pytest.raises(Forbidden):
        st.submit(0, first, {"draw": True}, st.version)
    assert joins(st) == [2, 0, 0]


def test_a_used_code_stays_refused_after_a_restart(tmp_path):
    clock = Clock()
    st = timed_game(str(tmp_path), ["Ana", "Ben"], clock)
    used = st.seat_code(0, PIN)
    token = st.join(0, used)
    shown = st.seat_code(0, PIN)
    closed(st)
    again = Station.mock(str(tmp_path), host_pin=PIN, clock=clock)
    try:
        with pytest.raises(Forbidden) as refused:
            again.join(0, used, client="10.0.0.7")
        assert refused.value.facts["why"] == "code-used"
        assert again.throttle.wrong("10.0.0.7", "code") == 0
        assert again.seat_code(0, PIN) == shown          # the next code the host was shown still joins
        assert joins(again) == [1, 0]
        assert again.join(0, shown) != token
    finally:
        closed(again)


def test_used_codes_never_throttle_a_phone(timed):
    st, clock = timed
    used = st.seat_code(2, PIN)
    st.join(2, used)
    for _ in range(throttle.FREE + 3):
        with pytest.raises(Forbidden) as refused:
            st.join(2, used.lower(), client="10.0.0.8")    # typed in small letters: the same code
        assert refused.value.facts["why"] == "code-used"
    assert st.throttle.wait("10.0.0.8", "code") == 0.0
    st.join(2, st.seat_code(2, PIN), client="10.0.0.8")     # the new code still joins at once


def test_wrong_codes_are_still_counted_and_throttled(timed):
    st, clock = timed
    st.join(0, st.seat_code(0, PIN))
    for _ in range(throttle.FREE):
        with pytest.raises(Forbidden) as refused:
            st.join(0, "ZZZZZ", client="10.0.0.9")
        assert refused.value.facts["why"] == "wrong-code"
    with pytest.raises(Throttled):
        st.join(0, "ZZZZY", client="10.0.0.9")


def test_a_released_seat_is_still_said_released_and_its_used_codes_stay_used(timed):
    st, clock = timed
    used = st.seat_code(1, PIN)
    token = st.join(1, used)
    st.release_seat(1, PIN)
    with pytest.raises(Forbidden) as told:
        st.seat_view(1, token)
    assert told.value.facts["why"] == "not-joined"       # released, not taken by another phone
    with pytest.raises(Forbidden) as refused:
        st.join(1, used)
    assert refused.value.facts["why"] == "code-used"
    st.join(1, st.seat_code(1, PIN))
    assert joins(st) == [0, 2, 0]


def test_a_code_of_another_seat_is_a_wrong_code_not_a_used_one(timed):
    st, clock = timed
    used = st.seat_code(0, PIN)
    st.join(0, used)
    st.seat_code(1, PIN)
    with pytest.raises(Forbidden) as refused:
        st.join(1, used, client="10.0.0.10")
    assert refused.value.facts["why"] == "wrong-code"
    assert st.throttle.wrong("10.0.0.10", "code") == 1
