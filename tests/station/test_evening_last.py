"""The last faults of a fresh user's evening (issue 19, third pass), at the station:

- a typed pip count that no hand of that many tiles could make is refused, naming the field and
  the counts possible (the 0-0 counting ``double_blank_points``), and changes nothing; a count that
  some hand makes is taken; the tiles another seat showed are not in the hand; a count stored
  before the check came in is still taken on trust after a restart;
- a round's result says when a seat's score includes the 0-0's points;
- the final table stays in the view once the game is over."""
from __future__ import annotations

import random
from itertools import combinations

import pytest
from evening_helpers import round_over_with_a_count
from station_helpers import PIN, join_all

from station.interface import Refused
from station.service import Station


def counts_of(view: dict, k: int) -> set[int]:
    """Every pip count ``k`` of the tiles the count card offers could make (the seat's view:
    ``me.count.tiles``, priced by ``game.pips``), by trying every choice of ``k`` of them."""
    pips = view["game"]["pips"]
    return {sum(pips[t] for t in choice) for choice in combinations(view["me"]["count"]["tiles"], k)}


def refusal(st, seat: int, token: str, typed: int) -> Refused:
    before = st.version
    with pytest.raises(Refused) as caught:
        st.reveal(seat, token, typed)
    assert st.version == before                          # refused: nothing journalled
    assert seat in st.referee.must_count(0)              # the seat is still asked to count
    return caught.value


def test_a_typed_count_no_hand_of_one_tile_makes_is_refused_with_the_counts_possible(st):
    tokens = round_over_with_a_count(st)          # Ben holds 1 tile; the 0-0 is not on the table
    view = st.seat_view(1, tokens[1])
    possible = counts_of(view, 1)
    assert view["me"]["count"]["expected"] == 1 and 50 in possible
    plain = sorted(p for p in possible if p != 50)
    for typed in (0, plain[-1] + 1, 30, 51):
        assert typed not in possible
        exc = refusal(st, 1, tokens[1], typed)
        assert exc.code == "bad-reveal"
        assert exc.facts["field"] == "hand" and exc.facts["why"] == "impossible"
        assert exc.facts["typed"] == typed and exc.facts["holds"] == 1
        assert (exc.facts["least"], exc.facts["most"]) == (min(possible), max(possible)) == (plain[0], 50)
        assert exc.facts["runs"] == [[plain[0], plain[-1]], [50, 50]]
        assert f"typed {typed} pips" in exc.message
    st.reveal(1, tokens[1], 50)                    # the 0-0 alone: 50, as rules.md 1 counts it
    assert st.view()["result"]["rounds"][0]["scores"] == [0, 50]


def test_a_typed_count_for_three_tiles_is_checked_against_every_hand_of_three(st):
    st.setup_game(PIN, ["Ana", "Ben"], "hub", 6, {"hand_size": 2, "marker_penalty": 10})
    tokens = join_all(st, 2)
    st.start_round(PIN)
    st.submit(0, tokens[0], {"play": "6-1", "on": 0}, st.version)
    st.submit(1, tokens[1], {"draw": True}, st.version)
    st.submit(1, tokens[1], {"pass": True}, st.version)           # Ben's train marked: the penalty
    st.submit(0, tokens[0], {"play": "1-1", "on": 0}, st.version)    # Ana goes out; Ben holds 3
    view = st.seat_view(1, tokens[1])
    assert view["me"]["count"]["expected"] == 3
    possible = counts_of(view, 3)
    least, most = min(possible), max(possible)
    gap = next(p for p in range(least, most) if p not in possible)     # between the hands with and without the 0-0
    for typed in (least - 1, gap, most + 1):
        exc = refusal(st, 1, tokens[1], typed)
        assert exc.facts["why"] == "impossible" and exc.facts["holds"] == 3
        assert (exc.facts["least"], exc.facts["most"]) == (least, most)
        runs = exc.facts["runs"]
        assert {p for low, high in runs for p in range(low, high + 1)} == possible
    st.reveal(1, tokens[1], least)            # the typed count is the pips: the penalty comes on top
    assert st.view()["result"]["rounds"][0]["scores"] == [0, least + 10]


def test_tiles_another_seat_showed_are_not_in_the_hand_a_count_is_checked_against(st):
    st.setup_game(PIN, ["Ana", "Ben", "Chi"], "hub", 6, {"hand_size": 2})
    tokens = join_all(st, 3)
    st.start_round(PIN)
    for seat, tile in ((0, "6-1"), (1, "6-2"), (2, "6-3"), (0, "1-1")):
        st.submit(seat, tokens[seat], {"play": tile, "on": seat}, st.version)
    before = counts_of(st.seat_view(1, tokens[1]), 1)
    assert 1 in before                                     # 0-1 might be Ben's last tile
    st.reveal(2, tokens[2], ["0-1"])                        # ... until Chi shows it
    after = counts_of(st.seat_view(1, tokens[1]), 1)
    assert 1 not in after
    exc = refusal(st, 1, tokens[1], 1)
    assert exc.facts["least"] == min(after) == 2
    st.reveal(1, tokens[1], 2)
    assert st.view()["result"]["rounds"][0]["scores"] == [0, 2, 1]


def test_a_seat_that_went_out_and_tiles_shown_are_not_range_checked(st):
    tokens = round_over_with_a_count(st)
    with pytest.raises(Refused) as caught:            # the seat that went out counts 0, as before
        st.reveal(0, tokens[0], 5)
    assert caught.value.facts.get("why") == "went-out"
    with pytest.raises(Refused) as caught:            # tiles and a typed total: the tiles decide
        st.reveal(1, tokens[1], ["0-5"], typed=9)
    assert caught.value.facts["why"] == "typed"


def test_a_count_stored_before_the_check_is_taken_on_trust_after_a_restart(tmp_path):
    st = Station(str(tmp_path), host_pin=PIN)
    round_over_with_a_count(st)
    # a journal written before the station checked typed counts: Ben "counted" 0 with a tile left
    st.store.append(st.game_id, {"type": "reveal", "round": 0, "seat": 1, "hand": 0})
    st.store.close()
    again = Station(str(tmp_path), host_pin=PIN)
    try:
        assert again.view()["result"]["rounds"][0]["scores"] == [0, 0]
        assert again.view()["phase"] == "round_over" and again.referee.must_count(0) == []
    finally:
        again.store.close()


def test_the_round_result_says_when_a_score_includes_the_double_blank(st):
    tokens = round_over_with_a_count(st)
    assert st.view()["result"]["rounds"][0]["double_blank"] is None       # nothing shown yet
    st.reveal(1, tokens[1], ["0-0"])
    view = st.view()
    assert view["result"]["rounds"][0]["scores"] == [0, 50]
    assert view["result"]["rounds"][0]["double_blank"] == {"seat": 1, "points": 50}
    # the host corrects Ben's score: the 0-0 no longer explains it
    st.correct(PIN, 0, 1, 7, "he had 3-4")
    assert st.view()["result"]["rounds"][0]["double_blank"] is None


def test_a_hand_without_the_double_blank_or_a_typed_count_says_nothing_of_it(st):
    tokens = round_over_with_a_count(st)
    st.reveal(1, tokens[1], ["0-5"])
    assert st.view()["result"]["rounds"][0]["double_blank"] is None
    tokens = round_over_with_a_count(st)
    st.reveal(1, tokens[1], 50)                       # a typed count: the station saw no tile
    assert st.view()["result"]["rounds"][0]["double_blank"] is None


def play_out(st, tokens) -> None:
    """Virtual tiles: every seat plays the first tile its page offers, else draws, passes or ends
    its turn, until the round is over (the station says which moves it takes)."""
    while st.view()["phase"] == "playing":
        seat = st.view()["result"]["state"]["turn"]
        me = st.seat_view(seat, tokens[seat])["me"]
        plays = me["options"]["play"]
        if plays:
            train = next(iter(plays))
            event = {"play": plays[train][0], "on": int(train) if train.isdigit() else train}
        else:
            event = next({kind: True} for kind in ("draw", "pass", "done") if me["options"][kind])
        st.submit(seat, tokens[seat], event, st.version)


def test_virtual_tiles_say_who_was_left_holding_the_double_blank(tmp_path):
    seen = set()
    for seed in range(40):
        st = Station(str(tmp_path / str(seed)), host_pin=PIN, rng=random.Random(seed))
        try:
            st.setup_game(PIN, ["Ana", "Ben"], "hub", 6, {"hand_size": 10}, hidden_hands=False)
            tokens = join_all(st, 2)
            st.start_round(PIN)
            play_out(st, tokens)
            left = [set(st.seat_view(s, tokens[s])["me"]["hand"]) for s in range(2)]
            holder = next((s for s in range(2) if "0-0" in left[s]), None)
            got = st.view()["result"]["rounds"][0]["double_blank"]
            assert got == (None if holder is None else {"seat": holder, "points": 50}), (seed, left)
            if holder is not None:
                assert st.view()["result"]["rounds"][0]["scores"][holder] >= 50
            seen.add(holder is not None)
        finally:
            st.store.close()
        if seen == {True, False}:
            break
    assert seen == {True, False}, "no deal left the 0-0 in a hand, or every deal did"


def test_the_final_table_stays_in_the_view_once_the_game_is_over(st):
    tokens = round_over_with_a_count(st)
    assert st.view()["final_table"] is None                   # the game goes on: result.state has it
    trains = st.view()["result"]["state"]["trains"]
    st.reveal(1, tokens[1], ["0-5"])
    st.end_game(PIN, abandon=True)
    view = st.view()
    assert view["result"]["state"] is None and view["open_ends"] == {}
    final = view["final_table"]
    assert final["engine"] == 6 and final["round"] == 0
    assert final["trains"] == trains
    assert final["open_ends"] == {"0": 1, "1": 2, "mexican": 6}


def test_no_final_table_for_a_game_ended_before_any_round(st):
    st.setup_game(PIN, ["Ana", "Ben"], "hub", 6, {"hand_size": 2})
    st.end_game(PIN)
    assert st.view()["over"]["how"] == "early" and st.view()["final_table"] is None
