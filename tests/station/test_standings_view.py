"""The view carries what decided the winner as a code and facts (pages word it), the rounds in the
game and every tile's pips; standings share ranks until the tie-break decides."""
from __future__ import annotations

import pytest

from engine.scoring import winners
from station.service import Station
from station.views import TIE_BREAK_CODES

from station_helpers import PIN, join_all, whole_game

OUTS = [0, 1, 2, 0, 1, 2, 0]            # double-6: 7 rounds; the seat to start goes out each round


def finished(tmp_path, pips, options=None):
    st = Station(str(tmp_path), host_pin=PIN)
    st.setup_game(PIN, ["Ana", "Ben", "Chi"], "hub", 6, {"hand_size": 1, **(options or {})})
    tokens = join_all(st, 3)
    st.start_round(PIN)
    whole_game(st, tokens, OUTS, pips)
    return st.view()


def test_most_rounds_scored_0_decides(tmp_path):
    # Ana out 3 times, 5 pips in her other 4 rounds; Ben out twice, 4 pips in his other 5: both 20
    pips = [[0, 4, 10], [5, 0, 10], [5, 4, 0], [0, 4, 10], [5, 0, 10], [5, 4, 0], [0, 4, 10]]
    view = finished(tmp_path, pips)
    assert view["game"]["status"] == "finished" and view["game"]["rounds_total"] == 7
    assert view["result"]["winners"] == [0]
    assert view["tie_break"] == {"code": "most-zero-rounds", "winners": [0],
                                 "facts": {"total": 20, "zeros": 3, "lowest": 5, "tied": 2}}
    assert [(r["name"], r["rank"], r["shared"]) for r in view["standings"]] == \
        [("Ana", 1, False), ("Ben", 2, False), ("Chi", 3, False)]


def test_shared_win_under_the_shared_option(tmp_path):
    pips = [[0, 4, 10], [5, 0, 10], [5, 4, 0], [0, 4, 10], [5, 0, 10], [5, 4, 0], [0, 4, 10]]
    view = finished(tmp_path, pips, {"tie_break": "shared"})
    assert view["tie_break"]["code"] == "shared" and view["tie_break"]["winners"] == [0, 1]
    assert view["tie_break"]["facts"]["total"] == 20 and view["tie_break"]["facts"]["tied"] == 2


def test_lowest_total_and_no_decision_before_the_end(tmp_path):
    pips = [[0, 9, 10], [5, 0, 10], [5, 9, 0], [0, 9, 10], [5, 0, 10], [5, 9, 0], [0, 9, 10]]
    st = Station(str(tmp_path), host_pin=PIN)
    st.setup_game(PIN, ["Ana", "Ben", "Chi"], "hub", 6, {"hand_size": 1})
    tokens = join_all(st, 3)
    st.start_round(PIN)
    assert st.view()["tie_break"] is None
    whole_game(st, tokens, OUTS, pips)
    assert st.view()["tie_break"] == {"code": "lowest-total", "winners": [0],
                                      "facts": {"total": 20, "zeros": 3, "lowest": 5, "tied": 1}}


@pytest.mark.parametrize("scores, code", [
    ([[0, 5], [5, 9]], "lowest-total"),
    ([[0, 5], [5, 0]], "all-tied"),
    ([[0, 5], [10, 3], [0, 2]], "most-zero-rounds"),
    ([[0, 0], [3, 1], [7, 9]], "lowest-round"),
])
def test_every_engine_decision_has_a_code(scores, code):
    _, sentence = winners(scores, "classic")
    assert TIE_BREAK_CODES[sentence] == code
    _, sentence = winners([[0, 5], [5, 0]], "shared")
    assert TIE_BREAK_CODES[sentence] == "shared"


def test_pips_of_every_tile_in_the_view(tmp_path):
    st = Station(str(tmp_path), host_pin=PIN)
    st.setup_game(PIN, ["Ana", "Ben"], "hub", 9, {"double_blank_points": 25})
    pips = st.view()["game"]["pips"]
    assert len(pips) == 55 and pips["0-0"] == 25 and pips["4-9"] == 13 and pips["9-9"] == 18
