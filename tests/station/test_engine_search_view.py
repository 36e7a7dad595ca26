"""At a classic round's start the view says who places the engine and who draws first (rules.md 2
*Who starts a round*), for the host, table and seat pages' strip."""
from __future__ import annotations

from station_helpers import PIN, join_all


def test_hidden_hands_whoever_holds_it_else_the_first_drawer(station):
    station.setup_game(PIN, ["Ana", "Ben", "Chi"], "classic", 9, {}, hidden_hands=True)
    join_all(station, 3)
    station.start_round(PIN)
    rnd = station.referee.round
    assert not rnd.engine_placed
    es = station.view()["engine_search"]
    assert es == {"tile": "9-9", "holder": None, "draws_next": rnd.next_drawer, "drew_last": None}
    first = es["draws_next"]
    station.act(first, {"draw": True})
    es = station.view()["engine_search"]
    assert es["drew_last"] == first and es["draws_next"] == (first + 1) % 3
    station.act(first, {"engine": True})
    assert station.view()["engine_search"] is None


def test_virtual_tiles_name_the_holder(station):
    station.setup_game(PIN, ["Ana", "Ben", "Chi"], "classic", 9, {}, hidden_hands=False)
    join_all(station, 3)
    station.start_round(PIN)
    rnd = station.referee.round
    holder = next((s for s, hand in enumerate(rnd.hands) if any(t.low == t.high == 9 for t in hand)), None)
    es = station.view()["engine_search"]
    if rnd.engine_placed:          # placed for its holder at once
        assert es is None
    else:
        assert es["holder"] == holder and es["draws_next"] == rnd.next_drawer
