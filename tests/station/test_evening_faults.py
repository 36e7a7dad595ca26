"""Faults fresh users still found at the end of an evening (issue 19, second pass), as the station
says them: a seat the game in play does not have is refused in words a page can show (which game,
how many seats, the phone's earlier game), also when a phone tries to join it; an abandoned game
places nobody; a player's colour on /players is the seat colour of their latest game; the count
says what the 0-0 counts while it may be in the hand."""
from __future__ import annotations

import pytest

import palette
from station.interface import StationError

from evening_helpers import round_over_with_a_count
from players_helpers import doubles_game
from station_helpers import PIN, join_all


def test_a_phone_of_an_old_game_on_a_seat_the_new_game_lacks_is_told_so(st):
    st.setup_game(PIN, ["Ana", "Ben", "Chi"], "hub", 6, {"hand_size": 2})
    old_game = st.game_id
    old_token = join_all(st, 3)[2]
    st.setup_game(PIN, ["Ana", "Ben"], "hub", 6, {"hand_size": 2})
    with pytest.raises(StationError) as refused:
        st.seat_view(2, old_token)
    assert refused.value.code == "bad-request"
    assert refused.value.facts == {"field": "seat", "why": "not-in-game", "seat": 2, "seats": 2,
                                   "game_id": st.game_id, "played": old_game}
    # a phone that never joined: the same words, no earlier game
    with pytest.raises(StationError) as fresh:
        st.seat_view(7, "")
    assert fresh.value.facts["why"] == "not-in-game" and fresh.value.facts["played"] is None


def test_joining_a_seat_the_game_lacks_is_not_a_wrong_code(st):
    st.setup_game(PIN, ["Ana", "Ben"], "hub", 6, {"hand_size": 2})
    for _ in range(8):                   # as many tries as would lock a phone out for wrong codes
        with pytest.raises(StationError) as refused:
            st.join(7, "ABCDE", client="10.0.0.9")
        assert refused.value.code == "bad-request"
        assert refused.value.facts["why"] == "not-in-game" and refused.value.facts["seats"] == 2
    assert st.throttle.wrong("10.0.0.9", "code") == 0
    # the phone may still join a seat the game has
    assert st.join(1, st.seat_code(1, PIN), client="10.0.0.9")


def test_an_abandoned_game_places_nobody_and_a_finished_one_does(st):
    abandoned = doubles_game(st, ["Ana", "Ben", "Chi"], [[0, 4, 4]], end="abandoned")
    rows = st.stored_view(abandoned)["standings"]
    assert rows and all(r["placed"] is False for r in rows), rows
    assert st.view()["standings"] == rows             # the game on show is the one abandoned
    played = doubles_game(st, ["Ana", "Ben", "Chi"], [[0, 4, 4]], end="played")
    rows = st.stored_view(played)["standings"]
    assert all(r["placed"] is True for r in rows)
    assert [(r["name"], r["rank"], r["shared"]) for r in rows] == [("Ana", 1, False), ("Ben", 2, True), ("Chi", 2, True)]


def test_nobody_is_placed_until_the_first_round_is_scored(st):
    """A game in play places nobody while no round is scored: not at set-up, not in round 1, not
    while round 1's counts come in (everyone "1=" on 0 said nothing); the first scored round does."""
    st.setup_game(PIN, ["Ana", "Ben", "Chi"], "hub", 6, {"hand_size": 2, "rounds": 3})
    tokens = join_all(st, 3)
    unplaced = lambda: [r["placed"] for r in st.view()["standings"]] == [False] * 3    # noqa: E731
    assert unplaced()
    st.start_round(PIN)
    state = st.view()["result"]["state"]
    engine, out = state["engine"], state["turn"]
    ends = [v for v in range(7) if v != engine]
    for step in range(3):
        seat = (out + step) % 3
        st.submit(seat, tokens[seat], {"play": f"{engine}-{ends[step]}", "on": seat}, st.version)
    assert unplaced()
    st.submit(out, tokens[out], {"play": f"{ends[0]}-{ends[0]}", "on": out}, st.version)
    counted = [s for s in range(3) if s != out]
    st.reveal(out, tokens[out], [])
    st.reveal(counted[0], tokens[counted[0]], 4)
    assert st.view()["phase"] == "round_over" and unplaced()          # a count still to come
    st.reveal(counted[1], tokens[counted[1]], 9)
    rows = st.view()["standings"]
    assert [(r["seat"], r["rank"], r["placed"]) for r in rows] == [(out, 1, True), (counted[0], 2, True), (counted[1], 3, True)]


def test_a_players_colour_is_the_seat_colour_of_their_latest_game(st):
    doubles_game(st, ["Ana", "Ben", "Chi"], [[0, 4, 6]])      # Ana 0, Ben 1, Chi 2
    doubles_game(st, ["Chi", "Ana"], [[0, 5]])                # then Chi 0, Ana 1
    doubles_game(st, ["Dee", "Ana"], [[0, 5]])                # latest: Dee 0, Ana 1
    players = {p["name"]: p for p in st.players()["players"]}
    assert {n: (p["seat"], p["colour"]) for n, p in players.items()} == {
        "Ana": (1, 1),       # seat 1 in her latest game
        "Dee": (0, 0),
        "Chi": (0, 2),       # seat 0 in game 2, but Dee has that colour since: the first one free
        "Ben": (1, 3),       # seat 1 in game 1, Ana's since
    }
    assert len({p["colour"] for p in players.values()}) == len(players)
    assert all(0 <= p["colour"] < len(palette.SEATS) for p in players.values())


@pytest.mark.parametrize(("options", "said"), [({}, 50), ({"double_blank_points": 25}, 25),
                                               ({"double_blank_points": 0}, None)])
def test_the_count_says_what_the_double_blank_counts(st, options, said):
    ben = round_over_with_a_count(st, options)[1]
    count = st.seat_view(1, ben)["me"]["count"]
    assert count["must"] is True
    assert count["scoring"]["double_blank"] == said
    assert st.view()["game"]["pips"]["0-0"] == (said or 0)       # what the count will add up


def test_the_count_says_nothing_of_the_double_blank_once_it_is_on_the_table(st):
    st.setup_game(PIN, ["Ana", "Ben"], "hub", 6, {"hand_size": 2})
    tokens = join_all(st, 2)
    st.start_round(PIN)
    st.submit(0, tokens[0], {"play": "6-0", "on": 0}, st.version)
    st.submit(1, tokens[1], {"play": "6-2", "on": 1}, st.version)
    st.submit(0, tokens[0], {"play": "0-0", "on": 0}, st.version)
    count = st.seat_view(1, tokens[1])["me"]["count"]
    assert count["must"] is True and count["scoring"]["double_blank"] is None
