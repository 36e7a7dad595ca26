"""record-format.md *Fine points*: the document is checked as a whole before any event is
replayed, so a format error anywhere is bad-record (exit 2) even when an earlier event is illegal."""
from __future__ import annotations

from engine.record import replay

TWO = ["A", "B"]


def doc(rounds, options=None, profile="hub"):
    return {"format": "mexican-train-record/1", "profile": profile, "set": 6, "players": TWO,
            "options": {"hand_size": 2} if options is None else options, "rounds": rounds}


ILLEGAL_FIRST = {"engine": 6, "events": [{"seat": 1, "play": "6-1", "on": 1}]}   # seat 0 is to act


def test_a_deal_that_is_not_the_set_is_found_before_an_earlier_illegal_event():
    not_the_set = {"engine": 5, "hands": [["5-1", "1-3"], ["5-2", "5-2"]],
                   "boneyard": ["0-1", "0-2", "0-3", "0-4", "0-5", "1-1", "1-2", "1-4", "2-2", "2-3",
                                "2-4", "3-3", "3-4", "3-5", "4-4", "4-5"], "events": []}
    result, status = replay(doc([ILLEGAL_FIRST, not_the_set]))
    assert status == 2 and (result["error"], result["round"], result["event"]) == ("bad-record", 1, None)


def test_a_correction_not_of_the_form_is_found_before_an_illegal_event():
    bad = dict(ILLEGAL_FIRST, corrections=[{"seat": 0, "score": -1}])
    result, status = replay(doc([bad]))
    assert status == 2 and (result["error"], result["round"], result["event"]) == ("bad-record", 0, None)
    for fix in ({"seat": 2, "score": 1}, {"seat": 0, "score": 1.5}, "seat 0"):
        assert replay(doc([dict(ILLEGAL_FIRST, corrections=[fix])]))[1] == 2


def test_a_negative_count_for_a_seat_that_went_out_is_a_bad_reveal():
    went_out = {"engine": 6, "events": [{"seat": 0, "play": "6-1", "on": 0}, {"seat": 1, "play": "6-2", "on": 1},
                                        {"seat": 0, "play": "1-3", "on": 0}], "reveal": [-5, ["0-0"]]}
    result, status = replay(doc([went_out]))
    assert status == 1 and (result["error"], result["round"], result["event"]) == ("bad-reveal", 0, None)


def test_options_and_corrections_of_the_wrong_type_are_bad_records():
    assert replay(doc([], options=[], profile="classic"))[1] == 2
    ended = {"engine": 6, "events": [{"seat": 0, "play": "6-1", "on": 0}, {"seat": 1, "play": "6-2", "on": 1},
                                     {"seat": 0, "play": "1-3", "on": 0}], "reveal": [0, ["0-0"]],
             "corrections": {}}
    assert replay(doc([ended]))[1] == 2
    del ended["corrections"]
    result, status = replay(doc([ended]))
    assert status == 0 and result["rounds"][0]["scores"] == [0, 50]
