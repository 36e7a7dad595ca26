"""The play owed after a double (rules.md 1, *Doubles*): the view says whether the double's player
still owes it and whether it may go anywhere, so the table need not call the double binding yet."""
from __future__ import annotations

import random

import pytest
from station_helpers import PIN, join_all


def play_until_a_double(station, rng):
    """Legal moves (doubles first) until the seat to play has just played a double and owes the
    next play; returns that double's event, or None when the round ended first."""
    rnd = station.referee.round
    for _ in range(400):
        if rnd.end is not None:
            return None
        events = rnd.legal_events
        doubles = [e for e in events if e.kind == "play" and e.tile.low == e.tile.high and not rnd.circuit]
        event = doubles[0] if doubles else rng.choice([e for e in events if e.kind != "pass"] or events)
        station.act(event.seat, event.to_dict())
        if event in doubles and rnd.follow_up() is not None:
            return event
    return None


@pytest.mark.parametrize("follow", ["anywhere", "on_double"])
def test_the_view_says_the_follow_up_is_owed_and_where(station, follow):
    rng = random.Random(7)
    for attempt in range(20):
        station.setup_game(PIN, ["Ana", "Ben", "Chi"], "classic", 6, {"follow_double": follow}, hidden_hands=False)
        join_all(station, 3)
        station.start_round(PIN)
        double = play_until_a_double(station, rng)
        if double is not None:
            break
    assert double is not None
    owed = station.view()["follow_up"]
    assert owed["seat"] == double.seat == station.view()["result"]["state"]["turn"]
    assert owed["anywhere"] is (follow == "anywhere")
    assert {"on": str(double.on), "tile": str(double.tile)} in owed["doubles"]
    # the follow-up played (a tile that is no double): nothing is owed any more
    rnd = station.referee.round
    nxt = next((e for e in rnd.legal_events if e.kind == "play" and e.tile.low != e.tile.high), None)
    if nxt is not None:
        station.act(nxt.seat, nxt.to_dict())
        assert station.view()["follow_up"] is None
